"""The reference every speed benchmark is measured against: python-chess, in the same run."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import chess


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
