"""What a player waits for on the game page, in a real `spieltisch serve` process and
Debian's Chromium (Playwright), each as median and 90th percentile over `--samples`:

- page load to board: from the navigation's start to the first drawn board of a game page,
  with a cold cache (a fresh browser context) and a warm one (the same context again);
- click to own move shown: click-click on a legal move (piece, then target) at a table of
  two seats on one screen, from the second click to the frame after the board shows the
  move (the page's `data-ply` changes when the server's answer is drawn);
- AI reply at a level (default `easy`): from the move sent on the WebSocket to the frame
  after the AI's answer is drawn, at a table against the computer.

    python -m benchmarks.web_timings                  # 20 samples each
    python -m benchmarks.web_timings --samples 30 --level easy --games schachogi

All times are the page's own clock (`performance.now()`), so Playwright's round trips are
not counted. The machine's load (`os.getloadavg`) is printed with the results.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.serverproc import ServerProcess  # noqa: E402

CHROMIUM = os.environ.get("SPIELTISCH_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 800}
#: Notes the board's first appearance, each drawn ply (the frame after `data-ply`
#: changes), the last click and the last move sent on a WebSocket.
WATCH = """
window.__plyAt = {};
new MutationObserver(() => {
  if (window.__boardAt === undefined && document.querySelector('.board')) {
    window.__boardAt = performance.now();
  }
  const root = document.querySelector('.play[data-ply]');
  if (root && !(root.dataset.ply in window.__plyAt)) {
    // plies drawn in one batch (an answer right after the echo) share its frame
    const ply = Number(root.dataset.ply);
    const known = Object.keys(window.__plyAt).map(Number).filter((p) => p < ply);
    const from = known.length ? Math.max(...known) + 1 : ply;
    const plies = [];
    for (let p = from; p <= ply; p++) { window.__plyAt[p] = null; plies.push(p); }
    requestAnimationFrame(() => {
      const now = performance.now();
      for (const p of plies) window.__plyAt[p] = now;
    });
  }
}).observe(document, {
  childList: true, subtree: true, attributes: true, attributeFilter: ['data-ply'],
});
document.addEventListener('click', (e) => { window.__clickAt = e.timeStamp; }, true);
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  if (typeof data === 'string' && data.includes('"move"')) window.__sentAt = performance.now();
  return send.call(this, data);
};
"""


def summary(values: list[float]) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, round(0.9 * (len(values) - 1)))]
    return f"median {statistics.median(values):7.1f} ms   p90 {p90:7.1f} ms   (n={len(values)})"


def new_table(page: Any, base: str, body: dict[str, Any]) -> int:
    answer = page.request.post(f"{base}/api/tables", data=body)
    assert answer.ok, answer.text()
    return int(answer.json()["id"])


def table_json(page: Any, base: str, table: int) -> dict[str, Any]:
    answer: dict[str, Any] = page.request.get(f"{base}/api/tables/{table}").json()
    return answer


def open_table(page: Any, base: str, table: int) -> None:
    """Go to the game page of `table` (a new document: the plies noted start afresh)."""
    page.goto("about:blank")
    page.goto(f"{base}/#/table/{table}")
    page.wait_for_selector(".play[data-table] .board")
    page.wait_for_function("() => document.querySelector('.play').dataset.ply !== undefined")


def ply_shown(page: Any, ply: int) -> float:
    page.wait_for_function(f"() => typeof (window.__plyAt || {{}})['{ply}'] === 'number'")
    return float(page.evaluate(f"() => window.__plyAt['{ply}']"))


def play_by_clicks(page: Any, moves: list[dict[str, Any]], rng: random.Random) -> None:
    """Click-click a random legal move of two clicks (from, to)."""
    two = [m for m in moves if len(m["path"]) == 2] or moves
    path = rng.choice(two)["path"]
    for item in path:
        page.locator(f'.play .board [data-id="{item}"]').first.click()


def page_loads(browser: Any, base: str, samples: int) -> tuple[list[float], list[float]]:
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(samples):
        context = browser.new_context(viewport=DESKTOP)
        context.add_init_script(WATCH)
        page = context.new_page()
        table = new_table(page, base, {"game": "schachogi", "opponent": "here"})
        for into in (cold, warm):
            page.goto(f"{base}/#/table/{table}")
            page.wait_for_function("() => window.__boardAt !== undefined", timeout=60_000)
            into.append(float(page.evaluate("() => window.__boardAt")))
            page.close()
            page = context.new_page()  # the same cache, a new visit
        context.close()
    return cold, warm


def own_moves(browser: Any, base: str, game: str, samples: int, rng: random.Random) -> list[float]:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(WATCH)
    page = context.new_page()
    times: list[float] = []
    table = None
    while len(times) < samples:
        if table is None or table_json(page, base, table)["status"] != "running":
            table = new_table(page, base, {"game": game, "opponent": "here"})
            open_table(page, base, table)
        state = table_json(page, base, table)
        ply = int(state["ply"])
        play_by_clicks(page, state["state"]["moves"], rng)
        shown = ply_shown(page, ply + 1)
        times.append(shown - float(page.evaluate("() => window.__clickAt")))
    context.close()
    return times


def ai_replies(
    browser: Any, base: str, game: str, level: str, samples: int, rng: random.Random
) -> tuple[list[float], list[float], list[float]]:
    """(reply times in the page, the server's thinking times, the times from the move
    sent to its own echo drawn) over `samples` AI moves."""
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(WATCH)
    page = context.new_page()
    times: list[float] = []
    thinks: list[float] = []
    echoes: list[float] = []
    table = None
    while len(times) < samples:
        if table is None or table_json(page, base, table)["status"] != "running":
            body = {"game": game, "opponent": "ai", "level": level, "seat": 0}
            table = new_table(page, base, body)
            open_table(page, base, table)
        state = table_json(page, base, table)
        ply = int(state["ply"])
        if state["turn"] != 0:  # the AI still to answer (a finished sample's tail)
            ply_shown(page, ply + 1)
            continue
        play_by_clicks(page, state["state"]["moves"], rng)
        echo = ply_shown(page, ply + 1)
        after = table_json(page, base, table)
        if after["status"] != "running":
            continue  # my move ended the game: no reply to time
        shown = ply_shown(page, ply + 2)
        sent = float(page.evaluate("() => window.__sentAt"))
        times.append(shown - sent)
        echoes.append(echo - sent)
        think = table_json(page, base, table).get("last_move_think")
        if isinstance(think, (int, float)):
            thinks.append(1000 * float(think))
    context.close()
    return times, thinks, echoes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--games", nargs="*", default=["schachogi", "ostseeschach"])
    parser.add_argument("--skip-load", action="store_true", help="no page-load samples")
    args = parser.parse_args()
    rng = random.Random(1)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        # the AI's workers as a production server starts them (the test servers wait)
        server = ServerProcess(
            Path(folder) / "games.db", env={"SPIELTISCH_AI_WORKERS_START": "at-start"}
        )
        server.start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
                if not args.skip_load:
                    cold, warm = page_loads(browser, server.url, args.samples)
                    print(f"page load to board, cold cache:  {summary(cold)}")
                    print(f"page load to board, warm cache:  {summary(warm)}")
                for game in args.games:
                    own = own_moves(browser, server.url, game, args.samples, rng)
                    print(f"{game}: click to own move shown: {summary(own)}")
                    replies, thinks, echoes = ai_replies(
                        browser, server.url, game, args.level, args.samples, rng
                    )
                    print(f"{game}: AI reply at {args.level}:     {summary(replies)}")
                    print(f"{game}:   own move's echo drawn:     {summary(echoes)}")
                    if thinks:
                        print(f"{game}:   of which the AI's search:  {summary(thinks)}")
                print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
