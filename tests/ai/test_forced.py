"""Alpha-beta finds forced wins and avoids a loss in 2; each position is checked first
with a plain exhaustive search (tests/ai/solver.py), so the test knows the answer."""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch
from spieltisch.ai.agent import Budget
from spieltisch.ai.alphabeta import PROVEN, AlphaBetaAgent
from spieltisch.ai.mcts import MCTSAgent
from spieltisch.core.game import State
from tests.ai.solver import loses_within, winning_moves

# Ostseeschach, red to move at turn 40 with ambers 1:0: the Möwe on g3 steps onto the
# h-file for the second amber; blue's lone Robbe cannot answer with two ambers.
AMBER_IN_1 = "r......./......../......../......../......../......M./........./..R....."
# The same Möwe on f3: two steps to the amber, blue cannot stop it (win in 3 plies).
AMBER_IN_3 = "r......./......../......../......../......../.....M../......../..R....."
# Red to move, blue (1 amber) threatens its second with the Möwe b4-a4; only the Robbe
# a2xb4 stops it.
LOSS_IN_2 = "......./...H..../......../......../.m....../......../R......./.......r"


def ostsee(rows: str, turn: int, ambers: str) -> State[Any]:
    ranks = [rank.ljust(8, ".")[:8] for rank in rows.split("/")]
    state: State[Any] = spieltisch.load("ostseeschach").parse(
        f"{'/'.join(ranks)} {turn} {ambers} -"
    )
    return state


def test_ostseeschach_amber_in_1() -> None:
    state = ostsee(AMBER_IN_1, 40, "1:0")
    winners = winning_moves(state, 2)
    assert {str(m) for m in winners} == {"g3h3"}
    agent = AlphaBetaAgent(Budget(depth=3), seed=0)
    assert str(agent.select(state)) == "g3h3"
    assert agent.stats["value"] >= PROVEN


def test_ostseeschach_amber_in_3() -> None:
    state = ostsee(AMBER_IN_3, 40, "1:0")
    assert not winning_moves(state, 2)
    winners = winning_moves(state, 4)
    assert winners
    agent = AlphaBetaAgent(Budget(depth=4), seed=0)
    assert agent.select(state) in winners
    assert agent.stats["value"] >= PROVEN


def test_ostseeschach_avoids_loss_in_2() -> None:
    state = ostsee(LOSS_IN_2, 10, "0:1")
    safe = []
    for move in state.legal_moves():
        state.push(move)
        if not loses_within(state, 0, 1):
            safe.append(move)
        state.undo()
    assert [str(m) for m in safe] == ["a2b4"]
    assert len(state.legal_moves()) > 3
    for seed in range(3):
        assert str(AlphaBetaAgent(Budget(depth=2), seed=seed).select(state)) == "a2b4"
    assert str(MCTSAgent(Budget(iterations=400), seed=1).select(state)) == "a2b4"


def schachogi(text: str) -> State[Any]:
    if "schachogi" not in spieltisch.games():
        pytest.skip("schachogi is not registered yet (src/spieltisch/core/registry.py)")
    state: State[Any] = spieltisch.load("schachogi").parse(text)
    return state


def test_schachogi_pfloeck_capture_in_1() -> None:
    # The Rock on a1 takes the black Pflöck on a8 up the open file.
    state = schachogi("p7/1b6/8/8/8/8/8/R3P3 w 0 1")
    winners = winning_moves(state, 1)
    assert {str(m).rstrip("+") for m in winners} == {"a1a8"}  # with or without promotion
    agent = AlphaBetaAgent(Budget(depth=2), seed=0)
    assert agent.select(state) in winners
    assert agent.stats["value"] >= PROVEN


def test_schachogi_pfloeck_capture_in_3() -> None:
    # Ra1-a8 attacks the Pflöck on h8 along the rank; its own Brrbrrs wall it in and
    # Black has nothing to block with, so the capture follows.
    state = schachogi("7p/6bb/8/8/8/8/8/R3P3 w 0 1")
    assert not winning_moves(state, 1)
    winners = winning_moves(state, 3)
    assert {str(m).rstrip("+") for m in winners} == {"a1a8"}
    agent = AlphaBetaAgent(Budget(depth=3), seed=0)
    assert agent.select(state) in winners
    assert agent.stats["value"] >= PROVEN
