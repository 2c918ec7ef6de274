"""The Ostseeschach position text, and the checks that refuse positions no game can reach.

Position text: eight ranks from y = 7 down to y = 0, separated by `/`, each the eight
squares x = 0..7 (`.` empty; H M S R red, h m s r blue; a `2` after the letter marks a
tower of two), then the turn counter, the ambers `red:blue`, and the last move (`-` before
the first move). Example start: `R......r/S......h/.../H......s 0 0:0 -`.

`check_reachable` is shared with the XML reader: a position that breaks a rule any game
keeps (ostseeschach.md) is refused with that rule, whichever way it was written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple, NoReturn

from spieltisch.core.errors import NotationError, PositionError
from spieltisch.core.text import check_ascii, read_int
from spieltisch.games.ostseeschach.board import (
    BLUE,
    CELL,
    HEIGHT,
    HERZMUSCHEL,
    KIND_DISPLAY,
    KIND_LETTERS,
    LAST_TURN,
    LINE_AMBER,
    RED,
    TEAM_NAMES,
    code,
    kind_of,
    team_of,
    vectors,
)
from spieltisch.games.ostseeschach.moves import Move, parse_move, square_name

#: Pieces of each kind a team starts with, and pieces a team starts with
#: (ostseeschach.md, "Board and orientation").
START_PER_KIND = 2
START_PIECES = 8
#: The most ambers a team can have (a team has at most 1 before a move that earns at
#: most 2, or the game would have ended; ostseeschach.md, "Turns and the end").
MOST_AMBERS = 3

_FIELD = re.compile(r"\S+")
_LETTERS = KIND_LETTERS + KIND_LETTERS.lower()
_Fail = Callable[[str, str | int], NoReturn]


class Position(NamedTuple):
    """What a position text holds: the arguments of `OstseeschachState` after the game."""

    board: list[int]
    turn: int
    ambers: tuple[int, int]
    last_move: Move | None


def write_position(board: list[int], turn: int, ambers: list[int], last: Move | None) -> str:
    """The one-line position text."""
    rows = "/".join("".join([CELL[v] for v in board[y * 8 : y * 8 + 8]]) for y in range(7, -1, -1))
    return f"{rows} {turn} {ambers[0]}:{ambers[1]} {'-' if last is None else last}"


def read_position(text: str, *, reachable: bool = True) -> Position:
    """Read a position text. `reachable=False` skips `check_reachable` (for positions set
    up by hand to test a rule); the text must still be well-formed."""
    check_ascii(text, "an Ostseeschach position", PositionError)
    found = list(_FIELD.finditer(text))
    if len(found) != 4:
        raise PositionError(
            "an Ostseeschach position has 4 fields: ranks, turn, ambers red:blue, last move",
            text,
        )
    (ranks_text, turn_text, ambers_text, last_text) = (m.group() for m in found)
    at: dict[str | int, int] = {
        "turn": found[1].start(),
        "ambers": found[2].start(),
        "last": found[3].start(),
    }
    board = _read_ranks(ranks_text, text, found[0].start(), at)
    turn = read_int(
        turn_text, "the turn", low=0, error=PositionError, text=text, position=at["turn"]
    )
    red, sep, blue = ambers_text.partition(":")
    if not sep:
        raise PositionError(
            f"ambers {ambers_text!r} must look like 1:0 (red:blue)", text, at["ambers"]
        )
    ambers = (
        read_int(red, "red's ambers", low=0, error=PositionError, text=text, position=at["ambers"]),
        read_int(
            blue,
            "blue's ambers",
            low=0,
            error=PositionError,
            text=text,
            position=at["ambers"] + len(red) + 1,
        ),
    )
    last = None
    if last_text != "-":
        try:
            last = parse_move(last_text)
        except NotationError as exc:
            raise PositionError(f"the last move is not a move ({exc})", text, at["last"]) from None
    if reachable:
        check_reachable(board, turn, ambers, last, text=text, at=at)
    return Position(board, turn, ambers, last)


def _read_ranks(ranks_text: str, text: str, offset: int, at: dict[str | int, int]) -> list[int]:
    """The 64 square codes of the ranks field; `at` gets each piece's character offset."""
    ranks = ranks_text.split("/")
    if len(ranks) != 8:
        raise PositionError(f"expected 8 ranks separated by '/', found {len(ranks)}", text)
    board = [0] * 64
    for rank_index, rank in enumerate(ranks):
        y = 7 - rank_index
        x = 0
        i = 0
        while i < len(rank):
            char = rank[i]
            where = offset + i
            if x >= 8:
                raise PositionError(f"rank {y + 1} has more than 8 squares", text, where)
            if char == ".":
                x += 1
                i += 1
                continue
            if char not in _LETTERS:
                raise PositionError(
                    f"unknown piece letter {char!r} (use H M S R, lower case for blue, . empty)",
                    text,
                    where,
                )
            height = 1
            if i + 1 < len(rank) and rank[i + 1] in "0123456789":
                if rank[i + 1] != "2":
                    raise PositionError(
                        f"tower height {rank[i + 1]}: only towers of 2 stand on a board",
                        text,
                        where + 1,
                    )
                height = 2
                i += 1
            team = RED if char in KIND_LETTERS else BLUE
            board[y * 8 + x] = code(_LETTERS.index(char) % 4, team, height)
            at[y * 8 + x] = where
            x += 1
            i += 1
        if x != 8:
            raise PositionError(f"rank {y + 1} has {x} squares, not 8", text, offset)
        offset += len(rank) + 1
    return board


