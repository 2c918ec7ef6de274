"""Agent specs from outside: numbers in range, nothing but AgentSpecError for junk."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.ai.spec import AgentSpecError, make_agent


@pytest.mark.parametrize(
    ("spec", "allowed"),
    [
        ("alphabeta:depth=10**100", "1..64"),
        ("alphabeta:depth=65", "1..64"),
        ("alphabeta:depth=٣", "1..64"),
        ("mcts:iterations=" + "9" * 150, "1..1000000000"),
        ("mcts:iterations=" + "9" * 5000, "at most 200 characters"),
        ("mcts:c=nan", "0..100"),
        ("mcts:c=-1", "0..100"),
        ("mcts:time=inf", "0.001..86400"),
        ("mcts:time=1e3", "0.001..86400"),
        ("mcts:time=0", "0.001..86400"),
        ("random:seed=-1", "0..9223372036854775807"),
    ],
)
def test_numbers_out_of_range_name_the_range(spec: str, allowed: str) -> None:
    with pytest.raises(AgentSpecError, match=allowed.replace(".", r"\.")) as info:
        make_agent(spec)
    assert len(str(info.value)) < 200


def test_a_time_per_move_must_be_finite() -> None:
    for seconds in (float("nan"), float("inf"), -1.0, 0.0):
        with pytest.raises(AgentSpecError, match="time per move"):
            make_agent("random", time_per_move=seconds)
    assert make_agent("mcts:time=.5,c=0.7").spec


@settings(max_examples=150)
@given(st.text(alphabet="abcdeimnoprstuhl:=,.0123456789-+*en ٣²", max_size=30))
def test_any_spec_gives_an_agent_or_a_spec_error(text: str) -> None:
    game = spieltisch.load("ostseeschach")
    try:
        make_agent(text, game)
    except spieltisch.SpieltischError as exc:
        assert isinstance(exc, AgentSpecError)


def test_a_setting_given_twice_is_refused() -> None:
    with pytest.raises(AgentSpecError, match="'depth' is given twice"):
        make_agent("alphabeta:depth=3,depth=4")
    with pytest.raises(AgentSpecError, match="given twice"):
        make_agent("hard:time=1,TIME=2")
