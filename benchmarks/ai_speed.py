"""AI speed per registered game: MCTS iterations/s and alpha-beta nodes/s.

Both searched from the same positions (the start and positions after random plies), with
python-chess's random-game moves/s measured in the same run as the machine's yardstick:
the ratio says how many MCTS iterations (or alpha-beta nodes) one chess random move costs.

Run: `python -m benchmarks.ai_speed [GAME ...]`.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import spieltisch
from benchmarks.reference import chess_random_games_rate
from spieltisch.ai.agent import Budget
from spieltisch.ai.alphabeta import AlphaBetaAgent
from spieltisch.ai.mcts import MCTSAgent
from spieltisch.core.game import State


def positions(name: str, count: int = 4, seed: int = 1) -> list[State[Any]]:
    game = spieltisch.load(name)
    rng = random.Random(seed)
    found: list[State[Any]] = []
    attempt = 0
    while len(found) < count and attempt < 100:
        state = game.new_state(seed + attempt)
        for _ in range(0 if attempt == 0 else rng.randrange(4, 24)):
            if state.is_over():
                break
            state.push(state.random_move(rng))
        while state.is_chance():
            state.push(state.sample_chance(rng))
        attempt += 1
        if not state.is_over():
            found.append(state)
    return found


def mcts_rate(states: list[State[Any]], seconds: float, rollout: int | None) -> float:
    iterations = 0
    spent = 0.0
    for state in states:
        agent = MCTSAgent(Budget(seconds=seconds), rollout_depth=rollout, seed=1)
        start = time.perf_counter()
        agent.select(state)
        spent += time.perf_counter() - start
        iterations += agent.stats["iterations"]
    return iterations / spent


def alphabeta_rate(states: list[State[Any]], seconds: float) -> tuple[float, float]:
    nodes = 0
    depth = 0
    spent = 0.0
    for state in states:
        agent = AlphaBetaAgent(Budget(seconds=seconds), seed=1)
        start = time.perf_counter()
        agent.select(state)
        spent += time.perf_counter() - start
        nodes += agent.stats["nodes"]
        depth += agent.stats["depth"]
    return nodes / spent, depth / len(states)


def main(names: list[str]) -> None:
    chess = chess_random_games_rate().per_second
    print(f"python-chess random games: {chess:,.0f} moves/s (reference)")
    header = (
        f"{'game':14} {'MCTS it/s':>10} {'(x chess)':>9} {'MCTS+eval it/s':>15} "
        f"{'AB nodes/s':>11} {'(x chess)':>9} {'AB depth in 1 s':>15}"
    )
    print(header)
    for name in names:
        states = positions(name)
        playout = mcts_rate(states, 1.0, None)
        with_eval = mcts_rate(states, 1.0, 4)
        nodes, depth = alphabeta_rate(states, 1.0)
        print(
            f"{name:14} {playout:10,.0f} {playout / chess:9.4f} {with_eval:15,.0f} "
            f"{nodes:11,.0f} {nodes / chess:9.4f} {depth:15.1f}"
        )


if __name__ == "__main__":
    main(sys.argv[1:] or spieltisch.game_names())
