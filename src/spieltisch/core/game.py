"""The common game API: a static `Game` description and a mutable `State`.

Every game implements these two classes; everything outside `games/` (AI, arena, server,
CLI, environments) works through them alone. The shape follows OpenSpiel (a game, a state,
an explicit chance player) and python-chess (one mutable state with `push`/`undo`, small
immutable move values whose `str()` is their notation).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from spieltisch.core.errors import IllegalMoveError, NotationError
from spieltisch.core.options import GameOptions, NoOptions
from spieltisch.core.scores import ScoreScale
from spieltisch.core.view import View, view_builder
from spieltisch.core.words import game_words

if TYPE_CHECKING:
    from spieltisch.core.competition import CompetitionCodec

#: `State.to_move` at a chance node (dice, random events): nature chooses the outcome.
CHANCE = -1
#: `State.to_move` of a finished game.
TERMINAL = -2

M = TypeVar("M", bound=Hashable)
OptionsT = TypeVar("OptionsT", bound=GameOptions)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    `winner` is 0 or 1, or None for a draw. `reason` is a short constant (e.g.
    `DIFFERING_SCORES`). `scores` holds each player's score parts as the competition
    reports them, in the order of `Game.score_names`.
    """

    winner: int | None
    reason: str
    scores: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())

    def returns(self) -> tuple[float, float]:
        """+1 for the winner, -1 for the loser, 0 for both in a draw."""
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)


class State(ABC, Generic[M]):
    """A position together with the moves that led to it from where it was created.

    The state is mutable: `play`/`push` make a move, `undo` takes the last one back.
    Every game's `__init__` sets `self._history = []`, `push` appends the move, `undo`
    pops it and `copy` copies the list; `history()` lists it.

    A state is not hashable (it changes under the hash, as python-chess's boards do):
    `hash_key()` is the position key for tables.
    """

    game: Game[Any, Any]
    _history: list[M]

    # --- whose turn, which moves -------------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> int:
        """0 or 1 for a player, `CHANCE` at a chance node, `TERMINAL` when the game is over."""

    @abstractmethod
    def legal_moves(self) -> list[M]:
        """All legal moves (at a chance node: the chance outcomes); empty when over."""

    def source_square(self, move: M) -> str | None:
        """The name, in this game's notation, of the square where `move` starts; None
        for moves that start on no square (drops, picks, dice, game-specific steps)."""
        return None

    def legal_moves_from(self, square: str) -> list[M]:
        """The legal moves that start on `square` (a front end's first click)."""
        source = self.source_square
        return [move for move in self.legal_moves() if source(move) == square]

    def chance_outcomes(self) -> list[tuple[M, float]]:
        """At a chance node, each outcome with its probability (they sum to 1)."""
        return []

    def is_chance(self) -> bool:
        return self.to_move == CHANCE

    def is_over(self) -> bool:
        return self.to_move == TERMINAL

    # --- making and taking back moves --------------------------------------------------

    def play(self, move: M) -> None:
        """Make `move` after checking it: an illegal move raises `IllegalMoveError`
        naming the broken rule and leaves the state unchanged (`check`, then `push`)."""
        self.check(move)
        self.push(move)

    @abstractmethod
    def check(self, move: M) -> None:
        """Raise `IllegalMoveError(rule, message)` naming the broken rule when `move` is
        illegal here (in a finished game too); return None when it is legal."""

    def is_legal(self, move: M) -> bool:
        """Whether `move` is one of the legal moves here."""
        return move in self.legal_moves()

    def passes_check(self, move: M) -> bool:
        """Whether `check` accepts `move`: the `is_legal` of a game whose `check` is
        cheaper than building the move list (it must agree with `legal_moves`)."""
        try:
            self.check(move)
        except IllegalMoveError:
            return False
        return True

    @abstractmethod
    def push(self, move: M) -> None:
        """Make a move known to be legal (taken from `legal_moves`), without checks: the
        fast path of search and perft. Appends the move to `self._history`."""

    @abstractmethod
    def undo(self) -> M:
        """Take back the last move made on this state and return it (popping it from
        `self._history`).

        Raises `IndexError` when no move is left to take back.
        """

    def history(self) -> list[M]:
        """The moves made on this state since it was created or parsed, oldest first."""
        return list(self._history)

    @abstractmethod
    def copy(self) -> Self:
        """An independent copy (including the undo history)."""

    def sample_chance(self, rng: random.Random) -> M:
        """Draw one chance outcome with its probability, using only `rng`."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalMoveError("NOT_A_CHANCE_NODE", "no chance event is due here")
        pick = rng.random()
        total = 0.0
        for move, probability in outcomes:
            total += probability
            if pick < total:
                return move
        return outcomes[-1][0]

    def random_move(self, rng: random.Random) -> M:
        """A chance outcome drawn with its probability at a chance node, else a uniformly
        random legal move: the step of a random player, a playout, a random position."""
        if self.is_chance():
            return self.sample_chance(rng)
        return rng.choice(self.legal_moves())

    # --- the end -----------------------------------------------------------------------

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result of a finished game, None while it goes on."""

    def returns(self) -> tuple[float, float]:
        """Per-player returns: +1/-1 for win/loss, 0 for a draw or an unfinished game."""
        result = self.outcome()
        return (0.0, 0.0) if result is None else result.returns()

    # --- text --------------------------------------------------------------------------

    @abstractmethod
    def text(self) -> str:
        """The position as one line that `Game.parse` reads back into an equal state."""

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """Read a move in this game's notation; `str(move)` is the inverse.

        Raises `NotationError` for text that is no move at all. Whether the move is
        legal here is for `play` to decide.
        """

    @abstractmethod
    def render(self, viewer: int | None = None) -> str:
        """A human-readable, multi-line picture of the position for the terminal, drawn
        from player `viewer`'s side (None: player 0's side)."""

    def view(self) -> View:
        """A JSON-ready, game-independent description of the position for front ends and
        bots (`spieltisch.core.view`), built by the `state_view` function of the game's
        `view` module."""
        return view_builder(type(self))(self)

    def describe_move(self, move: M) -> str:
        """A longer, human-readable description of a move (defaults to its notation)."""
        return str(move)

    # --- learning ----------------------------------------------------------------------

    @abstractmethod
    def action_id(self, move: M) -> int:
        """The move's number in the fixed action space `0 .. Game.num_actions - 1`."""

    @abstractmethod
    def action_move(self, action: int) -> M:
        """The move with action number `action` (the inverse of `action_id`)."""

    def legal_action_mask(self) -> list[bool]:
        mask = [False] * self.game.num_actions
        for move in self.legal_moves():
            mask[self.action_id(move)] = True
        return mask

    @abstractmethod
    def observation(self, player: int | None = None) -> list[float]:
        """A fixed-size numeric view of the position, as seen by `player` (None: the
        player to move), flattened from `Game.observation_shape`."""

    # --- AI hooks ----------------------------------------------------------------------

    def hash_key(self) -> int:
        """A hash of the position (not of the history); equal positions, equal keys."""
        return hash(self.text())

    def evaluate(self, player: int) -> float:
        """A heuristic value of the position for `player` in [-1, 1] (0 = no opinion).

        Games put their knowledge here (material, distance, mobility); search agents call
        it at their horizon. It is never called on a finished game.
        """
        return 0.0

    def order_moves(self, moves: list[M]) -> list[M]:
        """The moves in the order a search should try them (likely best first).

        The default keeps the given order; games rank captures, promotions and the like.
        """
        return moves

    # --- comparisons -------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.text() == other.text()

    __hash__ = None  # type: ignore[assignment]  # mutable: use hash_key()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text()}>"

    def __str__(self) -> str:
        return self.render()


