"""The competition's XML for Hase und Igel (2018 server): `<state>` and `<move>`.

Writes what the official XStream setup prints (two-space indent; attribute order as in
hase-und-igel-protocol.md) and reads it back, also from inside `<room><data
class="memento">` wrappers. Cards in a hand are kept in the official hand order
(TAKE_OR_DROP_CARROTS, EAT_SALAD, HURRY_AHEAD, FALL_BACK); debug hints are dropped.

Numbers are read by `core.text.read_int`. A move's values (distance, carrots, order) are
whatever a Java `int` holds, as the official server reads them, so that the rules refuse
an impossible value with their own reason; a state's numbers have the ranges of the
position text, and a state that cannot arise is refused (`position.check_position`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from spieltisch.core.competition import CompetitionResult, Forfeit
from spieltisch.core.errors import NotationError, PositionError
from spieltisch.core.sc_xml import Fragment, PlayerScore, escape, indent, room
from spieltisch.core.text import quote, read_int
from spieltisch.core.xml_reading import read_move_element, read_state_element
from spieltisch.games.haseundigel.board import FIELD_NAMES, LAST_FIELD, NUM_FIELDS, Board
from spieltisch.games.haseundigel.moves import (
    ADVANCE,
    CARD_BITS,
    CARD_NAMES,
    CARD_TAKE,
    EAT,
    EXCHANGE,
    FALL_BACK,
    SKIP,
    VALUE_MAX,
    VALUE_MIN,
    Action,
    Move,
    intern,
)
from spieltisch.games.haseundigel.position import (
    MAX_CARROTS,
    MAX_SALADS,
    check_form,
    check_position,
)
from spieltisch.games.haseundigel.rules import BAD_ORDER, OFFICIAL, HuIIllegalMoveError
from spieltisch.games.haseundigel.state import (
    LAST_TURN,
    OFFICIAL_COLORS,
    OFFICIAL_REASONS,
    HaseUndIgelState,
    LastAction,
    Player,
)

if TYPE_CHECKING:
    from spieltisch.games.haseundigel.game import HaseUndIgel

GAME_TYPE = "swc_2018_hase_und_igel"
#: The score parts of the result (hase-und-igel-protocol.md, "Result").
DEFINITION = (
    Fragment("Gewinner", "SUM"),
    Fragment("∅ Feldnummer", "AVERAGE"),
    Fragment("∅ Karotten", "AVERAGE"),
)
#: XML element name (in a move) / class (as lastNonSkipAction) of each action kind.
ACTION_TAGS = ("advance", "fallBack", "exchangeCarrots", "eatSalad", "skip")


def action_attrs(action: Action, order: int) -> str:
    """The attributes of an action element after its name (order first)."""
    kind = action.kind
    if kind == ADVANCE:
        return f'order="{order}" distance="{action.value}"'
    if kind == EXCHANGE:
        return f'order="{order}" value="{action.value}"'
    if action.is_card:
        name = CARD_NAMES[kind - CARD_TAKE]
        return f'order="{order}" type="{name}" value="{action.value}"'
    return f'order="{order}"'


def action_tag(action: Action) -> str:
    return "card" if action.is_card else ACTION_TAGS[action.kind]


def move_lines(move: Move, tag: str = "move", attrs: str = "") -> list[str]:
    """The lines of a move element (`move`, `lastMove`, or `data` with attributes)."""
    lines = [f"<{tag}{attrs}>"]
    for order, action in enumerate(move.actions):
        lines.append(f"  <{action_tag(action)} {action_attrs(action, order)}/>")
    lines.append(f"</{tag}>")
    return lines


def move_to_xml(move: Move) -> str:
    """`<move>` with ordered actions, as a player sends it outside a room packet."""
    return "\n".join(move_lines(move))


def move_to_room_xml(move: Move, room_id: str) -> str:
    """A move wrapped in a room packet, as a client sends it to the server."""
    return "\n".join(room(room_id, move_lines(move, "data", ' class="move"')))


def _player_lines(state: HaseUndIgelState, i: int, name: str | None) -> list[str]:
    player = state.player(i)
    tag = OFFICIAL_COLORS[i].lower()
    display = f" displayName={_attr(name)}" if name is not None else ""
    lines = [
        f'<{tag}{display} color="{OFFICIAL_COLORS[i]}" index="{player.index}" '
        f'carrots="{player.carrots}" salads="{player.salads}">'
    ]
    names = player.card_names
    if names:
        lines.append("  <cards>")
        lines += [f"    <type>{card}</type>" for card in names]
        lines.append("  </cards>")
    else:
        lines.append("  <cards/>")
    if player.last is not None:
        action, order = player.last
        lines.append(
            f'  <lastNonSkipAction class="{action_tag(action)}" {action_attrs(action, order)}/>'
        )
    lines.append(f"</{tag}>")
    return lines


def state_lines(
    state: HaseUndIgelState,
    memento: bool = False,
    names: tuple[str | None, str | None] = (None, None),
) -> list[str]:
    attrs = ' class="state"' if memento else ""
    current = OFFICIAL_COLORS[state.turn & 1]
    lines = [f'<state{attrs} turn="{state.turn}" startPlayer="RED" currentPlayer="{current}">']
    for i in (0, 1):
        lines += ["  " + x for x in _player_lines(state, i, names[i])]
    lines.append("  <board>")
    for index, kind in enumerate(state.board.fields):
        lines.append(f'    <fields index="{index}" type="{FIELD_NAMES[kind]}"/>')
    lines.append("  </board>")
    if state.last_move is not None:
        lines += ["  " + x for x in move_lines(state.last_move, "lastMove")]
    lines.append("</state>")
    return lines


def state_to_xml(
    state: HaseUndIgelState,
    memento: bool = False,
    names: tuple[str | None, str | None] = (None, None),
) -> str:
    """The `<state>` element; `memento=True` adds `class="state"` as inside a memento;
    `names` are the players' display names (omitted when None)."""
    return "\n".join(state_lines(state, memento, names))


