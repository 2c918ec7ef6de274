"""The rule predicates of Hase und Igel as pure functions on plain numbers.

They mirror the official 2018 `GameRuleLogic` (hase-und-igel.md, "Actions"): `f` is the
board's field tuple, `pos`/`opp` the indices of the player and its opponent, `car`/`sal`
its carrots and salads, `cards` its hand as bits. The look-ahead for hare fields
(`any_card`) follows the official code: a moving card may land on a hare field only if
some card can be played there in turn.
"""

from __future__ import annotations

from spieltisch.core.errors import IllegalMoveError
from spieltisch.games.haseundigel.board import (
    CARROT,
    GOAL,
    HARE,
    HEDGEHOG,
    INVALID,
    LAST_FIELD,
    POSITION_1,
    POSITION_2,
    SALAD,
    START,
    cost,
)
from spieltisch.games.haseundigel.moves import (
    CARD_EAT,
    CARD_FALL,
    CARD_HURRY,
    CARD_NAMES,
    CARD_TAKE,
    EAT_BIT,
    FALL_BIT,
    HURRY_BIT,
    KIND_BIT,
    TAKE_BIT,
)

#: Carrots a player may hold at most when entering the goal.
GOAL_CARROTS = 10

# Refusal rules (short constants) with the official 2018 messages they map to.
GAME_OVER = "GAME_OVER"
NOT_A_MOVE = "NOT_A_MOVE"
NO_ACTIONS = "NO_ACTIONS"
BAD_ORDER = "BAD_ORDER"
ONLY_CARDS_FOLLOW = "ONLY_CARDS_FOLLOW"
MUST_PLAY_CARD = "MUST_PLAY_CARD"
MUST_EAT_SALAD = "MUST_EAT_SALAD"
ADVANCE_DISTANCE = "ADVANCE_DISTANCE"
NOT_ENOUGH_CARROTS = "NOT_ENOUGH_CARROTS"
FIELD_OCCUPIED = "FIELD_OCCUPIED"
OFF_TRACK = "OFF_TRACK"
HEDGEHOG_FIELD = "HEDGEHOG_FIELD"
SALAD_NEEDS_SALAD = "SALAD_NEEDS_SALAD"
GOAL_CONDITIONS = "GOAL_CONDITIONS"
HARE_NEEDS_CARD = "HARE_NEEDS_CARD"
CANNOT_FALL_BACK = "CANNOT_FALL_BACK"
CANNOT_EXCHANGE = "CANNOT_EXCHANGE"
CANNOT_EAT = "CANNOT_EAT"
CANNOT_SKIP = "CANNOT_SKIP"
CANNOT_PLAY_CARD = "CANNOT_PLAY_CARD"


class HuIIllegalMoveError(IllegalMoveError):
    """An illegal move; `official` is the message the 2018 server gives for it."""

    def __init__(self, rule: str, message: str, official: str) -> None:
        super().__init__(rule, message)
        self.official = official


def advance_official(distance: int) -> str:
    return f"Vorwärtszug um {distance} Felder ist nicht möglich"


def card_official(kind: int) -> str:
    return f"Das Ausspielen der {CARD_NAMES[kind - CARD_TAKE]} Karte ist nicht möglich."


OFFICIAL = {
    NO_ACTIONS: "Keine Aktionen vorhanden.",
    BAD_ORDER: "Das order Attribut wurde nicht richtig gesetzt.",
    ONLY_CARDS_FOLLOW: "Nach der ersten Aktion können nur noch Karten folgen.",
    MUST_PLAY_CARD: "Es muss eine Karte ausgespielt werden.",
    CANNOT_FALL_BACK: "Es kann gerade kein Rückzug gemacht werden.",
    CANNOT_EAT: "Es kann gerade kein Salat (mehr) gegessen werden.",
    CANNOT_SKIP: "Spieler kann noch einen anderen Zug ausführen, aussetzen ist nicht erlaubt.",
    GAME_OVER: "Das Spiel ist bereits beendet.",
    NOT_A_MOVE: "Kein Zug-Objekt.",
}


def type_at(f: tuple[int, ...], index: int) -> int:
    return f[index] if 0 <= index <= LAST_FIELD else INVALID


def is_first(pos: int, car: int, opp: int, opp_car: int) -> bool:
    """Official `isFirst`: not behind; both in the goal: strictly fewer carrots."""
    if opp > pos:
        return False
    if pos == LAST_FIELD and opp == pos:
        return car < opp_car
    return True


def target_ok(f: tuple[int, ...], t: int, opp: int, car: int, sal: int, rest: int) -> bool:
    """May a moving card put the player on field `t` (holding `rest` cards after it)?"""
    kind = type_at(f, t)
    if kind in (INVALID, HEDGEHOG):
        return False
    if kind == SALAD:
        return sal > 0
    if kind == HARE:
        return any_card(f, t, opp, car, sal, rest)
    if kind == GOAL:
        return car <= GOAL_CARROTS and sal == 0
    return True


