"""The Hase und Igel position: board, both players, turn, last move; fast push/undo.

Player 0 is red (moves on even turns), player 1 blue. Each player has an index (field),
carrots, salads, a hand of cards (bits, see `moves.CARD_BITS`) and its last non-skip
action together with that action's `order` in its move (the competition reports both).

`legal_moves` is the official getPossibleMoves (its order, advances up to 44 fields);
`play` checks a move action by action like the official Move.perform. In positions
reachable from a start both agree exactly (tested). In hand-made positions the official
quirks remain: a card-only move on a hare field without a pending obligation is accepted
(the `_literal` test case), and `play` takes advances beyond 44 fields if paid for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from spieltisch.core.errors import NotationError
from spieltisch.core.game import TERMINAL, Outcome, State
from spieltisch.games.haseundigel import evaluation
from spieltisch.games.haseundigel.board import (
    CARROT,
    GOAL,
    HARE,
    HEDGEHOG,
    LAST_FIELD,
    POSITION_1,
    POSITION_2,
    SALAD,
    START,
    Board,
    cost,
    moveable_fields,
)
from spieltisch.games.haseundigel.moves import (
    ACTION_IDS,
    ADVANCE,
    ADVANCE_MOVES,
    ALL_CARDS,
    ALL_MOVES,
    CARD_BITS,
    CARD_EAT,
    CARD_FALL,
    CARD_HURRY,
    CARD_KINDS,
    CARD_NAMES,
    CARD_TAKE,
    EAT,
    EAT_MOVE,
    EXCHANGE,
    EXCHANGE_MINUS,
    EXCHANGE_PLUS,
    FALL_BACK,
    FALL_BACK_MOVE,
    KIND_BIT,
    MUST_EAT_AFTER,
    MUST_MOVE_ON_AFTER,
    NUM_ACTIONS,
    SKIP,
    SKIP_MOVE,
    Action,
    Move,
    parse_move,
)
from spieltisch.games.haseundigel.rules import (
    CANNOT_EAT,
    CANNOT_EXCHANGE,
    CANNOT_FALL_BACK,
    CANNOT_PLAY_CARD,
    CANNOT_SKIP,
    GAME_OVER,
    MUST_EAT_SALAD,
    MUST_PLAY_CARD,
    NO_ACTIONS,
    NOT_A_MOVE,
    OFFICIAL,
    ONLY_CARDS_FOLLOW,
    HuIIllegalMoveError,
    advance_error,
    advance_official,
    card_chains,
    card_official,
    card_valid,
    is_first,
    type_at,
)

if TYPE_CHECKING:
    from spieltisch.games.haseundigel.game import HaseUndIgel

#: The game ends at this turn at the latest (30 rounds; hase-und-igel.md, "End").
LAST_TURN = 60
PLAYER_NAMES = ("red", "blue")
OFFICIAL_COLORS = ("RED", "BLUE")
START_CARROTS = 68
START_SALADS = 5

# End reasons (Outcome.reason) and the official texts the competition reports.
GOAL_REACHED = "GOAL_REACHED"
ROUND_LIMIT = "ROUND_LIMIT"
OFFICIAL_REASONS = {
    GOAL_REACHED: "Das Spiel ist beendet.\nEin Spieler ist im Ziel",
    ROUND_LIMIT: "Das Rundenlimit wurde erreicht.",
}

#: A last non-skip action and its `order` in the move it came from.
LastAction = tuple[Action, int]
#: What `push` saves: both indices and carrots, the mover's salads, cards and last
#: action, and the previous last move.
_Undo = tuple[int, int, int, int, int, int, "LastAction | None", "Move | None"]


@dataclass(frozen=True)
class Player:
    """One player's part of a position (a read-only snapshot)."""

    index: int = 0
    carrots: int = START_CARROTS
    salads: int = START_SALADS
    cards: int = ALL_CARDS
    last: LastAction | None = None

    @property
    def card_names(self) -> list[str]:
        """The hand in the official order (TAKE_OR_DROP_CARROTS, EAT_SALAD, HURRY_AHEAD,
        FALL_BACK)."""
        return [name for name, bit in zip(CARD_NAMES, CARD_BITS, strict=True) if self.cards & bit]


