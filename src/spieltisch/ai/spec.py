"""Agent specs: the text that names an agent and its budget on the command line.

`random`, `mcts:iterations=400,c=1.4`, `alphabeta:depth=3`, `alphabeta:time=0.5`,
`native:time=0.5,threads=2` (the C++ search, for games with a native engine),
a kind registered in `spieltisch.ai.registry` (`net:model=model.pt,sims=64`, a network
trained by `spieltisch train`, registered by `spieltisch.learn`), or a level name (`easy`,
`medium`, `hard`, `max`; see `spieltisch.ai.levels`), optionally with settings that
override the level's (`hard:time=2`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from spieltisch import native
from spieltisch.ai.agent import Agent, Budget
from spieltisch.ai.alphabeta import AlphaBetaAgent
from spieltisch.ai.levels import level_spec, levels
from spieltisch.ai.mcts import MCTSAgent
from spieltisch.ai.native_agent import NativeAgent
from spieltisch.ai.random_agent import RandomAgent
from spieltisch.ai.registry import agent_kind, agent_kinds
from spieltisch.core.chance import MAX_SEED
from spieltisch.core.errors import NotationError, quote
from spieltisch.core.game import Game
from spieltisch.core.text import is_ascii_int, read_int
from spieltisch.native.search import EVALUATIONS, PRUNE_SWITCHES

#: The built-in kinds; others come from `spieltisch.ai.registry`.
KINDS = ("random", "mcts", "alphabeta", "native")
ALIASES = {"ab": "alphabeta", "expectimax": "alphabeta", "uct": "mcts"}
KEYS = {
    "random": {"seed"},
    "mcts": {"iterations", "time", "c", "rollout", "reuse", "seed"},
    "alphabeta": {"depth", "time", "shuffle", "seed"},
    "native": {
        "depth",
        "time",
        "threads",
        "hash",
        "random",
        "seed",
        "history",
        "eval",
        "unit",
        *PRUNE_SWITCHES,
    },
}

#: The allowed range of every numeric setting: whole numbers and seconds.
INT_RANGES = {
    "iterations": (1, 10**9),
    "depth": (1, 64),
    "sims": (1, 100_000),
    "rollout": (0, 10_000),
    "seed": (0, MAX_SEED),
    "threads": (1, 64),
    "hash": (1, 4096),
    "unit": (1, 1_000_000),
}
#: The evaluation variants a native spec may name by number (`eval=N`, for measuring).
EVAL_VARIANTS = range(100)
FLOAT_RANGES = {
    "time": (0.001, 86_400.0),
    "c": (0.0, 100.0),
    "fpu": (0.0, 2.0),
    "random": (0.0, 1.0),
}
#: The longest spec read (a spec is a name and a few settings).
MAX_SPEC_LENGTH = 200

_DECIMAL = re.compile(r"(?:[0-9]{1,9}(?:\.[0-9]{0,9})?|\.[0-9]{1,9})")


class AgentSpecError(NotationError):
    """An agent spec that names no agent or gives a bad setting (text that cannot be read)."""


def read_float(raw: str, what: str, low: float, high: float) -> float:
    """`raw` as a decimal number (ASCII digits and one `.`, no exponent, no nan/inf) in
    `low..high`, or `AgentSpecError` saying the allowed range."""
    allowed = f"a decimal number in {low:g}..{high:g}"
    if not _DECIMAL.fullmatch(raw):
        raise AgentSpecError(f"{what}={quote(raw)} is not a number (expected {allowed})")
    value = float(raw)
    if not (math.isfinite(value) and low <= value <= high):
        raise AgentSpecError(f"{what}={raw} is out of range (expected {allowed})")
    return value


def parse_spec(text: str, game: Game[Any, Any] | None = None) -> tuple[str, dict[str, str]]:
    """(agent kind, settings) of a spec; level names are resolved for `game`."""
    if len(text) > MAX_SPEC_LENGTH:
        raise AgentSpecError(f"an agent spec has at most {MAX_SPEC_LENGTH} characters")
    name, _, rest = text.strip().partition(":")
    name = name.strip().lower()
    settings: dict[str, str] = {}
    if rest.strip():
        for item in rest.split(","):
            key, sep, value = item.partition("=")
            if not sep or not key.strip() or not value.strip():
                raise AgentSpecError(
                    f"agent setting {quote(item.strip())} in {quote(text)} is not key=value"
                )
            key = key.strip().lower()
            if key in settings:
                raise AgentSpecError(f"agent setting {quote(key)} is given twice in {quote(text)}")
            settings[key] = value.strip()
    name = ALIASES.get(name, name)
    registered = agent_kind(name) if name not in KINDS else None
    if name not in KINDS and registered is None:
        table = levels(game)
        if name not in table:
            known = ", ".join([*KINDS, *agent_kinds(), *table])
            raise AgentSpecError(f"unknown agent {quote(name)} (known: {known})")
        kind, base = parse_spec(level_spec(game, name), None)
        return kind, {**base, **settings}
    allowed_keys = registered.settings | {"seed"} if registered is not None else KEYS[name]
    unknown = set(settings) - allowed_keys
    if unknown:
        allowed = ", ".join(sorted(allowed_keys))
        raise AgentSpecError(
            f"unknown setting {quote(sorted(unknown)[0])} for {name} (allowed: {allowed})"
        )
    return name, settings


@dataclass(frozen=True)
class AgentRequest:
    """What a registered kind's builder gets: the spec's settings (checked against the
    kind's), the seed and time per move in force, and the game (if known)."""

    settings: dict[str, str]
    seed: int | None
    seconds: float | None
    game: Game[Any, Any] | None

    def number(self, key: str, kind: type[int] | type[float]) -> Any:
        """The setting `key` read and range-checked (`INT_RANGES`, `FLOAT_RANGES`); None
        when the spec does not give it."""
        return _number(self.settings, key, kind)

    def flag(self, key: str, default: bool) -> bool:
        """The yes/no setting `key`, `default` when the spec does not give it."""
        return _flag(self.settings, key, default)


def _number(settings: dict[str, str], key: str, kind: type[int] | type[float]) -> Any:
    """The setting `key` read and range-checked (None when not given)."""
    if key not in settings:
        return None
    raw = settings[key]
    if kind is int:
        low, high = INT_RANGES[key]
        if not is_ascii_int(raw):
            raise AgentSpecError(
                f"{key}={quote(raw)} is not a number (expected a whole number {low}..{high})"
            )
        return read_int(raw, key, low=low, high=high, error=AgentSpecError)
    low_f, high_f = FLOAT_RANGES[key]
    return read_float(raw, key, low_f, high_f)


def _flag(settings: dict[str, str], key: str, default: bool) -> bool:
    if key not in settings:
        return default
    value = settings[key].lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise AgentSpecError(f"{key}={quote(settings[key])} is not a yes/no value")


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
    if time_per_move is not None:
        low, high = FLOAT_RANGES["time"]
        if not (math.isfinite(time_per_move) and low <= time_per_move <= high):
            raise AgentSpecError(f"the time per move must be {low:g}..{high:g} seconds")
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
    registered = agent_kind(kind) if kind not in KINDS else None
    if registered is not None:
        return registered.build(AgentRequest(settings, seed, seconds, game))
    budget = Budget(seconds=seconds, depth=_number(settings, "depth", int))
    if kind == "native":
        if game is not None and not native.available(game):
            known = ", ".join(native.engines()) or "none in this build"
            raise AgentSpecError(
                f"{game.name} has no native engine for its options (native engines: {known}); "
                "use alphabeta or mcts"
            )
        threads = _number(settings, "threads", int)
        hash_mb = _number(settings, "hash", int)
        randomness = _number(settings, "random", float)
        evaluation = settings.get("eval")
        if evaluation is not None and evaluation not in EVALUATIONS:
            if not (evaluation.isdigit() and int(evaluation) in EVAL_VARIANTS):
                raise AgentSpecError(
                    f"eval={quote(evaluation)}: one of {', '.join(EVALUATIONS)} or a variant's "
                    f"number ({EVAL_VARIANTS.start}..{EVAL_VARIANTS.stop - 1})"
                )
        elif evaluation is not None and game is not None and not native.network_file(game.name):
            raise AgentSpecError(f"{game.name} has no learned evaluation (eval={evaluation})")
        return NativeAgent(
            budget,
            threads=1 if threads is None else threads,
            hash_mb=16 if hash_mb is None else hash_mb,
            randomness=0.0 if randomness is None else randomness,
            seed=seed,
            history=_flag(settings, "history", True),
            prune={
                name: _flag(settings, name, True) for name in PRUNE_SWITCHES if name in settings
            },
            evaluation=evaluation,
            unit=_number(settings, "unit", int) or 0,
        )
    return AlphaBetaAgent(budget, seed=seed, shuffle=_flag(settings, "shuffle", True))
