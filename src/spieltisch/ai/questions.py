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

from spieltisch import native
from spieltisch.ai.agent import Budget
from spieltisch.ai.alphabeta import EVAL_SCALE, PROVEN, WIN, AlphaBetaAgent
from spieltisch.ai.spec import make_agent
from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import State
from spieltisch.core.registry import load
from spieltisch.native.search import Line, game_line, mate_in
from spieltisch.native.search import search as native_search

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
    lines: int = 1

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


def analyse(state: State[Any], seconds: float, lines: int = 1) -> dict[str, Any]:
    """The engine's view of `state`: its evaluation from player 0's side and up to
    `lines` best lines (distinct first moves, best first), each with its own evaluation.

    Every evaluation (`evaluation` below) is read from player 0's side, so that it does
    not flip as the mover changes: `expected` the expected result in [-1, 1] (+1: player
    0 wins), `units` the score in the game's unit (`Game.score_scale`; None for a game
    shown as expected results, or a proven result), `mate` the moves to a proven result
    (positive: player 0 wins; None for an estimate). The native search answers where the
    game has one (with MultiPV), else the Python alpha-beta (one line). `value` and
    `line` are the best line's score for the player to move and its moves, as before."""
    base: dict[str, Any] = {
        "over": state.is_over(),
        "chance": False,
        "player": None,
        "value": None,
        "line": [],
        "lines": [],
        "depth": 0,
        "nodes": 0,
        "nps": 0,
        "seconds": 0.0,
        "players": list(state.game.player_names),
        "unit": state.game.score_scale.unit,
        "expected_only": state.game.score_scale.expected_only,
    }
    if state.is_over():
        base["evaluation"] = _final(state)
        return base
    lines = max(1, min(lines, MAX_LINES))
    if native.available(state.game):
        return _native(state, seconds, lines, base)
    return _python(state, seconds, base)


#: The most lines one analysis gives.
MAX_LINES = 5


def _final(state: State[Any]) -> dict[str, Any]:
    """The evaluation of a finished game: its result for player 0, nothing to search."""
    result = float(state.returns()[0])
    return {"expected": result, "units": None, "mate": 0 if result else None, "final": True}


def _scorer(state: State[Any]) -> int:
    """The player a search's score at `state` is for: the mover, or before a die roll the
    one who moves after it."""
    probe = state.copy()
    while probe.is_chance() and not probe.is_over():
        probe.play(probe.chance_outcomes()[0][0])
    return 0 if probe.is_over() else probe.to_move


