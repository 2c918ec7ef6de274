"""The mover's frame of action ids: the networks read the position as the player to move
sees it (`State.observation()`, the board turned for the second player of a board game)
and name their moves in the same frame (`Game.action_frame`), so a pattern learnt from
one side's games serves the other's. These helpers turn ids into that frame."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from weakref import WeakKeyDictionary

import numpy as np

from spieltisch.core.game import Game

IntArray = np.ndarray[Any, np.dtype[np.int64]]

#: Per game object (a search expands leaves of one game many times), per player.
_FRAMES: WeakKeyDictionary[Game[Any, Any], dict[int, IntArray | None]] = WeakKeyDictionary()


def frame_of(game: Game[Any, Any], player: int) -> IntArray | None:
    """`game.action_frame(player)` as an array, made once per game object and player
    (None where the ids need no turning)."""
    frames = _FRAMES.setdefault(game, {})
    if player not in frames:
        frame = game.action_frame(player)
        frames[player] = None if frame is None else np.asarray(frame, dtype=np.int64)
    return frames[player]


def framed(game: Game[Any, Any], player: int, ids: Sequence[int]) -> IntArray:
    """The action `ids` of `player`'s moves in that player's frame."""
    array = np.asarray(ids, dtype=np.int64)
    frame = frame_of(game, player)
    return array if frame is None else frame[array]
