"""A tiny test game with what the AI must cope with: turns of two plies by the same
player, and (optionally) a die before every turn. Small enough to solve exactly.

"Take twice": a pile of stones; a turn is two takes of 1 or 2 stones by the same player
(the turn ends early when the pile is empty); whoever takes the last stone wins. With
`dice`, every turn starts with a chance event that adds 0 or 1 stone (even odds).
"""

from __future__ import annotations

from typing import Any, Self

from spieltisch.core.errors import IllegalMoveError, NotationError, PositionError
from spieltisch.core.game import CHANCE, TERMINAL, Game, Outcome, State

ADD0, ADD1 = 10, 11


class TakeTwiceState(State[int]):
    game: TakeTwice

    def __init__(self, game: TakeTwice, stones: int, player: int, step: int, rolled: bool) -> None:
        self.game = game
        self.stones = stones
        self.player = player
        self.step = step
        self.rolled = rolled
        self.winner: int | None = None
        self._history: list[int] = []
        self._stack: list[tuple[int, int, int, bool, int | None]] = []

    @property
    def to_move(self) -> int:
        if self.winner is not None:
            return TERMINAL
        if self.game.dice and not self.rolled:
            return CHANCE
        return self.player

    def legal_moves(self) -> list[int]:
        who = self.to_move
        if who == TERMINAL:
            return []
        if who == CHANCE:
            return [ADD0, ADD1]
        return [1, 2] if self.stones >= 2 else [1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(ADD0, 0.5), (ADD1, 0.5)] if self.to_move == CHANCE else []

    def check(self, move: int) -> None:
        if move not in self.legal_moves():
            raise IllegalMoveError("NOT_LEGAL", f"{move} is not legal here")

    def push(self, move: int) -> None:
        self._history.append(move)
        self._stack.append((self.stones, self.player, self.step, self.rolled, self.winner))
        if move >= ADD0:
            self.stones += move - ADD0
            self.rolled = True
            return
        self.stones -= move
        if self.stones == 0:
            self.winner = self.player
        elif self.step == 0:
            self.step = 1
        else:
            self.step, self.player, self.rolled = 0, 1 - self.player, False

    def undo(self) -> int:
        self.stones, self.player, self.step, self.rolled, self.winner = self._stack.pop()
        return self._history.pop()

    def copy(self) -> Self:
        twin = type(self)(self.game, self.stones, self.player, self.step, self.rolled)
        twin.winner = self.winner
        twin._stack = self._stack[:]
        twin._history = self._history[:]
        return twin

    def outcome(self) -> Outcome | None:
        return None if self.winner is None else Outcome(self.winner, "LAST_STONE")

    def text(self) -> str:
        win = "-" if self.winner is None else str(self.winner)
        return f"{self.stones} {self.player} {self.step} {int(self.rolled)} {win}"

    def parse_move(self, text: str) -> int:
        if text.strip() in ("1", "2", "10", "11"):
            return int(text)
        raise NotationError("a move is 1 or 2 (take), 10 or 11 (die)", text)

    def render(self, viewer: int | None = None) -> str:
        return self.text()

    def action_id(self, move: int) -> int:
        return move if move < ADD0 else move - ADD0 + 3

    def action_move(self, action: int) -> int:
        return action if action < 3 else action - 3 + ADD0

    def observation(self, player: int | None = None) -> list[float]:
        """The same for both sides: the stones left."""
        return [float(self.stones)]

    def hash_key(self) -> int:
        return hash((self.stones, self.player, self.step, self.rolled, self.winner))

    def evaluate(self, player: int) -> float:
        return 0.0


class TakeTwice(Game[TakeTwiceState, Any]):
    name = "taketwice"
    title = "Take twice"
    player_names = ("first", "second")

    def __init__(self, stones: int = 9, dice: bool = False) -> None:
        super().__init__()
        self.stones = stones
        self.dice = dice

    def new_state(self, seed: int | None = None) -> TakeTwiceState:
        return TakeTwiceState(self, self.stones, 0, 0, False)

    def parse(self, text: str, *, reachable: bool = True) -> TakeTwiceState:
        parts = text.split()
        if len(parts) != 5:
            raise PositionError("five fields", text)
        stones, player, step, rolled, win = parts
        state = TakeTwiceState(self, int(stones), int(player), int(step), rolled == "1")
        state.winner = None if win == "-" else int(win)
        return state

    @property
    def num_actions(self) -> int:
        return 5

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (1,)

    @property
    def max_game_length(self) -> int:
        return 4 * self.stones + 10


def exact_value(state: State[Any], player: int) -> float:
    """The exact expectimax value of `state` for `player` (+1 win, -1 loss)."""
    who = state.to_move
    if who == TERMINAL:
        return state.returns()[player]
    if who == CHANCE:
        total = 0.0
        for move, probability in state.chance_outcomes():
            state.push(move)
            total += probability * exact_value(state, player)
            state.undo()
        return total
    values = []
    for move in state.legal_moves():
        state.push(move)
        values.append(exact_value(state, player))
        state.undo()
    return max(values) if who == player else min(values)
