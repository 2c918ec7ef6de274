"""A tiny dice game on the common API, with switchable bugs to show the conformance
check catches them.

Race to 10: a player rolls a die (chance: 1 or 2, probability 1/2 each), then moves
`step 1` or `step 2` plus the roll, or passes; the first to reach 10 wins. Positions are
`a b p` (scores and whose turn; `p` is `c0`/`c1` when the mover's die is due).
"""

from __future__ import annotations

from dataclasses import dataclass

from spieltisch.core import (
    CHANCE,
    TERMINAL,
    Game,
    GameOptions,
    IllegalMoveError,
    NotationError,
    Outcome,
    PositionError,
    State,
)


@dataclass(frozen=True)
class ToyOptions(GameOptions):
    goal: int = 10
    bug: str = ""  # "", "undo", "text", "refuse", "mask", "endless", "source", "legal", "hash"


@dataclass(frozen=True, order=True)
class ToyMove:
    kind: str  # "roll", "step", "pass"
    amount: int = 0

    def __str__(self) -> str:
        return self.kind if self.kind == "pass" else f"{self.kind} {self.amount}"


class ToyState(State[ToyMove]):
    game: ToyGame

    def __init__(self, game: ToyGame, scores: list[int], player: int, rolled: int) -> None:
        self.game = game
        self.scores = scores
        self.player = player
        self.rolled = rolled  # 0: die due
        self._history: list[ToyMove] = []
        self.stack: list[tuple[ToyMove, list[int], int, int]] = []

    @property
    def to_move(self) -> int:
        if max(self.scores) >= self.game.options.goal:
            return TERMINAL
        return CHANCE if self.rolled == 0 else self.player

    def legal_moves(self) -> list[ToyMove]:
        if self.to_move == TERMINAL:
            return []
        if self.rolled == 0:
            return [ToyMove("roll", 1), ToyMove("roll", 2)]
        if self.game.options.bug == "endless":
            return [ToyMove("pass")]
        return [ToyMove("step", 1), ToyMove("step", 2)]

    def chance_outcomes(self) -> list[tuple[ToyMove, float]]:
        return [(m, 0.5) for m in self.legal_moves()] if self.to_move == CHANCE else []

    def check(self, move: ToyMove) -> None:
        if move not in self.legal_moves() and self.game.options.bug != "refuse":
            raise IllegalMoveError("NOT_LEGAL", f"{move} is not legal here")

    def is_legal(self, move: ToyMove) -> bool:
        if self.game.options.bug == "legal":
            return True
        return super().is_legal(move)

    def source_square(self, move: ToyMove) -> str | None:
        """A step starts on the mover's score, written `s<score>`; other moves on none."""
        return f"s{self.scores[self.player]}" if move.kind == "step" else None

    def legal_moves_from(self, square: str) -> list[ToyMove]:
        if self.game.options.bug == "source":
            return self.legal_moves()
        return super().legal_moves_from(square)

    def push(self, move: ToyMove) -> None:
        self.stack.append((move, self.scores[:], self.player, self.rolled))
        self._history.append(move)
        if move.kind == "roll":
            self.rolled = move.amount
        elif move.kind == "step":
            self.scores[self.player] += move.amount + self.rolled
            self.player, self.rolled = 1 - self.player, 0
        else:
            self.player, self.rolled = 1 - self.player, 0

    def undo(self) -> ToyMove:
        move, scores, player, rolled = self.stack.pop()
        if self.game.options.bug != "history":
            self._history.pop()
        if self.game.options.bug != "undo":
            self.scores = scores
        self.player, self.rolled = player, rolled
        return move

    def copy(self) -> ToyState:
        twin = type(self)(self.game, self.scores[:], self.player, self.rolled)
        twin.stack = self.stack[:]
        twin._history = self._history[:]
        return twin

    def outcome(self) -> Outcome | None:
        if self.to_move != TERMINAL:
            return None
        winner = 0 if self.scores[0] >= self.game.options.goal else 1
        return Outcome(winner, "GOAL", ((self.scores[0],), (self.scores[1],)))

    def text(self) -> str:
        turn = f"c{self.player}" if self.rolled == 0 else f"p{self.player}r{self.rolled}"
        if self.game.options.bug == "text":
            turn = f"p{self.player}"
        return f"{self.scores[0]} {self.scores[1]} {turn}"

    def parse_move(self, text: str) -> ToyMove:
        parts = text.split()
        if parts == ["pass"]:
            return ToyMove("pass")
        if len(parts) == 2 and parts[0] in ("roll", "step") and parts[1].isdigit():
            return ToyMove(parts[0], int(parts[1]))
        raise NotationError("expected `roll N`, `step N` or `pass`", text)

    def render(self, viewer: int | None = None) -> str:
        return self.text() if viewer is None else f"{self.text()} (seen by {viewer})"

    def action_id(self, move: ToyMove) -> int:
        if self.game.options.bug == "mask":
            return 0
        return (
            {"roll": 0, "step": 2, "pass": 4}[move.kind]
            + min(move.amount, 2)
            - 1
            + (1 if move.kind == "pass" else 0)
        )

    def action_move(self, action: int) -> ToyMove:
        return [
            ToyMove("roll", 1),
            ToyMove("roll", 2),
            ToyMove("step", 1),
            ToyMove("step", 2),
            ToyMove("pass"),
        ][action]

    def observation(self, player: int | None = None) -> list[float]:
        """The same for both sides: both scores and the roll."""
        return [float(self.scores[0]), float(self.scores[1]), float(self.rolled)]


class ToyGame(Game[ToyState, ToyOptions]):
    name = "toy"
    title = "Toy race"
    player_names = ("first", "second")
    score_names = ("points",)
    options_type = ToyOptions

    def new_state(self, seed: int | None = None) -> ToyState:
        return self.make(self, [0, 0], 0, 0)

    @property
    def make(self) -> type[ToyState]:
        """The state class: with the `hash` bug, one that is hashable."""
        return HashableToyState if self.options.bug == "hash" else ToyState

    def parse(self, text: str, *, reachable: bool = True) -> ToyState:
        parts = text.split()
        if len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit():
            raise PositionError("expected `a b turn`", text)
        turn = parts[2]
        if turn in ("c0", "c1"):
            return self.make(self, [int(parts[0]), int(parts[1])], int(turn[1]), 0)
        if len(turn) == 4 and turn[0] == "p" and turn[2] == "r":
            return self.make(self, [int(parts[0]), int(parts[1])], int(turn[1]), int(turn[3]))
        if len(turn) == 2 and turn[0] == "p":
            return self.make(self, [int(parts[0]), int(parts[1])], int(turn[1]), 1)
        raise PositionError(f"bad turn {turn!r}", text)

    @property
    def num_actions(self) -> int:
        return 5

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (3,)

    def observation_high(self) -> list[float]:
        """A score stops at most a step of 2 plus a roll of 2 past the goal."""
        return [self.options.goal + 3.0, self.options.goal + 3.0, 2.0]

    @property
    def max_game_length(self) -> int:
        return 4 * self.options.goal


class HashableToyState(ToyState):
    """The `hash` bug: a state that hashes its changing position."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self.text())
