"""Agent specs: the text that names an agent and its budget on the command line.

`random`, `mcts:iterations=400,c=1.4`, `alphabeta:depth=3`, `alphabeta:time=0.5`, or a
level name (`easy`, `medium`, `hard`, `max`; see `spieltisch.ai.levels`), optionally with
settings that override the level's (`hard:time=2`).
"""

from __future__ import annotations

from typing import Any

from spieltisch.ai.agent import Agent, Budget
from spieltisch.ai.alphabeta import AlphaBetaAgent
from spieltisch.ai.levels import level_spec, levels
from spieltisch.ai.mcts import MCTSAgent
from spieltisch.ai.random_agent import RandomAgent
from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import Game

KINDS = ("random", "mcts", "alphabeta")
ALIASES = {"ab": "alphabeta", "expectimax": "alphabeta", "uct": "mcts"}
KEYS = {
    "random": {"seed"},
    "mcts": {"iterations", "time", "c", "rollout", "reuse", "seed"},
    "alphabeta": {"depth", "time", "shuffle", "seed"},
}


class AgentSpecError(SpieltischError):
    """An agent spec that names no agent or gives a bad setting."""


def parse_spec(text: str, game: Game[Any, Any] | None = None) -> tuple[str, dict[str, str]]:
    """(agent kind, settings) of a spec; level names are resolved for `game`."""
    name, _, rest = text.strip().partition(":")
    name = name.strip().lower()
    settings: dict[str, str] = {}
    if rest.strip():
        for item in rest.split(","):
            key, sep, value = item.partition("=")
            if not sep or not key.strip() or not value.strip():
                raise AgentSpecError(f"agent setting {item.strip()!r} in {text!r} is not key=value")
            settings[key.strip().lower()] = value.strip()
    name = ALIASES.get(name, name)
    if name not in KINDS:
        table = levels(game)
        if name not in table:
            known = ", ".join([*KINDS, *table])
            raise AgentSpecError(f"unknown agent {name!r} (known: {known})")
        kind, base = parse_spec(level_spec(game, name), None)
        return kind, {**base, **settings}
    unknown = set(settings) - KEYS[name]
    if unknown:
        allowed = ", ".join(sorted(KEYS[name]))
        raise AgentSpecError(
            f"unknown setting {sorted(unknown)[0]!r} for {name} (allowed: {allowed})"
        )
    return name, settings


def _number(settings: dict[str, str], key: str, kind: type[int] | type[float]) -> Any:
    if key not in settings:
        return None
    try:
        value = kind(settings[key])
    except ValueError:
        raise AgentSpecError(f"{key}={settings[key]!r} is not a number") from None
    if value < 0 or (kind is int and key in ("iterations", "depth") and value < 1):
        raise AgentSpecError(f"{key}={settings[key]} is out of range")
    return value


def _flag(settings: dict[str, str], key: str, default: bool) -> bool:
    if key not in settings:
        return default
    value = settings[key].lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise AgentSpecError(f"{key}={settings[key]!r} is not a yes/no value")


def make_agent(
    text: str,
    game: Game[Any, Any] | None = None,
    *,
    seed: int | None = None,
    time_per_move: float | None = None,
) -> Agent:
    """Build the agent a spec describes. `seed` is used unless the spec sets one;
    `time_per_move` is added as a time limit unless the spec sets one."""
    kind, settings = parse_spec(text, game)
    spec_seed = _number(settings, "seed", int)
    seed = spec_seed if spec_seed is not None else seed
    seconds = _number(settings, "time", float)
    if seconds is None:
        seconds = time_per_move
    if kind == "random":
        return RandomAgent(seed)
    if kind == "mcts":
        budget = Budget(seconds=seconds, iterations=_number(settings, "iterations", int))
        c = _number(settings, "c", float)
        return MCTSAgent(
            budget,
            c=1.4 if c is None else c,
            rollout_depth=_number(settings, "rollout", int),
            reuse=_flag(settings, "reuse", True),
            seed=seed,
        )
    budget = Budget(seconds=seconds, depth=_number(settings, "depth", int))
    return AlphaBetaAgent(budget, seed=seed, shuffle=_flag(settings, "shuffle", True))
