"""`Game.action_frame`: the action ids as the mover's observation turns the board.

A network reads the position in the mover's frame (blue's or black's board turned) and
names its moves in that frame too; these tests check that the permutation is one, is its
own inverse, and agrees with the observation: a legal move of the second player, turned,
starts from a square where that player's observation shows one of its own pieces.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from spieltisch.core.game import Game, State
from spieltisch.core.registry import load
from spieltisch.games.okard.game import Okard
from spieltisch.games.okard.moves import DROP, LINE, PLACE, PROMOTE, SACRIFICE

GAMES = [
    ("ostseeschach", ""),
    ("schachogi", ""),
    ("okard", ""),
    ("okard", "board=8 ap=fixed"),
    ("hase-und-igel", ""),
]


def _decision_states(
    game: Game[Any, Any], seeds: int, plies: int, rng: random.Random
) -> Iterator[State[Any]]:
    """The decision positions of random games from `seeds` starts, each game at most
    `plies` plies long (chance events drawn by `rng` count as plies)."""
    for seed in range(seeds):
        state = game.new_state(seed=seed)
        for _ply in range(plies):
            if state.is_over():
                break
            if state.is_chance():
                state.push(state.sample_chance(rng))
                continue
            yield state
            state.push(rng.choice(state.legal_moves()))


def _assert_mirrored(
    game: Game[Any, Any], state: State[Any], mirror: State[Any], axis: int, turned: Any
) -> None:
    """`mirror`'s observation is `state`'s flipped along `axis`, and its legal moves are
    `state`'s turned by `turned`, both in the mover's frame."""
    shape = game.observation_shape
    seen = np.asarray(state.observation(), dtype=np.float32).reshape(shape)
    other = np.asarray(mirror.observation(), dtype=np.float32).reshape(shape)
    assert (np.flip(seen, axis=axis) == other).all(), state.text()
    frame = game.action_frame(state.to_move)
    mine = [state.action_id(m) for m in state.legal_moves()]
    theirs = [mirror.action_id(m) for m in mirror.legal_moves()]
    if frame is not None:
        mine = [frame[a] for a in mine]
        theirs = [frame[a] for a in theirs]
    assert sorted(turned[mine].tolist()) == sorted(theirs)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_frame_is_a_permutation_and_its_own_inverse(name: str, options: str) -> None:
    game = load(name, options)
    assert game.action_frame(0) is None
    frame = game.action_frame(1)
    if name == "hase-und-igel":
        assert frame is None  # no board to turn
        return
    assert frame is not None
    turned = np.asarray(frame)
    assert sorted(turned.tolist()) == list(range(game.num_actions))
    assert (turned[turned] == np.arange(game.num_actions)).all()
    assert (turned != np.arange(game.num_actions)).any()


def _kinds(game: Game[Any, Any]) -> int:
    assert isinstance(game, Okard)
    return game.lookup.kinds


def _own_cells(name: str, game: Game[Any, Any], state: State[Any]) -> np.ndarray[Any, Any]:
    """Cells (in the observation's frame) where the mover's observation shows its own
    piece."""
    obs = np.asarray(state.observation(), dtype=np.float32).reshape(game.observation_shape)
    if name == "ostseeschach":
        planes = obs[0:8]
    elif name == "schachogi":
        planes = obs[0:11]
    else:
        stones = [p for p in range(4 * _kinds(game)) if (p // 2) % 2 == 0]
        planes = obs[stones]
    return np.asarray(planes.reshape(planes.shape[0], -1).max(axis=0) > 0)


def _stones(game: Game[Any, Any], state: State[Any]) -> np.ndarray[Any, Any]:
    obs = np.asarray(state.observation(), dtype=np.float32).reshape(game.observation_shape)
    planes = obs[: 4 * _kinds(game)]
    return np.asarray(planes.reshape(planes.shape[0], -1).max(axis=0) > 0)


@pytest.mark.parametrize(("name", "options"), GAMES[:4])
def test_a_turned_move_starts_where_the_observation_shows_its_piece(
    name: str, options: str
) -> None:
    game = load(name, options)
    frame = game.action_frame(1)
    assert frame is not None
    checked = 0
    for state in _decision_states(game, 6, 60, random.Random(7)):
        if state.to_move != 1:
            continue
        own = _own_cells(name, game, state)
        for move in state.legal_moves():
            seen = state.action_move(frame[state.action_id(move)])
            if name in ("ostseeschach", "schachogi"):
                assert own[seen.src], (state.text(), move, seen)
                checked += 1
                continue
            n = game.options.board
            if seen.kind in (LINE, PROMOTE, SACRIFICE):
                assert own[seen.y * n + seen.x], (state.text(), move, seen)
                checked += 1
            elif seen.kind in (PLACE, DROP) and seen.stone:
                assert not _stones(game, state)[seen.y * n + seen.x], (move, seen)
                checked += 1
    assert checked > 50


def test_ostseeschachs_reflection_is_the_mirrored_positions_observation_and_moves() -> None:
    """Flipping the observation's rows and turning the ids by the reflection gives the
    observation and the legal moves (in the mover's frame) of the position mirrored
    across the forward axis, from either side."""
    from spieltisch.games.ostseeschach.game import Ostseeschach
    from spieltisch.games.ostseeschach.state import OstseeschachState

    game = load("ostseeschach")
    assert isinstance(game, Ostseeschach)
    reflection = game.reflection()
    assert reflection is not None
    axis, permutation = reflection
    turned = np.asarray(permutation)
    assert (turned[turned] == np.arange(game.num_actions)).all()
    checked = 0
    for state in _decision_states(game, 8, 40, random.Random(3)):
        assert isinstance(state, OstseeschachState)
        board = [state._b[(7 - s // 8) * 8 + s % 8] for s in range(64)]
        mirror = OstseeschachState(game, board, state._turn, (state._amb[0], state._amb[1]))
        _assert_mirrored(game, state, mirror, axis, turned)
        checked += 1
    assert checked > 100


def _mirrored_files(text: str) -> str:
    """A Schachogi position text with every rank mirrored left to right."""
    board, rest = text.split(" ", 1)
    ranks = []
    for rank in board.split("/"):
        cells: list[str] = []
        piece = ""
        for char in rank:
            if char.isdigit():
                cells.extend([""] * int(char))
            elif char == "+":
                piece = "+"
            else:
                cells.append(piece + char)
                piece = ""
        out, empty = "", 0
        for cell in reversed(cells):
            if cell:
                out += (str(empty) if empty else "") + cell
                empty = 0
            else:
                empty += 1
        ranks.append(out + (str(empty) if empty else ""))
    return "/".join(ranks) + " " + rest


def test_schachogis_reflection_is_the_mirrored_positions_observation_and_moves() -> None:
    game = load("schachogi")
    reflection = game.reflection()
    assert reflection is not None
    axis, permutation = reflection
    turned = np.asarray(permutation)
    assert (turned[turned] == np.arange(game.num_actions)).all()
    checked = 0
    for played in _decision_states(game, 6, 50, random.Random(5)):
        # Both parsed from text, so that neither has a history the other lacks.
        state = game.parse(played.text())
        mirror = game.parse(_mirrored_files(played.text()))
        _assert_mirrored(game, state, mirror, axis, turned)
        checked += 1
    assert checked > 100
