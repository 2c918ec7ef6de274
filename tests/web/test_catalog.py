"""The front end knows no game by name: the rules menu, the ratings tabs and the lobby's
game cards come from `/api/games`, in the registry's order."""

from __future__ import annotations

from typing import Any

from tests.serverproc import ServerProcess


def test_the_pages_list_the_games_the_server_offers(web: ServerProcess, context: Any) -> None:
    games = web.get("/api/games")["games"]
    titles = [g["title"] for g in games]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{web.url}/#/ratings")
    page.wait_for_selector(".ratings .tabs a")
    assert page.locator(".ratings .tabs a").all_inner_texts() == titles
    assert page.locator(".ratings .tabs a.active").inner_text() == titles[0]
    page.wait_for_selector(f"#rules-menu a[href='#/rules/{games[-1]['name']}']", state="attached")
    assert page.locator("#rules-menu a").all_text_contents() == titles  # a closed menu
    page.goto(f"{web.url}/#/")
    page.wait_for_selector(".game-card .blurb")
    blurbs = page.locator(".game-card .blurb").all_inner_texts()
    assert blurbs == [g["summary"] for g in games] and all(blurbs)
    assert not errors
