"""A Gymnasium environment for one learner against a fixed opponent (any agent spec).

The observation is the game's tensor (`envs.tensors.observation`, from the learner's
side whenever the learner is to move); `action_masks()` gives the legal actions, the
method `sb3-contrib`'s `MaskablePPO` calls. The opponent's moves and the chance events
happen inside `step`. The reward is +1/-1/0 at the end from the learner's side; an
illegal action ends the episode with -1 (`info["illegal"]`), so unmasked samplers such
as Gymnasium's `check_env` cannot break it.
"""

from __future__ import annotations

import random
from typing import Any, TypeAlias

import gymnasium
import numpy as np
from gymnasium import spaces

from spieltisch.ai.agent import Agent
from spieltisch.ai.spec import make_agent
from spieltisch.core.chance import MAX_SEED, draw_chance
from spieltisch.core.game import Game, State
from spieltisch.core.options import GameOptions
from spieltisch.envs.image import render_rgb
from spieltisch.envs.tensors import GameLike, action_mask, game_of, observation, observation_box

RENDER_MODES = ("ansi", "rgb_array")

ObsArray: TypeAlias = np.ndarray[Any, Any]


class SingleAgentEnv(gymnasium.Env[ObsArray, np.int64]):
    """`game` against `opponent` (an agent spec: `random`, `easy`, `mcts:iterations=50`,
    `net:model=m.pt`…). The learner sits in `seat` (0 or 1), or in a seat drawn from the
    episode's seed when `seat` is None."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}  # noqa: RUF012

    def __init__(
        self,
        game: GameLike,
        options: GameOptions | str | None = None,
        *,
        opponent: str = "random",
        seat: int | None = 0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if seat not in (0, 1, None):
            raise ValueError("seat must be 0, 1 or None")
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError("render_mode must be 'ansi', 'rgb_array' or None")
        self.game: Game[Any, Any] = game_of(game, options)
        self.opponent_spec = opponent
        make_agent(opponent, self.game)  # a bad spec fails here, not at the first reset
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.render_mode = render_mode
        self.observation_space = observation_box(self.game)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self._seeds = random.Random()
        self.episode_seed = 0
        self.state: State[Any] = self.game.new_state(0)
        self.opponent: Agent = make_agent(opponent, self.game, seed=0)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsArray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        self.episode_seed = self._seeds.randrange(MAX_SEED)
        if self.fixed_seat is None:
            self.seat = self.episode_seed & 1
        self.state = self.game.new_state(self.episode_seed)
        self.opponent = make_agent(self.opponent_spec, self.game, seed=self.episode_seed)
        self.opponent.new_game()
        self._advance()
        return observation(self.state), self._info()

    def step(self, action: Any) -> tuple[ObsArray, float, bool, bool, dict[str, Any]]:
        if self.state.is_over():
            raise RuntimeError("step() after the end of the episode: call reset()")
        index = int(action)
        if not 0 <= index < self.game.num_actions or not self.action_masks()[index]:
            info = {**self._info(), "illegal": True}
            return observation(self.state), -1.0, True, False, info
        self.state.push(self.state.action_move(index))
        self._advance()
        reward = 0.0
        terminated = self.state.is_over()
        if terminated:
            reward = self.state.returns()[self.seat]
        return observation(self.state), reward, terminated, False, self._info()

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions of the learner (all False once the game is over)."""
        return action_mask(self.state).astype(bool)

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return self.state.render(self.seat)
        if self.render_mode == "rgb_array":
            return render_rgb(self.state, self.seat)
        return None

    def _advance(self) -> None:
        """Chance events and opponent moves until the learner is to move or the game ends."""
        state = self.state
        while not state.is_over():
            if state.is_chance():
                state.push(draw_chance(state, self.episode_seed))
            elif state.to_move != self.seat:
                state.play(self.opponent.select(state))
            else:
                return

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "seed": self.episode_seed, "ply": len(self.state.history())}
