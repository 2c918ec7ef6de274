"""The view of a state: a JSON-ready, game-independent picture of a position.

A front end draws a position and a bot reads it from a `View` alone, without knowing the
game: the layout (a grid of squares or a winding track of fields), the cells, the pieces,
the hands and counters, whose turn it is, the last move, the outcome, and every legal move
as a *click path*, the ids of the cells, hand items and buttons a player clicks in turn.
A front end needs one rule: highlight the targets that extend the clicks made so far to
some legal move's path, and play the move when its path is complete. The rules for paths
(checked by `spieltisch.core.view_check`): ids are unique across cells, hand items and
buttons; every legal move has exactly one path, different moves different paths, and no
path is a proper prefix of another (a completed path is never ambiguous).

`State.view()` builds a view through the game's own `view` module (the module `view` next
to the module of the state class, with a function `state_view(state) -> View`), so `core`
imports no game. `View.to_json()` gives plain JSON types; `View.from_json` reads them
back into an equal view. `docs/view.md` describes the schema for bot writers.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spieltisch.core.game import State

#: The version of the view schema; it changes whenever a field changes meaning or goes.
SCHEMA_VERSION = 1

#: `View.to_move` at a chance node and in a finished game.
TO_MOVE_CHANCE = "chance"
TO_MOVE_OVER = "over"

#: Target kinds.
CELL = "cell"
HAND = "hand"
BUTTON = "button"

#: The button that completes a path which would otherwise be a prefix of another one.
DONE_BUTTON = "button:done"

Json = dict[str, Any]


class ViewError(Exception):
    """A view that cannot be built or read (a bug in a game's view, or bad view JSON)."""


# --- the parts of a view -------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """How the cells are arranged.

    `kind` is `grid` or `track`. A grid has `width` x `height` squares, cells at integer
    (x, y) with x = 0 the leftmost file and y = 0 the bottom rank as player 0 sees the
    board; `files`/`ranks` label the columns and rows. The view never turns the board: a
    front end turns it for player 1. A track has its fields as cells in order along the
    track, each at (x, y) in the unit box (x to the right, y upwards); `width`:`height`
    is the box's aspect ratio to draw it in.
    """

    kind: str
    width: int
    height: int
    files: tuple[str, ...] = ()
    ranks: tuple[str, ...] = ()

    def to_json(self) -> Json:
        return {
            "kind": self.kind,
            "width": self.width,
            "height": self.height,
            "files": list(self.files),
            "ranks": list(self.ranks),
        }

    @classmethod
    def from_json(cls, data: Json) -> Layout:
        return cls(
            data["kind"],
            data["width"],
            data["height"],
            tuple(data["files"]),
            tuple(data["ranks"]),
        )


@dataclass(frozen=True)
class Cell:
    """A square or field: `id` (the name the game's notation uses), position, a `kind`
    (e.g. `plain`, `home0`, `hare`) and a label to print on it."""

    id: str
    x: float
    y: float
    kind: str
    label: str

    def to_json(self) -> Json:
        return {"id": self.id, "x": self.x, "y": self.y, "kind": self.kind, "label": self.label}

    @classmethod
    def from_json(cls, data: Json) -> Cell:
        return cls(data["id"], data["x"], data["y"], data["kind"], data["label"])


@dataclass(frozen=True)
class Face:
    """One side of a stone (Okard): its strength and eight direction marks N NE E SE S SW W
    NW seen from the owner (N = towards the opponent), 0 none, 1 move, 2 move and capture."""

    strength: int
    dirs: tuple[int, ...]

    def to_json(self) -> Json:
        return {"strength": self.strength, "dirs": list(self.dirs)}

    @classmethod
    def from_json(cls, data: Json) -> Face:
        return cls(data["strength"], tuple(data["dirs"]))


@dataclass(frozen=True)
class StoneData:
    """Both sides of a stone kind, so that a front end can draw its marks (Okard)."""

    code: str
    name: str
    value: int
    front: Face
    back: Face | None = None

    def to_json(self) -> Json:
        return {
            "code": self.code,
            "name": self.name,
            "value": self.value,
            "front": self.front.to_json(),
            "back": None if self.back is None else self.back.to_json(),
        }

    @classmethod
    def from_json(cls, data: Json) -> StoneData:
        back = data["back"]
        return cls(
            data["code"],
            data["name"],
            data["value"],
            Face.from_json(data["front"]),
            None if back is None else Face.from_json(back),
        )


@dataclass(frozen=True)
class Piece:
    """A piece on a cell.

    `kind` is a stable machine name (per game), `label` a short text to write on it,
    `name` its display name. `height` counts a stack (Ostseeschach towers), `side` is
    `front` or `back` (the side up), `promoted` marks a promoted piece, `facing` the
    direction of the owner's "forward" on the board as player 0 sees it (`up`, `down`,
    `left`, `right`, or empty on a track), `stone` both sides of an Okard stone.
    """

    cell: str
    owner: int
    kind: str
    label: str
    name: str
    height: int = 1
    side: str = "front"
    promoted: bool = False
    facing: str = ""
    stone: StoneData | None = None

    def to_json(self) -> Json:
        return {
            "cell": self.cell,
            "owner": self.owner,
            "kind": self.kind,
            "label": self.label,
            "name": self.name,
            "height": self.height,
            "side": self.side,
            "promoted": self.promoted,
            "facing": self.facing,
            "stone": None if self.stone is None else self.stone.to_json(),
        }

    @classmethod
    def from_json(cls, data: Json) -> Piece:
        stone = data["stone"]
        return cls(
            data["cell"],
            data["owner"],
            data["kind"],
            data["label"],
            data["name"],
            data["height"],
            data["side"],
            data["promoted"],
            data["facing"],
            None if stone is None else StoneData.from_json(stone),
        )


@dataclass(frozen=True)
class HandItem:
    """Things of one kind in a hand (cards, stones): a clickable `id`, `kind`, `label`,
    how many (`count`, None for an unlimited supply) and, for stones, their sides."""

    id: str
    kind: str
    label: str
    count: int | None
    stone: StoneData | None = None

    def to_json(self) -> Json:
        return {
            "id": self.id,
            "kind": self.kind,
            "label": self.label,
            "count": self.count,
            "stone": None if self.stone is None else self.stone.to_json(),
        }

    @classmethod
    def from_json(cls, data: Json) -> HandItem:
        stone = data["stone"]
        return cls(
            data["id"],
            data["kind"],
            data["label"],
            data["count"],
            None if stone is None else StoneData.from_json(stone),
        )


@dataclass(frozen=True)
class Hand:
    """A player's hand (`player` 0 or 1) or a shared supply (`player` None), with a
    `label` such as `cards` or `stones to pick`."""

    player: int | None
    label: str
    items: tuple[HandItem, ...]

    def to_json(self) -> Json:
        return {
            "player": self.player,
            "label": self.label,
            "items": [item.to_json() for item in self.items],
        }

    @classmethod
    def from_json(cls, data: Json) -> Hand:
        return cls(
            data["player"],
            data["label"],
            tuple(HandItem.from_json(item) for item in data["items"]),
        )


@dataclass(frozen=True)
class Counter:
    """A number to show: a player's (`player` 0/1) or the game's (None), with a stable
    `key` (e.g. `carrots`) and an English `label`; `limit`, where the rules set one, is
    the most it may reach (Okard's army points against the army size), left out of the
    JSON when there is none."""

    player: int | None
    key: str
    label: str
    value: int
    limit: int | None = None

    def to_json(self) -> Json:
        data: Json = {
            "player": self.player,
            "key": self.key,
            "label": self.label,
            "value": self.value,
        }
        if self.limit is not None:
            data["limit"] = self.limit
        return data

    @classmethod
    def from_json(cls, data: Json) -> Counter:
        return cls(data["player"], data["key"], data["label"], data["value"], data.get("limit"))


@dataclass(frozen=True)
class Target:
    """Something a player can click: a cell, a hand item or a button (`kind`). `cost`,
    where the game gives one, is what choosing it costs the mover in the game's currency
    right now (Hase und Igel: carrots; negative for a gain), for front ends to show before
    the click; the key is left out of the JSON when there is none."""

    id: str
    kind: str
    label: str
    cost: int | None = None

    def to_json(self) -> Json:
        data: Json = {"id": self.id, "kind": self.kind, "label": self.label}
        if self.cost is not None:
            data["cost"] = self.cost
        return data

    @classmethod
    def from_json(cls, data: Json) -> Target:
        return cls(data["id"], data["kind"], data["label"], data.get("cost"))


@dataclass(frozen=True)
class MoveOption:
    """A legal move: its notation (what `State.parse_move` reads), the click path, a
    longer description, and at a chance node the outcome's probability."""

    notation: str
    path: tuple[str, ...]
    description: str = ""
    probability: float | None = None

    def to_json(self) -> Json:
        return {
            "notation": self.notation,
            "path": list(self.path),
            "description": self.description,
            "probability": self.probability,
        }

    @classmethod
    def from_json(cls, data: Json) -> MoveOption:
        return cls(data["notation"], tuple(data["path"]), data["description"], data["probability"])


@dataclass(frozen=True)
class LastMove:
    """The move that led to this position: its notation and the cells to highlight."""

    notation: str
    cells: tuple[str, ...]

    def to_json(self) -> Json:
        return {"notation": self.notation, "cells": list(self.cells)}

    @classmethod
    def from_json(cls, data: Json) -> LastMove:
        return cls(data["notation"], tuple(data["cells"]))


@dataclass(frozen=True)
class OutcomeView:
    """How the game ended: the winner (0, 1, None for a draw), the reason constant, an
    English sentence, and the score parts with their English labels."""

    winner: int | None
    reason: str
    text: str
    score_labels: tuple[str, ...]
    scores: tuple[tuple[int, ...], tuple[int, ...]]

    def to_json(self) -> Json:
        return {
            "winner": self.winner,
            "reason": self.reason,
            "text": self.text,
            "score_labels": list(self.score_labels),
            "scores": [list(self.scores[0]), list(self.scores[1])],
        }

    @classmethod
    def from_json(cls, data: Json) -> OutcomeView:
        first, second = data["scores"]
        return cls(
            data["winner"],
            data["reason"],
            data["text"],
            tuple(data["score_labels"]),
            (tuple(first), tuple(second)),
        )


@dataclass(frozen=True)
class View:
    """Everything a front end or a bot needs to know about a position (see the module)."""

    game: str
    title: str
    players: tuple[str, str]
    #: The game's options that differ from their defaults, as text (`board` -> `8`).
    options: tuple[tuple[str, str], ...]
    position: str
    layout: Layout
    cells: tuple[Cell, ...]
    pieces: tuple[Piece, ...]
    hands: tuple[Hand, ...]
    counters: tuple[Counter, ...]
    phase: str
    to_move: int | str
    ply: int
    last_move: LastMove | None
    dice: int | None
    outcome: OutcomeView | None
    targets: tuple[Target, ...]
    moves: tuple[MoveOption, ...]
    schema: int = SCHEMA_VERSION

    def to_json(self) -> Json:
        """The view as plain JSON types (dict, list, str, int, float, bool, None)."""
        return {
            "schema": self.schema,
            "game": self.game,
            "title": self.title,
            "players": list(self.players),
            "options": dict(self.options),
            "position": self.position,
            "layout": self.layout.to_json(),
            "cells": [cell.to_json() for cell in self.cells],
            "pieces": [piece.to_json() for piece in self.pieces],
            "hands": [hand.to_json() for hand in self.hands],
            "counters": [counter.to_json() for counter in self.counters],
            "phase": self.phase,
            "to_move": self.to_move,
            "ply": self.ply,
            "last_move": None if self.last_move is None else self.last_move.to_json(),
            "dice": self.dice,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "targets": [target.to_json() for target in self.targets],
            "moves": [move.to_json() for move in self.moves],
        }

    @classmethod
    def from_json(cls, data: Json) -> View:
        """Read `to_json`'s output back; `ViewError` for another schema or missing fields."""
        try:
            if data["schema"] != SCHEMA_VERSION:
                raise ViewError(f"view schema {data['schema']!r} is not {SCHEMA_VERSION}")
            first, second = data["players"]
            last = data["last_move"]
            outcome = data["outcome"]
            return cls(
                game=data["game"],
                title=data["title"],
                players=(first, second),
                options=tuple((str(k), str(v)) for k, v in data["options"].items()),
                position=data["position"],
                layout=Layout.from_json(data["layout"]),
                cells=tuple(Cell.from_json(c) for c in data["cells"]),
                pieces=tuple(Piece.from_json(p) for p in data["pieces"]),
                hands=tuple(Hand.from_json(h) for h in data["hands"]),
                counters=tuple(Counter.from_json(c) for c in data["counters"]),
                phase=data["phase"],
                to_move=data["to_move"],
                ply=data["ply"],
                last_move=None if last is None else LastMove.from_json(last),
                dice=data["dice"],
                outcome=None if outcome is None else OutcomeView.from_json(outcome),
                targets=tuple(Target.from_json(t) for t in data["targets"]),
                moves=tuple(MoveOption.from_json(m) for m in data["moves"]),
                schema=data["schema"],
            )
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise ViewError(f"not a view: {exc!r}"[:200]) from None

    # --- lookups for front ends and bots ------------------------------------------------

    def target(self, target_id: str) -> Target | None:
        """The target with this id, or None."""
        for target in self.targets:
            if target.id == target_id:
                return target
        return None

    def next_clicks(self, clicks: Sequence[str]) -> list[str]:
        """The ids that extend `clicks` towards some legal move, in first-seen order: what
        a front end highlights after the clicks made so far."""
        size = len(clicks)
        prefix = tuple(clicks)
        out: list[str] = []
        for option in self.moves:
            path = option.path
            if len(path) > size and path[:size] == prefix and path[size] not in out:
                out.append(path[size])
        return out

    def move_for(self, clicks: Sequence[str]) -> MoveOption | None:
        """The legal move whose path is exactly `clicks`, or None."""
        path = tuple(clicks)
        for option in self.moves:
            if option.path == path:
                return option
        return None


# --- building views (used by the games' view modules) -----------------------------------


def to_move_value(state: State[Any]) -> int | str:
    """`View.to_move` of a state: 0, 1, `chance` or `over`."""
    if state.is_over():
        return TO_MOVE_OVER
    if state.is_chance():
        return TO_MOVE_CHANCE
    return state.to_move


def outcome_view(state: State[Any], reason_texts: Mapping[str, str]) -> OutcomeView | None:
    """The state's outcome with an English reason text and the score parts' English labels
    (`Game.score_labels` where the game has them, else `Game.score_names`)."""
    result = state.outcome()
    if result is None:
        return None
    game = state.game
    labels: tuple[str, ...] = getattr(game, "score_labels", ()) or game.score_names
    names = game.player_names
    who = "a draw" if result.winner is None else f"{names[result.winner]} wins"
    reason = reason_texts.get(result.reason, result.reason)
    return OutcomeView(
        result.winner, result.reason, f"{who}: {reason}", tuple(labels), result.scores
    )


#: A legal move paired with its click path.
MovePath = tuple[Any, tuple[str, ...]]


def close_prefixes(pairs: Sequence[MovePath]) -> list[MovePath]:
    """Append `DONE_BUTTON` to every path that is a proper prefix of another path, so that
    no completed path is ambiguous (e.g. a card chain that may stop or go on)."""
    paths = {path for _, path in pairs}
    prefixes = {path[:i] for path in paths for i in range(1, len(path))}
    return [(move, (*path, DONE_BUTTON) if path in prefixes else path) for move, path in pairs]


def make_view(
    state: State[Any],
    *,
    layout: Layout,
    cells: Iterable[Cell],
    pieces: Iterable[Piece],
    hands: Iterable[Hand] = (),
    counters: Iterable[Counter] = (),
    phase: str = "play",
    ply: int,
    last_move: LastMove | None = None,
    dice: int | None = None,
    reason_texts: Mapping[str, str] | None = None,
    paths: Sequence[MovePath],
    buttons: Mapping[str, str] | None = None,
    costs: Mapping[str, int] | None = None,
) -> View:
    """Assemble a view: the common parts (game, players, position text, turn, outcome)
    come from the state; `paths` pairs each legal move with its click path (prefixes get
    `DONE_BUTTON`); `buttons` labels the button ids the paths use; `costs` gives targets
    their `cost`. The targets are every cell, every hand item and every button a path
    uses."""
    game = state.game
    cells = tuple(cells)
    hands = tuple(hands)
    labels = dict(buttons or {})
    labels.setdefault(DONE_BUTTON, "Done")
    cost = dict(costs or {}).get
    targets = [Target(cell.id, CELL, cell.label, cost(cell.id)) for cell in cells]
    targets.extend(
        Target(item.id, HAND, item.label, cost(item.id)) for hand in hands for item in hand.items
    )
    known = {target.id for target in targets}
    closed = close_prefixes(paths)
    for _, path in closed:
        for step in path:
            if step not in known:
                if step not in labels:
                    raise ViewError(f"{game.name}: the path step {step!r} is no target")
                targets.append(Target(step, BUTTON, labels[step], cost(step)))
                known.add(step)
    chance = dict(state.chance_outcomes()) if state.is_chance() else {}
    moves = tuple(
        MoveOption(str(move), path, state.describe_move(move), chance.get(move))
        for move, path in closed
    )
    return View(
        game=game.name,
        title=game.title,
        players=(game.player_names[0], game.player_names[1]),
        options=tuple(game.options.changed().items()),
        position=state.text(),
        layout=layout,
        cells=cells,
        pieces=tuple(pieces),
        hands=hands,
        counters=tuple(counters),
        phase="over" if state.is_over() else phase,
        to_move=to_move_value(state),
        ply=ply,
        last_move=last_move,
        dice=dice,
        outcome=outcome_view(state, reason_texts or {}),
        targets=tuple(targets),
        moves=moves,
    )


def grid_layout(width: int, height: int, files: str = "abcdefghij") -> Layout:
    """A grid with files a.. and ranks 1.. (the chess-like naming of every grid game)."""
    return Layout(
        "grid",
        width,
        height,
        tuple(files[:width]),
        tuple(str(rank + 1) for rank in range(height)),
    )


# --- finding a game's view module ----------------------------------------------------------

ViewBuilder = Callable[[Any], View]
_BUILDERS: dict[type, ViewBuilder] = {}


def view_builder(state_type: type) -> ViewBuilder:
    """The `state_view` function of the game whose state class is `state_type` (or one of
    its bases): the module `view` in the package of the class's module."""
    builder = _BUILDERS.get(state_type)
    if builder is not None:
        return builder
    for cls in state_type.__mro__:
        package = cls.__module__.rpartition(".")[0]
        if not package or package == __name__.rpartition(".")[0]:
            continue
        try:
            module = importlib.import_module(package + ".view")
        except ModuleNotFoundError as exc:
            if exc.name != package + ".view":
                raise
            continue
        found: ViewBuilder | None = getattr(module, "state_view", None)
        if found is not None and callable(found):
            _BUILDERS[state_type] = found
            return found
    raise ViewError(f"{state_type.__name__} has no view (no module view with state_view)")
