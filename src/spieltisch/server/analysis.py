"""The AI's evaluation and best line for a position, searched in a worker process so the
server never waits on it."""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from spieltisch.ai.agent import Budget
from spieltisch.ai.alphabeta import AlphaBetaAgent
from spieltisch.core.game import State
from spieltisch.core.registry import load

#: Seconds the analysis searches, and the longest best line it reports.
SECONDS = 1.0
LINE_LENGTH = 8


def analyse(
    game: str, options: str, start: str, seed: int | None, moves: list[str], seconds: float
) -> dict[str, Any]:
    """The evaluation (for the player to move, in hundredths of the game's evaluation;
    about ±1000 is a proven win or loss) and the best line from the position after `moves`."""
    loaded = load(game, options or None)
    state: State[Any] = loaded.new_state(seed) if seed is not None else loaded.parse(start)
    for text in moves:
        state.play(state.parse_move(text))
    if state.is_over():
        return {"over": True, "value": None, "line": [], "depth": 0, "nodes": 0, "player": None}
    player = state.to_move
    if state.is_chance():
        return {
            "over": False,
            "chance": True,
            "value": None,
            "line": [],
            "depth": 0,
            "nodes": 0,
            "player": None,
        }
    agent = AlphaBetaAgent(Budget(seconds=seconds), seed=1, shuffle=False)
    best = agent.select(state)
    line = [str(best)]
    probe = state.copy()
    probe.play(best)
    while len(line) < LINE_LENGTH and not probe.is_over() and not probe.is_chance():
        entry = agent.table.get(probe.hash_key())
        if entry is None or entry[4] is None or entry[4] not in probe.legal_moves():
            break
        line.append(str(entry[4]))
        probe.play(entry[4])
    stats = agent.stats
    return {
        "over": False,
        "value": round(float(stats.get("value", 0.0)), 1),
        "depth": stats.get("depth", 0),
        "nodes": stats.get("nodes", 0),
        "player": player,
        "line": line,
    }


class Analyst:
    """One worker process for analyses, started on first use."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    async def run(
        self, game: str, options: str, start: str, seed: int | None, moves: list[str]
    ) -> dict[str, Any]:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        loop = asyncio.get_running_loop()
        job = loop.run_in_executor(
            self._pool, analyse, game, options, start, seed, list(moves), SECONDS
        )
        return await asyncio.wait_for(job, SECONDS * 10 + 20)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
