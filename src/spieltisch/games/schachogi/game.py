"""Schachogi (Dietmayer-Kräutler and Staberhofer, 2003): chess board, shogi promotions.

Position text (schachogi.md, "Notation"): ranks 8 to 1 separated by `/`, digits for empty
squares, upper case White, lower case Black, `+` before a promoted piece, then the side to
move (`w`/`b`), the ply counter of the 100-ply rule and the move number, e.g. the start
`rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1`. Only when the position has occurred
before in the game is a fifth field `rN` added (N = how often, this time included), so that
a text read back knows how close the repetition draw is.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from spieltisch.core.errors import OptionError, PositionError
from spieltisch.core.game import Game
from spieltisch.core.options import GameOptions
from spieltisch.games.schachogi.board import (
    BLACK,
    LETTERS,
    PFLOECK,
    PROMOTION,
    WHITE,
    must_promote,
    signed,
    square_name,
)
from spieltisch.games.schachogi.state import SchachogiState

START = "rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1"

#: Irreversible plies (they reset the 100-ply counter) any game can hold: at most 63
#: captures, 64 Brrbrrs with 7 steps each, 64 promotions.
_MAX_RESETS = 63 + 64 * 7 + 64
#: Stand-in for "no finite bound" when both draw rules are off.
UNBOUNDED = sys.maxsize


@dataclass(frozen=True)
class SchachogiOptions(GameOptions):
    """The draw rules (schachogi.md, "End of the game"); 0 switches a rule off.

    `repetitions`: the game is drawn when a position (with the same side to move) occurs
    for this many times. `quiet_plies`: drawn after this many plies in a row without a
    capture, a Brrbrr move or a promotion.
    """

    repetitions: int = 3
    quiet_plies: int = 100

    def __post_init__(self) -> None:
        if self.repetitions != 0 and not 2 <= self.repetitions <= 100:
            raise OptionError(f"option repetitions: {self.repetitions} is not 0 (off) or 2..100")
        if self.quiet_plies != 0 and not 1 <= self.quiet_plies <= 10_000:
            raise OptionError(f"option quiet_plies: {self.quiet_plies} is not 0 (off) or 1..10000")


class Schachogi(Game[SchachogiState, SchachogiOptions]):
    name = "schachogi"
    title = "Schachogi"
    player_names = ("White", "Black")
    score_names = ()
    score_labels = ()
    options_type = SchachogiOptions

    def new_state(self, seed: int | None = None) -> SchachogiState:
        """The start position (fixed; the seed is ignored)."""
        return self.parse(START)

    def parse(self, text: str) -> SchachogiState:
        """Read the position text; errors name the character where the problem is."""
        return _parse_text(self, text)

    @property
    def num_actions(self) -> int:
        return 2 * 64 * 64

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (24, 8, 8)

    @property
    def max_game_length(self) -> int:
        """A true upper bound on a game's plies. Between two irreversible plies at most
        `quiet_plies` plies pass; with only the repetition rule each position can occur
        `repetitions - 1` times (at most 2 * 23**64 positions). With both rules off a game
        can go on for ever: `UNBOUNDED` (sys.maxsize) stands for "no finite bound"."""
        options = self.options
        if options.quiet_plies:
            return (_MAX_RESETS + 1) * options.quiet_plies
        if options.repetitions:
            return (_MAX_RESETS + 1) * (options.repetitions - 1) * 2 * 23**64
        return UNBOUNDED


def _parse_text(game: Schachogi, text: str) -> SchachogiState:
    fields = text.split()
    if not 4 <= len(fields) <= 5:
        raise PositionError(
            "a Schachogi position has 4 fields: ranks, side to move (w/b), the 100-ply "
            "counter and the move number (and rN for a repeated position)",
            text,
        )
    starts = []
    at = 0
    for field in fields:
        at = text.index(field, at)
        starts.append(at)
        at += len(field)
    board = _parse_ranks(fields[0], text, starts[0])
    side_text = fields[1]
    if side_text not in ("w", "b"):
        raise PositionError(f"the side to move is 'w' or 'b', not {side_text!r}", text, starts[1])
    turn = WHITE if side_text == "w" else BLACK
    quiet = _number(fields[2], "the 100-ply counter", 0, text, starts[2])
    fullmove = _number(fields[3], "the move number", 1, text, starts[3])
    seen = 1
    if len(fields) == 5:
        field = fields[4]
        if not (field[:1] == "r" and _is_count(field[1:]) and int(field[1:]) >= 2):
            raise PositionError(
                f"the fifth field is rN with N ≥ 2 (how often the position occurred), "
                f"not {field!r}",
                text,
                starts[4],
            )
        seen = int(field[1:])
        limit = game.options.repetitions
        if limit and seen > limit:
            raise PositionError(
                f"a position cannot occur {seen} times: the game is drawn when it occurs "
                f"{limit} times",
                text,
                starts[4],
            )
    _check_pfloecks(board, turn, text)
    return SchachogiState(game, board, turn, quiet, fullmove, seen - 1)


def _is_count(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _number(field: str, what: str, least: int, text: str, where: int) -> int:
    if not _is_count(field) or int(field) < least:
        raise PositionError(f"{what} must be a whole number ≥ {least}, not {field!r}", text, where)
    return int(field)


def _parse_ranks(ranks_text: str, text: str, offset: int) -> list[int]:
    ranks = ranks_text.split("/")
    if len(ranks) != 8:
        raise PositionError(f"expected 8 ranks separated by '/', found {len(ranks)}", text, offset)
    board = [0] * 64
    where = offset
    for index, rank_text in enumerate(ranks):
        rank = 7 - index
        file = 0
        i = 0
        while i < len(rank_text):
            char = rank_text[i]
            at = where + i
            if char.isdigit():
                if i and rank_text[i - 1].isdigit():
                    raise PositionError("two digits in a row: write their sum", text, at)
                if not "1" <= char <= "8":
                    raise PositionError(f"{char!r} is no count of empty squares (1-8)", text, at)
                file += int(char)
                i += 1
                if file > 8:
                    raise PositionError(f"rank {rank + 1} has more than 8 squares", text, at)
                continue
            promoted = char == "+"
            if promoted:
                i += 1
                if i >= len(rank_text):
                    raise PositionError("a '+' must stand before a piece letter", text, at)
                char = rank_text[i]
            upper = char.upper()
            if upper not in LETTERS or not char.isalpha():
                raise PositionError(
                    f"unknown piece letter {char!r} (use P I R S W B, lower case for Black, "
                    "+ before a promoted piece, digits for empty squares)",
                    text,
                    where + i,
                )
            kind = LETTERS.index(upper) + 1
            if file >= 8:
                raise PositionError(f"rank {rank + 1} has more than 8 squares", text, at)
            side = WHITE if char.isupper() else BLACK
            square = rank * 8 + file
            if promoted:
                if kind == PFLOECK:
                    raise PositionError("the Pflöck never promotes: '+P' is no piece", text, at)
                kind += PROMOTION
            elif must_promote(kind, square, side):
                raise PositionError(
                    f"an unpromoted {'Brrbrr' if upper == 'B' else 'Wieher'} on "
                    f"{square_name(square)} could never move; it must be promoted there",
                    text,
                    at,
                )
            board[square] = signed(kind, side)
            file += 1
            i += 1
        if file != 8:
            raise PositionError(
                f"rank {rank + 1} has {file} squares, not 8", text, where + len(rank_text)
            )
        where += len(rank_text) + 1
    return board


def _check_pfloecks(board: list[int], turn: int, text: str) -> None:
    """One Pflöck a side; only the side to move may lack it (its Pflöck was just taken)."""
    if PFLOECK not in board and -PFLOECK not in board:
        raise PositionError("neither side has a Pflöck", text)
    for side, name in ((WHITE, "White"), (BLACK, "Black")):
        code = signed(PFLOECK, side)
        count = board.count(code)
        if count > 1:
            second = [s for s, v in enumerate(board) if v == code][1]
            raise PositionError(
                f"{name} has {count} Pflöcks (a second one on {square_name(second)}); "
                "each side has one",
                text,
                _char_of(text, second),
            )
        if count == 0 and side != turn:
            raise PositionError(
                f"{name} has no Pflöck but is not to move: the game ended when it was taken",
                text,
            )


def _char_of(text: str, square: int) -> int:
    """The character offset of `square`'s piece in the ranks field of `text`."""
    target_rank, target_file = 7 - square // 8, square % 8
    rank = file = 0
    for i, char in enumerate(text):
        if char == "/":
            rank += 1
            file = 0
        elif char.isdigit():
            file += int(char)
        elif char.isalpha():
            if rank == target_rank and file == target_file:
                return i
            file += 1
        elif char == " ":
            break
    return 0
