"""The `ppo:` agent kind (`ppo:model=policy.zip`): a MaskablePPO policy trained with
`spieltisch ppo`, registered in the agent registry on import (cheap: stable-baselines3
is imported only when such an agent is built)."""

from __future__ import annotations

from pathlib import Path

from spieltisch.ai.agent import Agent
from spieltisch.ai.registry import AgentKind, register_agent
from spieltisch.ai.spec import AgentRequest, AgentSpecError
from spieltisch.core.errors import quote

NO_SB3 = "the ppo agent needs sb3-contrib: pip install 'spieltisch[research]'"


def build_ppo_agent(request: AgentRequest) -> Agent:
    """The `ppo` agent: a clear error without the extra, for a missing file, or for a
    policy trained on another game."""
    if "model" not in request.settings:
        raise AgentSpecError("the ppo agent needs a policy file: ppo:model=PATH")
    try:
        from spieltisch.learn.ppo import PolicyAgent
    except ImportError:
        raise AgentSpecError(NO_SB3) from None
    name = request.settings["model"]
    path = Path(name)
    if not path.is_file():
        raise AgentSpecError(f"policy {quote(name)}: no such file")
    try:
        agent = PolicyAgent(path, seed=request.seed)
    except ImportError:
        raise AgentSpecError(NO_SB3) from None
    except (ValueError, KeyError, OSError) as exc:
        raise AgentSpecError(f"policy {quote(name)}: not a MaskablePPO policy ({exc})") from None
    if request.game is not None and not agent.plays(request.game):
        raise AgentSpecError(f"policy {quote(name)} was not trained for {request.game.name}")
    return agent


#: The kind as registered (and as the entry point `spieltisch.agents:ppo` names it).
PPO = AgentKind("ppo", frozenset({"model", "seed"}), build_ppo_agent)

register_agent(PPO)
