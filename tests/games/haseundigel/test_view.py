"""Hase und Igel's view: the winding track, hares, cards in hand, the card chain as clicks."""

from __future__ import annotations

import spieltisch
from spieltisch.core.game import replay
from spieltisch.core.view_check import check_view


def test_the_track_and_the_hares() -> None:
    view = check_view(spieltisch.load("hase-und-igel").new_state())
    assert view.layout.kind == "track"
    assert [cell.id for cell in view.cells] == [str(i) for i in range(65)]
    kinds = {cell.id: cell.kind for cell in view.cells}
    # The canonical board: S H C H C C H 1 2 C L I ... G.
    assert [kinds[str(i)] for i in range(12)] == [
        "start", "hare", "carrot", "hare", "carrot", "carrot", "hare",
        "position1", "position2", "carrot", "salad", "hedgehog",
    ]  # fmt: skip
    assert kinds["64"] == "goal"
    assert all(0 <= c.x <= 1 and 0 <= c.y <= 1 for c in view.cells)
    positions = {(c.x, c.y) for c in view.cells}
    assert len(positions) == 65
    hares = [(p.cell, p.owner, p.kind) for p in view.pieces]
    assert hares == [("0", 0, "hare"), ("0", 1, "hare")]
    cards = [item.id for hand in view.hands if hand.player == 0 for item in hand.items]
    assert cards == [
        "hand:0:TAKE_OR_DROP_CARROTS",
        "hand:0:EAT_SALAD",
        "hand:0:HURRY_AHEAD",
        "hand:0:FALL_BACK",
    ]
    counters = {(c.player, c.key): c.value for c in view.counters}
    assert counters[(0, "carrots")] == 68 and counters[(1, "salads")] == 5


def test_a_card_chain_is_a_field_then_cards_then_values() -> None:
    state = replay(spieltisch.load("hase-und-igel").new_state(), ["advance 2"])
    view = check_view(state)
    paths = {option.notation: option.path for option in view.moves}
    chain = "advance 1, card HURRY_AHEAD, card FALL_BACK, card EAT_SALAD"
    assert paths[chain] == ("1", "hand:1:HURRY_AHEAD", "hand:1:FALL_BACK", "hand:1:EAT_SALAD")
    assert paths["advance 1, card TAKE_OR_DROP_CARROTS 20"] == (
        "1",
        "hand:1:TAKE_OR_DROP_CARROTS",
        "button:carrots:20",
    )
    after_card = view.next_clicks(["1", "hand:1:TAKE_OR_DROP_CARROTS"])
    assert sorted(after_card) == ["button:carrots:-20", "button:carrots:0", "button:carrots:20"]
    assert "hand:1:FALL_BACK" in view.next_clicks(["1", "hand:1:HURRY_AHEAD"])
    assert view.move_for(["1", "hand:1:HURRY_AHEAD"]) is None
    assert view.last_move is not None and view.last_move.cells == ("0", "2")


def test_exchange_and_fall_back_are_buttons() -> None:
    state = replay(spieltisch.load("hase-und-igel").new_state(), ["advance 2", "advance 5"])
    view = check_view(state)
    paths = {option.notation: option.path for option in view.moves}
    assert paths["exchange 10"] == ("button:exchange:10",)
    assert paths["exchange -10"] == ("button:exchange:-10",)
    labels = {t.id: t.label for t in view.targets}
    assert labels["button:exchange:10"] == "Take 10 carrots"
    state = replay(
        spieltisch.load("hase-und-igel").new_state(),
        ["advance 2", "advance 5", "advance 10", "exchange 10"],
    )
    view = check_view(state)
    paths = {option.notation: option.path for option in view.moves}
    assert paths["fallback"] == ("button:fallback",)
    fallback = next(t for t in view.targets if t.id == "button:fallback")
    assert fallback.label == "Fall back to field 11 (+10 carrots)"
    assert view.last_move is not None
    assert (view.last_move.notation, view.last_move.cells) == ("exchange 10", ("5",))