class HaseUndIgelState(State[Move]):
    """A position. Read it through `player(i)`, `turn`, `board`, `last_move`."""

    __slots__ = (
        "_board",
        "_car",
        "_cards",
        "_f",
        "_history",
        "_last",
        "_lm",
        "_moves",
        "_pos",
        "_sal",
        "_stack",
        "_turn",
    )

    game: HaseUndIgel

    def __init__(
        self,
        game: HaseUndIgel,
        board: Board,
        turn: int = 0,
        players: tuple[Player, Player] = (Player(), Player()),
        last_move: Move | None = None,
    ) -> None:
        self.game = game
        self._board = board
        self._f = board.fields
        self._turn = turn
        self._pos = [players[0].index, players[1].index]
        self._car = [players[0].carrots, players[1].carrots]
        self._sal = [players[0].salads, players[1].salads]
        self._cards = [players[0].cards, players[1].cards]
        self._last: list[LastAction | None] = [players[0].last, players[1].last]
        self._lm = last_move
        self._history: list[Move] = []
        self._stack: list[_Undo] = []
        self._moves: list[Move] | None = None

    # --- reading the position ------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._board

    @property
    def turn(self) -> int:
        """Moves made so far (the official GameState.turn); red moves on even turns."""
        return self._turn

    @property
    def round(self) -> int:
        return self._turn // 2

    @property
    def current(self) -> int:
        """The player whose turn it is by the turn counter (also in a finished game)."""
        return self._turn & 1

    @property
    def last_move(self) -> Move | None:
        return self._lm

    def player(self, index: int) -> Player:
        return Player(
            self._pos[index],
            self._car[index],
            self._sal[index],
            self._cards[index],
            self._last[index],
        )

    # --- rule predicates for the player to move (official GameRuleLogic names) --------

    def is_first(self, player: int) -> bool:
        """Official `isFirst`: not behind the opponent (both in the goal: fewer carrots)."""
        o = 1 - player
        return is_first(self._pos[player], self._car[player], self._pos[o], self._car[o])

    def is_occupied(self, index: int) -> bool:
        """A field a player stands on, the goal excepted."""
        return index != LAST_FIELD and index in self._pos

    def _last_kind(self, player: int) -> int:
        last = self._last[player]
        return -1 if last is None else last[0].kind

    def must_move_on(self) -> bool:
        """Official `playerMustAdvance`: on a hedgehog or START, or the last non-skip action
        was eating a salad or the EAT_SALAD / TAKE_OR_DROP_CARROTS card."""
        p = self._turn & 1
        kind = type_at(self._f, self._pos[p])
        return kind in (HEDGEHOG, START) or self._last_kind(p) in MUST_MOVE_ON_AFTER

    def must_eat_salad(self) -> bool:
        """Official `mustEatSalad`: on a salad field just entered (advance or moving card)."""
        p = self._turn & 1
        return type_at(self._f, self._pos[p]) == SALAD and self._last_kind(p) in MUST_EAT_AFTER

    def is_valid_to_advance(self, distance: int) -> bool:
        return self.advance_problem(distance) is None

    def advance_problem(self, distance: int) -> tuple[str, str] | None:
        """(rule, explanation) why advancing `distance` is illegal now, or None."""
        p = self._turn & 1
        return advance_error(
            self._f,
            distance,
            self._pos[p],
            self._pos[1 - p],
            self._car[p],
            self._sal[p],
            self._cards[p],
            self.must_eat_salad(),
        )

    def is_valid_to_fall_back(self) -> bool:
        """Official `isValidToFallBack`: to the nearest hedgehog behind, if it is free."""
        if self.must_eat_salad():
            return False
        target = self._board.previous_hedgehog(self._pos[self._turn & 1])
        return target != -1 and not self.is_occupied(target)

    def is_valid_to_exchange(self, value: int) -> bool:
        p = self._turn & 1
        if type_at(self._f, self._pos[p]) != CARROT:
            return False
        return value == 10 or (value == -10 and self._car[p] >= 10)

    def is_valid_to_eat(self) -> bool:
        p = self._turn & 1
        return (
            type_at(self._f, self._pos[p]) == SALAD and self._sal[p] > 0 and not self.must_move_on()
        )

    def is_valid_to_play_card(self, kind: int, value: int = 0) -> bool:
        """Official `isValidToPlay…` for a card kind (`moves.CARD_*`)."""
        p = self._turn & 1
        o = 1 - p
        return card_valid(
            self._f,
            kind,
            value,
            self._pos[p],
            self._pos[o],
            self._car[p],
            self._sal[p],
            self._cards[p],
            self.must_move_on(),
            self.is_first(p),
        )

    def can_play_any_card(self) -> bool:
        """Official `canPlayAnyCard` (TAKE_OR_DROP_CARROTS checked with +20)."""
        p = self._turn & 1
        return any(
            self.is_valid_to_play_card(kind, 20)
            for kind in CARD_KINDS
            if self._cards[p] & KIND_BIT[kind]
        )

    def can_play_card(self) -> bool:
        """Official `canPlayCard`: on a hare field and some card playable."""
        p = self._turn & 1
        return type_at(self._f, self._pos[p]) == HARE and self.can_play_any_card()

    def can_advance(self) -> bool:
        p = self._turn & 1
        return any(self.is_valid_to_advance(d) for d in range(1, moveable_fields(self._car[p]) + 1))

    def is_valid_to_skip(self) -> bool:
        """Skip only when nothing else is possible (official `isValidToSkip`)."""
        return not (
            self.can_play_any_card()
            or self.is_valid_to_fall_back()
            or self.is_valid_to_exchange(10)
            or self.is_valid_to_exchange(-10)
            or self.is_valid_to_eat()
            or self.can_advance()
        )

    # --- whose turn, which moves -------------------------------------------------------

    def _goal_winner(self) -> int | None:
        """Who wins if the game ends by the goal now (hase-und-igel.md, "End")."""
        pos = self._pos
        if pos[0] == LAST_FIELD:
            return 1 if pos[1] == LAST_FIELD and self._car[1] < self._car[0] else 0
        if pos[1] == LAST_FIELD:
            return 1
        return None

    def is_game_over(self) -> bool:
        """The end is checked after blue's move (even turn > 0); turn 60 always ends."""
        turn = self._turn
        if turn >= LAST_TURN:
            return True
        return (
            turn > 0
            and turn & 1 == 0
            and (self._pos[0] == LAST_FIELD or self._pos[1] == LAST_FIELD)
        )

    @property
    def to_move(self) -> int:
        return TERMINAL if self.is_game_over() else self._turn & 1

    def legal_moves(self) -> list[Move]:
        if self.is_game_over():
            return []
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return moves[:]

    def _generate(self) -> list[Move]:
        """The official getPossibleMoves, in its order."""
        p = self._turn & 1
        f = self._f
        pos = self._pos[p]
        opp = self._pos[1 - p]
        car = self._car[p]
        sal = self._sal[p]
        last = self._last[p]
        lk = -1 if last is None else last[0].kind
        here = f[pos] if 0 <= pos <= LAST_FIELD else -1
        if here == SALAD:
            if sal > 0 and lk not in MUST_MOVE_ON_AFTER:
                return [EAT_MOVE]
            if lk in MUST_EAT_AFTER:
                return [SKIP_MOVE]  # must eat but cannot (only in set-up positions)
        moves: list[Move] = []
        add = moves.append
        if here == CARROT:
            add(EXCHANGE_PLUS)
            if car >= 10:
                add(EXCHANGE_MINUS)
        target = self._board.previous_hedgehog(pos)
        if target != -1 and target != opp:
            add(FALL_BACK_MOVE)
        top = min(moveable_fields(car), LAST_FIELD - pos)
        cards = self._cards[p]
        for d in range(1, top + 1):
            new = pos + d
            if new == opp and new != LAST_FIELD:
                continue
            kind = f[new]
            if kind == HEDGEHOG:
                continue
            price = d * (d + 1) >> 1
            if price > car:
                break
            if kind == HARE:
                chains: list[int] = []
                card_chains(f, new, opp, car - price, sal, cards, 0, chains)
                row = ADVANCE_MOVES[d]
                for chain in chains:
                    add(row[chain])
            elif kind == SALAD:
                if sal > 0:
                    add(ADVANCE_MOVES[d][0])
            elif kind == GOAL:
                if car - price <= 10 and sal == 0:
                    add(ADVANCE_MOVES[d][0])
            else:
                add(ADVANCE_MOVES[d][0])
        if not moves:
            add(SKIP_MOVE)
        return moves

    # --- making and taking back moves --------------------------------------------------

    def push(self, move: Move) -> None:
        p = self._turn & 1
        o = 1 - p
        P = self._pos
        C = self._car
        self._history.append(move)
        self._stack.append(
            (
                P[0],
                P[1],
                C[0],
                C[1],
                self._sal[p],
                self._cards[p],
                self._last[p],
                self._lm,
            )
        )
        pos = P[p]
        car = C[p]
        sal = self._sal[p]
        cards = self._cards[p]
        ops = move.ops
        for kind, value, _ in ops:
            if kind == ADVANCE:
                car -= value * (value + 1) >> 1
                pos += value
            elif kind == FALL_BACK:
                new = self._board.previous_hedgehog(pos)
                car += 10 * (pos - new)
                pos = new
            elif kind == EXCHANGE:
                car += value
            elif kind == EAT:
                sal -= 1
                car += 10 if pos > P[o] else 30
            else:
                cards &= ~KIND_BIT[kind]
                if kind == CARD_TAKE:
                    car += value
                elif kind == CARD_EAT:
                    sal -= 1
                    car += 10 if is_first(pos, car, P[o], C[o]) else 30
                elif kind == CARD_HURRY:
                    pos = P[o] + 1
                else:
                    pos = P[o] - 1
        P[p] = pos
        C[p] = car
        self._sal[p] = sal
        self._cards[p] = cards
        if ops:
            self._last[p] = move.last
        self._lm = move
        self._turn += 1
        # The bonus of the player now to move (hase-und-igel.md, "Turn start bonus").
        at = P[o]
        if 0 <= at <= LAST_FIELD:
            kind = self._f[at]
            if kind == POSITION_1:
                if is_first(at, C[o], pos, car):
                    C[o] += 10
            elif kind == POSITION_2 and is_first(pos, car, at, C[o]):
                C[o] += 30
        self._moves = None

    def undo(self) -> Move:
        p0, p1, c0, c1, sal, cards, last, lm = self._stack.pop()
        self._turn -= 1
        p = self._turn & 1
        self._pos[0] = p0
        self._pos[1] = p1
        self._car[0] = c0
        self._car[1] = c1
        self._sal[p] = sal
        self._cards[p] = cards
        self._last[p] = last
        self._lm = lm
        self._moves = None
        return self._history.pop()

    def _refuse(self, rule: str, message: str, official: str | None = None) -> HuIIllegalMoveError:
        return HuIIllegalMoveError(rule, message, official or OFFICIAL.get(rule, message))

    def check(self, move: Move) -> None:
        """Raise `HuIIllegalMoveError` (an `IllegalMoveError`) if `move` is illegal here,
        checking action by action as the official Move.perform does."""
        if not isinstance(move, Move):
            raise self._refuse(NOT_A_MOVE, f"{move!r} is not a Hase und Igel move")
        if self.is_game_over():
            raise self._refuse(GAME_OVER, "the game is over")
        actions = move.actions
        if not actions:
            raise self._refuse(NO_ACTIONS, "a move needs at least one action")
        f = self._f
        p = self._turn & 1
        o = 1 - p
        opp = self._pos[o]
        opp_car = self._car[o]
        pos = self._pos[p]
        car = self._car[p]
        sal = self._sal[p]
        cards = self._cards[p]
        lk = self._last_kind(p)
        must_play = False
        for order, action in enumerate(actions):
            kind = action.kind
            if not action.is_card and order != 0:
                raise self._refuse(
                    ONLY_CARDS_FOLLOW,
                    f"action {order + 1} ({action}) is no card; only cards may follow the first",
                )
            here = type_at(f, pos)
            move_on = here in (HEDGEHOG, START) or lk in MUST_MOVE_ON_AFTER
            must_eat = here == SALAD and lk in MUST_EAT_AFTER
            if kind == ADVANCE:
                problem = advance_error(f, action.value, pos, opp, car, sal, cards, must_eat)
                if problem is not None:
                    raise self._refuse(
                        problem[0],
                        f"advance {action.value}: {problem[1]}",
                        advance_official(action.value),
                    )
                car -= cost(action.value)
                pos += action.value
                must_play = type_at(f, pos) == HARE
            elif kind == FALL_BACK:
                target = self._board.previous_hedgehog(pos)
                if must_eat:
                    raise self._refuse(
                        MUST_EAT_SALAD,
                        "the player must eat a salad first",
                        OFFICIAL[CANNOT_FALL_BACK],
                    )
                if target == -1:
                    raise self._refuse(CANNOT_FALL_BACK, f"no hedgehog field behind field {pos}")
                if target == opp:
                    raise self._refuse(
                        CANNOT_FALL_BACK, f"the hedgehog field {target} behind is taken"
                    )
                car += 10 * (pos - target)
                pos = target
            elif kind == EXCHANGE:
                if here != CARROT:
                    raise self._refuse(
                        CANNOT_EXCHANGE,
                        f"carrots are exchanged only on a carrot field, not on {pos}",
                        f"Es können nicht {action.value} Karotten aufgenommen werden.",
                    )
                if action.value not in (10, -10) or (action.value == -10 and car < 10):
                    raise self._refuse(
                        CANNOT_EXCHANGE,
                        f"exchange takes +10 or gives -10 (with 10 carrots), not {action.value}",
                        f"Es können nicht {action.value} Karotten aufgenommen werden.",
                    )
                car += action.value
            elif kind == EAT:
                if here != SALAD or sal <= 0 or move_on:
                    why = (
                        "not on a salad field"
                        if here != SALAD
                        else "no salad left"
                        if sal <= 0
                        else "it has just eaten and must move on"
                    )
                    raise self._refuse(CANNOT_EAT, f"cannot eat a salad: {why}")
                sal -= 1
                car += 10 if pos > opp else 30
            elif kind == SKIP:
                if not self.is_valid_to_skip():
                    raise self._refuse(CANNOT_SKIP, "skipping is allowed only when nothing else is")
                continue
            else:
                must_play = False
                first = is_first(pos, car, opp, opp_car)
                if not card_valid(f, kind, action.value, pos, opp, car, sal, cards, move_on, first):
                    raise self._refuse(
                        CANNOT_PLAY_CARD,
                        f"{action} cannot be played here: "
                        + _card_reason(kind, action.value, here, cards, move_on, first, sal, car),
                        card_official(kind),
                    )
                cards &= ~KIND_BIT[kind]
                if kind == CARD_TAKE:
                    car += action.value
                elif kind == CARD_EAT:
                    sal -= 1
                    car += 10 if first else 30
                else:
                    pos = opp + 1 if kind == CARD_HURRY else opp - 1
                    must_play = type_at(f, pos) == HARE
            lk = kind
        if must_play:
            raise self._refuse(
                MUST_PLAY_CARD, f"the move ends on the hare field {pos}: a card must be played"
            )

    def copy(self) -> HaseUndIgelState:
        twin = HaseUndIgelState(self.game, self._board, self._turn, self.players(), self._lm)
        twin._stack = self._stack[:]
        twin._history = self._history[:]
        return twin

    def players(self) -> tuple[Player, Player]:
        return (self.player(0), self.player(1))

    # --- the end -----------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if not self.is_game_over():
            return None
        winner = self._goal_winner()
        reason = GOAL_REACHED
        if winner is None:
            reason = ROUND_LIMIT
            pos, car = self._pos, self._car
            if pos[0] != pos[1]:
                winner = 0 if pos[0] > pos[1] else 1
            else:
                winner = 1 if car[1] < car[0] else 0
        points = (2, 0) if winner == 0 else (0, 2)
        return Outcome(
            winner,
            reason,
            (
                (points[0], self._pos[0], self._car[0]),
                (points[1], self._pos[1], self._car[1]),
            ),
        )

    def score_parts(self, player: int) -> tuple[int, int, int]:
        """(win points, field, carrots) as the server reports them; points are 1 while the
        game goes on."""
        result = self.outcome()
        if result is not None:
            first, second, third = result.scores[player]
            return (first, second, third)
        return (1, self._pos[player], self._car[player])

    # --- text --------------------------------------------------------------------------

    def text(self) -> str:
        """`BOARD TURN RED BLUE LAST` (see `position.py` for the format)."""
        from spieltisch.games.haseundigel.position import position_text

        return position_text(self)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def render(self, viewer: int | None = None) -> str:
        """The track and both players as text; `viewer` marks whose view it is."""
        from spieltisch.games.haseundigel.render import render

        return render(self, viewer)

    # --- learning ----------------------------------------------------------------------

    def action_id(self, move: Move) -> int:
        index = ACTION_IDS.get(move)
        if index is None:
            raise NotationError(f"the move {move} has no action id (not a move a game produces)")
        return index

    def action_move(self, action: int) -> Move:
        if not 0 <= action < NUM_ACTIONS:
            raise NotationError(f"action {action} is outside 0..{NUM_ACTIONS - 1}")
        return ALL_MOVES[action]

    def observation(self, player: int | None = None) -> list[float]:
        """12 planes of 65 fields from the view of `player` (None: the mover): 8 field
        types, own and opponent position, then own and opponent figures (carrots/100,
        salads/5, 4 cards, must move on, must eat, turn/60) in the first entries of planes
        10 and 11."""
        p = self._turn & 1 if player is None else player
        planes = [0.0] * (12 * 65)
        for i, kind in enumerate(self._f):
            planes[kind * 65 + i] = 1.0
        for plane, who in ((8, p), (9, 1 - p)):
            where = self._pos[who]
            if 0 <= where <= LAST_FIELD:
                planes[plane * 65 + where] = 1.0
        for plane, who in ((10, p), (11, 1 - p)):
            kind = self._last_kind(who)
            base = plane * 65
            values = [
                self._car[who] / 100,
                self._sal[who] / 5,
                *(1.0 if self._cards[who] & bit else 0.0 for bit in CARD_BITS),
                1.0 if kind in MUST_MOVE_ON_AFTER else 0.0,
                1.0 if kind in MUST_EAT_AFTER else 0.0,
                self._turn / LAST_TURN,
            ]
            planes[base : base + len(values)] = values
        return planes

    # --- AI hooks ----------------------------------------------------------------------

    def hash_key(self) -> int:
        last = self._last
        return hash(
            (
                self._turn,
                self._pos[0],
                self._pos[1],
                self._car[0],
                self._car[1],
                self._sal[0],
                self._sal[1],
                self._cards[0],
                self._cards[1],
                None if last[0] is None else last[0][0].kind,
                None if last[1] is None else last[1][0].kind,
                self._board.key,
            )
        )

    def evaluate(self, player: int) -> float:
        return evaluation.evaluate(self, player)

    def order_moves(self, moves: list[Move]) -> list[Move]:
        return evaluation.order_moves(self, moves)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HaseUndIgelState):
            return NotImplemented
        return (
            self._turn == other._turn
            and self._pos == other._pos
            and self._car == other._car
            and self._sal == other._sal
            and self._cards == other._cards
            and self._last == other._last
            and self._lm == other._lm
            and self._f == other._f
        )


def _card_reason(
    kind: int, value: int, here: int, cards: int, move_on: bool, first: bool, sal: int, car: int
) -> str:
    if not cards & KIND_BIT[kind]:
        return "the player does not hold it (each card once per game)"
    if here != HARE:
        return "cards are played only on a hare field just entered"
    if move_on:
        return "nothing may follow EAT_SALAD or TAKE_OR_DROP_CARROTS; the player must move on"
    if kind == CARD_TAKE:
        if value not in (20, -20, 0):
            return "the value is 20, -20 or 0"
        return f"dropping 20 carrots needs 20, the player has {car}"
    if kind == CARD_EAT:
        return "no salad left"
    if kind == CARD_HURRY and first:
        return "HURRY_AHEAD only when second"
    if kind == CARD_FALL and not first:
        return "FALL_BACK only when first"
    return (
        "the target field may not be entered (hedgehog, start, beyond the goal, salad "
        "without salad, goal without its conditions, or a hare field without a further card)"
    )