def memento_to_room_xml(
    state: HaseUndIgelState, room_id: str, names: tuple[str | None, str | None] = (None, None)
) -> str:
    inner = ['<data class="memento">', *indent(state_lines(state, True, names)), "</data>"]
    return "\n".join(room(room_id, inner))


# --- reading ---------------------------------------------------------------------------


def _int(
    element: ET.Element, name: str, error: type[NotationError], default: int | None = None
) -> int:
    raw = element.get(name)
    if raw is None:
        if default is not None:
            return default
        raise error(f"<{element.tag}> lacks the attribute {name}")
    return read_int(
        raw, f"<{element.tag} {name}>", low=VALUE_MIN, high=VALUE_MAX, signed=True, error=error
    )


def _number(element: ET.Element, name: str, low: int, high: int) -> int:
    """A state's number attribute in `low..high` (unsigned ASCII digits)."""
    raw = element.get(name)
    if raw is None:
        raise PositionError(f"<{element.tag}> lacks the attribute {name}")
    return read_int(raw, f"<{element.tag} {name}>", low=low, high=high, error=PositionError)


def action_from_element(
    element: ET.Element, tag: str, error: type[NotationError]
) -> tuple[Action, int]:
    """An action and its order from an element whose action name is `tag`."""
    order = _int(element, "order", error, 0)
    if tag == "card":
        name = element.get("type", "")
        if name not in CARD_NAMES:
            raise error(f"unknown card type {quote(name)}")
        kind = CARD_TAKE + CARD_NAMES.index(name)
        value = _int(element, "value", error, 0) if kind == CARD_TAKE else 0
        return Action(kind, value), order
    if tag == "advance":
        return Action(ADVANCE, _int(element, "distance", error)), order
    if tag == "exchangeCarrots":
        return Action(EXCHANGE, _int(element, "value", error)), order
    if tag == "eatSalad":
        return Action(EAT), order
    if tag == "fallBack":
        return Action(FALL_BACK), order
    if tag == "skip":
        return Action(SKIP), order
    raise error(f"unknown action <{quote(tag)}>")


