"""Texel tuning of a native evaluation's weights on self-play results (issue 28).

The engine gives each position's evaluation terms as a vector (`_native.<game>.features`,
the terms for the player to move) and the weights its evaluation variant gives them
(`feature_weights`), so that the evaluation is `link(weights . features)`, `link` the
game's (Hase und Igel: 10000 tanh(x / 4); elsewhere the identity). Texel's method:

1. the scaling constant K of the current evaluation E first: the K that makes
   sigmoid(K E) the best predictor (least cross-entropy) of the mover's result;
2. then, K held, the weights that make sigmoid(K link(w . features)) the best predictor,
   by Gauss-Newton steps from the current weights (a little L2 towards them, and with
   `--prior P` each weight held towards its start as by P positions of its own: a term
   seldom seen, a piece on a rare square, moves only as far as its positions say).

With `--lam L` the fit's target mixes the result with the self-play search's own verdict
(`score`, made a probability by its own fitted K): L × result + (1 - L) × sigmoid(K_s ×
score), a target with less of a whole game's luck in it; the held-out cross-entropy is
always against the results.

The games with even seeds fit, the ones with odd seeds test (the cross-entropy of each
on the held-out games is printed): positions of one game are never on both sides.
Positions the evaluation decides outside the terms (a finish the rules already settle)
are left out: `link(weights . features)` differs there from what the engine returns.

    python -m benchmarks.texel GAME DATA [DATA ...] [--eval N] [--skip PLIES]
        [--limit N] [--ridge R] [--prior P] [--lam L] [--fix NAME=VALUE ...] [--out FILE]

DATA: files of `benchmarks.selfplay_data` (the default options); N the evaluation variant
whose weights start the fit (default: the default evaluation); SKIP leaves out each
game's first plies (the random opening); `--limit N` reads at most N positions of the fit's
games and N of the test's; `--fix` holds a weight at a value. Prints the
fitted weights in the engine's order (the ones that moved, where there are more than 40)
and writes them all, by name, to FILE as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from benchmarks.selfplay_data import read
from spieltisch import native

Array = npt.NDArray[np.float64]

#: The evaluation as a function of the weighted sum of its terms, and its derivative.
LINKS: dict[str, tuple[Callable[[Array], Array], Callable[[Array], Array]]] = {
    "hase-und-igel": (
        lambda x: 10000.0 * np.tanh(x / 4.0),
        lambda x: 2500.0 * (1.0 - np.tanh(x / 4.0) ** 2),
    ),
}
IDENTITY: tuple[Callable[[Array], Array], Callable[[Array], Array]] = (
    lambda x: x,
    lambda x: np.ones_like(x),
)


#: Rows multiplied at a time: a fit over millions of positions with hundreds of terms keeps
#: its features as float32 and never makes a float64 copy of more than this many rows.
CHUNK = 65_536


@dataclass
class Data:
    """The positions' features (rows; float32 where there are many), the engine's
    evaluation of each, the mover's result (1 win, 0.5 draw, 0 loss), the game's seed and
    the self-play search's score."""

    features: npt.NDArray[np.floating[Any]]
    evaluation: Array
    target: Array
    seeds: npt.NDArray[np.int64]
    score: Array


def engine_config(game: str, variant: int | None = None) -> tuple[Any, str]:
    """The native engine of `game` (default options) and its config text with `eval=N`
    for `variant` (None: the default evaluation)."""
    engine, options = native._engine(native._game(game))
    extra = "" if variant is None else f"eval={variant}"
    return engine, " ".join(part for part in (options, extra) if part)


