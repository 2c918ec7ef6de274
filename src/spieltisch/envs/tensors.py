"""The numeric views every environment shares: the observation tensor, the legal-action
mask and their Gymnasium spaces, all built from the common game API."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from spieltisch.core.game import Game, State
from spieltisch.core.options import GameOptions
from spieltisch.core.registry import load

#: What `observation_spaces` and the environments accept as a game.
GameLike = Game[Any, Any] | str


def game_of(game: GameLike, options: GameOptions | str | None = None) -> Game[Any, Any]:
    """A game object from a registry name (with options as text or an options object) or
    an existing game (then `options` must be None)."""
    if isinstance(game, Game):
        if options is not None:
            raise ValueError("give options only with a game name, not with a game object")
        return game
    return load(game, options)


def observation(
    state: State[Any], player: int | None = None
) -> np.ndarray[Any, np.dtype[np.float32]]:
    """`state.observation(player)` as a float32 array of `Game.observation_shape`, drawn
    from the side of `player` (None: the player to move)."""
    shape = state.game.observation_shape
    return np.asarray(state.observation(player), dtype=np.float32).reshape(shape)


def action_mask(state: State[Any]) -> np.ndarray[Any, np.dtype[np.int8]]:
    """1 for every legal action of the player to move, 0 elsewhere (all 0 at a chance node
    and in a finished game)."""
    mask = np.zeros(state.game.num_actions, dtype=np.int8)
    if state.is_over() or state.is_chance():
        return mask
    for move in state.legal_moves():
        mask[state.action_id(move)] = 1
    return mask


def observation_high(game: Game[Any, Any]) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The upper bound of every observation entry (`Game.observation_high`), shaped."""
    high = np.asarray(game.observation_high(), dtype=np.float32)
    return high.reshape(game.observation_shape)


def observation_box(game: Game[Any, Any]) -> spaces.Box:
    """The space of `observation`: float32 planes from 0 to the game's bound of each
    entry (1 for the 0/1 planes and the counters scaled into [0, 1]; a few counters
    that can grow, such as Hase und Igel's carrots, have a bound from the rules)."""
    high = observation_high(game)
    return spaces.Box(np.zeros_like(high), high, dtype=np.float32)


def mask_box(game: Game[Any, Any]) -> spaces.Box:
    """The space of `action_mask`: one 0/1 int8 entry per action."""
    return spaces.Box(0, 1, shape=(game.num_actions,), dtype=np.int8)


def observation_spaces(game: Game[Any, Any]) -> spaces.Dict:
    """The PettingZoo-style dict space: `observation` and `action_mask`."""
    return spaces.Dict({"observation": observation_box(game), "action_mask": mask_box(game)})
