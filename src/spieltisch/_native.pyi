"""Types of the compiled extension `spieltisch._native` (src/spieltisch/native/bindings.cpp).

Every game submodule offers the same functions; they raise ValueError on position text
(or a move) they do not accept. `config` is the game's options in the engine's own form
(Okard's: okard/lookup.hpp); "" is the default options.
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

_RootLine = tuple[int, list[str]]
_Iteration = tuple[int, int, int, float, list[str], list[_RootLine]]

class _Batch:
    """N positions stepped together (native/batch_bindings.cpp): the vector
    environments' native backend. The arrays are written in place."""

    def __init__(self, size: int, config: str = ...) -> None: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def size(self) -> int: ...
    def reset(
        self,
        indices: list[int],
        texts: list[str],
        seeds: list[int] | None = None,
        plies: list[int] | None = None,
    ) -> None: ...
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
    def ply(self, index: int) -> int: ...

class _Line:
    """One position and its undo stack, moves as action ids (batch_bindings.cpp)."""

    observation_size: int
    def __init__(self, text: str) -> None: ...
    def copy(self) -> _Line: ...
    def legal_actions(self) -> list[int]: ...
    def to_move(self) -> int: ...
    def push(self, action: int) -> None: ...
    def pop(self) -> int: ...
    def observe(self, out: NDArray[np.float32]) -> None: ...
    def winner(self) -> int: ...
    def text(self) -> str: ...

class _GameModule(ModuleType):
    Batch: type[_Batch]
    Line: type[_Line]
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
        ordered: bool = ...,
        moves: list[str] = ...,
        multipv: int = ...,
        searchmoves: list[str] = ...,
        prune: int = ...,
        nodes: int = ...,
        table_owner: int = ...,
    ) -> tuple[str | None, int, int, int, float, list[str], list[_Iteration], list[_RootLine]]: ...
    @staticmethod
    def line_keys(text: str, moves: list[str], config: str = ...) -> list[int]: ...
    looks_back: bool

class _OkardModule(_GameModule):
    @staticmethod
    def king_need(text: str, attacker: int, room: int, config: str = ...) -> int: ...
    @staticmethod
    def config_error(config: str) -> str | None: ...

ostseeschach: _GameModule
schachogi: _GameModule
haseundigel: _GameModule
okard: _OkardModule

def chance_random(seed: int, ply: int) -> float: ...
def seeded_random(words: list[int]) -> tuple[float, float]: ...