S = TypeVar("S", bound=State[Any])


class Game(ABC, Generic[S, OptionsT]):
    """The static description of a game with a set of options."""

    #: The name used on the command line and in `spieltisch.load`.
    name: ClassVar[str]
    #: The display title.
    title: ClassVar[str]
    #: One sentence saying what the game is about, for a player choosing a game.
    summary: ClassVar[str] = ""
    #: Names of player 0 (moves first) and player 1.
    player_names: ClassVar[tuple[str, str]]
    #: Names of the score parts in `Outcome.scores`, as the competition names them.
    score_names: ClassVar[tuple[str, ...]] = ()
    #: The same score parts named in English, for people (the CLI's result lines).
    score_labels: ClassVar[tuple[str, ...]] = ()
    #: The options class of this game.
    options_type: ClassVar[type[GameOptions]] = NoOptions
    #: Levels whose native agent spec differs for this game from the common native table
    #: (`spieltisch.ai.levels.NATIVE`), each measured against its neighbours (docs/ai.md).
    native_levels: ClassVar[dict[str, str]] = {}
    #: The name of this game's engine in the native core (`spieltisch._native.<name>`), or
    #: None for a game without one; `options.native_config()` says which options it plays.
    native_name: ClassVar[str | None] = None
    #: The module (dotted name) of this game's learned evaluation for its native engine
    #: (`eval=nnue`, docs/native.md): its features, network file (`NETWORK`) and integer
    #: forward pass, which `learn/nnue_train.py` trains for; None for a game without one.
    nnue: ClassVar[str | None] = None
    #: The most outcomes one chance node can have during play (a die: 6); 0 for a game
    #: whose only randomness is the seeded set-up of `new_state(seed)`.
    max_chance_outcomes: ClassVar[int] = 0
    #: How the native search's scores read for people (`core.scores`): unit and scale.
    #: The default reads the Python alpha-beta's scale (hundredths of an expected result).
    score_scale: ClassVar[ScoreScale] = ScoreScale("", 100.0)

    options: OptionsT

    def __init__(self, options: OptionsT | None = None) -> None:
        self.options = options if options is not None else self.options_type()  # type: ignore[assignment]

    @classmethod
    def words(cls, lang: str = "en") -> dict[str, dict[str, Any]]:
        """The game's own words in `lang` (`en`, `de`): its outcome reasons, rule codes,
        pieces and phrases, from the module `words` next to its view
        (`spieltisch.core.words`), so no front end knows a game's vocabulary."""
        return game_words(cls, lang)

    @abstractmethod
    def new_state(self, seed: int | None = None) -> S:
        """The start position. Games with a random set-up draw it from
        `random.Random(seed)`; `seed=None` gives the game's fixed standard set-up."""

    @abstractmethod
    def parse(self, text: str, *, reachable: bool = True) -> S:
        """Read a position text (and any other position format the game accepts, such as
        the competition's XML). Raises `PositionError` (a `NotationError`).

        By default a position no game can reach under the rules is refused, naming the
        rule it breaks (where a cheap check can tell). `reachable=False` reads a position
        set up by hand (a rule's test case, a puzzle): it checks only that the text is
        well-formed and that the game can go on from it, so nothing breaks later; every
        check the engine needs to stay consistent stays on either way. Each game's `parse`
        says which of its checks are which.
        """

    @property
    @abstractmethod
    def num_actions(self) -> int:
        """Size of the fixed action space."""

    @property
    @abstractmethod
    def observation_shape(self) -> tuple[int, ...]:
        """Shape of `State.observation()` before flattening."""

    def observation_high(self) -> list[float]:
        """An upper bound of every entry of `State.observation()` (flat); every entry is
        at least 0. The default, 1 everywhere, is the convention: planes of 0/1 and
        counters scaled into [0, 1]; a game whose counters can pass 1 says by how much."""
        size = 1
        for extent in self.observation_shape:
            size *= extent
        return [1.0] * size

    def action_frame(self, player: int) -> tuple[int, ...] | None:
        """The action ids as `player` sees them: the permutation `p` with `p[a]` the id
        of action `a` turned as `State.observation(player)` turns the board for that
        player (so a network whose input is in the mover's frame can name its moves in
        the same frame); its own inverse. None: both players see the ids as they are,
        the default for a game whose observation does not turn the board."""
        return None

    def action_squares(self) -> int | None:
        """Where every action moves from one cell of the observation's grid to another:
        the number of planes `k`, the ids being `plane * cells² + from * cells + to` for
        `plane < k` (cells = rows × columns, both squares numbered as the observation's
        cells, in the same frame), so a network can score a move from what it sees on its
        two squares. None, the default: the ids follow another plan."""
        return None

    def reflection(self) -> tuple[int, tuple[int, ...]] | None:
        """A mirror symmetry of the rules as the observation shows them, for a learner to
        double its data: `(axis, permutation)`, where flipping `State.observation()`
        (reshaped to `observation_shape`) along `axis` gives the observation of the
        mirrored position, whose moves are the ids turned by `permutation` (in the mover's
        frame, `action_frame`; its own inverse) and whose value is the same. None (the
        default): the game promises no such symmetry."""
        return None

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of moves (chance events included) in one game."""

    def competition(self) -> CompetitionCodec[S, Any] | None:
        """The game's Software-Challenge XML codec (`core.competition`), or None for a
        game that was never played in the competition."""
        return None

    def __repr__(self) -> str:
        changed = self.options.changed()
        opts = " ".join(f"{k}={v}" for k, v in changed.items())
        return f"<Game {self.name}{' ' + opts if opts else ''}>"


def replay(state: State[M], moves: Sequence[str]) -> State[M]:
    """Play moves given in notation on `state` (checked), returning the state.

    A move that does not read or is illegal raises the same kind of error with its
    number and text in front (`move 4 (a1a1): ...`).
    """
    for index, text in enumerate(moves):
        where = f"move {index + 1} ({text})"
        try:
            move = state.parse_move(text)
        except NotationError as exc:
            raise NotationError(f"{where}: {exc}") from None
        try:
            state.play(move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(exc.rule, f"{where}: {exc.detail}") from None
    return state
