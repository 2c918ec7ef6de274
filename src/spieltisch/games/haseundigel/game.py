"""Hase und Igel (Software-Challenge 2018): the game description and the position text.

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
`Game.parse` also reads the competition's `<state>` XML (a leading `<`).
"""

from __future__ import annotations

from spieltisch.core.errors import NotationError, PositionError
from spieltisch.core.game import Game
from spieltisch.core.options import NoOptions
from spieltisch.core.xml_reading import looks_like_xml
from spieltisch.games.haseundigel.board import (
    CANONICAL_2018,
    LAST_FIELD,
    Board,
    parse_board,
    random_fields,
)
from spieltisch.games.haseundigel.moves import (
    CARD_BITS,
    CARD_LETTERS,
    NUM_ACTIONS,
    SKIP,
    Action,
    Move,
    parse_action,
    parse_move,
)
from spieltisch.games.haseundigel.state import LAST_TURN, HaseUndIgelState, LastAction, Player
from spieltisch.games.haseundigel.xml import HaseUndIgelCodec, state_from_xml


class HaseUndIgel(Game[HaseUndIgelState, NoOptions]):
    name = "hase-und-igel"
    title = "Hase und Igel"
    player_names = ("red", "blue")
    score_names = ("Gewinner", "∅ Feldnummer", "∅ Karotten")
    score_labels = ("winner", "field", "carrots")
    options_type = NoOptions

    def new_state(self, seed: int | None = None) -> HaseUndIgelState:
        """The start on the canonical board (seed None) or a board drawn from the seed."""
        fields = CANONICAL_2018 if seed is None else random_fields(seed)
        return HaseUndIgelState(self, Board(fields))

    def state_on(self, fields: tuple[int, ...]) -> HaseUndIgelState:
        """The start position on an explicit board of 65 field-type codes."""
        return HaseUndIgelState(self, Board(fields))

    def parse(self, text: str) -> HaseUndIgelState:
        """Read the project's position text, or the official `<state>` XML (leading `<`)."""
        if looks_like_xml(text):
            return state_from_xml(self, text)
        return _parse_text(self, text)

    def competition(self) -> HaseUndIgelCodec:
        """The 2018 server's XML (`swc_2018_hase_und_igel`)."""
        return HaseUndIgelCodec(self)

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (12, 65)

    @property
    def max_game_length(self) -> int:
        return LAST_TURN


def _parse_last(part: str, text: str) -> LastAction | None:
    if part == "-":
        return None
    code, sep, order_text = part.partition("@")
    try:
        action = parse_action(code, text)
    except NotationError:
        raise PositionError(f"the last action {part!r} is not an action", text) from None
    if sep and not order_text.isdigit():
        raise PositionError(f"the order in {part!r} must be a whole number ≥ 0", text)
    if action.kind == SKIP:  # a skip is never stored
        raise PositionError("a skip is never a last non-skip action", text)
    return (action, int(order_text) if sep else 0)


def _parse_player(part: str, text: str, name: str) -> Player:
    pieces = part.split("/")
    if len(pieces) != 5:
        raise PositionError(f"{name} is index/carrots/salads/cards/last, not {part!r}", text)
    index_text, carrots_text, salads_text, cards_text, last_text = pieces
    try:
        index = int(index_text)
        carrots = int(carrots_text)
        salads = int(salads_text)
    except ValueError:
        raise PositionError(f"{name}: index, carrots and salads are whole numbers", text) from None
    if not -1 <= index <= LAST_FIELD:
        raise PositionError(f"{name}: index {index} is outside 0..64", text)
    if carrots < 0 or salads < 0:
        raise PositionError(f"{name}: carrots and salads cannot be negative", text)
    cards = 0
    if cards_text != "-":
        for letter in cards_text:
            where = CARD_LETTERS.find(letter.upper())
            if where < 0:
                raise PositionError(f"{name}: unknown card letter {letter!r} (T E H F)", text)
            cards |= CARD_BITS[where]
    return Player(index, carrots, salads, cards, _parse_last(last_text, text))


def _parse_text(game: HaseUndIgel, text: str) -> HaseUndIgelState:
    fields = text.split()
    if len(fields) != 5:
        raise PositionError(
            "a Hase und Igel position has 5 fields: board, turn, red, blue, last move", text
        )
    board_text, turn_text, red_text, blue_text, last_text = fields
    board = parse_board(board_text)
    if not turn_text.isdigit() or int(turn_text) > LAST_TURN:
        raise PositionError(f"the turn {turn_text!r} is not a whole number 0..60", text)
    red = _parse_player(red_text, text, "red")
    blue = _parse_player(blue_text, text, "blue")
    last: Move | None = None
    if last_text != "-":
        try:
            last = parse_move(last_text)
        except NotationError:
            raise PositionError(f"the last move {last_text!r} is not a move", text) from None
    return HaseUndIgelState(game, board, int(turn_text), (red, blue), last)


__all__ = ["Action", "HaseUndIgel"]
