"""Why a move is illegal: the rule it breaks and a message, for `OkardState.check`.

Only called for moves that are not among the legal moves, so it may be slow; it walks the
rules of okard.md in the order a player meets them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.core.errors import quote
from spieltisch.games.okard.lookup import PLAYER_NAMES, RED
from spieltisch.games.okard.moves import (
    DROP,
    END,
    LINE,
    PICK,
    PLACE,
    PROMOTE,
    ROLL,
    SACRIFICE,
    Move,
)
from spieltisch.games.okard.options import SACRIFICE_CAP, DropZone

if TYPE_CHECKING:
    from spieltisch.games.okard.state import OkardState

# Refusal rules (IllegalMoveError.rule).
NOT_A_MOVE = "NOT_A_MOVE"
GAME_OVER = "GAME_OVER"
DICE_FIRST = "DICE_FIRST"
NOT_A_CHANCE_NODE = "NOT_A_CHANCE_NODE"
PHASE_ORDER = "PHASE_ORDER"
UNKNOWN_STONE = "UNKNOWN_STONE"
KING_REQUIRED = "KING_REQUIRED"
ONE_KING = "ONE_KING"
ARMY_LIMIT = "ARMY_LIMIT"
KING_ROOM = "KING_ROOM"
NOT_IN_HAND = "NOT_IN_HAND"
OFF_BOARD = "OFF_BOARD"
SETUP_ROWS = "SETUP_ROWS"
SQUARE_OCCUPIED = "SQUARE_OCCUPIED"
STEP_ORDER = "STEP_ORDER"
NOT_OWN_STONE = "NOT_OWN_STONE"
KING_SACRIFICE = "KING_SACRIFICE"
SACRIFICE_LIMIT = "SACRIFICE_CAP"
NOT_A_LINE = "NOT_A_LINE"
DIRECTION = "DIRECTION"
BLOCKED = "BLOCKED"
NO_CAPTURE = "NO_CAPTURE"
GAME_ENDS_AT_KING = "GAME_ENDS_AT_KING"
ACTION_POINTS = "ACTION_POINTS"
NO_BACK_SIDE = "NO_BACK_SIDE"

_KIND_NAMES = {
    ROLL: "a die roll",
    PICK: "a pick",
    PLACE: "a placement",
    SACRIFICE: "a sacrifice",
    LINE: "a line move",
    PROMOTE: "a promotion",
    DROP: "a drop",
    END: "END",
}


def explain(state: OkardState, move: object) -> tuple[str, str]:
    """(rule, message) for a move that is not legal in `state`."""
    if not isinstance(move, Move):
        return NOT_A_MOVE, f"{quote(repr(move))} is not an Okard move"
    phase = state.phase
    if phase == "over":
        return GAME_OVER, "the game is over"
    if state.awaiting_roll:
        if move.kind != ROLL:
            return DICE_FIRST, "the die must be rolled first (a chance event)"
        return NOT_A_CHANCE_NODE, f"a die shows 1..6, not {move.x}"
    if move.kind == ROLL:
        return NOT_A_CHANCE_NODE, "no die roll is due here"
    who = PLAYER_NAMES[state.mover]
    if phase == "pick":
        if move.kind != PICK:
            return PHASE_ORDER, f"the pick phase allows only picks (PI), not {_kind(move)}"
        return _explain_pick(state, move, who)
    if phase == "place":
        if move.kind != PLACE:
            return PHASE_ORDER, f"the placement phase allows only PL moves, not {_kind(move)}"
        return _explain_place(state, move, who)
    if move.kind in (PICK, PLACE):
        return PHASE_ORDER, f"the play phase has begun; {_kind(move)} is over"
    return _explain_play(state, move, who)


def _kind(move: Move) -> str:
    return _KIND_NAMES.get(move.kind, "this move")


def _stone(state: OkardState, code: str) -> str:
    """A stone kind in words, by its name and code: `Bauer (B)`."""
    return f"{state.t.stones[state.t.codes[code]].name} ({code})"


def _piece(state: OkardState, value: int) -> str:
    """The stone `value` on the board in words, with its owner: `red's Bauer`,
    `blue's promoted Turm`."""
    t = state.t
    promoted = "promoted " if (abs(value) - 1) % 2 else ""
    return f"{PLAYER_NAMES[0 if value > 0 else 1]}'s {promoted}{t.stones[t.kind_of[value]].name}"


def _explain_pick(state: OkardState, move: Move, who: str) -> tuple[str, str]:
    t = state.t
    hand = state.hands[state.mover]
    if not move.stone:
        return KING_REQUIRED, f"{who} must pick the König before declaring the army complete"
    if move.stone not in t.codes:
        return UNKNOWN_STONE, f"no stone {move.stone} in this game's list"
    k = t.codes[move.stone]
    if k == t.king and hand[t.king]:
        return ONE_KING, "every army holds exactly one König; a second cannot be picked"
    army = sum(c * v for c, v in zip(hand, t.values, strict=True))
    limit = t.options.army_points
    if army + t.values[k] > limit:
        return ARMY_LIMIT, (
            f"{t.stones[k].name} ({move.stone}, {t.values[k]} points) would take {who}'s army "
            f"of {army} points "
            f"above {limit}"
        )
    return KING_ROOM, (
        f"{who} must keep {t.values[t.king]} points for the König, which is not picked yet"
    )


def _square(state: OkardState, move: Move) -> int | None:
    t = state.t
    if not t.on_board(move.x, move.y):
        return None
    return move.y * t.n + move.x


def _explain_place(state: OkardState, move: Move, who: str) -> tuple[str, str]:
    t = state.t
    p = state.mover
    if not move.stone:
        return KING_REQUIRED, f"{who} must put the König on the board before finishing"
    if move.stone not in t.codes:
        return UNKNOWN_STONE, f"no stone {move.stone} in this game's list"
    k = t.codes[move.stone]
    if not state.hands[p][k]:
        return NOT_IN_HAND, f"{who} has no {_stone(state, move.stone)} left to place"
    sq = _square(state, move)
    if sq is None:
        return OFF_BOARD, f"the square is off the {t.n}x{t.n} board"
    if not t.in_setup[p][sq]:
        return SETUP_ROWS, f"{who} places only on its own {t.setup_rows} setup rows"
    if state.board[sq]:
        return SQUARE_OCCUPIED, f"{t.name(sq)} is not empty"
    return KING_ROOM, f"{who} must leave a setup square free for the König"


def _explain_play(state: OkardState, move: Move, who: str) -> tuple[str, str]:
    t = state.t
    p = state.mover
    b = state.board
    stage = state.stage
    ap = state.action_points
    kind = move.kind
    if kind == END:  # pragma: no cover - END is always legal in play
        return NOT_A_MOVE, "END is refused"
    if kind == DROP:
        if move.stone not in t.codes:
            return UNKNOWN_STONE, f"no stone {move.stone} in this game's list"
        k = t.codes[move.stone]
        if not state.hands[p][k]:
            return NOT_IN_HAND, f"{who} has no {_stone(state, move.stone)} in hand"
        sq = _square(state, move)
        if sq is None:
            return OFF_BOARD, f"the square is off the {t.n}x{t.n} board"
        if t.options.drops is DropZone.SETUP and not t.in_setup[p][sq]:
            return SETUP_ROWS, f"{who} drops only on its own setup rows"
        if b[sq]:
            return SQUARE_OCCUPIED, f"{t.name(sq)} is not empty"
        return ACTION_POINTS, (
            f"a drop of {_stone(state, move.stone)} costs {t.front_strength[k]} AP, {ap} left"
        )
    sign = 1 if p == RED else -1
    if kind == SACRIFICE:
        if stage != "start":
            return STEP_ORDER, f"no sacrifice once the turn has {stage} (sacrifices come first)"
        sq = _square(state, move)
        if sq is None or b[sq] * sign <= 0:
            return NOT_OWN_STONE, f"{who} can sacrifice only its own stones on the board"
        if t.kind_of[b[sq]] == t.king:
            return KING_SACRIFICE, "the König can never be sacrificed"
        return SACRIFICE_LIMIT, (
            f"at most {SACRIFICE_CAP} AP per turn come from sacrifices; "
            f"{state.sacrificed} used, this stone gives {t.strength[b[sq]]}"
        )
    if kind == PROMOTE:
        if stage == "dropped":
            return STEP_ORDER, "no promotion after a drop"
        sq = _square(state, move)
        if sq is None or b[sq] * sign <= 0:
            return NOT_OWN_STONE, f"{who} can promote only its own stones on the board"
        v = b[sq]
        if not t.back_of[v]:
            return NO_BACK_SIDE, f"{_piece(state, v)} on {t.name(sq)} has no back side to turn to"
        cost = max(1, t.strength[t.back_of[v]] - t.strength[v])
        return ACTION_POINTS, f"this promotion costs {cost} AP, {ap} left"
    if kind == LINE:
        if stage != "start":
            return STEP_ORDER, (
                f"the turn has {stage}: one line move per turn, before promotions and drops"
            )
        shape = t.line_shape(move)
        if shape is None:
            if not (t.on_board(move.x, move.y) and t.on_board(move.tx, move.ty)):
                return OFF_BOARD, f"a line never leaves the {t.n}x{t.n} board"
            return NOT_A_LINE, f"{move} is not a straight line in one of the 8 directions"
        src, direction, length = shape
        v = b[src]
        if v * sign <= 0:
            held = f"holds {_piece(state, v)}" if v else "is empty"
            return NOT_OWN_STONE, f"{t.name(src)} {held}, not a stone of {who}"
        value = 0
        for d, val in t.raydirs[v]:
            if d == direction:
                value = val
        if not value:
            return DIRECTION, f"{_piece(state, v)} on {t.name(src)} cannot move in that direction"
        s = t.strength[v]
        cost = 0
        for i, target in enumerate(t.rays[src][direction][:length]):
            w = b[target]
            if not w:
                cost += 1
                continue
            if w * sign > 0:
                return BLOCKED, (
                    f"a line never enters or passes an own stone ({_piece(state, w)} on "
                    f"{t.name(target)})"
                )
            if value < 2:
                return NO_CAPTURE, (
                    f"{_piece(state, v)} on {t.name(src)} may move but not capture in that "
                    "direction"
                )
            cost += 1 + max(0, t.strength[w] - s)
            if t.king_line_stops and t.kind_of[w] == t.king and i < length - 1:
                return GAME_ENDS_AT_KING, "capturing the König ends the game; the line stops"
        return ACTION_POINTS, f"this line costs {cost} AP, {ap} left"
    return NOT_A_MOVE, f"{move} is not a move of the play phase"
