"""The Gymnasium ids of the games: `gymnasium.make("spieltisch/Ostseeschach-v0",
opponent="easy")`, `spieltisch/Schachogi-v0`, `spieltisch/HaseUndIgel-v0`,
`spieltisch/Okard-v0`, registered when `spieltisch.envs` is imported. Without that
import, Gymnasium imports it itself from the id's module prefix:
`gymnasium.make("spieltisch.envs:spieltisch/Okard-v0")`.

Keywords of `make` are `SingleAgentEnv`'s (`opponent`, `seat`, `render_mode`,
`options` as text) and any of the game's options by name (`board=8`, `ap="fixed"`),
which become the variant. `gymnasium.make_vec(id, num_envs=N,
vectorization_mode="vector_entry_point")` gives the batched `GamesVectorEnv`.
"""

from __future__ import annotations

import enum
from typing import Any

import gymnasium

from spieltisch.core.options import GameOptions
from spieltisch.core.registry import game_class, game_names, load
from spieltisch.envs.gym_vector import GamesVectorEnv
from spieltisch.envs.single import SingleAgentEnv

__all__ = ["env_id", "make_single", "make_vector", "register_envs", "variant"]

NAMESPACE = "spieltisch"
VERSION = 0


def env_id(game: str) -> str:
    """The Gymnasium id of a registry name (`okard` -> `spieltisch/Okard-v0`)."""
    game_class(game)  # an unknown name fails here, as it would in `gymnasium.make`
    name = "".join(part.capitalize() for part in game.split("-"))  # hase-und-igel: HaseUndIgel
    return f"{NAMESPACE}/{name}-v{VERSION}"


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, list | tuple):
        return ",".join(_text(item) for item in value)
    return "none" if value is None else str(value)


def variant(game: str, options: GameOptions | str | None, keywords: dict[str, Any]) -> Any:
    """The options of `game` from `options` (text or an options object) and the option
    keywords on top (an unknown keyword is the game's `OptionError`, naming the known)."""
    base = options.text() if isinstance(options, GameOptions) else options or ""
    pairs = base.split() + [f"{key}={_text(value)}" for key, value in keywords.items()]
    return load(game).options.from_pairs(pairs) if pairs else None


def make_single(
    game: str,
    options: GameOptions | str | None = None,
    *,
    opponent: str = "random",
    seat: int | None = 0,
    render_mode: str | None = None,
    **option_keywords: Any,
) -> SingleAgentEnv:
    """The entry point of every id: `SingleAgentEnv` of `game` in the variant the
    keywords name."""
    chosen = variant(game, options, option_keywords)
    return SingleAgentEnv(game, chosen, opponent=opponent, seat=seat, render_mode=render_mode)


def make_vector(
    game: str,
    num_envs: int = 8,
    options: GameOptions | str | None = None,
    *,
    opponent: str = "random",
    seat: int | None = 0,
    backend: str = "auto",
    **option_keywords: Any,
) -> GamesVectorEnv:
    """The vector entry point of every id (`gymnasium.make_vec`): `GamesVectorEnv`."""
    chosen = variant(game, options, option_keywords)
    return GamesVectorEnv(
        game, chosen, num_envs=num_envs, opponent=opponent, seat=seat, backend=backend
    )


def register_envs() -> None:
    """Register every game's id with Gymnasium (again on a second call: no harm)."""
    for game in game_names():
        identifier = env_id(game)
        if identifier in gymnasium.registry:
            continue
        gymnasium.register(
            id=identifier,
            entry_point=f"{__name__}:make_single",
            vector_entry_point=f"{__name__}:make_vector",
            kwargs={"game": game},
            disable_env_checker=False,
        )