def most_ambers(team: int, turn: int) -> int:
    """The most ambers `team` can hold at `turn`: 2 per own move made so far, 1 for blue
    after red's move (blue had fewer than 2 when the round before ended), never above
    `MOST_AMBERS`."""
    moves = (turn + 1) // 2 if team == RED else turn // 2
    bound = min(MOST_AMBERS, 2 * moves)
    if team == BLUE and turn % 2 == 1:
        bound = min(bound, 1)
    return bound


def check_reachable(
    board: list[int],
    turn: int,
    ambers: tuple[int, int],
    last: Move | None,
    *,
    text: str | None = None,
    at: dict[str | int, int] | None = None,
) -> None:
    """Raise `PositionError` naming the broken rule if no game can reach this position.

    Only what is sure and cheap: the turn past the end, more pieces (or more of a kind)
    than a team has, a Herzmuschel tower on its own start column, more ambers than the
    turn allows, a last move that does not fit the board, and at turn 0 a board that is
    not a start. `text` and `at` (character
    offsets of the fields `turn`, `ambers`, `last` and of each square's piece) locate the
    fault in a position text.
    """
    where = at or {}

    def fail(message: str, field: str | int) -> NoReturn:
        raise PositionError(f"impossible position: {message}", text, where.get(field))

    if turn > LAST_TURN:
        fail(
            f"turn {turn} is past the end: the game is over at turn {LAST_TURN} "
            "(30 rounds; ostseeschach.md, Turns and the end)",
            "turn",
        )
    _check_pieces(board, fail)
    for team in (RED, BLUE):
        bound = most_ambers(team, turn)
        if ambers[team] > bound:
            fail(
                f"{TEAM_NAMES[team]} has {ambers[team]} ambers at turn {turn}, at most "
                f"{bound} are possible (a move earns at most 2, and the game ends after "
                "blue's move once a team has 2; ostseeschach.md, Towers and ambers)",
                "ambers",
            )
    if last is not None:
        _check_last_move(board, turn, ambers, last, fail)
    if turn == 0:
        _check_start(board, fail)


