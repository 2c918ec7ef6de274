"""What the AI is asked, and how a worker answers it.

A `Question` holds everything a search needs (the game, its options, the start and every
move so far, the agent spec, the seed), so it can travel to another process; `answer`
computes the reply there: the agent's move (`MOVE`) or an evaluation with its best line
(`ANALYSIS`). Both are plain functions of the question, so a worker process of the AI
service, a process of its own or this process give the same answer.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spieltisch.ai.agent import Budget
from spieltisch.ai.alphabeta import AlphaBetaAgent
from spieltisch.ai.spec import make_agent
from spieltisch.core.game import State
from spieltisch.core.registry import load

__all__ = ["ANALYSIS", "LINE_LENGTH", "MOVE", "Question", "analyse", "answer"]

#: The two kinds of question.
MOVE = "move"
ANALYSIS = "analysis"
#: The longest best line an analysis reports.
LINE_LENGTH = 8


@dataclass(frozen=True)
class Question:
    """One question to the AI: the position (game, options, start, moves) and, for a
    move, the agent spec and its seed; for an analysis, the seconds to search."""

    kind: str
    game: str
    options: str
    start: str
    start_seed: int | None
    moves: tuple[str, ...]
    agent: str = "random"
    seed: int = 0
    time_per_move: float | None = None
    seconds: float = 1.0

    def position(self) -> State[Any]:
        """The position the question is about (every move replayed and checked)."""
        return replayed(self.game, self.options, self.start, self.start_seed, self.moves)


def replayed(
    name: str, options: str, start: str, start_seed: int | None, moves: Sequence[str]
) -> State[Any]:
    """The position after `moves` from the start of game `name` (the start drawn from
    `start_seed`, or the position text `start`), every move checked by the rules."""
    game = load(name, options or None)
    state: State[Any] = game.new_state(start_seed) if start_seed is not None else game.parse(start)
    for text in moves:
        state.play(state.parse_move(text))
    return state


def choose_move(question: Question) -> str:
    """The agent's move in notation, computed in this process (it blocks)."""
    state = question.position()
    agent = make_agent(
        question.agent, state.game, seed=question.seed, time_per_move=question.time_per_move
    )
    return str(agent.select(state))


def analyse(state: State[Any], seconds: float) -> dict[str, Any]:
    """The evaluation (for the player to move, in hundredths of the game's evaluation;
    about ±1000 is a proven win or loss) and the best line from `state`."""
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


def answer(question: Question) -> tuple[Any, float]:
    """The reply to `question` and the seconds spent thinking (the search itself, not
    replaying the moves): a move in notation, or an analysis as a JSON-ready dict."""
    if question.kind == ANALYSIS:
        state = question.position()
        began = time.perf_counter()
        result: Any = analyse(state, question.seconds)
        return result, time.perf_counter() - began
    if question.kind != MOVE:
        raise ValueError(f"no such kind of question: {question.kind!r}")
    state = question.position()
    agent = make_agent(
        question.agent, state.game, seed=question.seed, time_per_move=question.time_per_move
    )
    began = time.perf_counter()
    move = str(agent.select(state))
    return move, time.perf_counter() - began
