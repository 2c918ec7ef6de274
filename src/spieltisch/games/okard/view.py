"""The view of an Okard position for front ends and bots (`spieltisch.core.view`).

An n x n grid (red, player 0, at the bottom); the setup rows are the cell kinds `home0`
and `home1`. Every stone carries both of its sides (strength and the eight direction
marks, so a front end can draw them as `docs/okard.md` does) and which side is up. The
hands hold the stones in hand; in the pick phase a shared supply (`player` None) holds
every stone of the list. Counters: captured value, army points (with the army size as
their `limit`) and home points per player; in
the play phase the mover's action points and sacrifice budget, the turns played.

Click paths (see docs/view.md): a die roll `button:die:N` (a chance outcome); a pick
`stock:CODE`, army complete `button:army-complete`; a placement `hand:P:CODE` then the
square, placement finished `button:placement-done`; in a turn a sacrifice is the square
then `button:sacrifice`, a promotion the square then `button:promote`, a line move the
start square then the target, a drop `hand:P:CODE` then the square, and `button:end`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from spieltisch.core.view import (
    Cell,
    Counter,
    Face,
    Hand,
    HandItem,
    LastMove,
    Piece,
    StoneData,
    View,
    ViewError,
    grid_layout,
    make_view,
)

if TYPE_CHECKING:
    from spieltisch.games.okard.options import OkardOptions
    from spieltisch.games.okard.state import OkardState

FILES = "abcdefghij"
FACING = ("up", "down")
#: At most this many AP per turn come from sacrifices (okard.md, "A turn", 2).
SACRIFICE_CAP = 6
END = "button:end"
ARMY_COMPLETE = "button:army-complete"
PLACEMENT_DONE = "button:placement-done"
SACRIFICE = "button:sacrifice"
PROMOTE = "button:promote"
BUTTONS = {
    END: "End the turn",
    ARMY_COMPLETE: "Army complete",
    PLACEMENT_DONE: "Placement finished",
    SACRIFICE: "Sacrifice",
    PROMOTE: "Promote (turn to the back side)",
    **{f"button:die:{face}": f"Die shows {face}" for face in range(1, 7)},
}
REASON_TEXTS = {
    "KING_CAPTURED": "the König was captured",
    "VICTORY_POINTS": "captured stones reached the target points",
    "STONES_HOME": "stones on the opponent's setup rows reached the target points",
    "ALL_CAPTURED": "every opposing stone was captured",
    "TURN_LIMIT": "the turn limit was reached; the higher captured value wins",
}


def square(x: int, y: int) -> str:
    """The cell id of the square in column x, row y: its name, `a1` .. `j10`."""
    return FILES[x] + str(y + 1)


@lru_cache(maxsize=32)
def _board(options: OkardOptions) -> tuple[Cell, ...]:
    n = options.board
    rows = options.setup_rows
    cells = []
    for y in range(n):
        kind = "home0" if y < rows else "home1" if y >= n - rows else "plain"
        for x in range(n):
            cells.append(Cell(square(x, y), x, y, kind, square(x, y)))
    return tuple(cells)


@lru_cache(maxsize=32)
def _stones(options: OkardOptions) -> tuple[StoneData, ...]:
    """Both sides of every stone of the game's list, in the list's order."""
    out = []
    for stone in options.stone_list:
        back = stone.back
        out.append(
            StoneData(
                stone.code,
                stone.name,
                stone.value,
                Face(stone.front.strength, tuple(stone.front.dirs)),
                None if back is None else Face(back.strength, tuple(back.dirs)),
            )
        )
    return tuple(out)


def hand_id(player: int, code: str) -> str:
    """The hand item id of `player`'s stones of kind `code`."""
    return f"hand:{player}:{code}"


