"""Schachogi positions from fast self-play of the native engine, with the search's score
and the game's result: the training data of the NNUE evaluation (`learn/nnue_train.py`,
docs/native.md, "The NNUE evaluation").

Each game starts from the initial position with OPENING random plies (a number drawn
from 2..`opening`, so the games differ), then the native search plays both sides at a fixed
depth with the classic evaluation; with probability `noise` a move is a random legal one
instead (more varied positions; the game's result is still the result of the game as
played). Every position after the random opening where the game goes on is written,
with the depth-limited search's score for the side to move. Needs the native extension
only (no PyTorch).

The format: one position a line, three fields separated by tabs,

    <position text>\t<score>\t<result>

the position text as `Game.parse` reads it, the search's score in hundredths of a Brrbrr
for the side to move (mate scores are left out: the line is not written), the game's
result for White: 1 a White win, 0.5 a draw, 0 a Black win.

    python -m spieltisch.learn.nnue_data OUT --games N [--depth 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

#: Scores beyond this are proven wins or losses (the search's mate range), not evaluations.
MATE_BOUND = 20000
#: A game still going after this many plies is left out (no result to learn from).
MAX_PLIES = 400


def _engine() -> Any:
    from spieltisch import native

    module, _config = native._engine("schachogi")
    return module


def play_game(
    module: Any, rng: random.Random, depth: int, opening: int, noise: float
) -> Iterator[tuple[str, int, float]]:
    """The positions of one self-play game: (text, score for the side to move, result for
    White), all yielded once the game is over; nothing if it ran past `MAX_PLIES`."""
    text = "rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1"
    for _ in range(rng.randint(2, max(2, opening))):
        moves = module.legal_moves(text)
        if not moves:
            return
        text = module.play(text, rng.choice(moves))
    start, history = text, []
    seen: dict[str, int] = {}
    rows: list[tuple[str, int, int]] = []
    for _ in range(MAX_PLIES):
        key = " ".join(text.split()[:2])
        seen[key] = seen.get(key, 0) + 1
        outcome = module.outcome(text)
        if outcome is not None or seen[key] >= 3:
            winner = outcome[0] if outcome is not None else -1
            result = 0.5 if winner == -1 else 1.0 - winner
            for row_text, score, _side in rows:
                yield row_text, score, result
            return
        best, score, *_ = module.search(
            start, 0.0, depth, 1, 16, False, None, None, "", moves=history
        )
        side = 0 if text.split()[1] == "w" else 1
        if abs(score) < MATE_BOUND:
            rows.append((text, score, side))
        move = best
        if rng.random() < noise:
            move = rng.choice(module.legal_moves(text))
        history.append(move)
        text = module.play(text, move)


def generate(out: TextIO, games: int, depth: int, seed: int, opening: int, noise: float) -> int:
    """Writes the positions of `games` self-play games to `out`; the number of lines."""
    module = _engine()
    rng = random.Random(seed)
    lines = 0
    for _ in range(games):
        for text, score, result in play_game(module, rng, depth, opening, noise):
            out.write(f"{text}\t{score}\t{result:g}\n")
            lines += 1
        out.flush()
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the file to append the positions to")
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opening", type=int, default=10, help="at most this many random plies")
    parser.add_argument("--noise", type=float, default=0.05, help="share of random moves")
    args = parser.parse_args(argv)
    with args.out.open("a", encoding="utf-8") as out:
        lines = generate(out, args.games, args.depth, args.seed, args.opening, args.noise)
    print(f"{lines} positions from {args.games} games", file=sys.stderr)


if __name__ == "__main__":
    main()
