"""Positions from fast self-play of a game's native engine (default options), with the
search's score and the game's result: the training data of a learned evaluation
(`learn/nnue_train.py`; Schachogi's NNUE, docs/native.md, "The NNUE evaluation"). Games
with chance events during play are not for it (the engine's search is then expectimax).

Each game starts from `new_state(seed)` with OPENING random plies (a number drawn
from 2..`opening`, so the games differ), then the native search plays both sides at a fixed
depth with the classic evaluation; with probability `noise` a move is a random legal one
instead (more varied positions; the game's result is still the result of the game as
played). Every position after the random opening where the game goes on is written,
with the depth-limited search's score for the side to move; the repetition rule sees the
game's moves. Needs the native extension only (no PyTorch).

The format: one position a line, three fields separated by tabs,

    <position text>\t<score>\t<result>

the position text as `Game.parse` reads it, the search's score in the engine's units for
the side to move (proven wins and losses are left out: the line is not written), the
game's result for the first player: 1 a win, 0.5 a draw, 0 a loss.

    python -m spieltisch.learn.nnue_data GAME OUT --games N [--depth 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from spieltisch import native
from spieltisch.core.game import Game
from spieltisch.core.registry import load

#: Scores beyond this are proven wins or losses (the search's mate range), not evaluations.
MATE_BOUND = 20000
#: A game still going after this many plies is left out (no result to learn from).
MAX_PLIES = 400


def play_game(
    game: Game[Any, Any], rng: random.Random, depth: int, opening: int, noise: float
) -> Iterator[tuple[str, int, float]]:
    """The positions of one self-play game: (text, score for the side to move, result for
    the first player), all yielded once the game is over; nothing if it ran past
    `MAX_PLIES`."""
    module, _config = native._engine(game.name)
    text = game.new_state(rng.randrange(2**31)).text()
    for _ in range(rng.randint(2, max(2, opening))):
        moves = module.legal_moves(text)
        if not moves:
            return
        text = module.play(text, rng.choice(moves))
    start, history = text, list[str]()
    seen: dict[int, int] = {}
    rows: list[tuple[str, int]] = []
    for _ in range(MAX_PLIES):
        key = module.hash_key(text)
        seen[key] = seen.get(key, 0) + 1
        outcome = module.outcome(text)
        if outcome is not None or seen[key] >= 3:
            winner = outcome[0] if outcome is not None else -1
            result = 0.5 if winner is None or winner < 0 else 1.0 - winner
            for row_text, score in rows:
                yield row_text, score, result
            return
        best, score, *_ = module.search(
            start, 0.0, depth, 1, 16, False, None, None, "", moves=history
        )
        if abs(score) < MATE_BOUND:
            rows.append((text, score))
        move = best
        if rng.random() < noise:
            move = rng.choice(module.legal_moves(text))
        history.append(move)
        text = module.play(text, move)


def generate(
    name: str, out: TextIO, games: int, depth: int, seed: int, opening: int, noise: float
) -> int:
    """Writes the positions of `games` self-play games of the game `name` to `out`; the
    number of lines."""
    game = load(name)
    rng = random.Random(seed)
    lines = 0
    for _ in range(games):
        for text, score, result in play_game(game, rng, depth, opening, noise):
            out.write(f"{text}\t{score}\t{result:g}\n")
            lines += 1
        out.flush()
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a game with a native engine")
    parser.add_argument("out", type=Path, help="the file to append the positions to")
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opening", type=int, default=10, help="at most this many random plies")
    parser.add_argument("--noise", type=float, default=0.05, help="share of random moves")
    args = parser.parse_args(argv)
    with args.out.open("a", encoding="utf-8") as out:
        lines = generate(
            args.game, out, args.games, args.depth, args.seed, args.opening, args.noise
        )
    print(f"{lines} positions from {args.games} games", file=sys.stderr)


def random_positions(name: str, count: int, seed: int, plies: int = 120) -> list[str]:
    """`count` position texts of the game `name` from random games of its native engine
    (seeded), every position in play up to `plies` each: captures, promotions and lone
    kings included, for checking an engine's learned evaluation against Python's."""
    game = load(name)
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        text = game.new_state(rng.randrange(2**31)).text()
        for _ in range(plies):
            moves = native.legal_moves(name, text)
            if not moves:
                break
            out.append(text)
            text = native.play(name, text, rng.choice(moves))
    return out[:count]


if __name__ == "__main__":
    main()
