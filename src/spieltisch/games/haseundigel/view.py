"""The view of a Hase und Igel position for front ends and bots (`spieltisch.core.view`).

The 65 fields form a track winding through a 13 x 5 box (field 0, the start, at the
bottom left; rows alternate direction; the goal, field 64, at the top right), with the
field types as cell kinds. Both hares are pieces; each player's cards are hand items;
carrots and salads are counters.

Targets carry a `cost` where choosing them costs or gains carrots now (`_costs`: an
advance, falling back, exchanging, eating, a take-or-drop value), shown before the click.

Click paths: an advance is the target field, then the cards of the chain in order (a
card in the mover's hand), each TAKE_OR_DROP_CARROTS card followed by its value button
(`button:carrots:20`, `:0`, `:-20`). Falling back, eating a salad, exchanging carrots and
skipping are buttons (`button:fallback`, `button:eat`, `button:exchange:10`,
`button:exchange:-10`, `button:skip`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from spieltisch.core.view import (
    Cell,
    Counter,
    Hand,
    HandItem,
    LastMove,
    Layout,
    Piece,
    View,
    make_view,
)
from spieltisch.games.haseundigel.moves import (
    ADVANCE,
    CARD_BITS,
    CARD_EAT,
    CARD_FALL,
    CARD_HURRY,
    CARD_NAMES,
    CARD_TAKE,
    EAT,
    EXCHANGE,
    FALL_BACK,
    SKIP,
    Move,
)

if TYPE_CHECKING:
    from spieltisch.games.haseundigel.state import HaseUndIgelState

FIELDS = 65
COLUMNS, ROWS = 13, 5
#: Cell kinds by field type code (board.py: START, CARROT, HARE, SALAD, HEDGEHOG,
#: POSITION_1, POSITION_2, GOAL).
FIELD_KINDS = (
    "start",
    "carrot",
    "hare",
    "salad",
    "hedgehog",
    "position1",
    "position2",
    "goal",
)
#: English card labels, in the order of `moves.CARD_NAMES`.
CARD_LABELS = ("Take or drop carrots", "Eat a salad", "Hurry ahead", "Fall back")
#: Card kind (`moves.CARD_*`) -> its index in CARD_NAMES.
CARD_INDEX = {CARD_TAKE: 0, CARD_EAT: 1, CARD_HURRY: 2, CARD_FALL: 3}
PLAYER_NAMES = ("red", "blue")
BUTTONS = {
    "button:eat": "Eat a salad",
    "button:exchange:10": "Take 10 carrots",
    "button:exchange:-10": "Give 10 carrots",
    "button:skip": "Skip (no other move)",
    "button:carrots:20": "Take 20 carrots",
    "button:carrots:0": "Keep the carrots",
    "button:carrots:-20": "Give 20 carrots",
}
REASON_TEXTS = {
    "GOAL_REACHED": "a hare reached the goal",
    "ROUND_LIMIT": "the round limit was reached; the hare further ahead wins",
}


def field_position(index: int) -> tuple[float, float]:
    """(x, y) of field `index` in the unit box: a serpentine of 13 columns and 5 rows."""
    row, step = divmod(index, COLUMNS)
    column = step if row % 2 == 0 else COLUMNS - 1 - step
    return (round((column + 0.5) / COLUMNS, 6), round((row + 0.5) / ROWS, 6))


def field_id(index: int) -> str:
    """The cell id of field `index`: its number."""
    return str(index)


def card_id(player: int, kind: int) -> str:
    """The hand item id of `player`'s card of kind `kind` (`moves.CARD_*`)."""
    return f"hand:{player}:{CARD_NAMES[CARD_INDEX[kind]]}"


@lru_cache(maxsize=64)
def _cells(fields: tuple[int, ...]) -> tuple[Cell, ...]:
    """The fields of a board as cells (cached: a game keeps its board)."""
    cells = []
    for index, code in enumerate(fields):
        x, y = field_position(index)
        cells.append(Cell(field_id(index), x, y, FIELD_KINDS[code], str(index)))
    return tuple(cells)


