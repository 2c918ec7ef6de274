"""Self-play positions with their game results, for tuning evaluations (Texel's method,
`benchmarks.texel`) and for training a learned one (issue 28).

Each game is the native engine against itself at a fixed depth (fast, and the same game
for the same seed): the first OPENING moves at random (drawn from the game's seed, so the
games differ), then with probability NOISE a random move instead of the search's at
every later ply, chance outcomes drawn from the game's seed; the Python state referees
every move. Every position where a player chooses a move (not the chance ones, not the
end) is written with the search's score for it.

    python -m benchmarks.selfplay_data GAME OUT [--games N] [--depth D] [--opening R]
        [--noise P] [--seed S] [--workers W] [--options OPTIONS] [--eval N]

The output is gzip'd JSON lines (one object a line), one line per position:

    {"game": "schachogi", "options": "", "seed": 17, "ply": 12,
     "text": "<the position text, Game.parse reads it>", "to_move": 0,
     "score": 35, "result": 1, "plies": 97, "reason": "checkmate"}

- `text`: the position in the game's own text (`state.text()`); `to_move`: 0 or 1.
- `score`: the search's value at depth D for the player to move, in the native engine's
  evaluation units (`native.search.WIN` minus the plies for a proven win).
- `result`: the game's result for player 0: 1 win, 0 draw, -1 loss (`State.returns()`);
  for the player to move it is `result` when `to_move` is 0, else `-result`.
- `seed`: the game's seed (`new_state(seed)`, the opening and the chance draws); `ply`:
  the number of moves before the position (chance outcomes included); `plies`: the game's
  length; `reason`: the game's end as the game names it; `options`: the game's options
  text ("" the defaults). Games over MAX_PLIES plies are cut off and not written.

Games are played in WORKERS processes (at most the cores; run it under `nice -n 10` on a
shared machine); the seeds are SEED, SEED + 1, ... so a run is reproducible whatever the
number of workers (the lines of one game stay together, the games in any order).
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import spieltisch
from spieltisch.core.game import Game
from spieltisch.native.search import game_line, search

#: A game longer than this many plies (chance outcomes included) is dropped.
MAX_PLIES = 1000


@dataclass(frozen=True)
class Settings:
    """How the games are played: the game and its options, the search depth, the random
    opening plies, the share of random moves after them and the evaluation variant the
    engine plays with (None: the default; `native.search.search`'s `evaluation`)."""

    game: str
    options: str = ""
    depth: int = 3
    opening: int = 6
    noise: float = 0.0
    evaluation: int | None = None


def play(settings: Settings, seed: int) -> list[dict[str, Any]]:
    """The positions of one self-play game (`seed`), each with the game's result; an
    empty list for a game cut off at MAX_PLIES."""
    game: Game[Any, Any] = spieltisch.load(settings.game, settings.options or None)
    state = game.new_state(seed)
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []
    chosen = 0  # moves chosen by a player so far
    while not state.is_over():
        if len(state.history()) >= MAX_PLIES:
            return []
        if state.is_chance():
            state.play(state.sample_chance(rng))
            continue
        text, played = game_line(state)
        result = search(
            game, text, moves=played, depth=settings.depth, evaluation=settings.evaluation
        )
        rows.append(
            {
                "game": game.name,
                "options": settings.options,
                "seed": seed,
                "ply": len(state.history()),
                "text": state.text(),
                "to_move": state.to_move,
                "score": result.score,
            }
        )
        if chosen < settings.opening or rng.random() < settings.noise or result.best is None:
            move = rng.choice(state.legal_moves())
        else:
            move = state.parse_move(result.best)
        state.play(move)
        chosen += 1
    outcome = state.outcome()
    returns = state.returns()
    result_0 = 1 if returns[0] > returns[1] else -1 if returns[0] < returns[1] else 0
    plies = len(state.history())
    reason = outcome.reason if outcome is not None else ""
    for row in rows:
        row.update(result=result_0, plies=plies, reason=reason)
    return rows


def _play(job: tuple[Settings, int]) -> list[dict[str, Any]]:
    return play(*job)


def generate(
    settings: Settings, games: int, seed: int, workers: int = 1
) -> Iterator[list[dict[str, Any]]]:
    """The rows of each of `games` games (seeds `seed`, `seed + 1`, ...), one list a game,
    in `workers` processes (1: in this one, in seed order)."""
    jobs = [(settings, seed + i) for i in range(games)]
    if workers <= 1:
        yield from map(_play, jobs)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap_unordered(_play, jobs)


def write(path: Path, rows: Iterator[list[dict[str, Any]]]) -> tuple[int, int]:
    """Writes every game's rows to `path` (gzip'd JSON lines); (games, positions) written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    games = positions = 0
    with gzip.open(path, "wt", encoding="utf-8") as out:
        for game_rows in rows:
            if not game_rows:
                continue
            games += 1
            for row in game_rows:
                out.write(json.dumps(row, separators=(",", ":")) + "\n")
                positions += 1
    return games, positions


def read(path: Path) -> Iterator[dict[str, Any]]:
    """The rows of a file `write` wrote."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            yield json.loads(line)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.selfplay_data", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("game", choices=spieltisch.game_names())
    parser.add_argument("out", type=Path, help="the output file (gzip'd JSON lines)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--depth", type=int, default=3, help="the search depth of every move")
    parser.add_argument("--opening", type=int, default=6, help="random moves first")
    parser.add_argument("--noise", type=float, default=0.0, help="share of random moves after")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--options", default="", help="the game's options text")
    parser.add_argument("--eval", type=int, default=None, help="the evaluation variant played")
    args = parser.parse_args(argv)
    settings = Settings(args.game, args.options, args.depth, args.opening, args.noise, args.eval)
    start = time.perf_counter()
    games, positions = write(args.out, generate(settings, args.games, args.seed, args.workers))
    seconds = time.perf_counter() - start
    print(f"{games} games, {positions} positions to {args.out} in {seconds:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
