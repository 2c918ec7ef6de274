"""The learning curve: every checkpoint of a run (or a sample of them) in matches
against fixed agents, its score with a 95% interval over the training minutes, as a
table (JSON lines) and a plot (PNG, with matplotlib)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import spieltisch.learn.kind  # noqa: F401  (registers the `net:` agent kind these matches name)
from spieltisch.arena.match import run_match
from spieltisch.learn.net import load_checkpoint


@dataclass(frozen=True)
class CurvePoint:
    """One checkpoint's match against one opponent."""

    minutes: float
    positions: int
    opponent: str
    games: int
    score: float
    low: float
    high: float


def checkpoints_in(folder: Path, most: int | None = None) -> list[Path]:
    """The checkpoint files of a run in time order; `most` keeps that many, evenly spread
    (always the first and the last)."""
    found = sorted(folder.glob("checkpoint-*min.pt"))
    if most is None or len(found) <= most:
        return found
    if most <= 1:
        return found[-1:]
    step = (len(found) - 1) / (most - 1)
    return [found[round(i * step)] for i in range(most)]


def measure(
    checkpoints: Sequence[Path],
    opponents: Sequence[str],
    games: int,
    *,
    sims: int = 32,
    seed: int = 0,
    workers: int = 1,
    out: Callable[[str], None] | None = None,
) -> list[CurvePoint]:
    """Match every checkpoint (as `net:model=…,sims=…`) against every opponent."""
    points = []
    for path in checkpoints:
        _net, game, meta = load_checkpoint(path)
        for opponent in opponents:
            result = run_match(
                game, f"net:model={path},sims={sims}", opponent, games, seed=seed, workers=workers
            )
            score = result.score()
            low, high = score.score_interval()
            point = CurvePoint(
                float(meta.get("minutes", 0.0)),
                int(meta.get("positions", 0)),
                opponent,
                score.games,
                score.score,
                low,
                high,
            )
            points.append(point)
            if out is not None:
                out(
                    f"{point.minutes:6.1f} min  vs {opponent:<10} {point.score:6.1%}  "
                    f"(95% interval {point.low:.1%}..{point.high:.1%}, {point.games} games)"
                )
    return points


def save_points(points: Sequence[CurvePoint], path: Path) -> None:
    path.write_text("".join(json.dumps(asdict(p)) + "\n" for p in points), encoding="utf-8")


def plot(points: Sequence[CurvePoint], path: Path, title: str) -> None:
    """The score of the checkpoints over training minutes, one line per opponent, with
    the 95% intervals as error bars."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4.2), dpi=100)
    for opponent in dict.fromkeys(p.opponent for p in points):
        row = [p for p in points if p.opponent == opponent]
        xs = [p.minutes for p in row]
        ys = [p.score for p in row]
        errors = [[p.score - p.low for p in row], [p.high - p.score for p in row]]
        axes.errorbar(xs, ys, yerr=errors, marker="o", capsize=3, label=f"against {opponent}")
    axes.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    axes.set_ylim(0.0, 1.0)
    axes.set_xlabel("training time (CPU minutes, one thread)")
    axes.set_ylabel("score of the net agent (win 1, draw 1/2)")
    axes.set_title(title)
    axes.legend(loc="lower right")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
    plt.close(figure)