def load(
    game: str,
    rows: Iterable[dict[str, Any]],
    variant: int | None = None,
    skip: int = 0,
    limit: int = 0,
    parity: int | None = None,
) -> Data:
    """The positions of `rows` as features with the engine's evaluation (in evaluation
    `variant`, None the default) and the mover's result; only the ones where the
    evaluation is the link of the weighted terms (and, with `parity`, of the games whose
    seed has that parity: the fit's or the test's, each loaded without the other)."""
    engine, config = engine_config(game, variant)
    weights = np.array(engine.feature_weights(config))
    link = LINKS.get(game, IDENTITY)[0]
    # The rows go into blocks of CHUNK, so that a few million of them never stand as
    # arrays of their own beside the result.
    blocks: list[npt.NDArray[np.float32]] = []
    block = np.empty((CHUNK, len(weights)), dtype=np.float32)
    filled = 0
    evaluation, target, seeds, score = [], [], [], []
    for row in rows:
        if row["ply"] < skip or (parity is not None and row["seed"] % 2 != parity):
            continue
        player = row["to_move"]
        f = engine.features(row["text"], player, config)
        value = engine.evaluate(row["text"], player, config)
        expected = float(link(np.array([float(np.dot(weights, f))]))[0])
        if abs(expected - value) > 1.0:
            continue  # decided outside the terms
        result = row["result"] if player == 0 else -row["result"]
        block[filled] = f
        filled += 1
        if filled == CHUNK:
            blocks.append(block)
            block = np.empty_like(block)
            filled = 0
        evaluation.append(value)
        target.append((result + 1) / 2)
        seeds.append(row["seed"])
        score.append(row["score"])
        if limit and len(target) >= limit:
            break
    blocks.append(block[:filled])
    return Data(
        np.concatenate(blocks),
        np.array(evaluation, dtype=np.float64),
        np.array(target, dtype=np.float64),
        np.array(seeds, dtype=np.int64),
        np.array(score, dtype=np.float64),
    )


def products(features: npt.NDArray[np.floating[Any]], weights: Array) -> Array:
    """`features @ weights` in float64, a chunk of rows at a time."""
    out = np.empty(len(features))
    for start in range(0, len(features), CHUNK):
        rows = features[start : start + CHUNK].astype(np.float64)
        out[start : start + CHUNK] = rows @ weights
    return out


def sigmoid(x: Array) -> Array:
    return 1.0 / (1.0 + np.exp(-np.clip(x, -500.0, 500.0)))


def cross_entropy(logit: Array, target: Array) -> float:
    """The mean cross-entropy of sigmoid(logit) against the results."""
    p = np.clip(sigmoid(logit), 1e-12, 1 - 1e-12)
    return float(-np.mean(target * np.log(p) + (1 - target) * np.log(1 - p)))


def fit_scale(evaluation: Array, target: Array) -> float:
    """K: the scale that makes sigmoid(K E) predict the results best (golden-section search
    on log K)."""
    low, high = math.log(1e-7), math.log(1.0)
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(80):
        a = high - ratio * (high - low)
        b = low + ratio * (high - low)
        if cross_entropy(math.exp(a) * evaluation, target) < cross_entropy(
            math.exp(b) * evaluation, target
        ):
            high = b
        else:
            low = a
    return math.exp((low + high) / 2)


def mixed_target(result: Array, score: Array, lam: float) -> Array:
    """The fit's target: `lam` × the result + (1 - `lam`) × the search's verdict, its score
    made a probability by the scale that predicts the results best."""
    if lam >= 1:
        return result
    verdict = sigmoid(fit_scale(score, result) * score)
    return lam * result + (1 - lam) * verdict


