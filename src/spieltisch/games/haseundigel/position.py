"""The one-line Hase und Igel position text, its reader, and the check that a position
could arise under the rules (shared by the text and the XML reader).

Position text (one line, five fields separated by spaces):
`BOARD TURN RED BLUE LAST`

- BOARD: the 65 fields 0..64 as letters S start, C carrot, H hare, L salad, I hedgehog
  (Igel), 1 / 2 position fields, G goal (the word `canonical` is read as CANONICAL_2018).
  This is how a board is given explicitly.
- TURN: moves made so far (0..60); red moves on even turns.
- RED, BLUE: `index/carrots/salads/cards/last`: cards as letters T (TAKE_OR_DROP_CARROTS),
  E (EAT_SALAD), H (HURRY_AHEAD), F (FALL_BACK) or `-`; last = the last non-skip action in
  the compact move code (`a3` advance, `b` fall back, `x10`/`x-10` exchange, `e` eat,
  `T20`/`E`/`H`/`F` cards) with `@order` for cards, or `-`.
- LAST: the last move in compact code joined by `+` (`a1+T20`), or `-`.

Example (the canonical start):
`SHCHCCH12CLICCHI12CI…G 0 0/68/5/TEHF/- 0/68/5/TEHF/- -`.

The text is ASCII (a look-alike such as `ı` or `ſ` is refused before any case folding);
numbers are read by `core.text.read_int`: field 0..64, carrots 0..MAX_CARROTS, salads
0..5, turn 0..60, order 0..3.

A position that cannot arise under the rules, where a cheap check can tell, is refused
with the rule it breaks (`check_position`, the first word of the message):
BOARD_ENDS (start not on 0 or goal not on 64 alone), SHARED_FIELD (two hares on one field
other than start and goal), SALADS_EATEN (5 salads after the EAT_SALAD card), CARROTS (more
than the turn allows, `carrot_bound`), GOAL_ENTRY (more than 10 carrots or a salad in the
goal), GAME_ENDED (blue in the goal at an odd turn), NOT_MOVED (a player that has not
moved yet is not as it started), HARE_CARD (on a hare field without TAKE_OR_DROP_CARROTS
or EAT_SALAD last), LAST_ACTION / LAST_MOVE (an action no move has, a card still held
after playing it, a last move that does not match the mover's last action, a last move at
turn 0), DUPLICATE_CARD. Every check holds on through play, so every position reached
from an accepted one is accepted again.

`reachable=False` (`HaseUndIgel.parse`, `parse_position`, the XML reader) reads a position
set up by hand, such as the official tests' set-ups (players on fields 63 and 61 at turn 0,
5,000 carrots): of the checks above it keeps only those the engine needs, `check_form`:
BOARD_ENDS (the game ends on field 64 and a goal is entered only there) and a skip as a
player's last non-skip action (LAST_ACTION; no such action exists). The reader's own
checks (ranges, DUPLICATE_CARD) hold either way. Set-ups beyond the reader's ranges (a
player off the track) can still be built with `HaseUndIgelState(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.core.errors import NotationError, PositionError, quote
from spieltisch.core.text import read_int
from spieltisch.games.haseundigel.board import (
    GOAL,
    HARE,
    LAST_FIELD,
    START,
    Board,
    parse_board,
)
from spieltisch.games.haseundigel.moves import (
    ADVANCE,
    CARD_BITS,
    CARD_EAT,
    CARD_LETTERS,
    CARD_TAKE,
    EAT_BIT,
    EXCHANGE,
    MAX_DISTANCE,
    SKIP,
    Action,
    Move,
    parse_action,
    parse_move,
)
from spieltisch.games.haseundigel.state import (
    LAST_TURN,
    PLAYER_NAMES,
    START_CARROTS,
    START_SALADS,
    HaseUndIgelState,
    LastAction,
    Player,
)

if TYPE_CHECKING:
    from spieltisch.games.haseundigel.game import HaseUndIgel

#: Carrots one move gains at most besides the fall back (eating a salad or the EAT_SALAD
#: card when second: +30; an advance with cards nets less, exchanging +10), and the most a
#: turn-start bonus gives (POSITION_2). A fall back gains 10 per field back to the hedgehog.
MOVE_GAIN = 30
BONUS_GAIN = 30
#: The most carrots a player can hold on any board (see `carrot_bound`): 30 moves each
#: falling back 62 fields (a hedgehog on field 1, from field 63) and 30 bonuses. The
#: readers' range; `check_position` then applies the bound of the board and the turn.
MAX_CARROTS = START_CARROTS + 30 * 620 + 30 * BONUS_GAIN
#: The most salads a player holds (the start's).
MAX_SALADS = START_SALADS
#: Carrots a player in the goal can hold at most (it entered with at most 10 and the goal
#: gives no bonus; nobody moves out of the goal).
GOAL_CARROTS = 10
#: The most actions in one move (advance + 3 cards), so an action's order is 0..3.
MAX_ACTIONS = 4

# The rules an impossible position breaks (the first word of the PositionError message).
BOARD_ENDS = "BOARD_ENDS"
SHARED_FIELD = "SHARED_FIELD"
SALADS_EATEN = "SALADS_EATEN"
CARROTS = "CARROTS"
GOAL_ENTRY = "GOAL_ENTRY"
GAME_ENDED = "GAME_ENDED"
NOT_MOVED = "NOT_MOVED"
HARE_CARD = "HARE_CARD"
LAST_ACTION = "LAST_ACTION"
LAST_MOVE = "LAST_MOVE"
DUPLICATE_CARD = "DUPLICATE_CARD"


# --- writing -----------------------------------------------------------------------------


def position_text(state: HaseUndIgelState) -> str:
    """`BOARD TURN RED BLUE LAST` (see the module docstring)."""
    last = state.last_move.code if state.last_move is not None else "-"
    red = player_text(state.player(0))
    blue = player_text(state.player(1))
    return f"{state.board.letters} {state.turn} {red} {blue} {last}"


def player_text(player: Player) -> str:
    """`index/carrots/salads/cards/last` of one player."""
    held = player.cards
    cards = "".join(
        letter for letter, bit in zip(CARD_LETTERS, CARD_BITS, strict=True) if held & bit
    )
    return (
        f"{player.index}/{player.carrots}/{player.salads}/{cards or '-'}/{last_text(player.last)}"
    )


def last_text(last: LastAction | None) -> str:
    """A last non-skip action in the position text: its code, `@order` for cards or a
    non-zero order (`a3`, `e`, `T20@1`, `H@2`), `-` for none."""
    if last is None:
        return "-"
    action, order = last
    if action.is_card or order:
        return f"{action.code}@{order}"
    return action.code


# --- reading -----------------------------------------------------------------------------


def parse_position(game: HaseUndIgel, text: str, *, reachable: bool = True) -> HaseUndIgelState:
    """A state from the position text; `PositionError` for anything else. With
    `reachable=False` only `check_form` runs, not `check_position`."""
    if not text.isascii():
        where = next(i for i, ch in enumerate(text) if not ch.isascii())
        raise PositionError(
            f"a position text is ASCII; {text[where]!r} is no letter of it", text, where
        )
    fields = text.split()
    if len(fields) != 5:
        raise PositionError(
            "a Hase und Igel position has 5 fields: board, turn, red, blue, last move", text
        )
    board_text, turn_text, red_text, blue_text, last_text_ = fields
    board = parse_board(board_text)
    turn = read_int(turn_text, "the turn", low=0, high=LAST_TURN, error=PositionError, text=text)
    red = _parse_player(red_text, text, PLAYER_NAMES[0])
    blue = _parse_player(blue_text, text, PLAYER_NAMES[1])
    last: Move | None = None
    if last_text_ != "-":
        try:
            last = parse_move(last_text_)
        except NotationError as exc:
            raise PositionError(f"the last move is not a move: {exc}", text) from None
    if reachable:
        check_position(board, turn, (red, blue), last, text)
    else:
        check_form(board, (red, blue), text)
    return HaseUndIgelState(game, board, turn, (red, blue), last)


def _parse_player(part: str, text: str, name: str) -> Player:
    pieces = part.split("/")
    if len(pieces) != 5:
        raise PositionError(f"{name} is index/carrots/salads/cards/last, not {quote(part)}", text)
    index_text, carrots_text, salads_text, cards_text, last_part = pieces
    index = read_int(
        index_text, f"{name}'s field", low=0, high=LAST_FIELD, error=PositionError, text=text
    )
    carrots = read_int(
        carrots_text, f"{name}'s carrots", low=0, high=MAX_CARROTS, error=PositionError, text=text
    )
    salads = read_int(
        salads_text, f"{name}'s salads", low=0, high=MAX_SALADS, error=PositionError, text=text
    )
    cards = 0
    if cards_text != "-":
        for letter in cards_text:
            where = CARD_LETTERS.find(letter.upper()) if letter.isascii() else -1
            if where < 0:
                raise PositionError(f"{name}: unknown card letter {letter!r} (T E H F)", text)
            if cards & CARD_BITS[where]:
                raise PositionError(
                    f"{DUPLICATE_CARD}: {name} holds the card {letter.upper()} twice; "
                    "each card exists once per player",
                    text,
                )
            cards |= CARD_BITS[where]
    return Player(index, carrots, salads, cards, _parse_last(last_part, text, name))


def _parse_last(part: str, text: str, name: str) -> LastAction | None:
    if part == "-":
        return None
    code, sep, order_text = part.partition("@")
    try:
        action = parse_action(code, text)
    except NotationError as exc:
        raise PositionError(f"{name}'s last action is not an action: {exc}", text) from None
    order = 0
    if sep:
        order = read_int(
            order_text,
            f"{name}'s last action order",
            low=0,
            high=MAX_ACTIONS - 1,
            error=PositionError,
            text=text,
        )
    return (action, order)


# --- what cannot arise -------------------------------------------------------------------


def carrot_bound(board: Board, turn: int, player: int) -> int:
    """The most carrots `player` can hold at `turn`: 68 at the start, at most
    `move_gain(board)` more per move it has made and `BONUS_GAIN` per turn-start bonus it
    has had (one after each opponent move). Playing on keeps every position within it."""
    moves = (turn + 1 - player) // 2
    bonuses = (turn + player) // 2
    return START_CARROTS + move_gain(board) * moves + BONUS_GAIN * bonuses


def move_gain(board: Board) -> int:
    """The most carrots one move can gain on `board`: the longest fall back (10 per field,
    from any field below the goal to the hedgehog behind it; 70 on every shuffled board) or
    `MOVE_GAIN`."""
    back = max(
        (
            i - board.previous_hedgehog(i)
            for i in range(1, LAST_FIELD)
            if board.previous_hedgehog(i) >= 0
        ),
        default=0,
    )
    return max(MOVE_GAIN, 10 * back)


def action_problem(action: Action, order: int) -> str | None:
    """Why `action` at `order` cannot have been played in any move, or None: a distance
    outside 1..64, an exchange other than ±10, a TAKE_OR_DROP_CARROTS value other than
    20/-20/0, an order outside 0..3, or an action that is no card after the first."""
    kind = action.kind
    if not 0 <= order < MAX_ACTIONS:
        return f"the order {order} is outside 0..{MAX_ACTIONS - 1} (at most 4 actions)"
    if order and not action.is_card:
        return f"{action} at order {order}: only cards follow the first action"
    if kind == ADVANCE and not 1 <= action.value <= MAX_DISTANCE:
        return f"an advance goes 1..{MAX_DISTANCE} fields, not {action.value}"
    if kind == EXCHANGE and action.value not in (10, -10):
        return f"an exchange is +10 or -10 carrots, not {action.value}"
    if kind == CARD_TAKE and action.value not in (20, -20, 0):
        return f"TAKE_OR_DROP_CARROTS takes 20, -20 or 0 carrots, not {action.value}"
    return None


def check_position(
    board: Board,
    turn: int,
    players: tuple[Player, Player],
    last: Move | None,
    text: str | None = None,
) -> None:
    """Raise `PositionError` naming the broken rule if the position cannot arise from a
    start under the rules (the checks that are cheap and certain; see the constants).
    Includes `check_form`."""
    check_form(board, players, text)
    for i, player in enumerate(players):
        _check_player(player, PLAYER_NAMES[i], text)
        # A move that ends on a hare field ends with one of these cards (a moving card onto
        # a hare field asks for a further card), and nothing is done on it afterwards but
        # skipping: so the official card-only move never arises.
        ended = -1 if player.last is None else player.last[0].kind
        if board.type_at(player.index) == HARE and ended not in (CARD_TAKE, CARD_EAT):
            raise PositionError(
                f"{HARE_CARD}: {PLAYER_NAMES[i]} stands on the hare field {player.index} but "
                "did not play TAKE_OR_DROP_CARROTS or EAT_SALAD last, as every move that ends "
                "on a hare field does",
                text,
            )
        bound = carrot_bound(board, turn, i)
        if player.carrots > bound:
            raise PositionError(
                f"{CARROTS}: {PLAYER_NAMES[i]} holds {player.carrots} carrots at turn {turn}; "
                f"at most {bound} can be gathered by then (68 at the start, at most "
                f"{move_gain(board)} per move and {BONUS_GAIN} per turn-start bonus)",
                text,
            )
    red, blue = players
    if red.index == blue.index and red.index not in (0, LAST_FIELD):
        raise PositionError(
            f"{SHARED_FIELD}: red and blue both stand on field {red.index}; only the start "
            "and the goal hold two hares",
            text,
        )
    if turn & 1 and blue.index == LAST_FIELD:
        raise PositionError(
            f"{GAME_ENDED}: blue is in the goal at turn {turn}; the game ended after the "
            "move that took it there",
            text,
        )
    if last is not None:
        if len(last.actions) > MAX_ACTIONS:
            raise PositionError(
                f"{LAST_MOVE}: the last move has {len(last.actions)} actions, at most "
                f"{MAX_ACTIONS}",
                text,
            )
        for order, action in enumerate(last.actions):
            problem = action_problem(action, order)
            if problem is not None:
                raise PositionError(f"{LAST_MOVE}: {problem}", text)
        if turn == 0:
            raise PositionError(f"{LAST_MOVE}: at turn 0 no move has been made", text)
        mover = players[(turn - 1) & 1]
        if last.last is not None and mover.last != last.last:
            raise PositionError(
                f"{LAST_MOVE}: the last move {last} ends with another action than "
                f"{PLAYER_NAMES[(turn - 1) & 1]}'s last non-skip action",
                text,
            )
    for i, player in enumerate(players):
        if turn <= i and player != Player():
            raise PositionError(
                f"{NOT_MOVED}: {PLAYER_NAMES[i]} has made no move by turn {turn}, so it stands "
                f"on the start with {START_CARROTS} carrots, {START_SALADS} salads, all four "
                "cards and no last action",
                text,
            )


def check_form(board: Board, players: tuple[Player, Player], text: str | None = None) -> None:
    """The checks a hand-made position passes too, because the engine relies on them: the
    board starts on field 0 and ends in the goal on field 64 with no other start or goal
    (where the game ends and how a goal is entered), and no player's last non-skip action
    is a skip (the XML cannot even write one)."""
    ends = [i for i, kind in enumerate(board.fields) if kind in (START, GOAL)]
    if ends != [0, LAST_FIELD] or board.fields[0] != START or board.fields[LAST_FIELD] != GOAL:
        raise PositionError(
            f"{BOARD_ENDS}: the board has its START on field 0 and its GOAL on field "
            f"{LAST_FIELD}, and no other start or goal field",
            text,
        )
    for i, player in enumerate(players):
        if player.last is not None and player.last[0].kind == SKIP:
            raise PositionError(
                f"{LAST_ACTION}: {PLAYER_NAMES[i]}: a skip is never stored as last", text
            )


def _check_player(player: Player, name: str, text: str | None) -> None:
    if player.salads + (0 if player.cards & EAT_BIT else 1) > START_SALADS:
        raise PositionError(
            f"{SALADS_EATEN}: {name} has played EAT_SALAD but still holds {player.salads} "
            f"salads; each player starts with {START_SALADS}",
            text,
        )
    if player.index == LAST_FIELD and (player.carrots > GOAL_CARROTS or player.salads > 0):
        raise PositionError(
            f"{GOAL_ENTRY}: {name} is in the goal with {player.carrots} carrots and "
            f"{player.salads} salads; the goal is entered with at most {GOAL_CARROTS} "
            "carrots and no salad",
            text,
        )
    if player.last is not None:
        action, order = player.last
        problem = action_problem(action, order)
        if problem is not None:
            raise PositionError(f"{LAST_ACTION}: {name}'s last action: {problem}", text)
        if player.cards & action.card_bit:
            raise PositionError(
                f"{LAST_ACTION}: {name} played {action} last but still holds it; a card "
                "is played once",
                text,
            )