def ordered_move(pairs: list[tuple[Action, int]]) -> Move:
    """A move from actions with `order` attributes: sorted by order (stably); the orders
    must then read 0, 1, 2, … (the official Move.perform check)."""
    pairs = sorted(pairs, key=lambda pair: pair[1])
    for index, (_, order) in enumerate(pairs):
        if order != index:
            raise HuIIllegalMoveError(
                BAD_ORDER,
                f"the order attributes must be 0, 1, 2, …; found {[o for _, o in pairs]}",
                OFFICIAL[BAD_ORDER],
            )
    return intern(Move(tuple(action for action, _ in pairs)))


def _actions_in(element: ET.Element, error: type[NotationError]) -> list[tuple[Action, int]]:
    return [
        action_from_element(child, child.tag, error) for child in element if child.tag != "hint"
    ]


def move_from_xml(text: str) -> Move:
    """Read `<move>`, `<data class="move">` or a room packet holding one. Raises
    `NotationError` for bad XML and `IllegalMoveError` (BAD_ORDER) for broken orders."""
    return ordered_move(_actions_in(read_move_element(text), NotationError))


def _player(element: ET.Element | None, color: str) -> Player:
    if element is None:
        raise PositionError(f"the state has no <{color.lower()}> player")
    index = _number(element, "index", 0, LAST_FIELD)
    carrots = _number(element, "carrots", 0, MAX_CARROTS)
    salads = _number(element, "salads", 0, MAX_SALADS)
    cards = 0
    holder = element.find("cards")
    if holder is not None:
        for item in holder:
            name = (item.text or "").strip()
            if name not in CARD_NAMES:
                raise PositionError(f"{color}: unknown card {quote(name)}")
            bit = CARD_BITS[CARD_NAMES.index(name)]
            if cards & bit:
                raise PositionError(
                    f"DUPLICATE_CARD: {color} holds {name} twice; each card exists once per player"
                )
            cards |= bit
    last: LastAction | None = None
    found = element.find("lastNonSkipAction")
    if found is not None:
        tag = found.get("class", "")
        action, order = action_from_element(found, tag, PositionError)
        if action.kind == SKIP:
            raise PositionError(f"{color}: a skip is never the last non-skip action")
        last = (action, order)
    return Player(index, carrots, salads, cards, last)


def state_from_xml(game: HaseUndIgel, text: str, *, reachable: bool = True) -> HaseUndIgelState:
    """Read an official `<state>` (alone or inside a memento/room packet); a state that
    cannot arise is refused (`position.check_position`), unless `reachable=False`
    (then only `position.check_form`)."""
    state = read_state_element(text)
    turn = _int(state, "turn", PositionError, 0)
    if not 0 <= turn <= LAST_TURN:
        raise PositionError(f"the turn {turn} is outside 0..60")
    board_element = state.find("board")
    if board_element is None:
        raise PositionError("the state has no <board>")
    kinds: dict[int, int] = {}
    for item in board_element.findall("fields"):
        index = _number(item, "index", 0, LAST_FIELD)
        name = item.get("type", "")
        if name not in FIELD_NAMES:
            raise PositionError(f"field {index}: unknown type {quote(name)}")
        if index in kinds:
            raise PositionError(f"the board lists field {index} twice")
        kinds[index] = FIELD_NAMES.index(name)
    if sorted(kinds) != list(range(NUM_FIELDS)):
        raise PositionError(f"the board must list the fields 0..64, found {len(kinds)} fields")
    board = Board(tuple(kinds[i] for i in range(NUM_FIELDS)))
    red = _player(state.find("red"), "RED")
    blue = _player(state.find("blue"), "BLUE")
    last: Move | None = None
    last_element = state.find("lastMove")
    if last_element is not None:
        pairs = _actions_in(last_element, PositionError)
        if pairs:
            try:
                last = ordered_move(pairs)
            except HuIIllegalMoveError as exc:
                raise PositionError(f"lastMove: {exc.detail}") from None
    if reachable:
        check_position(board, turn, (red, blue), last)
    else:
        check_form(board, (red, blue))
    return HaseUndIgelState(game, board, turn, (red, blue), last)


def result(state: HaseUndIgelState) -> CompetitionResult:
    """The result of a finished game: per colour the score parts of `Outcome.scores`
    (points 2/0, field, carrots) and the official reason text
    (hase-und-igel-protocol.md, "Result")."""
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("the game is not over: there is no result yet")
    reason = OFFICIAL_REASONS.get(outcome.reason, "")
    red, blue = (PlayerScore(OFFICIAL_COLORS[i], outcome.scores[i], reason=reason) for i in (0, 1))
    return CompetitionResult(DEFINITION, (red, blue), outcome.winner)


