"""Okard's armies valued by playouts (issue 28): games from random armies, and each kind's
worth fitted to their results. The native engine's evaluations `eval=7` and `eval=8` (the
default) weigh a picked stone at these worths while the armies are picked and placed
(`native/okard/lookup.cpp`, set_army_values; docs/measurements/tuning.md); `match`, two
given armies against each other, measured what such worths miss (variant 8's Generals).

`play`: both sides pick at random until neither can afford another stone (the rules keep
the König affordable until it is picked; a side passes only when nothing is left), then
the native engine places and plays both sides at a fixed depth, the dice drawn from the
game's seed, the Python state refereeing. One JSON line a game, in seed order: each side's
picks by kind (B, SP, SC, RI, L, T, G, K, the default stone list) and red's result (1, 0,
-1). The seeds are SEED, SEED + 1, ...: a run is the same whatever the number of workers.

`fit`: a logistic regression of red's result on the armies' difference by kind (the König
left out: every army holds one), with an intercept (the first move's worth) and a little
L2 on the kinds; each logit over Okard's Texel constant K (evaluation points to logits,
`benchmarks.texel`) is the kind's worth in evaluation points.

`match`: two given armies (picks by code in order, `K,B,B,...`) against each other, the
engine placing and playing both at a fixed depth; pairs of games with the dice the same
and the seats swapped.

    python -m benchmarks.okard_armies play OUT [--games N] [--depth D] [--seed S] [--workers W]
    python -m benchmarks.okard_armies fit DATA [DATA ...] [--ridge R]
    python -m benchmarks.okard_armies match K,G,G,G,G,G,G,B K,B,B,B,B,B,B,B,B,B [--pairs N]
        [--depth D] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import spieltisch
from benchmarks.pairs import result_text
from spieltisch.arena.elo import MatchScore
from spieltisch.games.okard.stones import STANDARD_STONES
from spieltisch.native.search import game_line, search

KINDS = ("B", "SP", "SC", "RI", "L", "T", "G", "K")
#: Okard's Texel constant (evaluation points to logits), fitted by benchmarks.texel to
#: the self-play of the default evaluation (docs/measurements/tuning.md).
TEXEL_K = 0.00126664
#: Games longer than this many plies are cut off and not written.
MAX_PLIES = 3000


def play(
    seed: int, depth: int, armies: tuple[Sequence[str], Sequence[str]] | None = None
) -> dict[str, Any] | None:
    """One game from random armies (`seed`), or with `armies` red's and blue's picks in
    that order (then a pass); None when it is cut off."""
    game = spieltisch.load("okard")
    state = game.new_state(seed)
    rng = random.Random(seed)
    picks = [[0] * len(KINDS), [0] * len(KINDS)]
    queues = [list(army) for army in armies] if armies is not None else None
    while not state.is_over():
        if len(state.history()) > MAX_PLIES:
            return None
        if state.is_chance():
            state.play(state.sample_chance(rng))
            continue
        if state.text().split()[3] == "pick":
            if queues is not None:
                queue = queues[state.to_move]
                move = state.parse_move(f"PI {queue.pop(0)}" if queue else "PI -")
            else:
                stones = [move for move in state.legal_moves() if str(move) != "PI -"]
                move = rng.choice(stones) if stones else state.parse_move("PI -")
            if str(move) != "PI -":
                picks[state.to_move][KINDS.index(str(move).split()[1])] += 1
            state.play(move)
            continue
        text, played = game_line(state)
        best = search(game, text, moves=played, depth=depth).best
        assert best is not None
        state.play(state.parse_move(best))
    returns = state.returns()
    result = 1 if returns[0] > returns[1] else -1 if returns[0] < returns[1] else 0
    return {"seed": seed, "red": picks[0], "blue": picks[1], "result": result}


def _play(job: tuple[int, int]) -> dict[str, Any] | None:
    return play(*job)


def generate(games: int, depth: int, seed: int, workers: int) -> Iterable[dict[str, Any] | None]:
    """The games of seeds `seed` .. `seed + games - 1`, in seed order."""
    jobs = [(seed + i, depth) for i in range(games)]
    if workers <= 1:
        return map(_play, jobs)
    pool = multiprocessing.get_context("spawn").Pool(workers)
    return pool.imap(_play, jobs)


def match(
    first: Sequence[str], second: Sequence[str], pairs: int, depth: int, seed: int
) -> MatchScore:
    """Army `first` against `second`: pairs of games (seeds `seed`, `seed + 1`, ...), each
    pair's dice the same with the seats swapped; wins, draws and losses of `first`."""
    wins = draws = losses = 0
    for k in range(pairs):
        for seat in (0, 1):
            armies = (first, second) if seat == 0 else (second, first)
            row = play(seed + k, depth, armies)
            assert row is not None, f"game {seed + k} cut off"
            result = row["result"] if seat == 0 else -row["result"]
            wins, draws, losses = wins + (result > 0), draws + (result == 0), losses + (result < 0)
    return MatchScore(wins, draws, losses)


