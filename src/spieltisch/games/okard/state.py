"""The Okard position: board, hands, captured values, phase and turn steps; fast push/undo.

A game runs through three phases (okard.md, "Setup", "A turn"): picking stones, placing
them, and play. Every step is its own move of the same player: in play a turn is a die
roll (a chance node), then any sacrifices, at most one line move, promotions, drops, and
an explicit `END`. The steps keep the rules' order; `stage` records the latest kind taken.
Sibling modules read the position through the public properties and methods here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from spieltisch.core.errors import IllegalMoveError
from spieltisch.core.game import CHANCE, TERMINAL, Outcome, State
from spieltisch.games.okard import evaluation
from spieltisch.games.okard.checks import explain
from spieltisch.games.okard.lookup import BLUE, RED, Lookup
from spieltisch.games.okard.moves import (
    END_MOVE,
    LINE,
    PICK_PASS,
    PLACE_DONE,
    PROMOTE,
    ROLLS,
    SACRIFICE,
    Move,
)
from spieltisch.games.okard.notation import read_move
from spieltisch.games.okard.options import (
    DIE_FACES,
    SACRIFICE_CAP,
    ApMode,
    EndCondition,
    SacrificeTo,
)
from spieltisch.games.okard.phases import (
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_PICK,
    PHASE_PLACE,
    PHASE_PLAY,
    REASON_ALL,
    REASON_HOME,
    REASON_KING,
    REASON_POINTS,
    REASON_TURNS,
    REASONS,
    STAGE_DROPPED,
    STAGE_MOVED,
    STAGE_NAMES,
    STAGE_PROMOTED,
    STAGE_START,
)
from spieltisch.games.okard.position import PositionFields, position_text
from spieltisch.games.okard.render import describe, render

if TYPE_CHECKING:
    from spieltisch.games.okard.game import Okard

_Snapshot = tuple[int, int, int, int, int, int, int, int, int, int, int, int, int, int]
#: What `undo` needs besides the snapshot: (square, old code) and (player, kind, delta).
_Changes = list[tuple[int, int]]
_HandChanges = list[tuple[int, int, int]]
_Step = Callable[["OkardState", Move, _Changes, _HandChanges], None]


class OkardState(State[Move]):
    """A position. Read it through the properties; `board` holds signed codes (lookup.py)."""

    __slots__ = (
        "_ap",
        "_b",
        "_cap",
        "_die",
        "_done",
        "_hand",
        "_history",
        "_mover",
        "_moves",
        "_moveset",
        "_phase",
        "_reason",
        "_sac",
        "_stack",
        "_stage",
        "_turn",
        "_winner",
        "_zb",
        "_zh",
        "t",
    )

    game: Okard

    def __init__(self, game: Okard) -> None:
        self.game = game
        self.t: Lookup = game.lookup
        t = self.t
        self._b = [0] * t.nn
        self._hand = [[0] * t.kinds, [0] * t.kinds]
        self._cap = [0, 0]
        self._phase = PHASE_PICK
        self._mover = RED
        self._ap = 0
        self._sac = 0
        self._stage = STAGE_START
        self._turn = 0
        self._done = 0
        self._die = 0
        self._winner = -1
        self._reason = -1
        self._zb = 0  # Zobrist key of the board (see `rehash`)
        self._zh = 0  # sum of the hand keys of every stone in hand
        self._stack: list[tuple[_Snapshot, _Changes, _HandChanges]] = []
        self._history: list[Move] = []
        self._moves: list[Move] | None = None
        self._moveset: frozenset[Move] | None = None

    def restore(self, fields: PositionFields) -> None:
        """Set the position from fields the position reader has checked (position.py);
        the history starts empty."""
        self._b = list(fields.board)
        self._hand = [list(fields.hands[RED]), list(fields.hands[BLUE])]
        self._cap = list(fields.captured)
        self._phase = fields.phase
        self._winner = fields.winner
        self._reason = fields.reason
        self._mover = fields.mover
        self._ap = fields.ap
        self._sac = fields.sacrificed
        self._stage = fields.stage
        self._turn = fields.turn
        self._done = fields.done
        self._die = fields.die
        self._stack = []
        self._history = []
        self._moves = None
        self._moveset = None
        self.rehash()

    # --- reading the position ------------------------------------------------------------

    @property
    def board(self) -> list[int]:
        """Signed stone codes by square (read-only for callers)."""
        return self._b

    @property
    def hands(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Stones in each player's hand: counts per kind of the game's stone list."""
        return (tuple(self._hand[0]), tuple(self._hand[1]))

    @property
    def captured(self) -> tuple[int, int]:
        """Total value of the stones each player has captured."""
        return (self._cap[0], self._cap[1])

    @property
    def phase(self) -> str:
        """`pick`, `place`, `play` or `over`."""
        return PHASE_NAMES[self._phase]

    @property
    def mover(self) -> int:
        """The player whose pick, placement or turn it is (also at its die roll)."""
        return self._mover

    @property
    def action_points(self) -> int:
        """AP left this turn (0 before the die is rolled)."""
        return max(0, self._ap)

    @property
    def awaiting_roll(self) -> bool:
        """True in the play phase before the turn's die is rolled (a chance node)."""
        return self._phase == PHASE_PLAY and self._ap < 0

    @property
    def sacrificed(self) -> int:
        """AP gained from sacrifices this turn (at most 6)."""
        return self._sac

    @property
    def stage(self) -> str:
        """The latest kind of step this turn: `start`, `moved`, `promoted` or `dropped`."""
        return STAGE_NAMES[self._stage]

    @property
    def turn(self) -> int:
        """Play-phase turns completed (both players counted)."""
        return self._turn

    @property
    def round_die(self) -> int:
        """The round's die with `ap=round` (0 before the first roll and in other modes)."""
        return self._die

    @property
    def passed(self) -> tuple[bool, bool]:
        """Who has declared the army complete (pick) or placement finished (place)."""
        return (bool(self._done & 1), bool(self._done & 2))

    def stone_at(self, sq: int) -> tuple[int, str, bool] | None:
        """(owner, code, back side up) of the stone on square `sq`, or None."""
        v = self._b[sq]
        if not v:
            return None
        t = self.t
        return (RED if v > 0 else BLUE, t.stones[t.kind_of[v]].code, (abs(v) - 1) % 2 == 1)

    def army_points(self, player: int) -> int:
        """Points of the player's stones on the board and in hand."""
        t = self.t
        total = sum(c * v for c, v in zip(self._hand[player], t.values, strict=True))
        sign = 1 if player == RED else -1
        for v in self._b:
            if v * sign > 0:
                total += t.values[t.kind_of[v]]
        return total

    def home_points(self, player: int) -> int:
        """Points of the player's stones on the opponent's setup rows."""
        t = self.t
        sign = 1 if player == RED else -1
        b = self._b
        return sum(t.values[t.kind_of[b[sq]]] for sq in t.setup[1 - player] if b[sq] * sign > 0)

    def king_square(self, player: int) -> int:
        """The square of the player's König, -1 when it is not on the board."""
        t = self.t
        sign = 1 if player == RED else -1
        for sq, v in enumerate(self._b):
            if v * sign > 0 and t.kind_of[v] == t.king:
                return sq
        return -1

    def setup_done(self, player: int) -> bool:
        """In the pick or placement phase: whether `player` takes no further part in it
        (passed, or cannot pick / place any more; okard.md, "Setup")."""
        return self._setup_done(player)

    # --- whose turn, which moves -------------------------------------------------------

    @property
    def to_move(self) -> int:
        phase = self._phase
        if phase == PHASE_OVER:
            return TERMINAL
        if phase == PHASE_PLAY and self._ap < 0:
            return CHANCE
        return self._mover

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self._phase != PHASE_PLAY or self._ap >= 0:
            return []
        p = 1.0 / DIE_FACES
        return [(ROLLS[v], p) for v in range(1, DIE_FACES + 1)]

    def legal_moves(self) -> list[Move]:
        return self._generate()[:]

    def _generate(self) -> list[Move]:
        moves = self._moves
        if moves is not None:
            return moves
        phase = self._phase
        if phase == PHASE_PLAY:
            moves = self._play_moves()
        elif phase == PHASE_PICK:
            t = self.t
            moves = [t.picks[k] for k in self._affordable(self._mover)]
            if self._hand[self._mover][t.king]:
                moves.append(PICK_PASS)
        elif phase == PHASE_PLACE:
            moves = self._place_moves()
        else:
            moves = []
        self._moves = moves
        return moves

    def _affordable(self, p: int) -> list[int]:
        """Kinds the player may still pick (okard.md, "Setup": the point limit, one König,
        and room left for the König while it is not yet picked)."""
        t = self.t
        hand = self._hand[p]
        room = t.options.army_points - sum(c * v for c, v in zip(hand, t.values, strict=True))
        king = t.king
        has_king = hand[king] > 0
        reserve = 0 if has_king else t.values[king]
        out = []
        for k, v in enumerate(t.values):
            if k == king:
                if not has_king and v <= room:
                    out.append(k)
            elif v + reserve <= room:
                out.append(k)
        return out

    def _king_placed(self, p: int) -> bool:
        return self.king_square(p) >= 0

    def _place_moves(self) -> list[Move]:
        t = self.t
        p = self._mover
        b = self._b
        hand = self._hand[p]
        empty = [sq for sq in t.setup[p] if not b[sq]]
        king_placed = self._king_placed(p)
        moves: list[Move] = []
        for k, count in enumerate(hand):
            if not count:
                continue
            if not king_placed and k != t.king and len(empty) < 2:
                continue
            row = t.places[k]
            moves.extend(row[sq] for sq in empty)
        if king_placed:
            moves.append(PLACE_DONE)
        return moves

    def _play_moves(self) -> list[Move]:
        ap = self._ap
        if ap < 0:
            return [ROLLS[v] for v in range(1, DIE_FACES + 1)]
        t = self.t
        b = self._b
        p = self._mover
        stage = self._stage
        red = p == RED
        strength = t.strength
        kind_of = t.kind_of
        back_of = t.back_of
        king = t.king
        moves: list[Move] = []
        add = moves.append
        room = SACRIFICE_CAP - self._sac if stage == STAGE_START else 0
        lines_ok = stage == STAGE_START and ap > 0
        promote_ok = stage <= STAGE_PROMOTED and ap > 0
        stop_at_king = t.king_line_stops
        if room > 0 or lines_ok or promote_ok:
            rays = t.rays
            lines = t.lines
            raydirs = t.raydirs
            for sq, v in enumerate(b):
                if not v or (v > 0) != red:
                    continue
                s = strength[v]
                if room and s <= room and kind_of[v] != king:
                    add(t.sacrifices[sq])
                if promote_ok and back_of[v] and max(1, strength[back_of[v]] - s) <= ap:
                    add(t.promotions[sq])
                if not lines_ok:
                    continue
                sq_rays = rays[sq]
                sq_lines = lines[sq]
                for d, val in raydirs[v]:
                    cost = 0
                    row = sq_lines[d]
                    for i, target in enumerate(sq_rays[d]):
                        w = b[target]
                        if not w:
                            cost += 1
                        elif (w > 0) == red or val < 2:
                            break
                        else:
                            diff = strength[w] - s
                            cost += 1 + diff if diff > 0 else 1
                        if cost > ap:
                            break
                        add(row[i])
                        if w and stop_at_king and kind_of[w] == king:
                            break
        if ap > 0:
            hand = self._hand[p]
            front = t.front_strength
            squares = t.drop_squares[p]
            for k, count in enumerate(hand):
                if count and front[k] <= ap:
                    row = t.drops[k]
                    for sq in squares:
                        if not b[sq]:
                            add(row[sq])
        add(END_MOVE)
        return moves

    # --- making and taking back moves --------------------------------------------------

    def _snapshot(self) -> _Snapshot:
        return (
            self._phase,
            self._mover,
            self._ap,
            self._sac,
            self._stage,
            self._turn,
            self._done,
            self._die,
            self._winner,
            self._reason,
            self._cap[0],
            self._cap[1],
            self._zb,
            self._zh,
        )

    def push(self, move: Move) -> None:
        changes: _Changes = []
        hands: _HandChanges = []
        cap = self._cap
        snap = (  # `_snapshot()`, written out: push is the hot path
            self._phase,
            self._mover,
            self._ap,
            self._sac,
            self._stage,
            self._turn,
            self._done,
            self._die,
            self._winner,
            self._reason,
            cap[0],
            cap[1],
            self._zb,
            self._zh,
        )
        self._stack.append((snap, changes, hands))
        self._history.append(move)
        self._moves = None
        self._moveset = None
        _STEPS[move.kind](self, move, changes, hands)

    def _push_roll(self, move: Move, changes: _Changes, hands: _HandChanges) -> None:
        """A die roll sets the turn's AP (and the round's die with `ap=round`)."""
        self._ap = move.x
        if self.t.options.ap is ApMode.ROUND:
            self._die = move.x

    def _push_pick(self, move: Move, changes: _Changes, hands: _HandChanges) -> None:
        """A pick puts a stone into the hand; `PI -` declares the army complete."""
        p = self._mover
        if move.stone:
            t = self.t
            k = t.codes[move.stone]
            self._hand[p][k] += 1
            hands.append((p, k, 1))
            self._zh += t.hand_keys[p][k]
        else:
            self._done |= 1 << p
        self._advance_setup(p)

    def _push_place(self, move: Move, changes: _Changes, hands: _HandChanges) -> None:
        """A placement puts a stone from the hand front side up; `PL -` finishes."""
        p = self._mover
        if move.stone:
            self._put_from_hand(p, move, changes, hands)
        else:
            self._done |= 1 << p
        self._advance_setup(p)

    def _push_sacrifice(self, move: Move, changes: _Changes, hands: _HandChanges) -> None:
        """A sacrifice gains the stone's current strength in AP; the stone goes to the
        opponent's hand or leaves the game (okard.md, "A turn", 2)."""
        t = self.t
        p = self._mover
        b = self._b
        sq = move.y * t.n + move.x
        v = b[sq]
        changes.append((sq, v))
        b[sq] = 0
        s = t.strength[v]
        self._ap += s
        self._sac += s
        self._zb ^= t.zobrist[sq][v]
        if t.options.sacrifice is SacrificeTo.OPPONENT:
            k = t.kind_of[v]
            self._hand[1 - p][k] += 1
            hands.append((1 - p, k, 1))
            self._zh += t.hand_keys[1 - p][k]

    def _push_line(self, move: Move, changes: _Changes, hands: _HandChanges) -> None:
        """A line move: each step costs AP, captured stones go front side up into the
        mover's hand (okard.md, "A turn", 3)."""
        t = self.t
        b = self._b
        p = self._mover
        n = t.n
        src = move.y * n + move.x
        dx, dy = move.tx - move.x, move.ty - move.y
        length = dx if dx > 0 else (-dx if dx < 0 else (dy if dy > 0 else -dy))
        step = ((dx > 0) - (dx < 0)) + n * ((dy > 0) - (dy < 0))
        v = b[src]
        s = t.strength[v]
        changes.append((src, v))
        b[src] = 0
        zobrist = t.zobrist
        zb = self._zb ^ zobrist[src][v]
        cost = 0
        sq = src
        kinds = t.kind_of
        hand = self._hand[p]
        king_taken = False
        for _ in range(length):
            sq += step
            w = b[sq]
            if w:
                k = kinds[w]
                diff = t.strength[w] - s
                cost += 1 + diff if diff > 0 else 1
                hand[k] += 1
                hands.append((p, k, 1))
                self._zh += t.hand_keys[p][k]
                zb ^= zobrist[sq][w]
                self._cap[p] += t.values[k]
                if k == t.king:
                    king_taken = True
                b[sq] = 0
            else:
                cost += 1
            changes.append((sq, w))
        b[sq] = v
        self._zb = zb ^ zobrist[sq][v]
        self._ap -= cost
        self._stage = STAGE_MOVED
        if hands:
            self._check_capture_win(p, king_taken)

    def _push_promote(self, move: Move, changes: _Changes, hands: _HandChanges) -> None:
        """A promotion turns the stone to its back side (okard.md, "A turn", 4)."""
        t = self.t
        b = self._b
        sq = move.y * t.n + move.x
        v = b[sq]
        changes.append((sq, v))
        w = t.back_of[v]
        b[sq] = w
        self._zb ^= t.zobrist[sq][v] ^ t.zobrist[sq][w]
        self._ap -= max(1, t.strength[w] - t.strength[v])
        self._stage = STAGE_PROMOTED

    def _push_drop(self, move: Move, changes: _Changes, hands: _HandChanges) -> None:
        """A drop puts a stone from the hand for its front strength (okard.md, "A turn", 5)."""
        k = self._put_from_hand(self._mover, move, changes, hands)
        self._ap -= self.t.front_strength[k]
        self._stage = STAGE_DROPPED

    def _push_end(self, move: Move, changes: _Changes, hands: _HandChanges) -> None:
        self._end_turn(self._mover)

    def _put_from_hand(self, p: int, move: Move, changes: _Changes, hands: _HandChanges) -> int:
        """Put a stone of kind `move.stone` from p's hand front side up on the move's
        square; the kind's index."""
        t = self.t
        sq = move.y * t.n + move.x
        k = t.codes[move.stone]
        changes.append((sq, 0))
        code = self._b[sq] = self._front_code(p, k)
        self._hand[p][k] -= 1
        hands.append((p, k, -1))
        self._zb ^= t.zobrist[sq][code]
        self._zh -= t.hand_keys[p][k]
        return k

    @staticmethod
    def _front_code(p: int, k: int) -> int:
        return 1 + 2 * k if p == RED else -(1 + 2 * k)

    def _check_capture_win(self, p: int, king_taken: bool) -> None:
        """Wins that a capture can bring (okard.md, "End of the game")."""
        end = self.t.options.end
        if end is EndCondition.KING:
            if king_taken:
                self._finish(p, REASON_KING)
        elif end is EndCondition.POINTS:
            if self._cap[p] >= self.t.options.target_points:
                self._finish(p, REASON_POINTS)
        elif end is EndCondition.ALL:
            q = 1 - p
            sign = 1 if q == RED else -1
            if not any(self._hand[q]) and not any(v * sign > 0 for v in self._b):
                self._finish(p, REASON_ALL)

    def _finish(self, winner: int, reason: int) -> None:
        self._phase = PHASE_OVER
        self._winner = winner
        self._reason = reason
        self._mover = max(winner, RED)  # the position text records only the winner

    def _end_turn(self, p: int) -> None:
        """`END`: unused AP are lost; the home target is checked at the end of one's turn;
        the turn limit ends the game (okard.md, "A turn", "End of the game")."""
        options = self.t.options
        if options.end is EndCondition.HOME and self.home_points(p) >= options.target_points:
            self._finish(p, REASON_HOME)
            return
        self._turn += 1
        if self._turn >= options.turns:
            cap = self._cap
            winner = -1 if cap[0] == cap[1] else (RED if cap[0] > cap[1] else BLUE)
            self._finish(winner, REASON_TURNS)
            return
        self._mover = 1 - p
        self._start_turn()

    def _start_turn(self) -> None:
        self._sac = 0
        self._stage = STAGE_START
        options = self.t.options
        if options.ap is ApMode.FIXED:
            self._ap = options.fixed_ap
        elif options.ap is ApMode.ROUND and self._mover == BLUE:
            self._ap = self._die
        else:
            self._ap = -1

    def _setup_done(self, p: int) -> bool:
        if self._done >> p & 1:
            return True
        if self._phase == PHASE_PICK:
            return bool(self._hand[p][self.t.king]) and not self._affordable(p)
        if not any(self._hand[p]):
            return True
        b = self._b
        return all(b[sq] for sq in self.t.setup[p])

    def _advance_setup(self, p: int) -> None:
        """Alternate picks/placements, skipping a player who is done; start the next
        phase when both are (okard.md, "Setup")."""
        q = 1 - p
        if not self._setup_done(q):
            self._mover = q
            return
        if not self._setup_done(p):
            self._mover = p
            return
        self._done = 0
        if self._phase == PHASE_PICK:
            self._phase = PHASE_PLACE
            self._mover = RED
            if self._setup_done(RED):
                self._mover = BLUE
            return
        self._phase = PHASE_PLAY
        self._mover = RED
        self._turn = 0
        self._start_turn()

    def undo(self) -> Move:
        snap, changes, hands = self._stack.pop()
        move = self._history.pop()
        b = self._b
        for sq, old in changes:
            b[sq] = old
        for p, k, delta in hands:
            self._hand[p][k] -= delta
        (
            self._phase,
            self._mover,
            self._ap,
            self._sac,
            self._stage,
            self._turn,
            self._done,
            self._die,
            self._winner,
            self._reason,
            cap0,
            cap1,
            self._zb,
            self._zh,
        ) = snap
        self._cap[0] = cap0
        self._cap[1] = cap1
        self._moves = None
        self._moveset = None
        return move

    def check(self, move: Move) -> None:
        """Refuse an illegal move with the first rule it breaks (checks.py)."""
        if not self.is_legal(move):
            rule, message = explain(self, move)
            raise IllegalMoveError(rule, message)

    def is_legal(self, move: Move) -> bool:
        legal = self._moveset
        if legal is None:
            legal = self._moveset = frozenset(self._generate())
        return isinstance(move, Move) and move in legal

    def source_square(self, move: Move) -> str | None:
        """Line moves, sacrifices and promotions start on a square; rolls, picks,
        placements, drops and END do not."""
        if move.kind in (LINE, SACRIFICE, PROMOTE) and self.t.on_board(move.x, move.y):
            return self.t.name(move.y * self.t.n + move.x)
        return None

    def copy(self) -> OkardState:
        twin = OkardState(self.game)
        twin._set(self)
        twin._stack = self._stack[:]
        twin._history = self._history[:]
        return twin

    def _set(self, other: OkardState) -> None:
        self._b = other._b[:]
        self._hand = [other._hand[0][:], other._hand[1][:]]
        self._cap = other._cap[:]
        self._phase = other._phase
        self._mover = other._mover
        self._ap = other._ap
        self._sac = other._sac
        self._stage = other._stage
        self._turn = other._turn
        self._done = other._done
        self._die = other._die
        self._winner = other._winner
        self._reason = other._reason
        self._zb = other._zb
        self._zh = other._zh

    def rehash(self) -> None:
        """Compute the Zobrist keys from scratch (after a position was read)."""
        t = self.t
        zb = 0
        for sq, v in enumerate(self._b):
            if v:
                zb ^= t.zobrist[sq][v]
        self._zb = zb
        self._zh = sum(
            c * t.hand_keys[p][k] for p in (RED, BLUE) for k, c in enumerate(self._hand[p])
        )

    # --- the end -----------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self._phase != PHASE_OVER:
            return None
        winner = None if self._winner < 0 else self._winner
        return Outcome(
            winner,
            REASONS[self._reason],
            ((self._cap[0], self.home_points(RED)), (self._cap[1], self.home_points(BLUE))),
        )

    # --- text --------------------------------------------------------------------------

    def text(self) -> str:
        return position_text(self)

    def parse_move(self, text: str) -> Move:
        """A move in the project's notation or the draft's (okard.md, "Notation")."""
        t = self.t
        move = read_move(text, t.n, t.stones)
        # Hand back the game's own instance where there is one (cheaper to compare).
        if move.kind == LINE and t.on_board(move.x, move.y):
            shape = t.line_shape(move)
            if shape is not None:
                src, direction, length = shape
                return t.lines[src][direction][length - 1]
        return move

    def render(self, viewer: int | None = None) -> str:
        return render(self, viewer)

    def describe_move(self, move: Move) -> str:
        return describe(self, move)

    # --- learning ----------------------------------------------------------------------

    def action_id(self, move: Move) -> int:
        return self.t.action_id(move)

    def action_move(self, action: int) -> Move:
        return self.t.action_move(action)

    def observation(self, player: int | None = None) -> list[float]:
        return evaluation.observation(self, player)

    # --- AI hooks ----------------------------------------------------------------------

    def key_tuple(self) -> tuple[object, ...]:
        return (
            tuple(self._b),
            tuple(self._hand[0]),
            tuple(self._hand[1]),
            self._snapshot(),
        )

    def hash_key(self) -> int:
        """Incremental: the snapshot holds the Zobrist keys of board and hands."""
        return hash(self._snapshot())

    def evaluate(self, player: int) -> float:
        return evaluation.evaluate(self, player)

    def order_moves(self, moves: list[Move]) -> list[Move]:
        return evaluation.order_moves(self, moves)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OkardState):
            return NotImplemented
        return self.game.options == other.game.options and self.key_tuple() == other.key_tuple()


#: `push`'s step per move kind, indexed by the kind (ROLL .. END, moves.py).
_STEPS: tuple[_Step, ...] = (
    OkardState._push_roll,
    OkardState._push_pick,
    OkardState._push_place,
    OkardState._push_sacrifice,
    OkardState._push_line,
    OkardState._push_promote,
    OkardState._push_drop,
    OkardState._push_end,
)
