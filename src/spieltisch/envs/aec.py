"""The PettingZoo AEC environment of every game (`env("okard", options="board=8")`).

Agents are `player_0` (moves first) and `player_1`. The agent selected is always the
player to move, which may be the same agent several times in a row (Okard's action
points). Chance events (Okard's dice) are resolved inside the environment from the
episode's seed through `core.chance`, so an episode is fixed by `reset(seed=…)` and the
actions; random set-ups (Ostseeschach's start line, Hase und Igel's board) are drawn
from the same seed. Rewards are +1/-1/0 for win/loss/draw at the end, 0 before.

The position being played is `game_state` (a `core.game.State`); `state()` is
PettingZoo's global state, the position as a tensor from player 0's side.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from spieltisch.core.chance import MAX_SEED, draw_chance
from spieltisch.core.game import Game, State
from spieltisch.core.options import GameOptions
from spieltisch.envs.image import render_rgb
from spieltisch.envs.tensors import (
    GameLike,
    action_mask,
    game_of,
    observation,
    observation_box,
    observation_spaces,
)
from spieltisch.envs.window import Window, check_display

AGENTS = ("player_0", "player_1")
RENDER_MODES = ("human", "ansi", "rgb_array")
#: Pictures per second of the `human` window at most.
FPS = 2


def env(
    game: GameLike,
    options: GameOptions | str | None = None,
    *,
    render_mode: str | None = None,
    max_cycles: int | None = None,
) -> Any:
    """The AEC environment of `game` wrapped as PettingZoo's classic games are: an illegal
    action ends the game with -1 for the agent that tried it, actions out of range fail an
    assertion, and the call order is enforced."""
    raw = SpieltischAEC(game, options, render_mode=render_mode, max_cycles=max_cycles)
    wrapped: Any = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def parallel_env(
    game: GameLike,
    options: GameOptions | str | None = None,
    *,
    render_mode: str | None = None,
    max_cycles: int | None = None,
) -> Any:
    """`env(…)` as a PettingZoo `ParallelEnv` (PettingZoo's turn-based conversion: each
    step takes the action of the player to move only)."""
    return turn_based_aec_to_parallel(
        env(game, options, render_mode=render_mode, max_cycles=max_cycles)
    )


def raw_env(
    game: GameLike,
    options: GameOptions | str | None = None,
    *,
    render_mode: str | None = None,
    max_cycles: int | None = None,
) -> SpieltischAEC:
    """The environment without wrappers (an illegal action raises `IllegalMoveError`)."""
    return SpieltischAEC(game, options, render_mode=render_mode, max_cycles=max_cycles)


class SpieltischAEC(AECEnv):
    """One game as an agent-environment-cycle environment (see the module).

    `max_cycles` truncates an episode after that many agent steps (chance events do not
    count); without it a game runs to its end, which every game's rules bound.
    """

    agent_selection: str
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]

    metadata = {  # noqa: RUF012 - the attribute PettingZoo reads
        "render_modes": list(RENDER_MODES),
        "name": "spieltisch",
        "is_parallelizable": False,
        "render_fps": FPS,
    }

    def __init__(
        self,
        game: GameLike,
        options: GameOptions | str | None = None,
        *,
        render_mode: str | None = None,
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None")
        if render_mode == "human":
            check_display()  # a clear error now, not at the first render()
        if max_cycles is not None and max_cycles < 1:
            raise ValueError("max_cycles must be at least 1")
        self.game: Game[Any, Any] = game_of(game, options)
        self.metadata = {**self.metadata, "name": f"spieltisch_{self.game.name}"}
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        space = observation_spaces(self.game)
        self.observation_spaces = dict.fromkeys(AGENTS, space)
        self.action_spaces = {agent: spaces.Discrete(self.game.num_actions) for agent in AGENTS}
        #: PettingZoo's global state space: the observation tensor's (see `state`).
        self.state_space = observation_box(self.game)
        self._window: Window | None = None
        self._seeds = random.Random()
        self.seed = 0
        self.cycles = 0
        #: The position being played (PettingZoo's `state()` is its tensor).
        self.game_state: State[Any] = self.game.new_state(0)
        self._clear_episode()

    # --- the PettingZoo API -------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: its set-up and chance draws come from an episode seed, drawn from
        `seed` when given, else from the generator an earlier `reset(seed=…)` started."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.seed = self._seeds.randrange(MAX_SEED)
        self.game_state = self.game.new_state(self.seed)
        self.cycles = 0
        self._resolve_chance()
        self._clear_episode()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """The position from the side of the player to move (every agent sees the same
        tensor), and the action mask, all 0 for an agent whose turn it is not."""
        obs = observation(self.game_state)
        if agent == self.agent_selection and not self._finished():
            mask = action_mask(self.game_state)
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def state(self) -> np.ndarray[Any, Any]:
        """The global state: the whole position as the observation tensor drawn from
        player 0's side whoever is to move (in `state_space`)."""
        return observation(self.game_state, 0)

    def step(self, action: Any) -> None:
        """Play action number `action` for the selected agent, then resolve any chance
        events; at the end every agent gets its +1/-1/0."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self.game_state.action_move(int(action))
        self.game_state.play(move)
        self.cycles += 1
        self._resolve_chance()
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(self.agents, 0)
        if self.game_state.is_over():
            returns = self.game_state.returns()
            for index, name in enumerate(self.agents):
                self.rewards[name] = int(returns[index])
                self.terminations[name] = True
        elif self.max_cycles is not None and self.cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        if not self._finished():
            self.agent_selection = AGENTS[self.game_state.to_move]
        self.infos = {name: self._info(name) for name in self.agents}
        self._accumulate_rewards()

    def render(self) -> Any:
        """`ansi`: the terminal board from the side of the player to move; `rgb_array`: a
        picture (`envs.image`); `human`: that picture in a window (`envs.window`),
        returning None; None (with a warning) without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        viewer = self.game_state.to_move if self.game_state.to_move in (0, 1) else None
        if self.render_mode == "ansi":
            return self.game_state.render(viewer)
        picture = render_rgb(self.game_state, viewer)
        if self.render_mode == "rgb_array":
            return picture
        if self._window is None:
            self._window = Window(f"spieltisch: {self.game.name}")
        self._window.show(picture, FPS)
        return None

    def close(self) -> None:
        """Close the window of `render_mode="human"` (nothing else to release)."""
        if self._window is not None:
            self._window.close()
            self._window = None

    # --- helpers ------------------------------------------------------------------------

    def _finished(self) -> bool:
        return any(self.terminations.values()) or any(self.truncations.values())

    def _resolve_chance(self) -> None:
        while self.game_state.is_chance():
            self.game_state.push(draw_chance(self.game_state, self.seed))

    def _info(self, agent: str) -> dict[str, Any]:
        return {"seed": self.seed, "ply": len(self.game_state.history())}

    def _clear_episode(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {name: self._info(name) for name in self.agents}
        to_move = self.game_state.to_move
        self.agent_selection = AGENTS[to_move if to_move in (0, 1) else 0]
