"""The paired match between two sets of the search's switches (benchmarks/pruning_match.py):
switch sets as written on its command line, and a match with a budget of positions."""

from __future__ import annotations

import pytest

import spieltisch
from benchmarks import pruning_match
from spieltisch import native
from spieltisch.native.search import PRUNE_SWITCHES, game_line, prune_defaults, search

pytestmark = pytest.mark.skipif(not native.built(), reason="the native engines are not built")


def test_switch_sets() -> None:
    defaults = prune_defaults("schachogi")
    assert pruning_match.read_switches("schachogi", "default") == defaults
    more = pruning_match.read_switches("schachogi", "default+cmh+se")
    assert more == {**defaults, "cmh": True, "se": True}
    assert pruning_match.read_switches("schachogi", "none") == dict.fromkeys(PRUNE_SWITCHES, False)
    assert pruning_match.read_switches("schachogi", "mdp+rfp") == {
        name: name in ("mdp", "rfp") for name in PRUNE_SWITCHES
    }
    with pytest.raises(SystemExit, match="unknown switches"):
        pruning_match.read_switches("schachogi", "default+razor")


def test_a_sets_margin_unit_and_evaluation() -> None:
    assert pruning_match.split_settings("default+fut") == ("default+fut", 0, None)
    assert pruning_match.split_settings("default+fut+unit=400") == ("default+fut", 400, None)
    assert pruning_match.split_settings("unit=2500") == ("default", 2500, None)
    assert pruning_match.split_settings("default+eval=9") == ("default", 0, "9")
    assert pruning_match.split_settings("cmh+eval=nnue+unit=50") == ("cmh", 50, "nnue")
    for bad in ("default+unit=0", "default+unit=x"):
        with pytest.raises(SystemExit, match="unit="):
            pruning_match.split_settings(bad)
    with pytest.raises(SystemExit, match="eval="):
        pruning_match.split_settings("default+eval=")


def test_a_sets_evaluation_reaches_the_search() -> None:
    """`eval=9` (an evaluation variant) changes the search: a fixed depth visits another
    number of positions than the default evaluation; the agent's spec says which, and an
    evaluation the engine does not know fails in its search."""
    game = spieltisch.load("schachogi")
    state = game.new_state(1)
    switches = pruning_match.read_switches("schachogi", "default")
    plain = pruning_match.PruningAgent("schachogi", switches, 5, 0.0)
    variant = pruning_match.PruningAgent("schachogi", switches, 5, 0.0, evaluation="9")
    assert "eval=9" in variant.spec and "eval=" not in plain.spec
    text, moves = game_line(state)
    counts = {
        evaluation: search("schachogi", text, moves=moves, depth=5, evaluation=evaluation).nodes
        for evaluation in (None, "9")
    }
    assert counts[None] != counts["9"]
    assert state.is_legal(variant.select(state))
    wrong = pruning_match.PruningAgent("schachogi", switches, 5, 0.0, evaluation="bogus")
    with pytest.raises(ValueError, match="bogus"):
        wrong.select(state)  # the agent's evaluation reaches the search


def test_a_match_with_a_position_budget(capsys: pytest.CaptureFixture[str]) -> None:
    pruning_match.main(["schachogi", "1", "300n", "2", "default", "default+cmh"])
    out = capsys.readouterr().out
    assert "300 positions a move" in out and "2 games:" in out
    assert [line.split(":")[0] for line in out.splitlines()[:2]] == [
        "pair 1 TEST as player 0",
        "pair 1 TEST as player 1",
    ]


def test_an_sprt_stops_the_match_once_it_decides(capsys: pytest.CaptureFixture[str]) -> None:
    """The same engine on both sides: every pair scores one point each way, so an SPRT
    against a large gain accepts H0 within a few pairs, long before the fifty allowed."""
    pruning_match.main(
        ["schachogi", "50", "300n", "2", "default", "default", "1", "--sprt", "0,300"]
    )
    out = capsys.readouterr().out
    verdict = out.splitlines()[-1]
    assert verdict.startswith("SPRT [0, 300]: H0 after ")
    assert int(verdict.split(" after ")[1].split()[0]) < 10
    assert "LLR" in out.splitlines()[2]
