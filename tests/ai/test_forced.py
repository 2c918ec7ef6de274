"""Alpha-beta finds forced wins and avoids a loss in 2; each position is checked first
with a plain exhaustive search (tests/ai/solver.py), so the test knows the answer."""

from __future__ import annotations

from spieltisch.ai.agent import Budget
from spieltisch.ai.alphabeta import PROVEN, AlphaBetaAgent
from spieltisch.ai.mcts import MCTSAgent
from tests.ai.solver import loses_within, winning_moves
from tests.helpers.forced import AMBER_IN_1, AMBER_IN_3, LOSS_IN_2, ostsee, schachogi


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
