"""The view seam (spieltisch.core.view): the check along random games of every game, the
front end's one rule as a property, and the checker catching broken views."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.core import view as core_view
from spieltisch.core.game import State
from spieltisch.core.view import (
    DONE_BUTTON,
    Cell,
    Layout,
    MoveOption,
    View,
    ViewError,
    close_prefixes,
    make_view,
)
from spieltisch.core.view_check import ViewCheckError, check_game_views, check_json, check_view

# name, options, games, check every n-th state, cut games after this many plies
ROWS: list[tuple[str, str, int, int, int | None]] = [
    ("ostseeschach", "", 30, 4, None),
    ("schachogi", "", 30, 8, 150),
    ("hase-und-igel", "", 30, 4, None),
    ("okard", "board=8", 10, 8, 300),
    ("okard", "board=9 ap=round sacrifice=removed end=points", 10, 8, 300),
    ("okard", "board=10 ap=fixed drops=anywhere end=home", 10, 8, 300),
]


@pytest.mark.parametrize(
    ("name", "options", "games", "every", "cut"),
    ROWS,
    ids=[f"{r[0]}[{r[1] or 'default'}]" for r in ROWS],
)
def test_views_along_random_games(
    name: str, options: str, games: int, every: int, cut: int | None
) -> None:
    report = check_game_views(
        spieltisch.load(name, options or None), games=games, check_every=every, max_plies=cut
    )
    assert report.games == games
    assert report.views > games
    assert "play" in report.phases
    if name == "okard":
        assert {"pick", "place", "play"} <= report.phases


@pytest.mark.parametrize("name", spieltisch.game_names())
def test_every_registered_game_has_a_view(name: str) -> None:
    view = check_view(spieltisch.load(name).new_state(1))
    assert view.game == name
    assert view.moves


def _random_state(name: str, seed: int, plies: int) -> State[Any]:
    game = spieltisch.load(name, "board=8" if name == "okard" else None)
    state: State[Any] = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        state.push(state.random_move(rng))
    return state


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(spieltisch.game_names()),
    seed=st.integers(0, 10_000),
    plies=st.integers(0, 120),
    clicks=st.randoms(use_true_random=False),
)
def test_clicking_what_is_highlighted_always_completes_one_legal_move(
    name: str, seed: int, plies: int, clicks: random.Random
) -> None:
    """The front end's one rule: click any highlighted target until a move is complete;
    the move is legal, and nothing extends its path further."""
    state = _random_state(name, seed, plies)
    view = View.from_json(json.loads(json.dumps(state.view().to_json())))
    if state.is_over():
        assert view.moves == () and view.next_clicks(()) == []
        assert view.outcome is not None and view.to_move == "over"
        return
    path: list[str] = []
    while (option := view.move_for(path)) is None:
        offered = view.next_clicks(path)
        assert offered, f"dead end after {path}"
        path.append(clicks.choice(offered))
    assert view.next_clicks(path) == []
    move = state.parse_move(option.notation)
    assert move in state.legal_moves()
    state.play(move)


@settings(max_examples=15, deadline=None)
@given(name=st.sampled_from(spieltisch.game_names()), seed=st.integers(0, 10_000))
def test_view_json_round_trips(name: str, seed: int) -> None:
    state = _random_state(name, seed, seed % 50)
    view = state.view()
    data = view.to_json()
    check_json(data)
    assert json.loads(json.dumps(data)) == data
    assert View.from_json(json.loads(json.dumps(data))) == view
    assert data["schema"] == core_view.SCHEMA_VERSION


# --- the pieces of core.view ---------------------------------------------------------------


def test_close_prefixes_adds_the_done_button_only_where_a_path_goes_on() -> None:
    pairs = [("a", ("x",)), ("b", ("x", "y")), ("c", ("z",)), ("d", ("x", "y", "w"))]
    assert close_prefixes(pairs) == [
        ("a", ("x", DONE_BUTTON)),
        ("b", ("x", "y", DONE_BUTTON)),
        ("c", ("z",)),
        ("d", ("x", "y", "w")),
    ]


def test_next_clicks_and_move_for() -> None:
    state = spieltisch.load("schachogi").parse("4p3/1B6/1I6/8/8/8/8/4P3 w 0 1")
    view = state.view()
    assert "b6" in view.next_clicks(())
    assert set(view.next_clicks(["b6"])) == {"a7", "c7", "a6", "c6", "a5", "b5", "c5"}
    assert view.next_clicks(["b6", "c7"]) == ["button:stay", "button:promote"]
    option = view.move_for(["b6", "c7", "button:promote"])
    assert option is not None and option.notation == "b6c7+"
    assert view.move_for(["b6", "c7"]) is None
    assert view.target("button:promote") is not None
    assert view.target("nowhere") is None


def test_make_view_refuses_a_path_through_an_unknown_button() -> None:
    state = spieltisch.load("ostseeschach").new_state(0)
    move = state.legal_moves()[0]
    with pytest.raises(ViewError, match="button:nowhere"):
        make_view(
            state,
            layout=Layout("grid", 1, 1, ("a",), ("1",)),
            cells=[Cell("a1", 0, 0, "plain", "a1")],
            pieces=[],
            ply=0,
            paths=[(move, ("a1", "button:nowhere"))],
        )


class _Viewless:
    """A class in a package without a `view` module (this test package)."""


def test_a_game_without_a_view_module_says_so() -> None:
    with pytest.raises(ViewError, match="_Viewless has no view"):
        core_view.view_builder(_Viewless)


def test_from_json_refuses_another_schema_and_missing_fields() -> None:
    data = spieltisch.load("ostseeschach").new_state(0).view().to_json()
    with pytest.raises(ViewError, match="schema"):
        View.from_json({**data, "schema": 99})
    broken = dict(data)
    del broken["moves"]
    with pytest.raises(ViewError, match="not a view"):
        View.from_json(broken)
    with pytest.raises(ViewError, match="not a view"):
        View.from_json({**data, "options": ["board", "8"]})
    with pytest.raises(ViewError, match="not a view"):
        View.from_json({**data, "players": "red"})


@pytest.mark.parametrize(
    "value",
    [(1, 2), {1: "a"}, float("nan"), float("inf"), {"a": [1, {"b": (1,)}]}, object()],
)
def test_check_json_refuses_what_is_no_plain_json(value: object) -> None:
    with pytest.raises(ViewCheckError):
        check_json(value)


def test_check_json_accepts_plain_json() -> None:
    check_json({"a": [1, 2.5, "x", None, True, {"b": []}]})


# --- the checker catches broken views ----------------------------------------------------


@pytest.fixture
def tamper(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Install a changed view for Ostseeschach states: `tamper(change)` with a function
    View -> View."""
    state: State[Any] = spieltisch.load("ostseeschach").new_state(3)
    kind = type(state)
    original = core_view.view_builder(kind)

    def install(change: Any) -> State[Any]:
        monkeypatch.setitem(core_view._BUILDERS, kind, lambda s: change(original(s)))
        return state

    yield install


