"""The speed of Schachogi's NNUE evaluation (`eval=nnue`) against the classic one, measured
in the same run: search positions per second of each at a fixed depth on the same
positions (one thread), taken in turns (classic, nnue, classic, nnue) so that the load of
the machine falls on both alike, and their ratio. The searches' trees differ (each
evaluation orders and cuts its own), so the positions per second, not the time to a depth,
compare the evaluations' cost.

    python -m benchmarks.nnue_speed [DEPTH [POSITIONS]]
"""

from __future__ import annotations

import sys

from spieltisch.learn.nnue_data import random_positions
from spieltisch.native.search import search

GAME = "schachogi"


def rates(depth: int = 7, count: int = 12, rounds: int = 2) -> dict[str, float]:
    """Positions per second of each evaluation over `count` positions of random games
    (every eighth of them, to mix openings and later plies), `rounds` turns each."""
    texts = random_positions(GAME, 8 * count, seed=11, plies=40)[::8]
    nodes = {"classic": 0, "nnue": 0}
    seconds = {"classic": 0.0, "nnue": 0.0}
    for _ in range(rounds):
        for evaluation in nodes:
            for text in texts:
                result = search(GAME, text, depth=depth, evaluation=evaluation)
                nodes[evaluation] += result.nodes
                seconds[evaluation] += result.seconds
    return {name: nodes[name] / max(seconds[name], 1e-9) for name in nodes}


def main(argv: list[str]) -> None:
    depth = int(argv[0]) if argv else 7
    count = int(argv[1]) if len(argv) > 1 else 12
    measured = rates(depth, count)
    for name, rate in measured.items():
        print(f"{name}: {rate:,.0f} positions/s (depth {depth}, {count} positions)")
    print(f"nnue / classic: {measured['nnue'] / measured['classic']:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