def click_path(notation: str, mover: int) -> tuple[str, ...]:
    """The clicks of the move written `notation` for `mover` (see the module docstring)."""
    head, _, rest = notation.partition(" ")
    words = rest.split()
    if not words:
        if head == "END":
            return (END,)
        if head[:1] == "D" and head[1:].isdigit():
            return (f"button:die:{head[1:]}",)
        start, dash, end = head.partition("-")
        if dash:
            return (start, end)
    elif head == "PI":
        return (ARMY_COMPLETE,) if words == ["-"] else (f"stock:{words[0]}",)
    elif head == "PL" and words == ["-"]:
        return (PLACEMENT_DONE,)
    elif head in ("PL", "DR") and len(words) == 2:
        return (hand_id(mover, words[0]), words[1])
    elif head in ("SA", "PR") and len(words) == 1:
        return (words[0], SACRIFICE if head == "SA" else PROMOTE)
    raise ViewError(f"okard: no click path for the move {notation!r}")


def _cells_of(notation: str) -> tuple[str, ...]:
    """The squares a move's notation names (the cells to highlight)."""
    head, _, rest = notation.partition(" ")
    words = rest.split()
    if not words:
        start, dash, end = head.partition("-")
        return (start, end) if dash else ()
    return (words[-1],) if words[-1] != "-" and head in ("PL", "DR", "SA", "PR") else ()


def _dice(history: list[Any], round_die: int) -> int | None:
    """The last die roll made on this state, else the round's die of the position."""
    for move in reversed(history):
        text = str(move)
        if text[:1] == "D" and text[1:].isdigit():
            return int(text[1:])
    return round_die or None


def state_view(state: OkardState) -> View:
    """The view of `state` (see the module docstring)."""
    options = state.game.options
    n = options.board
    stones = _stones(options)
    by_code = {stone.code: stone for stone in stones}
    pieces = []
    for sq in range(n * n):
        found = state.stone_at(sq)
        if found is None:
            continue
        owner, code, back = found
        stone = by_code[code]
        pieces.append(
            Piece(
                square(sq % n, sq // n),
                owner,
                code,
                ("+" if back else "") + (code if owner == 0 else code.lower()),
                stone.name,
                side="back" if back else "front",
                promoted=back,
                facing=FACING[owner],
                stone=stone,
            )
        )
    hands = [
        Hand(
            player,
            "stones in hand",
            tuple(
                HandItem(hand_id(player, stone.code), "stone", stone.name, count, stone)
                for stone, count in zip(stones, counts, strict=True)
                if count
            ),
        )
        for player, counts in enumerate(state.hands)
    ]
    phase = state.phase
    if phase == "pick":
        hands.append(
            Hand(
                None,
                "stones to pick",
                tuple(
                    HandItem(f"stock:{s.code}", "stone", f"{s.name} ({s.value} points)", None, s)
                    for s in stones
                ),
            )
        )
    counters = []
    captured = state.captured
    for player in (0, 1):
        counters.append(Counter(player, "captured", "captured value", captured[player]))
        counters.append(
            Counter(
                player,
                "army_points",
                "army points",
                state.army_points(player),
                limit=options.army_points,
            )
        )
        counters.append(Counter(player, "home_points", "home points", state.home_points(player)))
    if phase == "play":
        mover = state.mover
        counters.append(Counter(mover, "action_points", "action points", state.action_points))
        counters.append(
            Counter(
                mover,
                "sacrifice_budget",
                "AP still to gain by sacrifices",
                SACRIFICE_CAP - state.sacrificed,
            )
        )
    if phase in ("play", "over"):
        counters.append(Counter(None, "turns", f"turns played (of {options.turns})", state.turn))
    history = state.history()
    last_move = None
    if history:
        text = str(history[-1])
        last_move = LastMove(text, _cells_of(text))
    mover = state.mover
    paths = [(move, click_path(str(move), mover)) for move in state.legal_moves()]
    return make_view(
        state,
        layout=grid_layout(n, n, FILES),
        cells=_board(options),
        pieces=pieces,
        hands=hands,
        counters=counters,
        phase=phase,
        ply=len(history),
        last_move=last_move,
        dice=_dice(history, state.round_die),
        reason_texts=REASON_TEXTS,
        paths=paths,
        buttons=BUTTONS,
    )
