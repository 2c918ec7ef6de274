"""The review of a whole game from the engine's evaluation of each of its positions:
each move's loss in winning chances, its judgement, its accuracy, and each player's.

Every evaluation is an expected result from player 0's side in [-1, 1]
(`spieltisch.ai.questions.analyse`). A move's loss is how much of the mover's expected
result it gave away: the value of the position before it (where the mover had the best
move) less the value after it, both from the mover's side. As lichess does, the
judgement rests on that loss alone: 0.1 an inaccuracy, 0.2 a mistake, 0.3 a blunder
(in expected results, that is 5, 10 and 15 points of winning chance); the accuracy of a
move falls off exponentially with the winning chance lost (lichess's published curve),
and a player's accuracy is the mean of a volatility-weighted and a harmonic mean of their
moves' accuracies, so that a single blunder weighs as it does to a human eye.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["JUDGEMENTS", "MoveReview", "Review", "judgement", "move_accuracy", "review"]

#: The judgements, from the least to the worst, with the loss each starts at.
JUDGEMENTS: tuple[tuple[str, float], ...] = (
    ("inaccuracy", 0.1),
    ("mistake", 0.2),
    ("blunder", 0.3),
)


def judgement(loss: float) -> str | None:
    """The judgement of a move that lost `loss` of the mover's expected result."""
    found = None
    for name, threshold in JUDGEMENTS:
        if loss >= threshold - 1e-9:
            found = name
    return found


def win_percent(expected: float) -> float:
    """An expected result in [-1, 1] as a winning chance in percent."""
    return 50.0 + 50.0 * max(-1.0, min(1.0, expected))


def move_accuracy(before: float, after: float) -> float:
    """The accuracy (0..100) of a move that took the mover's winning chance from
    `before` to `after` percent."""
    lost = max(0.0, before - after)
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * lost) - 3.1669))


@dataclass(frozen=True)
class MoveReview:
    """One move: its ply (1 = the first move), its mover, the loss, the judgement (None
    for a good move), its accuracy and the engine's best move there when it differs."""

    ply: int
    player: int
    notation: str
    loss: float
    judgement: str | None
    accuracy: float
    best: str | None

    def to_json(self) -> dict[str, object]:
        return {
            "ply": self.ply,
            "player": self.player,
            "notation": self.notation,
            "loss": round(self.loss, 4),
            "judgement": self.judgement,
            "accuracy": round(self.accuracy, 1),
            "best": self.best,
        }


@dataclass(frozen=True)
class Review:
    """The moves reviewed and each player's accuracy (None without a move of theirs)
    and judgement counts."""

    moves: tuple[MoveReview, ...]
    accuracy: tuple[float | None, float | None]
    counts: tuple[dict[str, int], dict[str, int]]

    def to_json(self) -> dict[str, object]:
        return {
            "moves": [move.to_json() for move in self.moves],
            "players": [
                {
                    "accuracy": None
                    if self.accuracy[p] is None
                    else round(self.accuracy[p] or 0.0, 1),
                    **self.counts[p],
                }
                for p in (0, 1)
            ],
        }


def _player_accuracy(accuracies: Sequence[float], weights: Sequence[float]) -> float | None:
    if not accuracies:
        return None
    weighted = sum(a * w for a, w in zip(accuracies, weights, strict=True)) / sum(weights)
    harmonic = len(accuracies) / sum(1.0 / max(a, 1e-3) for a in accuracies)
    return (weighted + harmonic) / 2.0


def review(
    expected: Sequence[float | None],
    movers: Sequence[int | None],
    notations: Sequence[str],
    best: Sequence[str | None] = (),
) -> Review:
    """The review of a game of `len(notations)` moves: `expected[i]` the evaluation of
    the position after `i` moves from player 0's side (None where there is none: it is
    taken from the position before), `movers[i]` who made move `i + 1` (None for a die
    roll: not judged), `best[i]` the engine's best move in the position before it."""
    if len(expected) != len(notations) + 1 or len(movers) != len(notations):
        raise ValueError("a review needs one evaluation per position and one mover per move")
    values: list[float] = []
    last = 0.0
    for value in expected:
        last = last if value is None else float(value)
        values.append(last)
    wins = [win_percent(v) for v in values]
    window = max(2, min(8, len(values) // 10))
    volatility = []
    for i in range(len(values)):
        span = wins[max(0, i - window + 1) : i + 1] if i >= window - 1 else wins[:window]
        spread = statistics.pstdev(span) if len(span) > 1 else 0.0
        volatility.append(max(0.5, min(12.0, spread)))
    moves: list[MoveReview] = []
    per: tuple[list[float], list[float]] = ([], [])
    weights: tuple[list[float], list[float]] = ([], [])
    counts: tuple[dict[str, int], dict[str, int]] = (
        {name: 0 for name, _ in JUDGEMENTS},
        {name: 0 for name, _ in JUDGEMENTS},
    )
    for i, notation in enumerate(notations):
        player = movers[i]
        if player is None:
            continue
        sign = 1.0 if player == 0 else -1.0
        before, after = sign * values[i], sign * values[i + 1]
        loss = max(0.0, before - after)
        verdict = judgement(loss)
        accuracy = move_accuracy(win_percent(before), win_percent(after))
        suggestion = best[i] if i < len(best) else None
        if suggestion == notation:
            suggestion = None
        moves.append(MoveReview(i + 1, player, notation, loss, verdict, accuracy, suggestion))
        per[player].append(accuracy)
        weights[player].append(volatility[i])
        if verdict is not None:
            counts[player][verdict] += 1
    return Review(
        tuple(moves),
        (_player_accuracy(per[0], weights[0]), _player_accuracy(per[1], weights[1])),
        counts,
    )
