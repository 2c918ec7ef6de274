"""A game state on the native engine whose moves are action ids (`NativeState`): for
searches over the numeric view (the self-play learner's PUCT), which push and take back
moves, read legal actions and observations and never need the moves' notation.

It is a `State` of the Python API (moves: the Python game's action ids, so
`action_id` and `action_move` are the identity); what the native engine does not
answer (notation, rendering, the detailed outcome) is read from the Python game's state
parsed from the native position text. The observation is a float32 array (what
`np.asarray` takes as it is), not a list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

import numpy as np

from spieltisch.core.errors import IllegalMoveError, NotationError
from spieltisch.core.game import TERMINAL, Game, Outcome, State
from spieltisch.native import _engine
from spieltisch.native.batch import has_line, why_not

if TYPE_CHECKING:
    from spieltisch._native import _Line

_DRAW = -1
_IN_PLAY = -2


class NativeState(State[int]):
    """A position of `game` in the native engine with its undo stack (see the module)."""

    def __init__(self, game: Game[Any, Any], line: _Line, history: list[int] | None = None):
        self.game = game
        self._line = line
        self._history = [] if history is None else history
        self._shape = game.observation_shape

    @classmethod
    def of(cls, state: State[Any]) -> NativeState:
        """The native twin of a Python state (from its position text; no history)."""
        game = state.game
        if not has_line(game):
            raise ValueError(f"no native state for {game.name}: {why_not(game, line=True)}")
        return cls(game, _engine(game)[0].Line(state.text()))

    # --- whose turn, which moves -------------------------------------------------------

    @property
    def to_move(self) -> int:
        return self._line.to_move()

    def legal_moves(self) -> list[int]:
        return self._line.legal_actions()

    def check(self, move: int) -> None:
        if self.to_move == TERMINAL:
            raise IllegalMoveError("GAME_OVER", "the game is over")
        if move not in self._line.legal_actions():
            raise IllegalMoveError("ILLEGAL_ACTION", f"action {move} is not legal here")

    def push(self, move: int) -> None:
        self._line.push(move)
        self._history.append(move)

    def undo(self) -> int:
        if not self._history:
            raise IndexError("no move left to take back")
        self._line.pop()
        return self._history.pop()

    def copy(self) -> Self:
        return type(self)(self.game, self._line.copy(), list(self._history))

    # --- the end -----------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self._line.winner() == _IN_PLAY:
            return None
        return self._python().outcome()

    def returns(self) -> tuple[float, float]:
        winner = self._line.winner()
        if winner in (_IN_PLAY, _DRAW):
            return (0.0, 0.0)
        return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)

    # --- text --------------------------------------------------------------------------

    def text(self) -> str:
        return self._line.text()

    def parse_move(self, text: str) -> int:
        python = self._python()
        return python.action_id(python.parse_move(text))

    def render(self, viewer: int | None = None) -> str:
        return self._python().render(viewer)

    def describe_move(self, move: int) -> str:
        python = self._python()
        return python.describe_move(python.action_move(move))

    # --- learning ----------------------------------------------------------------------

    def action_id(self, move: int) -> int:
        return move

    def action_move(self, action: int) -> int:
        if not 0 <= action < self.game.num_actions:
            raise NotationError(f"action {action} is outside 0..{self.game.num_actions - 1}")
        return action

    # An array, not the list of `State.observation`: an override mypy flags only where numpy
    # is installed (the `envs` extra); `make test`'s install (`.[dev]`) has none.
    def observation(  # type: ignore[override, unused-ignore]
        self, player: int | None = None
    ) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The observation (flat float32), as the Python game's `observation(player)`
        (the native line draws the mover's view; another side's comes from Python)."""
        if player is not None and player != self.to_move:
            return np.asarray(self._python().observation(player), dtype=np.float32)
        out = np.empty(self._line.observation_size, np.float32)
        self._line.observe(out)
        return out

    def _python(self) -> State[Any]:
        state: State[Any] = self.game.parse(self.text(), reachable=False)
        return state


__all__ = ["NativeState"]