def result_lines(
    state: HaseUndIgelState, names: tuple[str, str], forfeit: Forfeit | None = None
) -> list[str]:
    """`<data class="result">` as the 2018 server prints it: the definition, one
    `<score>` per colour (red, blue), and the winning player if there is one."""
    causes = ["REGULAR", "REGULAR"]
    reasons: list[str | None] = [None, None]
    if forfeit is None:
        found = result(state)
        parts = [score.parts for score in found.scores]
        reasons = [score.reason or None for score in found.scores]
        winner = found.winner
    else:
        winner = 1 - forfeit.seat
        parts = []
        for i in (0, 1):
            _, field, carrots = state.score_parts(i)
            parts.append((2 if i == winner else 0, field, carrots))
        causes[forfeit.seat] = forfeit.cause
        reasons[forfeit.seat] = forfeit.reason
    lines = ['<data class="result">', "  <definition>"]
    for fragment in DEFINITION:
        lines += [
            f"    <fragment name={_attr(fragment.name)}>",
            f"      <aggregation>{fragment.aggregation}</aggregation>",
            "      <relevantForRanking>true</relevantForRanking>",
            "    </fragment>",
        ]
    lines.append("  </definition>")
    for i in (0, 1):
        reason = "" if reasons[i] is None else f" reason={_attr(reasons[i] or '')}"
        lines.append(f'  <score cause="{causes[i]}"{reason}>')
        lines += [f"    <part>{part}</part>" for part in parts[i]]
        lines.append("  </score>")
    if winner is not None:
        player = _player_lines(state, winner, names[winner])
        tag = OFFICIAL_COLORS[winner].lower()
        player[0] = '<winner class="player"' + player[0][len(tag) + 1 :]
        player[-1] = "</winner>"
        lines += indent(player)
    lines.append("</data>")
    return lines


#: The display name of a player who gave none: the 2018 server's `PlayerSlot.getDisplayName`
#: (and `SlotDescriptor.DEFAULT_DESCRIPTOR`) answer "Unknown".
UNNAMED = "Unknown"


def _shown(names: tuple[str, str]) -> tuple[str, str]:
    """The display names as the 2018 server writes them (`UNNAMED` for none)."""
    first, second = (name if name.strip() else UNNAMED for name in names)
    return (first, second)


def _attr(text: str) -> str:
    """An attribute value in double quotes, line breaks kept as XStream writes them."""
    return f'"{escape(text)}"'


class HaseUndIgelCodec:
    """Hase und Igel's competition codec (`core.competition.CompetitionCodec`)."""

    game_type = GAME_TYPE
    teams = ("red", "blue")
    move_request = "sc.framework.plugins.protocol.MoveRequest"
    error_original = "originalRequest"
    close_connection = "sc.protocol.responses.CloseConnection"

    def move_lines(self, move: Move, tag: str = "move", attrs: str = "") -> list[str]:
        return move_lines(move, tag, attrs)

    def memento_lines(self, state: HaseUndIgelState, names: tuple[str, str]) -> list[str]:
        return [
            '<data class="memento">',
            *indent(state_lines(state, True, _shown(names))),
            "</data>",
        ]

    def result_lines(
        self, state: HaseUndIgelState, names: tuple[str, str], forfeit: Forfeit | None = None
    ) -> list[str]:
        return result_lines(state, _shown(names), forfeit)

    def __init__(self, game: HaseUndIgel) -> None:
        self.game = game

    def state_to_xml(self, state: HaseUndIgelState, memento: bool = False) -> str:
        return state_to_xml(state, memento)

    def state_from_xml(self, text: str) -> HaseUndIgelState:
        return state_from_xml(self.game, text)

    def move_to_xml(self, move: Move) -> str:
        return move_to_xml(move)

    def move_from_xml(self, text: str) -> Move:
        return move_from_xml(text)

    def result(self, state: HaseUndIgelState) -> CompetitionResult:
        return result(state)
