"""Clicking through the longer paths of the view: a Hase und Igel card chain, and a
complete Okard turn with a sacrifice, a move, a promotion and a drop."""

from __future__ import annotations

from typing import Any

from spieltisch.core.registry import load
from tests.helpers.web import OKARD
from tests.serverproc import ServerProcess
from tests.web.conftest import shot
from tests.web.play import click_and_wait, create_table

#: Hase und Igel's example position (docs/view.md): blue to move, next to a hare field.
HASE = (
    "SHCHCCH12CLICCHI12CICCL2IHCCC2IH1CH2CICHC2LICCH21CIHC2CCILHC1CHCG"
    " 1 2/65/5/TEHF/a2 0/68/5/TEHF/- a2"
)


def table_view(page: Any, base: str, table_id: int) -> dict[str, Any]:
    """The table as this page's player sees it (the same JSON the WebSocket sends)."""
    data: dict[str, Any] = page.request.get(f"{base}/api/tables/{table_id}").json()
    return data


def click_path(page: Any, path: list[str]) -> None:
    for target in path:
        click_and_wait(page, f'.play [data-id="{target}"]')


def test_hase_und_igel_card_chain(web: ServerProcess, context: Any) -> None:
    page = context.new_page()
    table_id = create_table(page, web.url, "hase-und-igel", "here", position=HASE)
    moves = table_view(page, web.url, table_id)["state"]["moves"]
    chain = max(moves, key=lambda m: sum(t.startswith("hand:") for t in m["path"]))
    cards = [t for t in chain["path"] if t.startswith("hand:")]
    assert len(cards) >= 2, chain
    click_path(page, chain["path"][:2])
    shot(page, "hase-und-igel-card-chain-desktop")
    click_path(page, chain["path"][2:])
    page.wait_for_function("() => document.querySelector('.play').dataset.ply === '1'")
    assert page.locator("ol.moves .move-link").last.inner_text() == chain["notation"]
    after = table_view(page, web.url, table_id)["state"]
    hand = next(h for h in after["hands"] if h["player"] == 1)
    assert not set(cards) & {item["id"] for item in hand["items"]}


def okard_turn() -> list[str]:
    """A legal sequence of one turn: sacrifice, move, promotion, drop, end."""
    game = load("okard", "board=8")
    state = game.parse(OKARD)
    chosen: list[str] = []
    for prefix in ("SA", "-", "PR", "DR"):
        moves = [str(m) for m in state.legal_moves()]
        pick = next(m for m in moves if (m.startswith(prefix) if prefix != "-" else "-" in m))
        chosen.append(pick)
        state.play(state.parse_move(pick))
    assert "END" in [str(m) for m in state.legal_moves()]
    return [*chosen, "END"]


def test_okard_turn_with_sacrifice_move_promotion_and_drop(
    web: ServerProcess, context: Any
) -> None:
    page = context.new_page()
    table_id = create_table(page, web.url, "okard", "here", board="8", position=OKARD, seat="1")
    for step, notation in enumerate(okard_turn(), start=1):
        view = table_view(page, web.url, table_id)["state"]
        move = next(m for m in view["moves"] if m["notation"] == notation)
        if notation.startswith("PR"):
            page.locator(f'.play .cell[data-id="{move["path"][0]}"]').hover()
            click_path(page, move["path"][:1])
            shot(page, "okard-promotion-choice-desktop")
            click_path(page, move["path"][1:])
        else:
            click_path(page, move["path"])
        page.wait_for_function(
            f"() => Number(document.querySelector('.play').dataset.ply) >= {step}"
        )
    played = [b.inner_text() for b in page.locator("ol.moves .move-link").all()]
    assert played[:5] == okard_turn()
    # the die for red's turn was drawn by the table, and red is to move
    final = table_view(page, web.url, table_id)
    assert final["state"]["to_move"] == 0 and final["moves"][5].startswith("D")
    assert page.locator(".dice .die").is_visible()
    assert page.locator(".inspector").is_visible()  # both sides of the hovered stone
    shot(page, "okard-after-turn-desktop")
