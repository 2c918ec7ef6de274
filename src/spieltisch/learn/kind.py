"""The `net:` agent kind (`net:model=model.pt,sims=64,c=1.5`), registered in the agent
registry of `spieltisch.ai` on import, so that `ai` needs no import of `learn`.

Importing this module is cheap: PyTorch is imported only when a `net` agent is built, so a
spec naming one without the `learn` extra gets a clear error. The CLI imports it; installed
packages also find it through the entry point `net` of the group `spieltisch.agents`.
"""

from __future__ import annotations

from spieltisch.ai.agent import Agent
from spieltisch.ai.registry import AgentKind, register_agent
from spieltisch.ai.spec import AgentRequest, AgentSpecError
from spieltisch.core.errors import quote
from spieltisch.learn.shipped import resolve_model


def build_net_agent(request: AgentRequest) -> Agent:
    """The `net` agent, its PyTorch imported only now: a clear error without the extra,
    or for a model file that is missing or no checkpoint. `model` is a file or the name
    of a network shipped with the package (`spieltisch.learn.shipped`)."""
    settings = request.settings
    if "model" not in settings:
        raise AgentSpecError("the net agent needs a model file: net:model=PATH")
    sims = request.number("sims", int)
    c = request.number("c", float)
    # No `fpu`: the network's own (its checkpoint's); `fpu=none`: unvisited moves at 0.
    fpu_text = settings.get("fpu")
    fpu = None if fpu_text in (None, "none") else request.number("fpu", float)
    try:
        from spieltisch.learn.agent import NETWORK, NetAgent
        from spieltisch.learn.net import CheckpointError
    except ImportError:
        raise AgentSpecError(
            "the net agent needs PyTorch: pip install 'spieltisch[learn]'"
        ) from None
    path = resolve_model(settings["model"])
    try:
        agent = NetAgent(
            path,
            64 if sims is None else sims,
            c=1.5 if c is None else c,
            fpu=NETWORK if fpu_text is None else fpu,
            seed=request.seed,
        )
    except (CheckpointError, OSError) as exc:
        message = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise AgentSpecError(f"model {quote(settings['model'])}: {message}") from None
    game = request.game
    if game is not None and not agent.plays(game):
        raise AgentSpecError(
            f"model {quote(settings['model'])} was trained for {agent.game!r}, not {game!r}"
        )
    return agent


#: The kind as registered (and as the entry point `spieltisch.agents:net` names it).
NET = AgentKind("net", frozenset({"model", "sims", "c", "fpu", "seed"}), build_net_agent)

register_agent(NET)