def _check_pieces(board: list[int], fail: _Fail) -> None:
    """At most 8 pieces a team, 2 of a kind; every tower holds one piece of each team
    (only a single piece taking a single piece makes a tower that stays on the board)."""
    towers = 0
    singles = [0, 0]
    per_kind = [[0, 0, 0, 0], [0, 0, 0, 0]]
    for square, v in enumerate(board):
        if not v:
            continue
        team = team_of(v)
        kind = kind_of(v)
        tall = HEIGHT[v] == 2
        towers += tall
        singles[team] += not tall
        per_kind[team][kind] += 1
        name = TEAM_NAMES[team]
        if per_kind[team][kind] > START_PER_KIND:
            fail(
                f"{name} has more than {START_PER_KIND} {KIND_DISPLAY[kind]} on top of "
                f"its stacks ({square_name(square)} is one more); a team has "
                f"{START_PER_KIND} of each kind (ostseeschach.md, Board and orientation)",
                square,
            )
        if tall and kind == HERZMUSCHEL and square % 8 == (0 if team == RED else 7):
            fail(
                f"the {name} Herzmuschel tower on {square_name(square)} stands on its "
                "own start column, but a Herzmuschel only moves forward, and a tower is "
                "made by a move (ostseeschach.md, Moves)",
                square,
            )
    for team in (RED, BLUE):
        if singles[team] + towers > START_PIECES:
            fail(
                f"{TEAM_NAMES[team]} has {singles[team] + towers} pieces on the board (each "
                f"tower holds one piece of each team); a team has {START_PIECES} "
                "(ostseeschach.md, Towers and ambers)",
                "pieces",
            )


def _check_start(board: list[int], fail: _Fail) -> None:
    """At turn 0 the board is a start: red's 8 single pieces on its column x = 0 (two of
    each kind), blue's copy turned by 180° on x = 7, nothing else
    (ostseeschach.md, Board and orientation)."""
    for square, v in enumerate(board):
        x, y = square % 8, square // 8
        if x == 0:
            expected = board[(7 - y) * 8 + 7]
            fits = v > 0 and HEIGHT[v] == 1 and expected == code(kind_of(v), BLUE)
            if not fits:
                fail(
                    f"at turn 0 (before any move) {square_name(square)} holds a single red "
                    f"piece and {square_name((7 - y) * 8 + 7)} blue's piece of the same kind "
                    "(ostseeschach.md, Board and orientation)",
                    square,
                )
        elif x != 7 and v:
            fail(
                f"at turn 0 (before any move) only the start columns hold pieces, not "
                f"{square_name(square)} (ostseeschach.md, Board and orientation)",
                square,
            )


def _check_last_move(
    board: list[int], turn: int, ambers: tuple[int, int], last: Move, fail: _Fail
) -> None:
    """The last move was made by the team not to move, from a square now empty, with a
    step of one of its pieces; its target holds that piece, or is empty after an amber."""
    if turn == 0:
        fail(f"a last move {last} at turn 0, before any move", "last")
    if last.src < 0 or last.dst < 0:
        fail(f"the last move {last} leaves the board, which no legal move does", "last")
    mover = (turn - 1) & 1
    name = TEAM_NAMES[mover]
    delta = last.delta
    if not any(delta in vectors(kind, mover) for kind in range(4)):
        fail(f"the last move {last} is the move of no {name} piece (turn {turn})", "last")
    start, end = square_name(last.src), square_name(last.dst)
    if board[last.src]:
        fail(f"the last move {last} left {start} empty, and nothing has moved since", "last")
    v = board[last.dst]
    if not v:
        if not ambers[mover]:
            fail(
                f"the last move {last} left {end} empty, which only an amber does, "
                f"but {name} has none",
                "last",
            )
        return
    if team_of(v) != mover:
        fail(
            f"the last move {last} was {name}'s (at turn {turn} {TEAM_NAMES[1 - mover]} "
            f"is to move), but {end} holds a {TEAM_NAMES[1 - mover]} piece",
            "last",
        )
    kind = kind_of(v)
    if delta not in vectors(kind, mover):
        fail(
            f"the {name} {KIND_DISPLAY[kind]} on {end} cannot have made the last move {last}",
            "last",
        )
    if LINE_AMBER[v][last.dst]:
        fail(
            f"the {name} {KIND_DISPLAY[kind]} that made the last move {last} would have "
            "earned an amber on the opponent's start column and left the board",
            "last",
        )
