"""The view of a Schachogi position for front ends and bots (`spieltisch.core.view`).

An 8x8 grid, White (player 0) at the bottom moving up. The last two ranks of each side are
its promotion zone (cell kinds `zone0`, `zone1`). A promoted piece shows its back side
(`side` "back", `promoted` true, label `+I`). A move is the piece, then its target; where
promotion is optional a last click chooses `button:promote` or `button:stay` (a forced
promotion needs no choice).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from spieltisch.core.view import Cell, Counter, LastMove, Piece, View, grid_layout, make_view
from spieltisch.games.schachogi.moves import square_name

if TYPE_CHECKING:
    from spieltisch.games.schachogi.moves import Move
    from spieltisch.games.schachogi.state import SchachogiState

PROMOTE = "button:promote"
STAY = "button:stay"
BUTTONS = {PROMOTE: "Promote", STAY: "Do not promote"}
#: Base piece kinds by code 1..6 (machine name, letter, display name); codes 7..11 are the
#: promoted forms of codes 2..6.
KINDS = (
    ("pfloeck", "P", "Pflöck"),
    ("ischi", "I", "Ischi"),
    ("rock", "R", "Rock"),
    ("slotser", "S", "Slotser"),
    ("wieher", "W", "Wieher"),
    ("brrbrr", "B", "Brrbrr"),
)
PROMOTION = 5
FACING = ("up", "down")
REASON_TEXTS = {
    "PFLOECK_CAPTURED": "the Pflöck was captured",
    "NO_LEGAL_MOVES": "the player to move has no legal move",
    "REPETITION": "the same position occurred again and again",
    "QUIET_PLIES": "too many plies without a capture, a Brrbrr move or a promotion",
}


def _kind(index: int) -> str:
    rank = index // 8
    return "zone0" if rank >= 6 else "zone1" if rank <= 1 else "plain"


#: The squares, a1 to h8 rank by rank.
CELLS = tuple(Cell(square_name(s), s % 8, s // 8, _kind(s), square_name(s)) for s in range(64))


def piece(index: int, code: int) -> Piece:
    """The piece with the signed board `code` on square `index`."""
    owner = 0 if code > 0 else 1
    magnitude = abs(code)
    promoted = magnitude > len(KINDS)
    machine, letter, name = KINDS[(magnitude - PROMOTION if promoted else magnitude) - 1]
    label = letter if owner == 0 else letter.lower()
    return Piece(
        square_name(index),
        owner,
        machine,
        "+" + label if promoted else label,
        "promoted " + name if promoted else name,
        side="back" if promoted else "front",
        promoted=promoted,
        facing=FACING[owner],
    )


def click_paths(moves: list[Move]) -> list[tuple[Move, tuple[str, ...]]]:
    """Each move's path: start and target square, plus the promotion choice where both
    the plain and the promoting move are legal."""
    by_squares: dict[tuple[int, int], list[Move]] = defaultdict(list)
    for move in moves:
        by_squares[(move.src, move.dst)].append(move)
    paths = []
    for move in moves:
        path: tuple[str, ...] = (square_name(move.src), square_name(move.dst))
        if len(by_squares[(move.src, move.dst)]) > 1:
            path = (*path, PROMOTE if move.promote else STAY)
        paths.append((move, path))
    return paths


def state_view(state: SchachogiState) -> View:
    """The view of `state` (see the module docstring)."""
    pieces = [piece(index, code) for index, code in enumerate(state.board) if code]
    counters = [
        Counter(None, "move_number", "move", state.fullmove),
        Counter(
            None,
            "quiet_plies",
            "plies without capture, Brrbrr move or promotion",
            state.quiet_plies,
        ),
        Counter(None, "repetitions", "times this position occurred", state.repetition_count()),
    ]
    history = state.history()
    last_move = None
    if history:
        last = history[-1]
        last_move = LastMove(str(last), (square_name(last.src), square_name(last.dst)))
    return make_view(
        state,
        layout=grid_layout(8, 8),
        cells=CELLS,
        pieces=pieces,
        counters=counters,
        ply=2 * (state.fullmove - 1) + state.turn,
        last_move=last_move,
        reason_texts=REASON_TEXTS,
        paths=click_paths(state.legal_moves()),
        buttons=BUTTONS,
    )
