"""Helpers shared by the Schachogi tests: random positions the position reader accepts."""

from __future__ import annotations

from hypothesis import strategies as st

from spieltisch.core.errors import PositionError
from spieltisch.games.schachogi.board import (
    BLACK,
    BRRBRR,
    ISCHI,
    PFLOECK,
    PROMOTED,
    ROCK,
    SLOTSER,
    WHITE,
    WIEHER,
    must_promote,
    signed,
)
from spieltisch.games.schachogi.options import SchachogiOptions
from spieltisch.games.schachogi.position import Position, check_reachable, write_position

#: Each kind and how many of it a side starts with.
START_COUNTS = ((PFLOECK, 1), (ISCHI, 1), (ROCK, 2), (SLOTSER, 2), (WIEHER, 2), (BRRBRR, 8))
_SQUARE_AT: dict[str | int, int] = {square: square for square in range(64)}


@st.composite
def reachable_positions(draw: st.DrawFn, options: SchachogiOptions | None = None) -> str:
    """Random position texts that pass `position.check_reachable`: both Pflöcks, up to the
    start's count of every other kind, promoted or not; an unpromoted piece the reader
    would refuse (a Wieher off its jumping squares, ...) is promoted instead; counters that
    fit the move number and the draw rules."""
    options = options or SchachogiOptions()
    squares = draw(st.permutations(range(64)))
    board = [0] * 64
    placed = 0
    for side in (WHITE, BLACK):
        for kind, most in START_COUNTS:
            for _ in range(1 if kind == PFLOECK else draw(st.integers(0, most))):
                square = squares[placed]
                placed += 1
                code = signed(kind, side)
                if kind != PFLOECK and (must_promote(kind, square, side) or draw(st.booleans())):
                    code = PROMOTED[code]
                board[square] = code
    turn = draw(st.sampled_from((WHITE, BLACK)))
    limit = options.quiet_plies or 200
    quiet = draw(st.integers(0, limit - 1))
    fullmove = draw(st.integers((quiet + 1) // 2 + 1, quiet // 2 + 200))
    position = Position(board, turn, quiet, fullmove, 0)
    for _ in range(64):  # promote whatever the reader refuses, one piece at a time
        try:
            check_reachable(position, options, 10**9, text="", at=_SQUARE_AT)
        except PositionError as exc:
            assert exc.position is not None, str(exc)
            board[exc.position] = PROMOTED[board[exc.position]]
            continue
        break
    return write_position(board, turn, quiet, fullmove, 1)
