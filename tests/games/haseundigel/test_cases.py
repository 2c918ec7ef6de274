"""The 72 official test vectors (tests/data/hase-und-igel-cases.json) through the game API."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from spieltisch.games.haseundigel.board import cost, moveable_fields
from spieltisch.games.haseundigel.moves import CARD_EAT, CARD_FALL, CARD_HURRY, CARD_TAKE
from spieltisch.games.haseundigel.rules import HuIIllegalMoveError
from spieltisch.games.haseundigel.state import (
    GOAL_REACHED,
    OFFICIAL_REASONS,
    HaseUndIgelState,
)
from spieltisch.games.haseundigel.xml import ordered_move

from .helpers import (
    COLORS,
    action_from_dict,
    load_cases,
    move_to_dicts,
    player_from_dict,
    state_from_setup,
    state_to_dict,
)

CASES = load_cases()


def test_there_are_72_cases() -> None:
    assert len(CASES) == 72


def _query(state: HaseUndIgelState, name: str, args: dict[str, Any]) -> Any:
    if name == "isValidToAdvance":
        return state.is_valid_to_advance(args["distance"])
    if name == "isValidToFallBack":
        return state.is_valid_to_fall_back()
    if name == "isValidToEat":
        return state.is_valid_to_eat()
    if name == "isValidToExchangeCarrots":
        return state.is_valid_to_exchange(args["n"])
    if name == "isValidToPlayEatSalad":
        return state.is_valid_to_play_card(CARD_EAT)
    if name == "isValidToPlayFallBack":
        return state.is_valid_to_play_card(CARD_FALL)
    if name == "isValidToPlayHurryAhead":
        return state.is_valid_to_play_card(CARD_HURRY)
    if name == "isValidToPlayTakeOrDropCarrots":
        return state.is_valid_to_play_card(CARD_TAKE, args["n"])
    if name == "isValidToSkip":
        return state.is_valid_to_skip()
    if name == "mustEatSalad":
        return state.must_eat_salad()
    if name == "playerMustAdvance":
        return state.must_move_on()
    if name == "canPlayCard":
        return state.can_play_card()
    if name == "isFirst":
        return state.is_first(COLORS.index(args["player"]))
    if name == "isOccupied":
        return state.is_occupied(args["index"])
    if name == "calculateCarrots":
        return cost(args["n"])
    if name == "calculateMoveableFields":
        return moveable_fields(args["carrots"])
    raise AssertionError(f"unknown query {name}")


def _end_check(state: HaseUndIgelState) -> dict[str, Any]:
    result = state.outcome()
    reason = None if result is None else OFFICIAL_REASONS[result.reason]
    win = None
    goal = None
    if result is not None:
        assert result.winner is not None
        win = {"winner": COLORS[result.winner], "reason": reason}
        if result.reason == GOAL_REACHED:
            goal = COLORS[result.winner]
    scores = {
        key: {"cause": "REGULAR", "reason": reason, "parts": list(state.score_parts(i))}
        for i, key in enumerate(("scoreRed", "scoreBlue"))
    }
    return {"winCondition": win, "goalReached": goal, **scores}


def _set_player(state: HaseUndIgelState, color: str, fields: dict[str, Any]) -> HaseUndIgelState:
    index = COLORS.index(color)
    player = state.player(index)
    simple = ("index", "carrots", "salads")
    changes: dict[str, Any] = {k: v for k, v in fields.items() if k in simple}
    if "cards" in fields or "lastNonSkipAction" in fields:
        data = {
            "index": 0,
            "carrots": 0,
            "salads": 0,
            "cards": fields.get("cards", player.card_names),
            "lastNonSkipAction": fields.get("lastNonSkipAction"),
        }
        built = player_from_dict(data)
        if "cards" in fields:
            changes["cards"] = built.cards
        if "lastNonSkipAction" in fields:
            changes["last"] = built.last
    players = list(state.players())
    players[index] = dataclasses.replace(player, **changes)
    return HaseUndIgelState(state.game, state.board, state.turn, (players[0], players[1]))


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_case(case: dict[str, Any]) -> None:
    state = state_from_setup(case["setup"])
    for step, (action, expected) in enumerate(zip(case["action"], case["expected"], strict=True)):
        where = f"step {step} ({action['kind']})"
        kind = action["kind"]
        if kind == "move":
            pairs = [
                (action_from_dict(a), a.get("order", i)) for i, a in enumerate(action["actions"])
            ]
            before = state.text()
            try:
                move = ordered_move(pairs)
                state.play(move)
            except HuIIllegalMoveError as exc:
                assert not expected["valid"], f"{where}: refused: {exc}"
                assert exc.official == expected["error"], where
                assert exc.rule
                assert state.text() == before, f"{where}: a refused move changed the state"
                continue
            assert expected["valid"], f"{where}: accepted, expected {expected['error']!r}"
            assert state_to_dict(state) == expected["state_after"], where
        elif kind == "query":
            assert _query(state, action["query"], action["args"]) == expected["result"], where
        elif kind == "set_player":
            state = _set_player(state, action["player"], action["fields"])
        elif kind == "state":
            assert state_to_dict(state) == expected["state"], where
        elif kind == "possible_moves":
            got = [move_to_dicts(m) for m in state.legal_moves()]
            assert got == expected["possible_moves"], where
        elif kind == "end_check":
            assert _end_check(state) == expected, where
        else:
            raise AssertionError(f"unknown step kind {kind}")
