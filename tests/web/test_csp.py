"""The front end under the server's Content-Security-Policy (finding 10): no page needs
inline script or style, so a real browser reports no policy violation while a player
uses the lobby, a table, the rules, the games list and a replay."""

from __future__ import annotations

from typing import Any

from tests.serverproc import ServerProcess
from tests.web.play import TARGETS, click_and_wait, create_table


def test_no_page_breaks_the_content_security_policy(web: ServerProcess, context: Any) -> None:
    page = context.new_page()
    violations: list[str] = []
    errors: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text
            else None
        ),
    )
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    response = page.goto(web.url + "/")
    assert response is not None
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector("#play-ai")  # the lobby drawn
    table_id = create_table(page, web.url, "ostseeschach")
    for _ in range(3):
        click_and_wait(page, TARGETS)
    page.goto(f"{web.url}/#/rules/okard")
    page.wait_for_selector("article h1")
    page.goto(f"{web.url}/#/games")
    page.wait_for_load_state("networkidle")
    page.goto(f"{web.url}/#/replay/{table_id}")
    page.wait_for_load_state("networkidle")
    # a policy the page breaks shows in the browser's console; so does an inline script
    # the browser refused to run
    assert violations == [], violations
    assert errors == [], errors


def test_the_rules_carry_no_inline_style(web: ServerProcess) -> None:
    for game in ("ostseeschach", "schachogi", "hase-und-igel", "okard"):
        html = web.get(f"/api/rules/{game}")["html"]
        assert "style=" not in html and "<script" not in html, game
    assert 'class="align-' in web.get("/api/rules/okard")["html"]
