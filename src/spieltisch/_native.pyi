"""Types of the compiled extension `spieltisch._native` (src/spieltisch/native/bindings.cpp).

Every game submodule offers the same functions; they raise ValueError on position text
(or a move) they do not accept. `config` is the game's options in the engine's own form
(Okard's: okard/tables.hpp); "" is the default options.
"""

from collections.abc import Callable
from types import ModuleType

import numpy as np
from numpy.typing import NDArray

class StopFlag:
    """Set from another thread to stop a running search."""

    def __init__(self) -> None: ...
    def set(self) -> None: ...
    def is_set(self) -> bool: ...

_Iteration = tuple[int, int, int, float, list[str]]

class _Batch:
    """N positions stepped together (native/batch_bindings.cpp): the vector
    environments' native backend. The arrays are written in place."""

    num_actions: int
    observation_size: int
    def __init__(self, size: int) -> None: ...
    @property
    def size(self) -> int: ...
    def reset(self, indices: list[int], texts: list[str]) -> None: ...
    def step(self, actions: NDArray[np.int64], active: NDArray[np.bool_]) -> None: ...
    def fill(
        self,
        obs: NDArray[np.float32],
        mask: NDArray[np.bool_],
        to_move: NDArray[np.int64],
        returns: NDArray[np.float32],
        indices: NDArray[np.int64] | None = None,
    ) -> None: ...
    def text(self, index: int) -> str: ...

class _GameModule(ModuleType):
    Batch: type[_Batch]
    @staticmethod
    def perft(text: str, depth: int, config: str = ...) -> int: ...
    @staticmethod
    def divide(text: str, depth: int, config: str = ...) -> list[tuple[str, int]]: ...
    @staticmethod
    def random_playouts(
        text: str, games: int, seed: int, max_plies: int, config: str = ...
    ) -> tuple[int, int, int, int, int]: ...
    @staticmethod
    def legal_moves(text: str, config: str = ...) -> list[str]: ...
    @staticmethod
    def play(text: str, move: str, config: str = ...) -> str: ...
    @staticmethod
    def children(text: str, config: str = ...) -> list[tuple[str, str]]: ...
    @staticmethod
    def to_move(text: str, config: str = ...) -> int: ...
    @staticmethod
    def outcome(text: str, config: str = ...) -> tuple[int, str, list[list[int]]] | None: ...
    @staticmethod
    def text(text: str, config: str = ...) -> str: ...
    @staticmethod
    def hash_key(text: str, config: str = ...) -> int: ...
    @staticmethod
    def evaluate(text: str, player: int, config: str = ...) -> int: ...
    @staticmethod
    def search(
        text: str,
        seconds: float,
        depth: int,
        threads: int,
        hash_mb: int,
        keep_table: bool,
        report: Callable[[_Iteration], None] | None,
        stop: StopFlag | None,
        config: str = ...,
        star: bool = ...,
        plain: bool = ...,
    ) -> tuple[str | None, int, int, int, float, list[str], list[_Iteration]]: ...

ostseeschach: _GameModule
schachogi: _GameModule
haseundigel: _GameModule
okard: _GameModule

def okard_config_error(config: str) -> str | None: ...
