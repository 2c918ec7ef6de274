"""The agent registry: the kinds of agent a spec can name beyond the built-in ones.

`ai.spec` knows its own kinds (`random`, `mcts`, `alphabeta`, `native`). A package higher
up adds a kind by registering an `AgentKind` (its name, the settings it takes and how to
build it), so `ai` never imports it: `spieltisch.learn` registers `net:` this way. A kind
is found when its registering module has been imported (the CLI imports
`spieltisch.learn.kind`), or through the entry points of the group `spieltisch.agents` of
the installed packages (pyproject.toml declares `net`), which are read the first time a
spec names a kind nobody registered yet.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

from spieltisch.ai.agent import Agent

if TYPE_CHECKING:
    from spieltisch.ai.spec import AgentRequest

log = logging.getLogger(__name__)

#: The entry-point group whose objects are `AgentKind`s.
ENTRY_POINT_GROUP = "spieltisch.agents"


@dataclass(frozen=True)
class AgentKind:
    """A kind of agent a spec names (`name:key=value,...`): the settings it accepts
    (`seed` and `time` are read by `ai.spec` for every kind) and its builder."""

    name: str
    settings: frozenset[str]
    build: Callable[[AgentRequest], Agent]


_kinds: dict[str, AgentKind] = {}
_entry_points_read = False


def register_agent(kind: AgentKind) -> None:
    """Make `kind` nameable in specs; registering the same kind again changes nothing,
    another kind under a taken name is an error."""
    known = _kinds.get(kind.name)
    if known is not None and known != kind:
        raise ValueError(f"the agent kind {kind.name!r} is registered already")
    _kinds[kind.name] = kind


def agent_kind(name: str) -> AgentKind | None:
    """The registered kind `name`, reading the installed entry points once if needed."""
    if name not in _kinds:
        _read_entry_points()
    return _kinds.get(name)


def agent_kinds() -> list[str]:
    """The names of the registered kinds (entry points included), sorted."""
    _read_entry_points()
    return sorted(_kinds)


def _read_entry_points() -> None:
    global _entry_points_read
    if _entry_points_read:
        return
    _entry_points_read = True
    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            kind = point.load()
        except Exception:  # a broken plug-in must not stop the built-in agents
            log.exception("the agent kind %r could not be loaded", point.name)
            continue
        if isinstance(kind, AgentKind):
            register_agent(kind)
