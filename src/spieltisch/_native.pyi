"""Types of the compiled extension `spieltisch._native` (src/spieltisch/native/bindings.cpp).

Every game submodule offers the same functions; they raise ValueError on position text
(or a move) they do not accept.
"""

from types import ModuleType

class _GameModule(ModuleType):
    @staticmethod
    def perft(text: str, depth: int) -> int: ...
    @staticmethod
    def divide(text: str, depth: int) -> list[tuple[str, int]]: ...
    @staticmethod
    def random_playouts(
        text: str, games: int, seed: int, max_plies: int
    ) -> tuple[int, int, int, int, int]: ...
    @staticmethod
    def legal_moves(text: str) -> list[str]: ...
    @staticmethod
    def play(text: str, move: str) -> str: ...
    @staticmethod
    def children(text: str) -> list[tuple[str, str]]: ...
    @staticmethod
    def to_move(text: str) -> int: ...
    @staticmethod
    def outcome(text: str) -> tuple[int, str, list[list[int]]] | None: ...
    @staticmethod
    def text(text: str) -> str: ...
    @staticmethod
    def hash_key(text: str) -> int: ...
    @staticmethod
    def evaluate(text: str, player: int) -> int: ...

ostseeschach: _GameModule
schachogi: _GameModule
haseundigel: _GameModule
