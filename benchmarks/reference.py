"""The reference every speed benchmark is measured against: python-chess, in the same run."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import chess

import spieltisch
from spieltisch.core import State, perft


@dataclass(frozen=True)
class Rate:
    """`count` things in `seconds`."""

    count: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.count / self.seconds if self.seconds > 0 else 0.0


def chess_perft(board: chess.Board, depth: int) -> int:
    """python-chess perft, playing and undoing every leaf (no bulk counting)."""
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def chess_perft_rate(depth: int = 4) -> Rate:
    """Perft from the chess start position: leaves per second."""
    board = chess.Board()
    start = time.perf_counter()
    count = chess_perft(board, depth)
    return Rate(count, time.perf_counter() - start)


def chess_search_rate(seconds: float = 1.0, depth: int = 4) -> Rate:
    """A plain alpha-beta over python-chess (material only, no quiescence) from the chess
    start, to `depth` or until `seconds` have passed: positions per second, the yardstick
    of a search written in Python on python-chess's move generation."""
    values = {
        chess.PAWN: 100,
        chess.KNIGHT: 300,
        chess.BISHOP: 300,
        chess.ROOK: 500,
        chess.QUEEN: 900,
    }
    board = chess.Board()
    nodes = 0
    deadline = time.perf_counter() + seconds

    def material() -> int:
        total = 0
        for piece, value in values.items():
            total += value * (
                len(board.pieces(piece, board.turn)) - len(board.pieces(piece, not board.turn))
            )
        return total

    def negamax(left: int, alpha: int, beta: int) -> int:
        nonlocal nodes
        nodes += 1
        if left == 0 or time.perf_counter() > deadline:
            return material()
        best = -100_000
        for move in board.legal_moves:
            board.push(move)
            value = -negamax(left - 1, -beta, -alpha)
            board.pop()
            if value > best:
                best = value
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        return best

    start = time.perf_counter()
    negamax(depth, -100_000, 100_000)
    return Rate(nodes, time.perf_counter() - start)


def chess_random_games_rate(games: int = 20, seed: int = 1) -> Rate:
    """Random chess games to their end: moves per second."""
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            moves += 1
    return Rate(moves, time.perf_counter() - start)


def perft_rate(positions: Sequence[tuple[State[Any], int]]) -> Rate:
    """spieltisch perft over (state, depth) pairs: leaves per second."""
    start = time.perf_counter()
    count = sum(perft(state, depth) for state, depth in positions)
    return Rate(count, time.perf_counter() - start)


def random_games_rate(name: str, games: int, seed: int = 1, seeded_start: bool = True) -> Rate:
    """Random full games of a spieltisch game: moves (chance events included) per second.

    Every ply asks `is_over`, the legal moves (or draws a chance outcome) and pushes one,
    as python-chess's random games ask `is_game_over()` at every ply.
    """
    game = spieltisch.load(name)
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for index in range(games):
        state = game.new_state(index if seeded_start else None)
        while not state.is_over():
            state.push(state.random_move(rng))
            moves += 1
    return Rate(moves, time.perf_counter() - start)


@dataclass(frozen=True)
class Row:
    """One line of a comparison: what is measured, our rate, python-chess's, a target."""

    key: str
    label: str
    ours: Rate
    chess: Rate
    target: float | None = None

    @property
    def ratio(self) -> float:
        return self.ours.per_second / self.chess.per_second


def report(name: str, rows: Sequence[Row]) -> dict[str, float]:
    """Print the rows as a table of rates and ratios; return the ratios by key."""
    print(f"{'measure':34} {name:>14} {'python-chess':>14} {'ratio':>7} target")
    for row in rows:
        target = f">= {row.target}" if row.target is not None else ""
        print(
            f"{row.label:34} {row.ours.per_second:14,.0f} "
            f"{row.chess.per_second:14,.0f} {row.ratio:7.2f} {target}"
        )
    return {row.key: row.ratio for row in rows}