def _moves(view: View, moves: list[MoveOption]) -> View:
    return dataclasses.replace(view, moves=tuple(moves))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda v: _moves(v, list(v.moves[1:])), "move options"),
        (
            lambda v: _moves(
                v, [dataclasses.replace(v.moves[0], path=v.moves[1].path), *v.moves[1:]]
            ),
            "share a click path",
        ),
        (
            lambda v: _moves(
                v, [dataclasses.replace(v.moves[0], path=v.moves[1].path[:1]), *v.moves[1:]]
            ),
            "extends another",
        ),
        (
            lambda v: _moves(v, [dataclasses.replace(v.moves[0], path=("zz9",)), *v.moves[1:]]),
            "no target",
        ),
        (
            lambda v: _moves(v, [dataclasses.replace(v.moves[0], notation="a1a1"), *v.moves[1:]]),
            "move options",
        ),
        (lambda v: dataclasses.replace(v, cells=v.cells + v.cells[:1]), "unique"),
        (lambda v: dataclasses.replace(v, to_move=1), "to_move"),
        (lambda v: dataclasses.replace(v, position="x"), "position"),
        (
            lambda v: dataclasses.replace(
                v, pieces=(dataclasses.replace(v.pieces[0], cell="z0"), *v.pieces[1:])
            ),
            "no cell",
        ),
        (
            lambda v: dataclasses.replace(
                v, pieces=(dataclasses.replace(v.pieces[0], owner=2), *v.pieces[1:])
            ),
            "bad owner",
        ),
        (
            lambda v: dataclasses.replace(v, layout=dataclasses.replace(v.layout, width=4)),
            "labels",
        ),
        (lambda v: dataclasses.replace(v, players=(v.players[1], v.players[0])), "players"),
    ],
    ids=[
        "move-missing",
        "shared-path",
        "prefix-path",
        "unknown-step",
        "wrong-notation",
        "duplicate-cell",
        "wrong-turn",
        "wrong-position",
        "piece-off-board",
        "bad-owner",
        "bad-layout",
        "swapped-players",
    ],
)
def test_check_view_catches_a_broken_view(tamper: Any, change: Any, message: str) -> None:
    state = tamper(change)
    with pytest.raises(ViewCheckError, match=message):
        check_view(state)


def test_check_view_catches_tuples_in_the_json(tamper: Any) -> None:
    class Leaky(View):
        def to_json(self) -> dict[str, Any]:
            data = super().to_json()
            data["players"] = tuple(data["players"])
            return data

    state = tamper(lambda v: Leaky(**{f.name: getattr(v, f.name) for f in dataclasses.fields(v)}))
    with pytest.raises(ViewCheckError, match="no plain JSON"):
        check_view(state)