def fit(rows: list[dict[str, Any]], ridge: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """The logits (the intercept, then B .. G) and their standard errors, by Newton's
    method on the L2-penalised log-likelihood."""
    kinds = len(KINDS) - 1
    x = np.array([[row["red"][k] - row["blue"][k] for k in range(kinds)] for row in rows], float)
    x = np.hstack([np.ones((len(rows), 1)), x])
    y = np.array([(row["result"] + 1) / 2 for row in rows])
    penalty = ridge * np.diag([0.0] + [1.0] * kinds)
    w = np.zeros(kinds + 1)
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        hessian = (x * (p * (1 - p))[:, None]).T @ x + penalty
        step = np.linalg.solve(hessian, x.T @ (p - y) + penalty @ w)
        w -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return w, np.sqrt(np.diag(np.linalg.inv(hessian)))


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.okard_armies", description=__doc__.split("\n\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    playing = commands.add_parser("play", help="games from random armies")
    playing.add_argument("out", type=Path, help="the output file (JSON lines)")
    playing.add_argument("--games", type=int, default=1000)
    playing.add_argument("--depth", type=int, default=2, help="the search depth of every move")
    playing.add_argument("--seed", type=int, default=100000)
    playing.add_argument("--workers", type=int, default=1)
    matching = commands.add_parser("match", help="two armies against each other")
    matching.add_argument("first", help="picks in order, by code: K,B,B,...")
    matching.add_argument("second")
    matching.add_argument("--pairs", type=int, default=25)
    matching.add_argument("--depth", type=int, default=3)
    matching.add_argument("--seed", type=int, default=700)
    fitting = commands.add_parser("fit", help="each kind's worth from the games")
    fitting.add_argument("data", type=Path, nargs="+")
    fitting.add_argument("--ridge", type=float, default=1.0)
    args = parser.parse_args(argv)
    if args.command == "play":
        start = time.perf_counter()
        written = 0
        with args.out.open("w", encoding="utf-8") as out:
            for row in generate(args.games, args.depth, args.seed, args.workers):
                if row is not None:
                    out.write(json.dumps(row) + "\n")
                    written += 1
        print(f"{written} games to {args.out} in {time.perf_counter() - start:.0f} s")
        return
    if args.command == "match":
        score = match(
            args.first.split(","), args.second.split(","), args.pairs, args.depth, args.seed
        )
        print(
            f"{args.first} against {args.second}, depth {args.depth}, seed {args.seed}: "
            f"{result_text(score)}"
        )
        return
    rows = [json.loads(line) for path in args.data for line in path.open(encoding="utf-8")]
    w, se = fit(rows, args.ridge)
    red = sum(row["result"] == 1 for row in rows) / len(rows)
    print(f"{len(rows)} games, red won {red:.1%}; K = {TEXEL_K}")
    print(f"{'':6} {'logit ± 95%':>19} {'worth':>11} {'a point':>8}")
    costs = {stone.code: stone.value for stone in STANDARD_STONES}
    for i, name in enumerate(("first", *KINDS[:-1])):
        worth = w[i] / TEXEL_K
        per_point = f"{worth / costs[KINDS[i - 1]]:8.2f}" if i else ""
        print(f"{name:6} {w[i]:+8.4f} ± {1.96 * se[i]:.4f}     {worth:7.0f} {per_point}")


if __name__ == "__main__":
    main(sys.argv[1:])
