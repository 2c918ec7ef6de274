"""A deliberately simple second Schachogi move generator, written from schachogi.md alone.

It shares no code with `spieltisch.games.schachogi`: a dict board from (file, rank) to a
piece string (`"R"`, `"+w"`, ...), direction lists per piece, copying make-move. It is slow
and obvious on purpose, so the fast generator can be checked against it.
"""

from __future__ import annotations

from dataclasses import dataclass

Square = tuple[int, int]

KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def gold(forward: int) -> list[tuple[int, int]]:
    return [(1, 0), (-1, 0), (0, 1), (0, -1), (1, forward), (-1, forward)]


def steps_and_slides(
    piece: str, forward: int
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(one-step directions, sliding directions) of a piece string like 'w' or '+R'."""
    name = piece.upper()
    if name in ("P", "I"):
        return KING, []
    if name == "R":
        return [], ROOK
    if name == "S":
        return [], BISHOP
    if name == "W":
        return [(1, 2 * forward), (-1, 2 * forward)], []
    if name == "B":
        return [(0, forward)], []
    if name == "+I":
        return [], KING
    if name == "+R":
        return BISHOP, ROOK
    if name == "+S":
        return ROOK, BISHOP
    if name in ("+W", "+B"):
        return gold(forward), []
    raise ValueError(piece)


def is_white(piece: str) -> bool:
    return piece[-1].isupper()


@dataclass
class Position:
    board: dict[Square, str]
    white: bool
    quiet: int

    def copy(self) -> Position:
        return Position(dict(self.board), self.white, self.quiet)


def parse(text: str) -> Position:
    fields = text.split()
    board: dict[Square, str] = {}
    for row, rank_text in enumerate(fields[0].split("/")):
        rank = 7 - row
        file = 0
        plus = ""
        for char in rank_text:
            if char.isdigit():
                file += int(char)
            elif char == "+":
                plus = "+"
            else:
                board[(file, rank)] = plus + char
                plus = ""
                file += 1
    return Position(board, fields[1] == "w", int(fields[2]))


def name(square: Square) -> str:
    return "abcdefgh"[square[0]] + str(square[1] + 1)


def moves(pos: Position, quiet_limit: int = 100) -> list[str]:
    """The legal moves as text; none when the game is over."""
    mine = "P" if pos.white else "p"
    if mine not in pos.board.values():
        return []
    if quiet_limit and pos.quiet >= quiet_limit:
        return []
    forward = 1 if pos.white else -1
    result: list[str] = []
    for (f, r), piece in pos.board.items():
        if is_white(piece) != pos.white:
            continue
        steps, slides = steps_and_slides(piece, forward)
        targets: list[Square] = []
        for df, dr in steps:
            t = (f + df, r + dr)
            if 0 <= t[0] < 8 and 0 <= t[1] < 8:
                other = pos.board.get(t)
                if other is None or is_white(other) != pos.white:
                    targets.append(t)
        for df, dr in slides:
            t = (f + df, r + dr)
            while 0 <= t[0] < 8 and 0 <= t[1] < 8:
                other = pos.board.get(t)
                if other is None:
                    targets.append(t)
                else:
                    if is_white(other) != pos.white:
                        targets.append(t)
                    break
                t = (t[0] + df, t[1] + dr)
        for t in targets:
            text = name((f, r)) + name(t)
            last_two = t[1] >= 6 if pos.white else t[1] <= 1
            last_one = t[1] == 7 if pos.white else t[1] == 0
            promotable = piece.upper() in ("I", "R", "S", "W", "B")
            if not (promotable and last_two):
                result.append(text)
                continue
            dead = piece.upper() == "W" or (piece.upper() == "B" and last_one)
            if not dead:
                result.append(text)
            result.append(text + "+")
    return result


def make(pos: Position, move: str) -> Position:
    src = ("abcdefgh".index(move[0]), int(move[1]) - 1)
    dst = ("abcdefgh".index(move[2]), int(move[3]) - 1)
    after = pos.copy()
    piece = after.board.pop(src)
    captured = dst in after.board
    promote = move.endswith("+")
    if promote:
        piece = "+" + piece
    reset = captured or promote or piece in ("B", "b")
    after.quiet = 0 if reset else pos.quiet + 1
    after.board[dst] = piece
    after.white = not pos.white
    return after


def perft(pos: Position, depth: int, quiet_limit: int = 100) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in moves(pos, quiet_limit):
        total += perft(make(pos, move), depth - 1, quiet_limit)
    return total
