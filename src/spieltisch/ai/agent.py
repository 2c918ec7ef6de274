"""The agent interface shared by every AI player, and the per-move budget.

An agent sees a game only through the common `State` API; `select` returns a move for the
player to move and leaves the given state as it found it.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spieltisch.core.game import State

#: A safety share of the time budget kept back for returning the move.
TIME_MARGIN = 0.05


class SearchTimeout(Exception):
    """Raised inside a search when the clock runs out; the search unwinds to its root."""


@dataclass(frozen=True)
class Budget:
    """How much an agent may think per move: seconds, iterations (MCTS), depth (alpha-beta).

    Every limit given applies; the first one reached stops the search. With only
    iterations/depth the agent is deterministic for a given seed.
    """

    seconds: float | None = None
    iterations: int | None = None
    depth: int | None = None


class Deadline:
    """The clock of one move: `expired()` once the time budget (less a margin) is used.

    `clock` reads seconds (`time.perf_counter` by default; tests inject a deterministic one).
    """

    __slots__ = ("clock", "limit", "start")

    def __init__(
        self, seconds: float | None, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.clock = clock
        self.start = clock()
        self.limit = None if seconds is None else self.start + seconds * (1.0 - TIME_MARGIN)

    def expired(self) -> bool:
        return self.limit is not None and self.clock() >= self.limit

    def elapsed(self) -> float:
        return self.clock() - self.start


class Agent(ABC):
    """A player. `spec` is the text that builds it again (see `spieltisch.ai.spec`)."""

    spec: str = "agent"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        #: Statistics of the last `select` (e.g. iterations, nodes, depth, seconds).
        self.stats: dict[str, Any] = {}
        #: The clock the time budget is measured with; a test may set a deterministic one.
        self.clock: Callable[[], float] = time.perf_counter

    @abstractmethod
    def select(self, state: State[Any]) -> Any:
        """A legal move for the player to move in `state` (`state` is left unchanged).

        At a chance node the agent draws an outcome with its own random generator.
        """

    def new_game(self) -> None:  # noqa: B027 - an optional hook
        """Forget anything kept from an earlier game (search trees, tables)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"
