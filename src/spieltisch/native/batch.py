"""The native batch objects (`_native.<game>.Batch`): N positions of one game stepped
together, with action ids, legal-action masks and observation tensors written straight
into numpy arrays (the GIL released). The vector environments' native backend
(`spieltisch.envs.vector.NativeBackend`) stands on them.

A batch plays a game with the options its native engine plays (the default options;
Okard any options its config holds). The positions are started from position text, so
the set-up and its chance draws stay the Python engine's; the chance events during the
game (Okard's dice) are drawn by the batch, bit-identical to Python's `draw_chance` with
the episode seed and the ply count from the game's start. One batch serves one thread at
a time (its calls release the GIL, so two threads must not share it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spieltisch.native import NativeUnavailableError, _engine, available, engines

if TYPE_CHECKING:
    from spieltisch._native import _Batch
    from spieltisch.core.game import Game


def has_batch(game: Game[Any, Any]) -> bool:
    """Whether this build has a native batch for `game` with its options."""
    if not available(game):
        return False
    module, _config = _engine(game)
    return hasattr(module, "Batch")


def has_line(game: Game[Any, Any]) -> bool:
    """Whether this build has a native line (`_native.<game>.Line`, behind
    `spieltisch.native.state.NativeState`) for `game`: the games without chance events
    after the set-up (Okard has a batch but no line)."""
    return has_batch(game) and hasattr(_engine(game)[0], "Line")


def why_not(game: Game[Any, Any], *, line: bool = False) -> str:
    """Why `has_batch(game)` (with `line`: `has_line(game)`) is false, in a sentence (for
    the error of `backend="native"`)."""
    if game.native_name is None:
        return f"{game.name} has no native engine"
    if game.name not in engines():
        return "the native engines are not built (install the package with a C++ compiler)"
    if not available(game):
        if game.options.native_config() is not None:  # a variant the engine cannot hold
            return f"the native {game.name} engine does not play {game.options.text()}"
        changed = " ".join(f"{k}={v}" for k, v in game.options.changed().items())
        return f"the native {game.name} plays the default options only, not {changed}"
    if not hasattr(_engine(game)[0], "Batch"):
        return f"this build of the native engines has no batch for {game.name}"
    if line and not hasattr(_engine(game)[0], "Line"):
        return f"the native {game.name} engine has no line (its chance events need a batch)"
    return "it has one"


def new_batch(game: Game[Any, Any], size: int) -> _Batch:
    """A native batch of `size` games of `game` (each must be reset before use)."""
    if not has_batch(game):
        raise NativeUnavailableError(f"no native batch backend for {game.name}: {why_not(game)}")
    module, config = _engine(game)
    batch: _Batch = module.Batch(size, config)
    if batch.num_actions != game.num_actions:
        raise NativeUnavailableError(f"the native batch of {game.name} has another action space")
    shape_size = 1
    for extent in game.observation_shape:
        shape_size *= extent
    if batch.observation_size != shape_size:
        raise NativeUnavailableError(f"the native batch of {game.name} has another observation")
    return batch


__all__ = ["has_batch", "has_line", "new_batch", "why_not"]
