"""Perft of the fast generator, cross-checked against the simple one in `simple.py`."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.core.perft import perft
from spieltisch.games.schachogi import Schachogi, SchachogiState
from tests.games.schachogi import simple
from tests.helpers.schachogi_perft import POSITIONS, random_game_positions, random_scatter

GAME = Schachogi()


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft_counts(name: str) -> None:
    text, counts = POSITIONS[name]
    depths = counts if name not in ("promoted", "promotions") else counts[:3]
    state = GAME.parse(text, reachable=False)  # composed: some no game reaches
    for depth, expected in enumerate(depths, start=1):
        assert perft(state, depth) == expected, f"{name} depth {depth}"
    assert state.text() == text


def test_start_perft_depth_5() -> None:
    assert perft(GAME.new_state(), 5) == 392274


@pytest.mark.parametrize("name", list(POSITIONS))
def test_simple_generator_agrees(name: str) -> None:
    text, counts = POSITIONS[name]
    depth = 3 if counts[2] < 20000 else 2
    assert simple.perft(simple.parse(text), depth) == counts[depth - 1]


def _compare_tree(state: SchachogiState, pos: simple.Position, depth: int) -> None:
    """The two generators give the same move lists at every node of the tree."""
    fast = sorted(str(m) for m in state.legal_moves())
    slow = sorted(simple.moves(pos))
    assert fast == slow, state.text()
    if depth <= 1:
        return
    for move in state.legal_moves():
        state.push(move)
        _compare_tree(state, simple.make(pos, str(move)), depth - 1)
        state.undo()


def testrandom_game_positions_agree() -> None:
    for text in random_game_positions(40, seed=7):
        _compare_tree(GAME.parse(text), simple.parse(text), 2)


def testrandom_scattered_positions_agree() -> None:
    rng = random.Random(11)
    for _ in range(150):
        text = random_scatter(rng)
        state = GAME.parse(text, reachable=False)
        assert state.text() == text
        _compare_tree(state, simple.parse(text), 2)


def test_random_positions_perft_3_agrees() -> None:
    rng = random.Random(3)
    texts = random_game_positions(6, seed=5) + [random_scatter(rng) for _ in range(6)]
    for text in texts:
        state = GAME.parse(text, reachable=False)
        assert perft(state, 3) == simple.perft(simple.parse(text), 3), text


def test_cli_perft_last_line_is_the_count() -> None:
    from click.testing import CliRunner

    from spieltisch.cli import main

    text = POSITIONS["middlegame"][0]
    result = CliRunner().invoke(main, ["perft", "schachogi", "2", "--position", text, "--divide"])
    assert result.exit_code == 0
    lines = result.output.strip().splitlines()
    assert lines[-1] == "601"
    assert len(lines) == 26
    assert spieltisch.load("schachogi").name == "schachogi"
