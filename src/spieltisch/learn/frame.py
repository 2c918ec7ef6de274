"""The mover's frame of action ids: the networks read the position as the player to move
sees it (`State.observation()`, the board turned for the second player of a board game)
and name their moves in the same frame (`Game.action_frame`), so a pattern learnt from
one side's games serves the other's. These helpers turn ids into that frame."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from spieltisch.core.game import Game

IntArray = np.ndarray[Any, np.dtype[np.int64]]

_FRAMES: dict[tuple[str, str, int], IntArray | None] = {}


def frame_of(game: Game[Any, Any], player: int) -> IntArray | None:
    """`game.action_frame(player)` as an array, made once per game, options and player
    (None where the ids need no turning)."""
    key = (game.name, game.options.text(), player)
    if key not in _FRAMES:
        frame = game.action_frame(player)
        _FRAMES[key] = None if frame is None else np.asarray(frame, dtype=np.int64)
    return _FRAMES[key]


def framed(game: Game[Any, Any], player: int, ids: Sequence[int]) -> IntArray:
    """The action `ids` of `player`'s moves in that player's frame."""
    array = np.asarray(ids, dtype=np.int64)
    frame = frame_of(game, player)
    return array if frame is None else frame[array]
