"""A deliberately simple second Ostseeschach engine, for cross-checking perft.

Written straight from ostseeschach.md with no code shared with the fast engine: the board
is a dict {(x, y): (letter, team, height)}, moves are tuples, and every move copies the
whole position. Slow and obvious on purpose.
"""

from __future__ import annotations

from dataclasses import dataclass

Piece = tuple[str, int, int]  # letter H/M/S/R, team 0 red / 1 blue, height
SimpleMove = tuple[int, int, int, int]

RED_STEPS = {
    "H": [(1, 1), (1, -1)],
    "M": [(1, 0), (-1, 0), (0, 1), (0, -1)],
    "S": [(1, 1), (1, -1), (-1, 1), (-1, -1), (1, 0)],
    "R": [(1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)],
}


@dataclass(frozen=True)
class SimplePosition:
    board: dict[tuple[int, int], Piece]
    turn: int
    ambers: tuple[int, int]

    def team(self) -> int:
        return self.turn % 2

    def ended_by_rule(self) -> bool:
        return self.turn % 2 == 0 and (self.turn >= 60 or max(self.ambers) >= 2)

    def moves(self) -> list[SimpleMove]:
        if self.ended_by_rule():
            return []
        found = []
        for (x, y), (letter, team, _height) in self.board.items():
            if team != self.team():
                continue
            for dx, dy in RED_STEPS[letter]:
                if team == 1:
                    dx = -dx
                tx, ty = x + dx, y + dy
                if not (0 <= tx <= 7 and 0 <= ty <= 7):
                    continue
                target = self.board.get((tx, ty))
                if target is not None and target[1] == team:
                    continue
                found.append((x, y, tx, ty))
        return found

    def after(self, move: SimpleMove) -> SimplePosition:
        x, y, tx, ty = move
        board = dict(self.board)
        letter, team, height = board.pop((x, y))
        target = board.get((tx, ty))
        new_height = height + (target[2] if target else 0)
        gained = 0
        if new_height >= 3:
            gained += 1
        opponent_line = 7 if team == 0 else 0
        if letter != "R" and tx == opponent_line:
            gained += 1
        if gained:
            board.pop((tx, ty), None)
        else:
            board[(tx, ty)] = (letter, team, new_height)
        ambers = list(self.ambers)
        ambers[team] += gained
        return SimplePosition(board, self.turn + 1, (ambers[0], ambers[1]))


def perft(position: SimplePosition, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(position.after(m), depth - 1) for m in position.moves())


def from_text(text: str) -> SimplePosition:
    """Read the project's position text independently of the fast engine's parser."""
    ranks, turn, ambers, _last = text.split()
    board: dict[tuple[int, int], Piece] = {}
    for row, rank in enumerate(ranks.split("/")):
        y = 7 - row
        x = 0
        i = 0
        while i < len(rank):
            char = rank[i]
            if char == ".":
                x += 1
                i += 1
                continue
            height = 1
            if i + 1 < len(rank) and rank[i + 1] == "2":
                height = 2
                i += 1
            board[(x, y)] = (char.upper(), 0 if char.isupper() else 1, height)
            x += 1
            i += 1
    red, blue = ambers.split(":")
    return SimplePosition(board, int(turn), (int(red), int(blue)))