def any_card(f: tuple[int, ...], h: int, opp: int, car: int, sal: int, cards: int) -> bool:
    """Official `canPlayAnyCard` for a player who has just entered hare field `h`
    (TAKE_OR_DROP_CARROTS counts with +20, which needs nothing)."""
    if cards & TAKE_BIT:
        return True
    if cards & EAT_BIT and sal > 0:
        return True
    if cards & HURRY_BIT and opp > h and target_ok(f, opp + 1, opp, car, sal, cards & ~HURRY_BIT):
        return True
    return bool(
        cards & FALL_BIT
        and opp <= h
        and opp - 1 != 0
        and target_ok(f, opp - 1, opp, car, sal, cards & ~FALL_BIT)
    )


def card_valid(
    f: tuple[int, ...],
    kind: int,
    value: int,
    pos: int,
    opp: int,
    car: int,
    sal: int,
    cards: int,
    must_move_on: bool,
    first: bool,
) -> bool:
    """Official `isValidToPlay…` for the card `kind` (value only for TAKE_OR_DROP_CARROTS)."""
    if must_move_on or type_at(f, pos) != HARE or not cards & KIND_BIT[kind]:
        return False
    if kind == CARD_TAKE:
        return value in (20, 0) or (value == -20 and car >= 20)
    if kind == CARD_EAT:
        return sal > 0
    if kind == CARD_HURRY:
        return not first and target_ok(f, opp + 1, opp, car, sal, cards & ~HURRY_BIT)
    if kind == CARD_FALL:
        return first and opp - 1 != 0 and target_ok(f, opp - 1, opp, car, sal, cards & ~FALL_BIT)
    return False


def advance_error(
    f: tuple[int, ...],
    distance: int,
    pos: int,
    opp: int,
    car: int,
    sal: int,
    cards: int,
    must_eat: bool,
) -> tuple[str, str] | None:
    """Why an advance by `distance` is illegal (rule, explanation), or None if it is legal
    (official `isValidToAdvance`)."""
    if distance <= 0:
        return ADVANCE_DISTANCE, f"an advance goes at least 1 field forward, not {distance}"
    if must_eat:
        return MUST_EAT_SALAD, "the player has just entered a salad field and must eat first"
    price = cost(distance)
    if price > car:
        return NOT_ENOUGH_CARROTS, f"advancing {distance} costs {price} carrots, it has {car}"
    new = pos + distance
    if new == opp and new != LAST_FIELD:
        return FIELD_OCCUPIED, f"field {new} is taken by the opponent"
    kind = type_at(f, new)
    if kind == INVALID:
        return OFF_TRACK, f"field {new} lies beyond the goal"
    if kind == HEDGEHOG:
        return HEDGEHOG_FIELD, f"field {new} is a hedgehog field (only reached by falling back)"
    if kind == SALAD and sal <= 0:
        return SALAD_NEEDS_SALAD, f"field {new} is a salad field and the player has no salad left"
    if kind == GOAL and (car - price > GOAL_CARROTS or sal != 0):
        return GOAL_CONDITIONS, (
            f"the goal needs at most 10 carrots after paying and no salad; the player would "
            f"have {car - price} carrots and {sal} salads"
        )
    if kind == HARE and not any_card(f, new, opp, car - price, sal, cards):
        return HARE_NEEDS_CARD, f"no card could be played on the hare field {new}"
    return None


def card_chains(
    f: tuple[int, ...],
    h: int,
    opp: int,
    car: int,
    sal: int,
    cards: int,
    prefix: int,
    out: list[int],
) -> None:
    """Append the chain numbers (see `moves.PREFIXES`/`TERMINALS`) of every card sequence
    that can follow entering hare field `h`, in the order of the official getPossibleMoves:
    EAT_SALAD, TAKE_OR_DROP_CARROTS 20, -20, 0, then HURRY_AHEAD and FALL_BACK chains."""
    base = prefix * 5
    if cards & EAT_BIT and sal > 0:
        out.append(base + 1)
    if cards & TAKE_BIT:
        out.append(base + 2)
        if car >= 20:
            out.append(base + 3)
        out.append(base + 4)
    if cards & HURRY_BIT and opp > h:
        _moving(f, opp + 1, opp, car, sal, cards & ~HURRY_BIT, NEXT_HURRY[prefix], out)
    if cards & FALL_BIT and opp <= h and opp - 1 != 0:
        _moving(f, opp - 1, opp, car, sal, cards & ~FALL_BIT, NEXT_FALL[prefix], out)


#: prefix index after a HURRY_AHEAD / FALL_BACK card (-1: not possible, card used).
NEXT_HURRY = (1, -1, 4, -1, -1)
NEXT_FALL = (2, 3, -1, -1, -1)


def _moving(
    f: tuple[int, ...], t: int, opp: int, car: int, sal: int, rest: int, prefix: int, out: list[int]
) -> None:
    kind = type_at(f, t)
    if kind == HARE:
        card_chains(f, t, opp, car, sal, rest, prefix, out)
    elif (
        kind in (CARROT, POSITION_1, POSITION_2, START)
        or (kind == SALAD and sal > 0)
        or (kind == GOAL and car <= GOAL_CARROTS and sal == 0)
    ):
        out.append(prefix * 5)