def fit_weights(
    game: str,
    data: Data,
    start: Array,
    scale: float,
    ridge: float = 1e-3,
    steps: int = 50,
    fixed: Iterable[int] = (),
    prior: float = 0.0,
) -> Array:
    """The weights that make sigmoid(scale * link(w . features)) predict the results best,
    by damped Gauss-Newton steps from `start` (with `ridge` times the squared distance
    from `start` added, each weight's measured in what it moves the logit at the start:
    terms of any unit are held alike; and `prior` pseudo-positions per weight, each with
    its term 1 and an even result: the curvature a term gets from that many positions of
    its own); the weights at the indices `fixed` keep their start values."""
    link, slope = LINKS.get(game, IDENTITY)
    x, y = data.features, data.target
    n = len(y)
    free = np.ones(len(start), dtype=bool)
    free[list(fixed)] = False

    def moments(z: Array, residual: Array, weight: Array) -> tuple[Array, Array]:
        """Σ g residual and Σ g weight gᵀ over the positions, g = d logit / d w (chunked)."""
        d = scale * slope(z)
        first = np.zeros(len(start))
        second = np.zeros((len(start), len(start)))
        for begin in range(0, n, CHUNK):
            part = slice(begin, begin + CHUNK)
            g = d[part, None] * x[part].astype(np.float64)
            first += g.T @ residual[part]
            second += (g * weight[part, None]).T @ g
        return first, second

    # Each weight's unit: the mean square of what it moves the logit at the start.
    d0 = scale * slope(products(x, start))
    unit = np.full(len(start), 1e-12)
    for begin in range(0, n, CHUNK):
        part = slice(begin, begin + CHUNK)
        unit += np.sum((d0[part, None] * x[part].astype(np.float64)) ** 2, axis=0) / n
    # A term present (as 1) in m of n positions near an even result curves the loss by
    # about m / n * scale² / 4 in its weight: `prior` pseudo-positions add that much.
    penalty = ridge * unit + prior * scale**2 / (8 * n)

    def loss(w: Array) -> float:
        return cross_entropy(scale * link(products(x, w)), y) + float(
            np.sum(penalty * (w - start) ** 2)
        )

    w = start.copy()
    current = loss(w)
    for _ in range(steps):
        z = products(x, w)
        p = sigmoid(scale * link(z))
        first, second = moments(z, p - y, p * (1 - p))
        gradient = first / n + 2 * penalty * (w - start)
        hessian = second / n + 2 * np.diag(penalty)
        step = np.zeros_like(w)
        step[free] = np.linalg.solve(hessian[np.ix_(free, free)], gradient[free])
        size = 1.0
        while size > 1e-4:
            trial = w - size * step
            value = loss(trial)
            if value < current:
                break
            size /= 2
        else:
            break
        if current - value < 1e-10:
            w, current = trial, value
            break
        w, current = trial, value
    return w


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.texel", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("game")
    parser.add_argument("data", nargs="+", type=Path)
    parser.add_argument("--eval", type=int, default=None, help="the variant to start from")
    parser.add_argument("--skip", type=int, default=0)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--ridge", type=float, default=1e-3)
    parser.add_argument("--prior", type=float, default=0.0, help="pseudo-positions a weight")
    parser.add_argument("--lam", type=float, default=1.0, help="the result's share of the target")
    parser.add_argument("--out", type=Path, default=None, help="the fitted weights as JSON")
    parser.add_argument(
        "--fix", action="append", default=[], metavar="NAME=VALUE", help="a weight held"
    )
    args = parser.parse_args(argv)
    engine, config = engine_config(args.game, args.eval)
    names = list(engine.feature_names)
    start = np.array(engine.feature_weights(config))
    fixed = []
    for item in args.fix:
        name, _, value = item.partition("=")
        fixed.append(names.index(name))
        start[fixed[-1]] = float(value)

    def rows() -> Iterable[dict[str, Any]]:
        for path in args.data:
            yield from read(path)

    # The fit's games and the test's apart, each read from the files on its own (`--limit`
    # for each), so that no copy of millions of rows is made to split them.
    fit = load(args.game, rows(), args.eval, args.skip, args.limit, parity=0)
    test = load(args.game, rows(), args.eval, args.skip, args.limit, parity=1)
    fit_rows, test_rows = len(fit.target), len(test.target)
    print(f"{fit_rows + test_rows} positions ({fit_rows} fit, {test_rows} test)")
    scale = fit_scale(fit.evaluation, fit.target)
    link = LINKS.get(args.game, IDENTITY)[0]
    before = cross_entropy(scale * test.evaluation, test.target)
    print(
        f"K = {scale:.6g}; cross-entropy of the current evaluation on the test games {before:.5f}"
    )
    fit.target = mixed_target(fit.target, fit.score, args.lam)
    weights = fit_weights(args.game, fit, start, scale, args.ridge, fixed=fixed, prior=args.prior)
    after = cross_entropy(scale * link(products(test.features, weights)), test.target)
    print(f"cross-entropy of the fitted weights on the test games {after:.5f}")
    many = len(names) > 40
    for name, old, new in zip(names, start, weights, strict=True):
        if not many or abs(new - old) >= 0.5:
            print(f"  {name:16s} {old:10.4f} -> {new:10.4f}")
    if not many:
        print("weights: {" + ", ".join(f"{w:.4g}" for w in weights) + "}")
    if args.out is not None:
        fitted = {name: float(w) for name, w in zip(names, weights, strict=True)}
        args.out.write_text(json.dumps(fitted, indent=0) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