def _mate_moves(state: State[Any], plies: int, pv: Sequence[str], winner: int) -> int:
    """The winner's moves to a result proven `plies` plies ahead: counted along the line
    where it reaches, the rest estimated as every other ply."""
    count, probe, walked = 0, state.copy(), 0
    for notation in pv[:plies]:
        if probe.is_over():
            break
        try:
            if not probe.is_chance() and probe.to_move == winner:
                count += 1
            probe.play(probe.parse_move(notation))
        except SpieltischError:
            break
        walked += 1
    rest = plies - walked
    return max(1, count + (rest + 1) // 2)


def _evaluation(
    state: State[Any], score: float, plies: int | None, pv: Sequence[str], player: int
) -> dict[str, Any]:
    """A search's `score` for `player` (`plies` to a proven result, or None) from player
    0's side (see `analyse`)."""
    sign = 1 if player == 0 else -1
    scale = state.game.score_scale
    if plies is not None:
        winner = player if plies > 0 else 1 - player
        moves = _mate_moves(state, abs(plies), pv, winner)
        won = 1 if winner == 0 else -1
        return {"expected": float(won), "units": None, "mate": moves * won}
    units = None if scale.expected_only else round(sign * scale.units(score), 2)
    return {"expected": round(sign * scale.expected(score), 4), "units": units, "mate": None}


def _notations(state: State[Any], pv: Sequence[str]) -> list[str]:
    """A line in the game's own notation, each move read where it stands (a line stops
    before a die roll: what follows depends on it)."""
    out: list[str] = []
    probe = state.copy()
    for notation in pv[:LINE_LENGTH]:
        if probe.is_over() or probe.is_chance():
            break
        try:
            move = probe.parse_move(notation)
            probe.play(move)
        except SpieltischError:
            break
        out.append(str(move))
    return out


def _native(state: State[Any], seconds: float, lines: int, base: dict[str, Any]) -> dict[str, Any]:
    text, played = game_line(state)
    result = native_search(state.game, text, moves=played, time=seconds, multipv=lines)
    player = _scorer(state)
    rows = result.lines or ((Line(result.score, result.pv),) if result.pv else ())
    out_lines: list[dict[str, Any]] = []
    for row in rows:
        moves = _notations(state, row.pv)
        if not moves:
            continue
        out_lines.append(
            {
                "moves": moves,
                "evaluation": _evaluation(state, row.score, mate_in(row.score), row.pv, player),
            }
        )
    evaluation = (
        out_lines[0]["evaluation"]
        if out_lines
        else _evaluation(state, result.score, mate_in(result.score), result.pv, player)
    )
    base.update(
        chance=state.is_chance(),
        player=None if state.is_chance() else state.to_move,
        value=_mover_value(evaluation, player),
        line=out_lines[0]["moves"] if out_lines else [],
        lines=out_lines,
        evaluation=evaluation,
        depth=result.depth,
        nodes=result.nodes,
        nps=result.nps,
        seconds=round(result.seconds, 3),
        engine="native",
    )
    return base


def _mover_value(evaluation: dict[str, Any], player: int) -> float:
    """The legacy `value`: the expected result for `player` in hundredths, a proven
    result as ±(1000 - moves)."""
    sign = 1 if player == 0 else -1
    mate = evaluation["mate"]
    if mate:
        return float(sign * (1000 - abs(mate)) * (1 if mate > 0 else -1))
    return round(sign * 100 * float(evaluation["expected"]), 1)


def _python(state: State[Any], seconds: float, base: dict[str, Any]) -> dict[str, Any]:
    """The Python alpha-beta's analysis (one line; a die roll first: no search)."""
    if state.is_chance():
        base.update(chance=True, evaluation=None, engine="alphabeta")
        return base
    player = state.to_move
    agent = AlphaBetaAgent(Budget(seconds=seconds), seed=1, shuffle=False)
    began = time.perf_counter()
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
    value = float(stats.get("value", 0.0))
    sign = 1 if player == 0 else -1
    if abs(value) >= PROVEN:
        plies = int(WIN - abs(value))
        winner = player if value > 0 else 1 - player
        won = 1 if winner == 0 else -1
        evaluation = {
            "expected": float(won),
            "units": None,
            "mate": won * _mate_moves(state, plies, line, winner),
        }
    else:
        evaluation = {
            "expected": round(sign * max(-1.0, min(1.0, value / EVAL_SCALE)), 4),
            "units": None,
            "mate": None,
        }
    spent = time.perf_counter() - began
    nodes = int(stats.get("nodes", 0))
    base.update(
        player=player,
        value=round(value, 1),
        line=line,
        lines=[{"moves": line, "evaluation": evaluation}],
        evaluation=evaluation,
        depth=stats.get("depth", 0),
        nodes=nodes,
        nps=int(nodes / spent) if spent > 0 else 0,
        seconds=round(spent, 3),
        engine="alphabeta",
        unit="",
        expected_only=True,
    )
    return base


def answer(question: Question) -> tuple[Any, float]:
    """The reply to `question` and the seconds spent thinking (the search itself, not
    replaying the moves): a move in notation, or an analysis as a JSON-ready dict."""
    if question.kind == ANALYSIS:
        state = question.position()
        began = time.perf_counter()
        result: Any = analyse(state, question.seconds, question.lines)
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