def _path(move: Move, player: int, start: int) -> tuple[str, ...]:
    """The clicks of `move` by `player` standing on field `start`."""
    path: list[str] = []
    for action in move.actions:
        kind = action.kind
        if kind == ADVANCE:
            path.append(field_id(start + action.value))
        elif kind == FALL_BACK:
            path.append("button:fallback")
        elif kind == EXCHANGE:
            path.append(f"button:exchange:{action.value}")
        elif kind == EAT:
            path.append("button:eat")
        elif kind == SKIP:
            path.append("button:skip")
        else:
            path.append(card_id(player, kind))
            if kind == CARD_TAKE:
                path.append(f"button:carrots:{action.value}")
    return tuple(path)


def state_view(state: HaseUndIgelState) -> View:
    """The view of `state` (see the module docstring)."""
    players = (state.player(0), state.player(1))
    pieces = [
        Piece(field_id(p.index), i, "hare", PLAYER_NAMES[i][0].upper(), f"{PLAYER_NAMES[i]} hare")
        for i, p in enumerate(players)
    ]
    hands = [
        Hand(
            i,
            "cards",
            tuple(
                HandItem(f"hand:{i}:{name}", "card", label, 1)
                for name, label, bit in zip(CARD_NAMES, CARD_LABELS, CARD_BITS, strict=True)
                if p.cards & bit
            ),
        )
        for i, p in enumerate(players)
    ]
    counters = []
    for i, p in enumerate(players):
        counters.append(Counter(i, "carrots", "carrots", p.carrots))
        counters.append(Counter(i, "salads", "salads", p.salads))
    counters.append(Counter(None, "turn", "turn", state.turn))
    counters.append(Counter(None, "round", "round", state.round))

    mover = state.current
    start = players[mover].index
    buttons = dict(BUTTONS)
    target = state.board.previous_hedgehog(start)
    if target >= 0:
        buttons["button:fallback"] = (
            f"Fall back to field {target} (+{10 * (start - target)} carrots)"
        )
    else:
        buttons["button:fallback"] = "Fall back"
    paths = [(move, _path(move, mover, start)) for move in state.legal_moves()]
    costs = _costs(state, paths, start)
    return make_view(
        state,
        layout=Layout("track", COLUMNS, ROWS),
        cells=_cells(state.board.fields),
        pieces=pieces,
        hands=hands,
        counters=counters,
        ply=state.turn,
        last_move=_last_move(state),
        reason_texts=REASON_TEXTS,
        paths=paths,
        buttons=buttons,
        costs=costs,
    )


def advance_cost(distance: int) -> int:
    """Carrots an advance of `distance` fields costs (hase-und-igel.md, "A turn")."""
    return distance * (distance + 1) // 2


def _costs(
    state: HaseUndIgelState, paths: list[tuple[Move, tuple[str, ...]]], start: int
) -> dict[str, int]:
    """What each first click of the mover's legal moves costs in carrots before any card
    that may follow (negative: a gain), so a front end can show it before the click: an
    advance n(n+1)/2, falling back -10 a field, exchanging -10/+10, eating a salad (on
    the field or by card) -10 when first and -30 when second; a take-or-drop card's value
    button -20/0/+20."""
    mover = state.current
    eat_gain = -10 if state.is_first(mover) else -30
    costs: dict[str, int] = {}
    for move, path in paths:
        action = move.actions[0]
        first = path[0]
        if action.kind == ADVANCE:
            costs[first] = advance_cost(action.value)
        elif action.kind == FALL_BACK:
            target = state.board.previous_hedgehog(start)
            costs[first] = -10 * (start - target)
        elif action.kind == EXCHANGE:
            costs[first] = -action.value
        elif action.kind in (EAT, CARD_EAT) and first not in costs:
            costs[first] = eat_gain
        for step in path:
            if step.startswith("button:carrots:"):
                costs[step] = -int(step.rsplit(":", 1)[1])
    return costs


def _last_move(state: HaseUndIgelState) -> LastMove | None:
    """The last move with the field its hare left (when this state saw the move) and the
    field it stands on."""
    last = state.last_move
    if last is None:
        return None
    mover = 1 - state.current
    now = state.player(mover).index
    cells = [field_id(now)]
    if state.history():
        before = state.copy()
        before.undo()
        old = before.player(mover).index
        if old != now:
            cells.insert(0, field_id(old))
    return LastMove(str(last), tuple(cells))
