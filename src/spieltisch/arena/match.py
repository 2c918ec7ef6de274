"""Playing games and matches between agents, optionally in parallel processes.

In a match the agents change seats every game; games 2k and 2k+1 start from the same
position (`new_state(seed + k)`) and see the same chance draws (`core.chance`), so luck
of the set-up and of the dice evens out. Agents are rebuilt for every game from their
specs with seeds derived from the match seed, so a match with iteration/depth budgets is
reproducible.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spieltisch.ai.agent import Agent
from spieltisch.ai.spec import make_agent
from spieltisch.arena.elo import MatchScore
from spieltisch.arena.jobs import start_pool
from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import Game
from spieltisch.core.record import GameRecord
from spieltisch.core.registry import load
from spieltisch.tables import Seat, Table


def play_game(
    game: Game[Any, Any],
    agents: tuple[Agent, Agent],
    *,
    start_seed: int | None = None,
    chance_seed: int = 0,
    names: tuple[str, str] | None = None,
) -> GameRecord:
    """Play one game from `new_state(start_seed)` at a table: agents[0] sits in seat 0.

    The table draws the chance outcomes and keeps the record; every agent move is
    checked by the game (an illegal one raises `IllegalMoveError`). A game that has not
    ended after four times the game's longest length is abandoned.
    """
    names = names or (agents[0].spec, agents[1].spec)
    table = Table(
        game,
        (Seat.ai(agents[0].spec, names[0]), Seat.ai(agents[1].spec, names[1])),
        seed=start_seed,
        chance_seed=chance_seed,
        clock=time.perf_counter,
    )
    for agent in agents:
        agent.new_game()
    limit = max(1, game.max_game_length) * 4
    table.start()
    while (seat := table.turn) is not None:
        if table.ply >= limit:
            table.abandon(f"no end after {limit} moves")
            break
        table.play(seat, agents[seat].select(table.state))
    return table.record


@dataclass
class MatchResult:
    """The games of a match between agent A and agent B, in game order."""

    game: str
    agents: tuple[str, str]
    records: list[GameRecord] = field(default_factory=list)

    def seat_of_a(self, index: int) -> int:
        return index % 2

    def score(self) -> MatchScore:
        """Agent A's wins, draws and losses (an unfinished game counts as a draw)."""
        wins = draws = losses = 0
        for index, record in enumerate(self.records):
            if record.winner is None:
                draws += 1
            elif record.winner == self.seat_of_a(index):
                wins += 1
            else:
                losses += 1
        return MatchScore(wins, draws, losses)

    def seconds_per_move(self) -> tuple[float, float]:
        """Mean thinking time per move of agent A and of agent B."""
        totals = [0.0, 0.0]
        counts = [0, 0]
        for index, record in enumerate(self.records):
            start = record.start_state()
            seat_a = self.seat_of_a(index)
            for text, spent in zip(record.moves, record.seconds, strict=True):
                player = start.to_move
                if player in (0, 1):
                    who = 0 if player == seat_a else 1
                    totals[who] += spent
                    counts[who] += 1
                start.push(start.parse_move(text))
        return (
            totals[0] / counts[0] if counts[0] else 0.0,
            totals[1] / counts[1] if counts[1] else 0.0,
        )

    def max_seconds(self) -> float:
        return max((max(r.seconds, default=0.0) for r in self.records), default=0.0)


@dataclass(frozen=True)
class GameTask:
    """One game of a match, as sent to a worker process."""

    game: str
    options: str
    agent_a: str
    agent_b: str
    index: int
    seed: int
    time_per_move: float | None

    def run(self) -> GameRecord:
        game = load(self.game, self.options or None)
        seat_a = self.index % 2
        pair = self.index // 2
        a = make_agent(
            self.agent_a,
            game,
            seed=self.seed * 7919 + 2 * self.index,
            time_per_move=self.time_per_move,
        )
        b = make_agent(
            self.agent_b,
            game,
            seed=self.seed * 7919 + 2 * self.index + 1,
            time_per_move=self.time_per_move,
        )
        agents = (a, b) if seat_a == 0 else (b, a)
        specs = (self.agent_a, self.agent_b) if seat_a == 0 else (self.agent_b, self.agent_a)
        record = play_game(
            game,
            agents,
            start_seed=self.seed + pair,
            chance_seed=self.seed * 1_000_003 + pair,
            names=specs,
        )
        record.meta.update({"match_game": self.index, "seat_of_a": seat_a})
        return record


def _run_task(task: GameTask) -> tuple[int, str, str]:
    """(index, record JSON, error message): the project's errors travel as text, since
    an exception with its own constructor arguments does not survive pickling."""
    try:
        return task.index, task.run().to_json(), ""
    except SpieltischError as exc:
        return task.index, "", f"game {task.index}: {exc}"


def run_match(
    game: Game[Any, Any],
    agent_a: str,
    agent_b: str,
    games: int,
    *,
    seed: int = 0,
    time_per_move: float | None = None,
    workers: int = 1,
    on_game: Callable[[int, GameRecord], None] | None = None,
) -> MatchResult:
    """Play `games` games, A in seat 0 in even games; `on_game` hears of each finished one."""
    make_agent(agent_a, game)  # fail early on a bad spec
    make_agent(agent_b, game)
    tasks = [
        GameTask(game.name, game.options.text(), agent_a, agent_b, i, seed, time_per_move)
        for i in range(games)
    ]
    records: dict[int, GameRecord] = {}
    if workers <= 1:
        for task in tasks:
            record = task.run()
            records[task.index] = record
            if on_game is not None:
                on_game(task.index, record)
    else:
        # A multiprocessing pool, not concurrent.futures: on Ctrl-C (or any error) the
        # parent terminates the workers at once instead of waiting for their games.
        pool = None
        try:
            pool = start_pool(min(workers, games))
            for index, text, error in pool.imap_unordered(_run_task, tasks):
                if error:
                    raise SpieltischError(error)
                record = GameRecord.from_json(text)
                records[index] = record
                if on_game is not None:
                    on_game(index, record)
            pool.close()
        finally:
            if pool is not None:
                pool.terminate()
                pool.join()
    return MatchResult(game.name, (agent_a, agent_b), [records[i] for i in range(games)])
