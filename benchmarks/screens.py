"""Screenshots of every page of the web app, to look at: the lobby, a game page of each
game in the middle of a game, a finished game, the replay with a whole-game computer
analysis, the games list, the rules of each game, tournaments, ratings and a player page,
bots and a bot page, sign-in and the account page; at 1280x800 and 390x844, in English
and German, light and dark. A real `spieltisch serve` process and Debian's Chromium.

    python -m benchmarks.screens                 # PNGs into /tmp/shots-polish/
    python -m benchmarks.screens --out DIR --only de-dark-phone

Each PNG is the screen as a player sees it on arrival (not the whole page), named
`<lang>-<theme>-<size>-<page>.png`; with `--sheets` a contact sheet per combination
(`sheet-<lang>-<theme>-<size>.png`) puts them side by side to look at quickly. Printed:
every page whose content is wider than the screen (a phone would scroll sideways) and
every page that raised a script error.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from spieltisch.arena.jobs import LocalRunner  # noqa: E402
from spieltisch.arena.tournament import Entrant, Tournament  # noqa: E402
from spieltisch.store import Store  # noqa: E402
from tests.helpers.web import SHORT  # noqa: E402
from tests.serverproc import ServerProcess  # noqa: E402
from tests.web.analysis_games import (  # noqa: E402
    BLUNDER_MOVES,
    BLUNDER_START,
    import_record,
    record,
)
from tests.web.play import TARGETS, click_and_wait, finished_game  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LOCALES = {"en": "en-GB", "de": "de-DE"}
THEMES = ("light", "dark")
GAMES = list(SHORT)
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def prepare(server: ServerProcess) -> dict[str, Any]:
    """The games the pages show: a finished game of each game, a Schachogi game with its
    whole-game computer analysis done."""
    finished = {}
    for game in GAMES:
        options = {k: v for k, v in SHORT[game].items() if k != "position"}
        finished[game] = finished_game(server, game, options, SHORT[game].get("position"))
    analysed = import_record(server, record("schachogi", "", BLUNDER_START, BLUNDER_MOVES))
    server.post(f"/api/records/{analysed}/analysis", "{}")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.get(f"/api/records/{analysed}/analysis").get("result"):
            break
        time.sleep(0.5)
    owner = {"username": "botowner", "password": "a long password"}
    _, _, cookie = server.post("/api/account/signup", owner)
    server.post("/api/account/bots", {"name": "Erster", "game": "ostseeschach"}, cookie)
    return {"finished": finished, "analysed": analysed}


def visit(page: Any, url: str, selector: str) -> None:
    page.goto(url)
    page.wait_for_selector(selector)
    page.wait_for_timeout(250)  # fonts, the last redraw


def sweep(
    browser: Any,
    server: ServerProcess,
    made: dict[str, Any],
    out: Path,
    lang: str,
    theme: str,
    size: str,
) -> list[str]:
    """Every page in one language, theme and size; the problems seen."""
    phone = size == "phone"
    context = browser.new_context(
        viewport=SIZES[size],
        has_touch=phone,
        is_mobile=phone,
        locale=LOCALES[lang],
        color_scheme=theme,
        extra_http_headers={"Accept-Language": LOCALES[lang]},
    )
    context.set_default_timeout(20_000)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"script error: {exc}"))
    base = server.url
    prefix = f"{lang}-{theme}-{size}"
    # no name dialog in the way (it is shot once on its own)
    page.goto(base + "/")
    page.evaluate("() => localStorage.setItem('spieltisch.nameAsked', '1')")

    def shot(name: str) -> None:
        if page.evaluate(OVERFLOW) > 1:
            problems.append(f"{name}: wider than the screen")
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(out / f"{prefix}-{name}.png"))

    visit(page, base + "/#/", "#play-ai")
    shot("lobby")
    for game in GAMES:
        body = {"game": game, "opponent": "here", "seed": 7}
        options = {k: v for k, v in SHORT[game].items() if k != "position"}
        if game in ("okard",):
            body["options"] = options
        answer = page.request.post(f"{base}/api/tables", data=body).json()
        visit(page, f"{base}/#/table/{answer['id']}", ".play[data-table] .board")
        for _ in range(3):
            click_and_wait(page, TARGETS, tap=phone)
        page.wait_for_timeout(300)
        shot(f"table-{game}")
        over = made["finished"][game]
        visit(page, f"{base}/#/table/{over}", ".outcome")
        shot(f"over-{game}")
        visit(page, f"{base}/#/rules/{game}", ".rules h1")
        shot(f"rules-{game}")
    visit(page, f"{base}/#/replay/{made['analysed']}/1", "#eval-graph")
    shot("analysis")
    visit(page, f"{base}/#/games", ".games-table tbody tr[data-id]")
    shot("games")
    visit(page, f"{base}/#/tournaments", ".card")
    shot("tournaments")
    visit(page, f"{base}/#/ratings/schachogi", "#live-board [data-provisional]")
    shot("ratings")
    visit(page, f"{base}/#/player/schachogi/una", "svg")
    shot("player")
    visit(page, f"{base}/#/bots", ".card")
    shot("bots")
    visit(page, f"{base}/#/bot/Erster", "#bot-rating")
    shot("bot")
    visit(page, f"{base}/#/signin", "form")
    shot("signin")
    context.clear_cookies()
    page.goto(base + "/")
    username = f"pol{lang}{theme}{size}"[:20]
    account = {"username": username, "password": "correct horse battery"}
    page.request.post(f"{base}/api/account/signup", data=account)
    visit(page, f"{base}/#/account", "form")
    shot("account")
    # the name dialog a new guest sees before the first game
    context.clear_cookies()
    page.goto(base + "/")
    page.evaluate("() => localStorage.removeItem('spieltisch.nameAsked')")
    visit(page, f"{base}/#/", "#play-ai")
    page.click("#play-ai")
    try:
        page.wait_for_selector("#name-dialog", timeout=5000)
        shot("name-dialog")
    except Exception:  # a missing dialog is a finding, not a crash
        problems.append("name-dialog: not shown")
    context.close()
    return [f"{prefix} {p}" for p in problems]


def sheets(out: Path) -> None:
    """A contact sheet per language, theme and size: the shots side by side, scaled."""
    from PIL import Image

    for lang in LOCALES:
        for theme in THEMES:
            for size in SIZES:
                prefix = f"{lang}-{theme}-{size}-"
                files = sorted(out.glob(prefix + "*.png"))
                if not files:
                    continue
                scale = 0.35 if size == "desktop" else 0.5
                images = [Image.open(f) for f in files]
                w = int(images[0].width * scale)
                hh = int(images[0].height * scale)
                columns = 6 if size == "desktop" else 8
                rows = (len(images) + columns - 1) // columns
                sheet = Image.new("RGB", (columns * w, rows * hh), "white")
                for i, image in enumerate(images):
                    sheet.paste(image.resize((w, hh)), ((i % columns) * w, (i // columns) * hh))
                sheet.save(out / f"sheet-{lang}-{theme}-{size}.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots-polish"))
    parser.add_argument("--only", help="one combination, e.g. de-dark-phone")
    parser.add_argument("--sheets", action="store_true", help="contact sheets too")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.db"
        with Store.open(db) as store:  # two rated players for the ratings and player pages
            players = [Entrant("una", "random:seed=1"), Entrant("otto", "random:seed=2")]
            Tournament.create(store, "schachogi", players, games_per_pair=2, seed=3).run(
                LocalRunner(1)
            )
        server = ServerProcess(db)
        server.start()
        try:
            made = prepare(server)
            problems: list[str] = []
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                for lang in LOCALES:
                    for theme in THEMES:
                        for size in SIZES:
                            if args.only and args.only != f"{lang}-{theme}-{size}":
                                continue
                            problems += sweep(browser, server, made, args.out, lang, theme, size)
                browser.close()
        finally:
            server.stop()
    if args.sheets:
        sheets(args.out)
    print(f"screenshots in {args.out}")
    for problem in problems:
        print("PROBLEM", problem)


if __name__ == "__main__":
    main()
