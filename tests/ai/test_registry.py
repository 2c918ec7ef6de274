"""The agent registry: a kind registered from outside `ai` is nameable in specs with its
own settings, and the learner's `net:` kind is found by import and by entry point."""

from __future__ import annotations

import tomllib
from importlib import import_module
from pathlib import Path

import pytest

import spieltisch
from spieltisch.ai import registry
from spieltisch.ai.random_agent import RandomAgent
from spieltisch.ai.registry import AgentKind, agent_kind, register_agent
from spieltisch.ai.spec import AgentRequest, AgentSpecError, make_agent, parse_spec

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registrations of a test stay in the test, and so does a first reading of the entry
    points (which registers `net` into the test's copy)."""
    monkeypatch.setattr(registry, "_kinds", dict(registry._kinds))
    monkeypatch.setattr(registry, "_entry_points_read", registry._entry_points_read)


def test_a_registered_kind_is_built_from_its_spec(kinds: None) -> None:
    seen: list[AgentRequest] = []

    def build(request: AgentRequest) -> RandomAgent:
        seen.append(request)
        return RandomAgent(request.seed)

    register_agent(AgentKind("coin", frozenset({"bias"}), build))
    game = spieltisch.load("okard")
    agent = make_agent("coin:bias=0.5,seed=9", game, time_per_move=2.0)
    assert isinstance(agent, RandomAgent)
    (request,) = seen
    assert (request.settings["bias"], request.seed, request.seconds) == ("0.5", 9, 2.0)
    assert request.game is game
    assert parse_spec("Coin:bias=1") == ("coin", {"bias": "1"})
    with pytest.raises(AgentSpecError, match="unknown setting 'depth' for coin"):
        make_agent("coin:depth=2")
    with pytest.raises(ValueError, match="registered already"):
        register_agent(AgentKind("coin", frozenset(), build))
    register_agent(agent_kind("coin"))  # type: ignore[arg-type]  # the same kind again: fine


def test_an_unregistered_kind_is_an_unknown_agent(kinds: None) -> None:
    with pytest.raises(AgentSpecError, match="unknown agent 'coin'"):
        make_agent("coin:bias=1")


def test_the_learner_registers_net_without_ai_importing_it() -> None:
    kind: AgentKind = import_module("spieltisch.learn.kind").NET
    assert agent_kind("net") is kind
    assert kind.settings == {"model", "sims", "c", "fpu", "seed"}
    with pytest.raises(AgentSpecError, match="net agent needs a model file"):
        make_agent("net:sims=3")
    # Installed packages find it without the import: the entry point names the same object.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    points = project["project"]["entry-points"][registry.ENTRY_POINT_GROUP]
    module, _, name = points["net"].partition(":")
    assert getattr(import_module(module), name) is kind
