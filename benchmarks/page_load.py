"""Page load to board: how long a game page takes from navigation to its drawn board, with
a cold cache and again with a warm one, and how many requests it makes, in Debian's
Chromium (Playwright), optionally with an added network latency per request (Chromium's
network emulation), for the server of this checkout or of another source tree (`--src`,
e.g. an older commit from `git archive`, to compare before and after).

    python -m benchmarks.page_load                     # this checkout, 0 and 50 ms latency
    python -m benchmarks.page_load --src /tmp/before/src --runs 5

Reported: the median over `--runs` fresh browser contexts of the milliseconds from the
navigation's start to the first `.board` in the page (a MutationObserver notes the time),
and how many of the page's files (the page and /static/) came over the network rather
than from the browser's cache; the page is a table of Hase und Igel (both seats at one screen).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("SPIELTISCH_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
#: The per-minute limits lifted (the benchmark opens many pages from one address).
LIFTED = {
    f"SPIELTISCH_{name}": "100000"
    for name in ("TABLES_PER_MINUTE", "WEBSOCKETS_PER_MINUTE", "CONNECTIONS_PER_ADDRESS")
}
#: Notes when the board first appears, measured from the navigation's start.
WATCH = """
new MutationObserver((_, observer) => {
  if (document.querySelector('.board')) {
    window.__boardAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(src: Path, db: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(src), **LIFTED}
    process = subprocess.Popen(
        [sys.executable, "-m", "spieltisch", "serve", "--port", str(port), "--db", str(db)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(url + "/api/games", timeout=1).read()
            return process, url
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


def _load(page: Any, cdp: Any, url: str) -> tuple[float, int]:
    """(ms to the board, static files fetched over the network) for one visit of `url`:
    the requests for /static/ and the page that Chromium did not serve from its cache."""
    sent: dict[str, str] = {}
    cached: set[str] = set()
    cdp.on(
        "Network.requestWillBeSent", lambda e: sent.__setitem__(e["requestId"], e["request"]["url"])
    )
    cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))
    cdp.on(
        "Network.responseReceived",
        lambda e: cached.add(e["requestId"]) if e["response"].get("fromDiskCache") else None,
    )
    page.goto(url)
    page.wait_for_function("() => window.__boardAt !== undefined", timeout=60_000)
    board_ms = float(page.evaluate("() => window.__boardAt"))
    fetched = [
        u
        for rid, u in sent.items()
        if rid not in cached
        and ("/static/" in u or u.rstrip("/").endswith(url.split("/#")[0].rstrip("/")))
    ]
    return board_ms, len(fetched)


def _page(context: Any, latency: int) -> tuple[Any, Any]:
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    return page, cdp


def measure(src: Path, runs: int, latencies: list[int]) -> dict[int, dict[str, float]]:
    from playwright.sync_api import sync_playwright

    results: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        process, base = start_server(src, Path(folder) / "games.db")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                for latency in latencies:
                    cold: list[float] = []
                    warm: list[float] = []
                    cold_requests: list[int] = []
                    warm_requests: list[int] = []
                    for _ in range(runs):
                        context = browser.new_context(viewport={"width": 1280, "height": 800})
                        context.add_init_script(WATCH)
                        page, cdp = _page(context, latency)
                        made = page.request.post(
                            base + "/api/tables", data={"game": "hase-und-igel", "opponent": "here"}
                        )
                        url = f"{base}/#/table/{made.json()['id']}"
                        ms, count = _load(page, cdp, url)
                        cold.append(ms)
                        cold_requests.append(count)
                        page.close()
                        page, cdp = _page(context, latency)  # the same cache, a new visit
                        ms, count = _load(page, cdp, url)
                        warm.append(ms)
                        warm_requests.append(count)
                        context.close()
                    results[latency] = {
                        "cold_ms": statistics.median(cold),
                        "warm_ms": statistics.median(warm),
                        "cold_requests": statistics.median(cold_requests),
                        "warm_requests": statistics.median(warm_requests),
                    }
                browser.close()
        finally:
            process.terminate()
            process.wait(10)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the source tree to serve")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--latency", type=int, nargs="*", default=[0, 50], help="ms added per request"
    )
    args = parser.parse_args()
    for latency, row in measure(args.src, args.runs, args.latency).items():
        print(
            f"latency {latency:3d} ms: cold {row['cold_ms']:7.1f} ms "
            f"({row['cold_requests']:.0f} files fetched), "
            f"warm {row['warm_ms']:7.1f} ms ({row['warm_requests']:.0f} files fetched)"
        )


if __name__ == "__main__":
    main()
