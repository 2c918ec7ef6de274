"""The Ostseeschach position: board, turn, ambers, last move; fast push/undo."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.core.errors import IllegalMoveError, NotationError
from spieltisch.core.game import TERMINAL, Outcome, State
from spieltisch.games.ostseeschach import evaluation
from spieltisch.games.ostseeschach.board import (
    AMBERS_TO_WIN,
    BLUE,
    HEIGHT,
    LAST_TURN,
    LINE_AMBER,
    RED,
    ROBBE,
    TARGETS,
    TEAM_NAMES,
    TOWER,
    height_of,
    kind_of,
    piece_name,
    team_of,
    vectors,
)
from spieltisch.games.ostseeschach.moves import MOVES, Move, on_board, parse_move, square_name
from spieltisch.games.ostseeschach.position import write_position
from spieltisch.games.ostseeschach.render import picture

if TYPE_CHECKING:
    from spieltisch.games.ostseeschach.game import Ostseeschach

# Refusal rules in the official order (ostseeschach.md, "Illegal moves").
WRONG_COLOR = "WRONG_COLOR"
OUT_OF_BOUNDS = "OUT_OF_BOUNDS"
INVALID_MOVEMENT = "INVALID_MOVEMENT"
DESTINATION_BLOCKED = "DESTINATION_BLOCKED"
GAME_OVER = "GAME_OVER"

# End reasons: the official ones, plus this project's rule that a player without moves loses.
DIFFERING_SCORES = "DIFFERING_SCORES"
DIFFERING_POSITIONS = "DIFFERING_POSITIONS"
EQUAL_SCORE = "EQUAL_SCORE"
NO_LEGAL_MOVES = "NO_LEGAL_MOVES"


class OstseeschachState(State[Move]):
    """A position. `board` is read-only for callers: 64 signed codes (see `board.py`)."""

    __slots__ = ("_amb", "_b", "_history", "_last", "_moves", "_stack", "_turn")

    game: Ostseeschach

    def __init__(
        self,
        game: Ostseeschach,
        board: list[int],
        turn: int = 0,
        ambers: tuple[int, int] = (0, 0),
        last_move: Move | None = None,
    ) -> None:
        self.game = game
        self._b = board
        self._turn = turn
        self._amb = [ambers[0], ambers[1]]
        self._last = last_move
        self._history: list[Move] = []
        #: Per move made: source, target, their codes before, ambers gained, last move.
        self._stack: list[tuple[int, int, int, int, int, Move | None]] = []
        self._moves: list[Move] | None = None

    # --- reading the position ------------------------------------------------------------

    @property
    def board(self) -> list[int]:
        return self._b

    @property
    def turn(self) -> int:
        """Moves made in the game so far (the official GameState.turn)."""
        return self._turn

    @property
    def round(self) -> int:
        return (self._turn + 1) // 2

    @property
    def ambers(self) -> tuple[int, int]:
        return (self._amb[0], self._amb[1])

    @property
    def last_move(self) -> Move | None:
        return self._last

    @property
    def current_team(self) -> int:
        """The team whose turn it is by the turn counter (also in a finished game)."""
        return self._turn & 1

    def piece_at(self, x: int, y: int) -> tuple[int, int, int] | None:
        """(kind, team, height) of the stack on (x, y), or None."""
        if not on_board(x, y):
            return None
        value = self._b[y * 8 + x]
        if not value:
            return None
        return (kind_of(value), team_of(value), height_of(value))

    def pieces(self) -> list[tuple[int, int, int, int, int]]:
        """Every stack on the board as (x, y, kind, team, height), by square."""
        return [
            (s % 8, s // 8, kind_of(v), team_of(v), height_of(v))
            for s, v in enumerate(self._b)
            if v
        ]

    # --- whose turn, which moves -------------------------------------------------------

    def round_end_reached(self) -> bool:
        """The official server's end check: after blue's move (even turn), a team has
        two ambers or turn 60 is reached. (`is_over` also ends a game whose player to
        move has no legal move; the server never checked that.)"""
        turn = self._turn
        return turn & 1 == 0 and (
            turn >= LAST_TURN or self._amb[0] >= AMBERS_TO_WIN or self._amb[1] >= AMBERS_TO_WIN
        )

    def _generate(self) -> list[Move]:
        moves = self._moves
        if moves is not None:
            return moves
        b = self._b
        moves = []
        add = moves.append
        if self._turn & 1 == 0:
            for s, v in enumerate(b):
                if v > 0:
                    for d, move in TARGETS[v][s]:
                        if b[d] <= 0:
                            add(move)
        else:
            for s, v in enumerate(b):
                if v < 0:
                    for d, move in TARGETS[v][s]:
                        if b[d] >= 0:
                            add(move)
        self._moves = moves
        return moves

    @property
    def to_move(self) -> int:
        if self.round_end_reached() or not self._generate():
            return TERMINAL
        return self._turn & 1

    def is_chance(self) -> bool:
        return False  # the only randomness is the start, drawn by `new_state(seed)`

    def legal_moves(self) -> list[Move]:
        if self.round_end_reached():
            return []
        return self._generate()[:]

    def is_legal(self, move: Move) -> bool:
        """`check` in O(1), without building the move list (it agrees with
        `legal_moves`: the conformance check holds them to it)."""
        return self.passes_check(move)

    def source_square(self, move: Move) -> str | None:
        """The square the piece leaves (`a1` of `a1b3`); None for an off-board start."""
        return square_name(move.src) if move.src >= 0 else None

    # --- making and taking back moves --------------------------------------------------

    def push(self, move: Move) -> None:
        b = self._b
        s = move.src
        d = move.dst
        v = b[s]
        w = b[d]
        gain = LINE_AMBER[v][d]
        if w and HEIGHT[v] + HEIGHT[w] >= 3:
            gain += 1
        self._history.append(move)
        self._stack.append((s, d, v, w, gain, self._last))
        b[s] = 0
        if gain:
            b[d] = 0
            self._amb[self._turn & 1] += gain
        elif w:
            b[d] = TOWER[v]
        else:
            b[d] = v
        self._turn += 1
        self._last = move
        self._moves = None

    def undo(self) -> Move:
        s, d, v, w, gain, last = self._stack.pop()
        b = self._b
        b[s] = v
        b[d] = w
        self._turn -= 1
        if gain:
            self._amb[self._turn & 1] -= gain
        self._last = last
        self._moves = None
        return self._history.pop()

    def check(self, move: Move) -> None:
        """Raise `IllegalMoveError` if `move` is not legal here, with the official rule
        name of the first check it fails (ostseeschach.md, "Illegal moves"); a move that
        passes them all in a finished game is refused as GAME_OVER. (A player without
        legal moves fails one of the four checks with any move.)"""
        if not isinstance(move, Move):
            raise IllegalMoveError("NOT_A_MOVE", f"{move!r} is not an Ostseeschach move")
        team = self._turn & 1
        origin = f"({move.fx},{move.fy})"
        if move.src < 0:
            raise IllegalMoveError(
                WRONG_COLOR,
                f"the start square {origin} is off the board, not a {TEAM_NAMES[team]} piece",
            )
        value = self._b[move.src]
        if value == 0 or team_of(value) != team:
            what = "is empty" if value == 0 else f"holds {piece_name(value)}"
            raise IllegalMoveError(
                WRONG_COLOR,
                f"the start square {square_name(move.src)} {what}; "
                f"{TEAM_NAMES[team]} must move one of its own pieces",
            )
        if move.dst < 0:
            raise IllegalMoveError(
                OUT_OF_BOUNDS, f"the target ({move.tx},{move.ty}) is off the board"
            )
        kind = kind_of(value)
        if move.delta not in vectors(kind, team):
            raise IllegalMoveError(
                INVALID_MOVEMENT,
                f"{piece_name(value)} cannot move "
                f"from {square_name(move.src)} to {square_name(move.dst)}",
            )
        target = self._b[move.dst]
        if target and team_of(target) == team:
            raise IllegalMoveError(
                DESTINATION_BLOCKED,
                f"the target {square_name(move.dst)} holds {piece_name(target)}, "
                f"{TEAM_NAMES[team]}'s own",
            )
        # Last, so that a move in a finished position names the same rule as the
        # official performMove, which never checks for the end.
        if self.round_end_reached():
            raise IllegalMoveError(GAME_OVER, "the game is over")

    def copy(self) -> OstseeschachState:
        twin = OstseeschachState(self.game, self._b[:], self._turn, self.ambers, self._last)
        twin._stack = self._stack[:]
        twin._history = self._history[:]
        return twin

    # --- the end -----------------------------------------------------------------------

    def light_distances(self, team: int) -> list[int]:
        """Distances of the team's light-topped stacks from its own start column, largest
        first (the tie-break of ostseeschach.md, "Turns and the end")."""
        sign = 1 if team == RED else -1
        distances = [
            (s % 8 if team == RED else 7 - s % 8)
            for s, v in enumerate(self._b)
            if v * sign > 0 and kind_of(v) != ROBBE
        ]
        distances.sort(reverse=True)
        return distances

    def outcome(self) -> Outcome | None:
        red_light = self.light_distances(RED)
        blue_light = self.light_distances(BLUE)
        front = (red_light[0] if red_light else 0, blue_light[0] if blue_light else 0)
        winner: int | None
        if self.round_end_reached():
            if self._amb[0] != self._amb[1]:
                winner = RED if self._amb[0] > self._amb[1] else BLUE
                reason = DIFFERING_SCORES
            else:
                winner, reason = None, EQUAL_SCORE
                for red, blue in zip(red_light, blue_light, strict=False):
                    if red != blue:
                        winner = RED if red > blue else BLUE
                        reason = DIFFERING_POSITIONS
                        break
        elif not self._generate():
            winner, reason = 1 - (self._turn & 1), NO_LEGAL_MOVES
        else:
            return None
        points = (1, 1) if winner is None else ((2, 0) if winner == RED else (0, 2))
        return Outcome(
            winner,
            reason,
            (
                (points[0], self._amb[0], front[0]),
                (points[1], self._amb[1], front[1]),
            ),
        )

    # --- text --------------------------------------------------------------------------

    def text(self) -> str:
        return write_position(self._b, self._turn, self._amb, self._last)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def render(self, viewer: int | None = None) -> str:
        """The board for the terminal, turned by 180° for blue (`viewer` 1)."""
        return picture(self, viewer)

    def describe_move(self, move: Move) -> str:
        """The move in words, from the position before it: `Möwe b2 takes blue's
        Seestern on c3, earns 1 amber and leaves the board`."""
        if move.src < 0 or move.dst < 0:
            return str(move)
        value = self._b[move.src]
        if not value:
            return str(move)
        target = self._b[move.dst]
        start, end = square_name(move.src), square_name(move.dst)
        words = f"{piece_name(value, owner=False)} {start} "
        words += f"takes {piece_name(target)} on {end}" if target else f"to {end}"
        gain = (HEIGHT[value] + HEIGHT[target] >= 3) + LINE_AMBER[value][move.dst]
        if gain:
            words += f", earns {gain} amber{'s' if gain > 1 else ''} and leaves the board"
        return words

    # --- learning ----------------------------------------------------------------------

    def action_id(self, move: Move) -> int:
        if move.src < 0 or move.dst < 0:
            raise NotationError(f"the move {move} has no action id (it leaves the board)")
        return move.src * 64 + move.dst

    def action_move(self, action: int) -> Move:
        if not 0 <= action < 64 * 64:
            raise NotationError(f"action {action} is outside 0..4095")
        return MOVES[action // 64][action % 64]

    def observation(self, player: int | None = None) -> list[float]:
        """19 planes of 8x8 from the side of `player` (None: the mover; blue's view
        rotated by 180°): own stacks by kind and height (8), the opponent's (8), own
        ambers / 2, opponent's ambers / 2, and turn / 60."""
        team = self._turn & 1 if player is None else player
        planes = [0.0] * (19 * 64)
        for s, v in enumerate(self._b):
            if not v:
                continue
            plane = kind_of(v) + 4 * (height_of(v) - 1) + (0 if team_of(v) == team else 8)
            planes[plane * 64 + (s if team == RED else 63 - s)] = 1.0
        for plane, value in (
            (16, self._amb[team] / 2),
            (17, self._amb[1 - team] / 2),
            (18, self._turn / LAST_TURN),
        ):
            for s in range(64):
                planes[plane * 64 + s] = value
        return planes

    def hash_key(self) -> int:
        return hash((tuple(self._b), self._turn, self._amb[0], self._amb[1]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OstseeschachState):
            return NotImplemented
        return (
            self._b == other._b
            and self._turn == other._turn
            and self._amb == other._amb
            and self._last == other._last
        )

    # --- AI hooks (spieltisch.games.ostseeschach.evaluation) -------------------------------

    def evaluate(self, player: int) -> float:
        """Ambers, amber threats, material and progress for `player`, in [-1, 1]."""
        return evaluation.evaluate(self._b, (self._amb[0], self._amb[1]), self._turn, player)

    def order_moves(self, moves: list[Move]) -> list[Move]:
        """Amber-earning moves and captures first (see `evaluation.order_moves`)."""
        return evaluation.order_moves(self._b, moves)
