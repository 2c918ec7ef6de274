"""Okard's view: stones with both sides, the pick supply, placement and drop paths, the
die as chance outcomes, action points and the sacrifice budget."""

from __future__ import annotations

import random
from collections.abc import Callable

import spieltisch
from spieltisch.core.view import View
from spieltisch.core.view_check import check_view
from spieltisch.games.okard import Okard, OkardOptions, OkardState


def _play_until(options: str, seed: int, found: Callable[[OkardState], bool]) -> OkardState:
    """The first state of random games (seeds `seed`, `seed + 1`, ...) where `found`
    holds."""
    game = Okard(OkardOptions.parse(options))
    for game_seed in range(seed, seed + 50):
        state = game.new_state()
        rng = random.Random(game_seed)
        while not state.is_over():
            if found(state):
                return state
            state.play(state.random_move(rng))
    raise AssertionError("no such state in 50 random games")


def _paths(view: View) -> dict[str, tuple[str, ...]]:
    return {option.notation: option.path for option in view.moves}


def test_pick_phase_offers_the_supply() -> None:
    state = spieltisch.load("okard", "board=8").new_state()
    view = check_view(state)
    assert view.phase == "pick" and view.to_move == 0
    assert view.options == (("board", "8"),) and view.to_json()["options"] == {"board": "8"}
    supply = [hand for hand in view.hands if hand.player is None]
    assert len(supply) == 1
    codes = [item.id for item in supply[0].items]
    assert codes == ["stock:B", "stock:SP", "stock:SC", "stock:RI", "stock:L", "stock:T",
                     "stock:G", "stock:K"]  # fmt: skip
    bauer = supply[0].items[0]
    assert bauer.stone is not None and bauer.count is None
    assert (bauer.stone.front.strength, bauer.stone.front.dirs) == (1, (2, 0, 0, 0, 0, 0, 0, 0))
    assert bauer.stone.back is not None and bauer.stone.back.strength == 2
    paths = _paths(view)
    assert paths["PI K"] == ("stock:K",)
    assert "PI -" not in paths  # the König first
    state.play(state.parse_move("PI K"))
    state.play(state.parse_move("PI K"))
    paths = _paths(check_view(state))
    assert paths["PI -"] == ("button:army-complete",)


def test_placement_is_a_hand_stone_then_a_square() -> None:
    state = _play_until("board=8", 1, lambda s: s.phase == "place")
    view = check_view(state)
    mover = state.mover
    for option in view.moves:
        if option.notation == "PL -":
            assert option.path == ("button:placement-done",)
        else:
            _, code, square = option.notation.split()
            assert option.path == (f"hand:{mover}:{code}", square)
    kinds = {cell.id: cell.kind for cell in view.cells}
    assert (kinds["a1"], kinds["h2"], kinds["a3"], kinds["h8"]) == (
        "home0",
        "home0",
        "plain",
        "home1",
    )


def test_the_die_is_a_chance_node_and_sets_the_action_points() -> None:
    state = _play_until("board=8", 2, lambda s: s.is_chance())
    view = check_view(state)
    assert view.to_move == "chance" and view.phase == "play"
    assert [(o.notation, o.path, o.probability) for o in view.moves] == [
        (f"D{face}", (f"button:die:{face}",), 1 / 6) for face in range(1, 7)
    ]
    state.play(state.parse_move("D4"))
    view = check_view(state)
    assert view.dice == 4
    counters = {c.key: (c.player, c.value) for c in view.counters}
    assert counters["action_points"] == (state.mover, 4)
    assert counters["sacrifice_budget"] == (state.mover, 6)
    paths = _paths(view)
    assert paths["END"] == ("button:end",)
    for notation, path in paths.items():
        if notation.startswith("SA "):
            assert path == (notation[3:], "button:sacrifice")
        elif notation.startswith("PR "):
            assert path == (notation[3:], "button:promote")
        elif "-" in notation:
            assert path == tuple(notation.split("-"))


def test_a_drop_is_a_hand_stone_then_a_square() -> None:
    state = _play_until(
        "board=8", 3, lambda s: any(str(m).startswith("DR ") for m in s.legal_moves())
    )
    view = check_view(state)
    mover = state.mover
    drops = [o for o in view.moves if o.notation.startswith("DR ")]
    _, code, square = drops[0].notation.split()
    assert drops[0].path == (f"hand:{mover}:{code}", square)
    item = next(
        i for h in view.hands if h.player == mover for i in h.items if i.id == drops[0].path[0]
    )
    assert item.count is not None and item.count >= 1
    assert item.stone is not None and item.stone.code == code
    squares = {o.notation.split()[2] for o in drops if o.notation.split()[1] == code}
    assert set(view.next_clicks([item.id])) == squares


def test_stones_on_the_board_carry_both_sides() -> None:
    state = _play_until("board=8", 4, lambda s: s.phase == "play" and s.turn >= 4)
    view = check_view(state)
    assert view.pieces
    for piece in view.pieces:
        assert piece.stone is not None and piece.stone.code == piece.kind
        assert piece.facing == ("up" if piece.owner == 0 else "down")
        assert piece.side == ("back" if piece.promoted else "front")
        assert piece.label.lstrip("+").upper() == piece.kind
    kings = [p for p in view.pieces if p.kind == "K"]
    assert {p.owner for p in kings} == {0, 1}
    assert kings[0].stone is not None and kings[0].stone.back is None
