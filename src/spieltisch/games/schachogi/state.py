"""The Schachogi position: board, side to move, counters, repetition keys; fast push/undo."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.core.errors import IllegalMoveError, NotationError
from spieltisch.core.game import TERMINAL, Outcome, State
from spieltisch.games.schachogi.board import (
    BLACK,
    KIND_NAMES,
    PFLOECK,
    PLAYER_NAMES,
    PROMOTED,
    RAYS,
    RESETS,
    WHITE,
    ZOBRIST,
    ZOBRIST_BLACK,
    can_promote,
    kind_of,
    must_promote,
    piece_name,
    side_of,
)
from spieltisch.games.schachogi.evaluation import evaluate, move_order_key
from spieltisch.games.schachogi.moves import MOVES, Move, parse_move, square_name
from spieltisch.games.schachogi.position import write_position
from spieltisch.games.schachogi.render import picture

if TYPE_CHECKING:
    from spieltisch.games.schachogi.game import Schachogi

# Refusal rules of `play`.
GAME_OVER = "GAME_OVER"
NOT_A_MOVE = "NOT_A_MOVE"
NO_PIECE = "NO_PIECE"
NOT_YOUR_PIECE = "NOT_YOUR_PIECE"
INVALID_MOVEMENT = "INVALID_MOVEMENT"
PATH_BLOCKED = "PATH_BLOCKED"
OWN_PIECE_ON_TARGET = "OWN_PIECE_ON_TARGET"
PROMOTION_NOT_ALLOWED = "PROMOTION_NOT_ALLOWED"
PROMOTION_REQUIRED = "PROMOTION_REQUIRED"

# End reasons (schachogi.md, "End of the game").
PFLOECK_CAPTURED = "PFLOECK_CAPTURED"
NO_LEGAL_MOVES = "NO_LEGAL_MOVES"
REPETITION = "REPETITION"
QUIET_PLIES = "QUIET_PLIES"

# Values of the cached `_status`: unknown, going on, or an index into `_REASONS`.
_UNKNOWN = -2
_GOING_ON = -1
_CAPTURED, _STUCK, _REPEATED, _QUIET = range(4)


class SchachogiState(State[Move]):
    """A position. `board` is read-only for callers: 64 signed codes (see `board.py`)."""

    __slots__ = (
        "_b",
        "_base",
        "_history",
        "_keys",
        "_moves",
        "_ply0",
        "_quiet",
        "_stack",
        "_status",
        "_turn",
    )

    game: Schachogi

    def __init__(
        self,
        game: Schachogi,
        board: list[int],
        turn: int = WHITE,
        quiet: int = 0,
        fullmove: int = 1,
        seen_before: int = 0,
    ) -> None:
        """`seen_before`: how often the position occurred earlier in the game (the `rN`
        field of the position text holds N = seen_before + 1)."""
        self.game = game
        self._b = board
        self._turn = turn
        self._quiet = quiet
        #: The game's ply number at creation (0 = White's first move), for `fullmove`.
        self._ply0 = 2 * (fullmove - 1) + turn
        key = ZOBRIST_BLACK if turn == BLACK else 0
        for square, v in enumerate(board):
            if v:
                key ^= ZOBRIST[v][square]
        #: Keys of every position since creation (the current one last), for repetitions.
        self._keys = [key]
        self._base = seen_before
        self._history: list[Move] = []
        #: Per move made: the codes of its source and target squares before, and the
        #: quiet-ply counter before.
        self._stack: list[tuple[int, int, int]] = []
        self._moves: list[Move] | None = None
        self._status = _UNKNOWN

    # --- reading the position ------------------------------------------------------------

    @property
    def board(self) -> list[int]:
        return self._b

    @property
    def turn(self) -> int:
        """The side to move by the turn (also in a finished game): 0 White, 1 Black."""
        return self._turn

    @property
    def quiet_plies(self) -> int:
        """Plies since the last capture, Brrbrr move or promotion (the 100-ply counter)."""
        return self._quiet

    @property
    def fullmove(self) -> int:
        return (self._ply0 + len(self._history)) // 2 + 1

    def piece_at(self, square: int) -> int:
        return self._b[square]

    # --- generation ------------------------------------------------------------------------

    def pseudo_moves(self, side: int) -> list[Move]:
        """Every move of `side`'s pieces by their movement (legal when `side` is to move
        and the game goes on: there is no check in Schachogi)."""
        b = self._b
        moves: list[Move] = []
        if side == WHITE:
            for s, v in enumerate(b):
                if v > 0:
                    for ray in RAYS[v][s]:
                        for d, ms in ray:
                            w = b[d]
                            if w == 0:
                                moves += ms
                            else:
                                if w < 0:
                                    moves += ms
                                break
        else:
            for s, v in enumerate(b):
                if v < 0:
                    for ray in RAYS[v][s]:
                        for d, ms in ray:
                            w = b[d]
                            if w == 0:
                                moves += ms
                            else:
                                if w > 0:
                                    moves += ms
                                break
        return moves

    def _generate(self) -> list[Move]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self.pseudo_moves(self._turn)
        return moves

    def repetition_count(self) -> int:
        """How often the current position (board and side to move) has occurred in the
        game, this time included. Only positions since the last capture, Brrbrr move or
        promotion can match, so the scan stops at the counter."""
        keys = self._keys
        last = len(keys) - 1
        key = keys[last]
        count = 1
        stop = max(0, last - self._quiet)
        i = last - 2
        while i >= stop:
            if keys[i] == key:
                count += 1
            i -= 2
        if self._base and last <= self._quiet and last % 2 == 0 and keys[0] == key:
            count += self._base
        return count

    def _end(self) -> int:
        """`_GOING_ON`, or the index in `_REASONS` of why the game is over. A Pflöck
        capture and a player without moves decide before the draw rules (schachogi.md,
        "End of the game" is silent on the order; a loss is not undone by a draw rule)."""
        status = self._status
        if status != _UNKNOWN:
            return status
        status = _GOING_ON
        if self._pfloeck_gone():
            status = _CAPTURED
        elif not self._generate():
            status = _STUCK
        else:
            options = self.game.options
            if options.quiet_plies and self._quiet >= options.quiet_plies:
                status = _QUIET
            elif options.repetitions and self.repetition_count() >= options.repetitions:
                status = _REPEATED
        self._status = status
        return status

    def _pfloeck_gone(self) -> bool:
        """The last move took the mover's Pflöck, or (in a parsed position) it is missing."""
        if self._stack:
            return kind_of(self._stack[-1][1]) == PFLOECK
        own = PFLOECK if self._turn == WHITE else -PFLOECK
        return own not in self._b

    @property
    def to_move(self) -> int:
        return TERMINAL if self._end() != _GOING_ON else self._turn

    def legal_moves(self) -> list[Move]:
        if self._end() != _GOING_ON:
            return []
        return self._generate()[:]

    def is_legal(self, move: Move) -> bool:
        """`check`, without building the move list (it agrees with `legal_moves`: the
        conformance check holds them to it)."""
        return self.passes_check(move)

    def source_square(self, move: Move) -> str | None:
        """The square the piece leaves (`e2` of `e2e4`)."""
        return square_name(move.src)

    # --- making and taking back moves --------------------------------------------------

    def push(self, move: Move) -> None:
        b = self._b
        s = move.src
        d = move.dst
        v = b[s]
        w = b[d]
        quiet = self._quiet
        self._history.append(move)
        self._stack.append((v, w, quiet))
        b[s] = 0
        if move.promote:
            n = PROMOTED[v]
            self._quiet = 0
        elif w or RESETS[v]:
            n = v
            self._quiet = 0
        else:
            n = v
            self._quiet = quiet + 1
        b[d] = n
        keys = self._keys
        keys.append(keys[-1] ^ ZOBRIST[v][s] ^ ZOBRIST[n][d] ^ ZOBRIST[w][d] ^ ZOBRIST_BLACK)
        self._turn ^= 1
        self._moves = None
        self._status = _UNKNOWN

    def undo(self) -> Move:
        move = self._history.pop()
        v, w, quiet = self._stack.pop()
        b = self._b
        b[move.src] = v
        b[move.dst] = w
        self._quiet = quiet
        self._keys.pop()
        self._turn ^= 1
        self._moves = None
        self._status = _UNKNOWN
        return move

    def check(self, move: Move) -> None:
        """Raise `IllegalMoveError` naming the broken rule if `move` is not legal here."""
        if not isinstance(move, Move):
            raise IllegalMoveError(NOT_A_MOVE, f"{move!r} is not a Schachogi move")
        if self.is_over():
            raise IllegalMoveError(GAME_OVER, "the game is over")
        side = self._turn
        me = PLAYER_NAMES[side]
        src, dst = move.src, move.dst
        v = self._b[src]
        if v == 0:
            raise IllegalMoveError(NO_PIECE, f"{square_name(src)} is empty")
        if side_of(v) != side:
            raise IllegalMoveError(
                NOT_YOUR_PIECE,
                f"{square_name(src)} holds {piece_name(v)}; {me} must move one of its own pieces",
            )
        kind = kind_of(v)
        name = KIND_NAMES[kind]
        blocked = False
        reached = False
        for ray in RAYS[v][src]:
            for d, _ in ray:
                if d == dst:
                    reached = True
                    break
                if self._b[d]:
                    if any(t == dst for t, _ in ray):
                        blocked = True
                    break
            if reached:
                break
        if not reached:
            if blocked:
                raise IllegalMoveError(
                    PATH_BLOCKED,
                    f"{piece_name(v)} on {square_name(src)} cannot pass the piece in its "
                    f"way to {square_name(dst)}",
                )
            raise IllegalMoveError(
                INVALID_MOVEMENT,
                f"{piece_name(v)} cannot move from {square_name(src)} to {square_name(dst)}",
            )
        target = self._b[dst]
        if target and side_of(target) == side:
            raise IllegalMoveError(
                OWN_PIECE_ON_TARGET,
                f"{square_name(dst)} holds {piece_name(target)}, {me}'s own",
            )
        if move.promote and not can_promote(kind, dst, side):
            why = (
                "the Pflöck never promotes"
                if kind == PFLOECK
                else "it is promoted already"
                if kind > 6
                else f"{square_name(dst)} is outside {me}'s last two ranks"
            )
            raise IllegalMoveError(
                PROMOTION_NOT_ALLOWED, f"the {name} cannot promote on this move: {why}"
            )
        if not move.promote and must_promote(kind, dst, side):
            raise IllegalMoveError(
                PROMOTION_REQUIRED,
                f"a {name} on {square_name(dst)} could never move again: write {move}+",
            )

    def copy(self) -> SchachogiState:
        twin = SchachogiState.__new__(SchachogiState)
        twin.game = self.game
        twin._b = self._b[:]
        twin._turn = self._turn
        twin._quiet = self._quiet
        twin._ply0 = self._ply0
        twin._keys = self._keys[:]
        twin._base = self._base
        twin._stack = self._stack[:]
        twin._history = self._history[:]
        twin._moves = None
        twin._status = _UNKNOWN
        return twin

    # --- the end -----------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        status = self._end()
        if status == _GOING_ON:
            return None
        reason = _REASONS[status]
        if status in (_CAPTURED, _STUCK):
            return Outcome(1 - self._turn, reason)
        return Outcome(None, reason)

    # --- text --------------------------------------------------------------------------

    def text(self) -> str:
        return write_position(
            self._b, self._turn, self._quiet, self.fullmove, self.repetition_count()
        )

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def render(self, viewer: int | None = None) -> str:
        """The board for the terminal, turned by 180° for Black (`viewer` 1)."""
        return picture(self, viewer)

    def describe_move(self, move: Move) -> str:
        v = self._b[move.src]
        if not v:
            return str(move)
        target = self._b[move.dst]
        verb = f"takes {piece_name(target)} on" if target else "to"
        text = f"{KIND_NAMES[kind_of(v)]} {square_name(move.src)} {verb} {square_name(move.dst)}"
        return text + (" and promotes" if move.promote else "")

    # --- learning ----------------------------------------------------------------------

    def action_id(self, move: Move) -> int:
        return move.promote * 4096 + move.src * 64 + move.dst

    def action_move(self, action: int) -> Move:
        if not 0 <= action < 8192:
            raise NotationError(f"action {action} is outside 0..8191")
        return MOVES[action // 4096][(action // 64) % 64][action % 64]

    def observation(self, player: int | None = None) -> list[float]:
        """24 planes of 8x8 from the side of `player` (None: the mover; Black's view
        mirrored top to bottom): own pieces by code 1..11, the opponent's 1..11, quiet
        plies / 100, repetitions / 3."""
        side = self._turn if player is None else player
        planes = [0.0] * (24 * 64)
        for s, v in enumerate(self._b):
            if not v:
                continue
            plane = kind_of(v) - 1 + (0 if side_of(v) == side else 11)
            planes[plane * 64 + (s if side == WHITE else s ^ 56)] = 1.0
        quiet = min(self._quiet, 100) / 100
        reps = min(self.repetition_count(), 3) / 3
        for s in range(64):
            planes[22 * 64 + s] = quiet
            planes[23 * 64 + s] = reps
        return planes

    # --- AI hooks ----------------------------------------------------------------------

    def hash_key(self) -> int:
        """Incremental Zobrist key of the board and the side to move (not the counters)."""
        return self._keys[-1]

    def evaluate(self, player: int) -> float:
        return evaluate(self, player)

    def order_moves(self, moves: list[Move]) -> list[Move]:
        """Pflöck captures, then other captures (most valuable victim first), then
        promotions, then the rest."""
        b = self._b
        return sorted(moves, key=lambda m: move_order_key(b, m))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SchachogiState):
            return NotImplemented
        return self.text() == other.text()


_REASONS = (PFLOECK_CAPTURED, NO_LEGAL_MOVES, REPETITION, QUIET_PLIES)
