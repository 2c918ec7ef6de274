"""The conformance check of a game's view (`State.view()`, see `spieltisch.core.view`).

`check_view(state)` checks one state's view: plain JSON that round-trips, unique ids
across cells, hand items and buttons, cells and pieces that fit the layout, and the click
paths: exactly one per legal move, all different, none a proper prefix of another, every
step a target, every notation reading back to its move. `check_game_views` runs it along
random games. Both raise `ViewCheckError` at the first failure.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from spieltisch.core.errors import NotationError, quote
from spieltisch.core.game import Game, State
from spieltisch.core.view import (
    BUTTON,
    CELL,
    HAND,
    SCHEMA_VERSION,
    TO_MOVE_CHANCE,
    TO_MOVE_OVER,
    View,
    ViewError,
)


class ViewCheckError(AssertionError):
    """A view broke the rules of `spieltisch.core.view`."""


@dataclass
class ViewReport:
    """What `check_game_views` saw."""

    games: int = 0
    views: int = 0
    moves: int = 0
    longest_path: int = 0
    phases: set[str] = field(default_factory=set)


def check_json(value: object) -> None:
    """Raise `ViewCheckError` unless `value` holds only plain JSON types: dicts with string
    keys, lists, strings, ints, finite floats, booleans and None (no subclasses such as
    enums, no tuples)."""
    stack = [value]
    pop = stack.pop
    push = stack.extend
    while stack:
        item = pop()
        kind = type(item)
        if kind is dict:
            assert isinstance(item, dict)
            if any(type(key) is not str for key in item):
                raise ViewCheckError(f"a key of {quote(repr(item))} is not a string")
            push(item.values())
        elif kind is list:
            assert isinstance(item, list)
            push(item)
        elif kind is float:
            assert isinstance(item, float)
            if not math.isfinite(item):
                raise ViewCheckError(f"{item} is no JSON number")
        elif kind not in _SCALARS:
            raise ViewCheckError(f"{quote(repr(item))} ({kind.__name__}) is no plain JSON type")


_SCALARS = frozenset((str, int, bool, type(None)))


def check_view(state: State[Any]) -> View:
    """Check the view of `state` (see the module docstring) and return it."""
    try:
        view = state.view()
    except ViewError as exc:
        raise ViewCheckError(f"no view: {exc}") from None
    _check_json_round_trip(view)
    _check_common(state, view)
    targets = _check_targets(view)
    _check_layout(view)
    _check_pieces_and_hands(view, targets)
    _check_moves(state, view, targets)
    return view


def _check_json_round_trip(view: View) -> None:
    if view.schema != SCHEMA_VERSION:
        raise ViewCheckError(f"schema {view.schema} is not {SCHEMA_VERSION}")
    data = view.to_json()
    check_json(data)
    text = json.dumps(data, allow_nan=False)
    again = json.loads(text)
    if again != data:
        raise ViewCheckError("to_json does not survive a json.dumps/json.loads round trip")
    if View.from_json(again) != view:
        raise ViewCheckError("View.from_json(view.to_json()) differs from the view")


def _check_common(state: State[Any], view: View) -> None:
    game = state.game
    if view.game != game.name or view.title != game.title:
        raise ViewCheckError(f"view names the game {view.game!r}, not {game.name!r}")
    if view.players != tuple(game.player_names):
        raise ViewCheckError(f"players {view.players} are not {game.player_names}")
    if dict(view.options) != game.options.changed():
        raise ViewCheckError(f"options {view.options} are not the game's {game.options.changed()}")
    if view.position != state.text():
        raise ViewCheckError("the view's position is not the state's position text")
    if state.is_over():
        expected: int | str = TO_MOVE_OVER
    elif state.is_chance():
        expected = TO_MOVE_CHANCE
    else:
        expected = state.to_move
    if view.to_move != expected:
        raise ViewCheckError(f"to_move is {view.to_move!r}, the state says {expected!r}")
    if view.ply < 0:
        raise ViewCheckError(f"ply {view.ply} is negative")
    result = state.outcome()
    outcome = view.outcome
    if (result is None) != (outcome is None):
        raise ViewCheckError("the view's outcome disagrees with the state's")
    if result is not None and outcome is not None:
        if (outcome.winner, outcome.reason, outcome.scores) != (
            result.winner,
            result.reason,
            result.scores,
        ):
            raise ViewCheckError(f"outcome {outcome} differs from {result}")
        for scores in outcome.scores:
            if len(scores) != len(outcome.score_labels):
                raise ViewCheckError(f"score parts {scores} do not match {outcome.score_labels}")
        if not outcome.text:
            raise ViewCheckError("the outcome has no text")
    if view.dice is not None and view.dice < 1:
        raise ViewCheckError(f"dice {view.dice} is no die face")
    for counter in view.counters:
        if counter.player not in (0, 1, None) or not counter.key or not counter.label:
            raise ViewCheckError(f"counter {counter} lacks a key, a label or a valid player")


def _check_targets(view: View) -> Mapping[str, str]:
    """The kind of every target id, after checking that ids are unique and that cells and
    hand items are targets of their kind."""
    kinds: dict[str, str] = {}
    for target in view.targets:
        if target.id in kinds:
            raise ViewCheckError(f"the id {target.id!r} is used twice")
        if target.kind not in (CELL, HAND, BUTTON):
            raise ViewCheckError(f"target {target.id!r} has the kind {target.kind!r}")
        if not target.id or not target.label:
            raise ViewCheckError(f"target {target} lacks an id or a label")
        kinds[target.id] = target.kind
    cell_ids = [cell.id for cell in view.cells]
    item_ids = [item.id for hand in view.hands for item in hand.items]
    if len(set(cell_ids) | set(item_ids)) != len(cell_ids) + len(item_ids):
        raise ViewCheckError("cells and hand items do not have unique ids")
    for ids, kind in ((cell_ids, CELL), (item_ids, HAND)):
        for target_id in ids:
            if kinds.get(target_id) != kind:
                raise ViewCheckError(f"{target_id!r} is not a target of kind {kind}")
    if sum(1 for kind in kinds.values() if kind != BUTTON) != len(cell_ids) + len(item_ids):
        raise ViewCheckError("a cell or hand target is neither a cell nor a hand item")
    return kinds


def _check_layout(view: View) -> None:
    layout = view.layout
    if layout.kind == "grid":
        if len(layout.files) != layout.width or len(layout.ranks) != layout.height:
            raise ViewCheckError("the grid's file and rank labels do not match its size")
        seen = set()
        for cell in view.cells:
            x, y = cell.x, cell.y
            if x != int(x) or y != int(y) or not (0 <= x < layout.width and 0 <= y < layout.height):
                raise ViewCheckError(f"cell {cell.id} at ({x}, {y}) is off the grid")
            seen.add((x, y))
        if len(seen) != len(view.cells):
            raise ViewCheckError("two cells share a square of the grid")
    elif layout.kind == "track":
        if layout.width <= 0 or layout.height <= 0:
            raise ViewCheckError("a track needs a positive aspect ratio width:height")
        for cell in view.cells:
            if not (0 <= cell.x <= 1 and 0 <= cell.y <= 1):
                raise ViewCheckError(
                    f"track field {cell.id} at ({cell.x}, {cell.y}) is off the box"
                )
    else:
        raise ViewCheckError(f"layout kind {layout.kind!r} is neither grid nor track")


def _check_pieces_and_hands(view: View, targets: Mapping[str, str]) -> None:
    for piece in view.pieces:
        if targets.get(piece.cell) != CELL:
            raise ViewCheckError(f"piece {piece.label} stands on {piece.cell!r}, no cell")
        if piece.owner not in (0, 1) or piece.height < 1 or piece.side not in ("front", "back"):
            raise ViewCheckError(f"piece {piece} has a bad owner, height or side")
        if piece.facing not in ("", "up", "down", "left", "right"):
            raise ViewCheckError(f"piece {piece} faces {piece.facing!r}")
    for hand in view.hands:
        if hand.player not in (0, 1, None):
            raise ViewCheckError(f"hand of player {hand.player!r}")
        for item in hand.items:
            if item.count is not None and item.count < 0:
                raise ViewCheckError(f"hand item {item.id} has count {item.count}")
    if view.last_move is not None:
        for cell in view.last_move.cells:
            if targets.get(cell) != CELL:
                raise ViewCheckError(f"the last move highlights {cell!r}, no cell")


def _check_moves(state: State[Any], view: View, targets: Mapping[str, str]) -> None:
    legal = {str(move): move for move in state.legal_moves()}
    if len(view.moves) != len(state.legal_moves()):
        raise ViewCheckError(f"{len(view.moves)} move options for {len(legal)} legal moves")
    notations = {option.notation for option in view.moves}
    if len(notations) != len(view.moves):
        raise ViewCheckError("two move options have the same notation")
    if notations != set(legal):
        missing = sorted(set(legal) - notations)[:5]
        extra = sorted(notations - set(legal))[:5]
        raise ViewCheckError(f"move options differ from the legal moves: {missing} / {extra}")
    paths = [option.path for option in view.moves]
    if len(set(paths)) != len(paths):
        raise ViewCheckError("two legal moves share a click path")
    path_set = set(paths)
    chance = dict(state.chance_outcomes()) if state.is_chance() else {}
    for option in view.moves:
        path = option.path
        if not path:
            raise ViewCheckError(f"{option.notation} has an empty path")
        for step in path:
            if step not in targets:
                raise ViewCheckError(f"{option.notation}: path step {step!r} is no target")
        for size in range(1, len(path)):
            if path[:size] in path_set:
                raise ViewCheckError(
                    f"the path of {option.notation} {list(path)} extends another move's path"
                )
        try:
            move = state.parse_move(option.notation)
        except NotationError as exc:
            raise ViewCheckError(f"notation {option.notation!r} does not read: {exc}") from None
        if move != legal[option.notation]:
            raise ViewCheckError(f"notation {option.notation!r} reads as another move")
        if chance and option.probability != chance.get(move):
            raise ViewCheckError(f"{option.notation}: probability {option.probability}")
        if not chance and option.probability is not None:
            raise ViewCheckError(f"{option.notation} has a probability off a chance node")
    first = set(view.next_clicks(()))
    if first != {path[0] for path in paths}:
        raise ViewCheckError("next_clicks(()) does not offer exactly the first clicks")
    for path in paths[:3] + paths[-2:]:
        if path[-1] not in view.next_clicks(path[:-1]):
            raise ViewCheckError(f"next_clicks does not offer the last click of {list(path)}")
        found = view.move_for(path)
        if found is None or found.path != path:
            raise ViewCheckError(f"move_for does not find the move of path {list(path)}")


def check_game_views(
    game: Game[Any, Any],
    games: int = 30,
    seed: int = 0,
    check_every: int = 1,
    max_plies: int | None = None,
) -> ViewReport:
    """Play `games` random games (from `new_state(seed + i)`) and check the view of every
    `check_every`-th state and of the last; `max_plies` cuts a game short."""
    report = ViewReport()
    for index in range(games):
        rng = random.Random(seed + index)
        state = game.new_state(seed + index)
        trail: list[str] = []
        plies = 0
        while True:
            last = state.is_over() or (max_plies is not None and plies >= max_plies)
            if plies % check_every == 0 or last:
                _check_in_game(game, state, seed + index, trail, report)
            if last:
                break
            move = state.random_move(rng)
            trail.append(str(move))
            state.push(move)
            plies += 1
        report.games += 1
        report.moves += plies
    return report


def _check_in_game(
    game: Game[Any, Any],
    state: State[Any],
    seed: int,
    trail: Sequence[str],
    report: ViewReport,
) -> None:
    try:
        view = check_view(state)
    except ViewCheckError as exc:
        moves = " ".join(trail[-30:])
        raise ViewCheckError(
            f"{game.name} (seed {seed}, after {len(trail)} moves, last: {moves}): {exc}"
        ) from None
    report.views += 1
    report.phases.add(view.phase)
    for option in view.moves:
        report.longest_path = max(report.longest_path, len(option.path))
