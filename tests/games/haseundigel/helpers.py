"""Shared helpers for the Hase und Igel tests: the official test vectors and states."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from spieltisch.games.haseundigel.board import CANONICAL_2018, FIELD_NAMES, Board
from spieltisch.games.haseundigel.game import HaseUndIgel
from spieltisch.games.haseundigel.moves import (
    ADVANCE,
    CARD_BITS,
    CARD_NAMES,
    CARD_TAKE,
    EAT,
    EXCHANGE,
    FALL_BACK,
    SKIP,
    Action,
    Move,
)
from spieltisch.games.haseundigel.state import HaseUndIgelState, LastAction, Player

DATA = Path(__file__).parents[2] / "data" / "hase-und-igel-cases.json"
GAME = HaseUndIgel()
COLORS = ("RED", "BLUE")


def load_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
    return [case for case in cases if not case["name"].startswith("__")]


def action_from_dict(data: dict[str, Any]) -> Action:
    kind = data["type"]
    if kind == "advance":
        return Action(ADVANCE, int(data["distance"]))
    if kind == "card":
        card = CARD_TAKE + CARD_NAMES.index(data["card"])
        return Action(card, int(data.get("value", 0)) if card == CARD_TAKE else 0)
    if kind == "exchangeCarrots":
        return Action(EXCHANGE, int(data["value"]))
    if kind == "eatSalad":
        return Action(EAT)
    if kind == "fallBack":
        return Action(FALL_BACK)
    if kind == "skip":
        return Action(SKIP)
    raise ValueError(kind)


def action_to_dict(action: Action) -> dict[str, Any]:
    kind = action.kind
    if kind == ADVANCE:
        return {"type": "advance", "distance": action.value}
    if kind == EXCHANGE:
        return {"type": "exchangeCarrots", "value": action.value}
    if kind == EAT:
        return {"type": "eatSalad"}
    if kind == FALL_BACK:
        return {"type": "fallBack"}
    if kind == SKIP:
        return {"type": "skip"}
    result: dict[str, Any] = {"type": "card", "card": CARD_NAMES[kind - CARD_TAKE]}
    if kind == CARD_TAKE:
        result["value"] = action.value
    return result


def move_to_dicts(move: Move) -> list[dict[str, Any]]:
    return [action_to_dict(a) for a in move.actions]


def player_from_dict(data: dict[str, Any]) -> Player:
    cards = 0
    for name in data["cards"]:
        cards |= CARD_BITS[CARD_NAMES.index(name)]
    last: LastAction | None = None
    if data["lastNonSkipAction"] is not None:
        action = action_from_dict(data["lastNonSkipAction"])
        last = (action, int(data["lastNonSkipAction"].get("order", 1 if action.is_card else 0)))
    return Player(data["index"], data["carrots"], data["salads"], cards, last)


def player_to_dict(player: Player) -> dict[str, Any]:
    return {
        "index": player.index,
        "carrots": player.carrots,
        "salads": player.salads,
        "cards": player.card_names,
        "lastNonSkipAction": None if player.last is None else action_to_dict(player.last[0]),
    }


def state_to_dict(state: HaseUndIgelState) -> dict[str, Any]:
    return {
        "turn": state.turn,
        "round": state.round,
        "current": COLORS[state.current],
        "red": player_to_dict(state.player(0)),
        "blue": player_to_dict(state.player(1)),
    }


def board_from_setup(setup: dict[str, Any]) -> Board:
    assert setup["board"] == "CANONICAL_2018"
    fields = list(CANONICAL_2018)
    for index, name in setup.get("board_overrides", {}).items():
        fields[int(index)] = FIELD_NAMES.index(name)
    return Board(tuple(fields))


def state_from_setup(setup: dict[str, Any]) -> HaseUndIgelState:
    players = (player_from_dict(setup["red"]), player_from_dict(setup["blue"]))
    return HaseUndIgelState(GAME, board_from_setup(setup), setup["turn"], players)


def start(**red: Any) -> HaseUndIgelState:
    """The canonical start with some of red's values replaced (index, carrots, ...)."""
    return HaseUndIgelState(GAME, Board(CANONICAL_2018), 0, (Player(**red), Player()))


def position(
    red: Player,
    blue: Player,
    turn: int = 0,
    fields: tuple[int, ...] = CANONICAL_2018,
) -> HaseUndIgelState:
    return HaseUndIgelState(GAME, Board(fields), turn, (red, blue))
