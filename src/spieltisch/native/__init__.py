"""The native engines (C++20, `spieltisch._native`) behind a small Python API.

The Python games stay the reference and the API; a native engine answers the same
questions faster for search, perft and bulk simulation. The boundary is narrow: a
position in the game's own text in, moves in the game's notation and position texts out.
Input the native reader refuses (or cannot hold, such as numbers beyond 18 digits) is read
by the Python game instead, so errors are the Python game's own; text the Python game
accepts is handed over in its canonical form.
"""

from __future__ import annotations

import functools
import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

from spieltisch.core.errors import IllegalMoveError, PositionError, SpieltischError
from spieltisch.core.game import Game
from spieltisch.core.registry import game_class, game_names, load

try:
    from spieltisch import _native
except ImportError:  # a source tree without the built extension: the Python games only
    _native = None  # type: ignore[assignment]

Outcome = tuple[int | None, str, tuple[tuple[int, ...], ...]]
#: A game by name (its default options) or as a `Game` with its options.
GameLike = str | Game[Any, Any]


class NativeUnavailableError(SpieltischError):
    """A game without a native engine, or a build without the extension."""


def built() -> bool:
    """Whether the extension `spieltisch._native` is built and importable."""
    return _native is not None


def engines() -> list[str]:
    """The games that have a native engine (none when the extension is not built): each
    names its engine (`Game.native_name`), a submodule of the extension."""
    if _native is None:
        return []
    return [name for name in game_names() if _submodule(name) is not None]


@functools.cache
def _submodule(name: str) -> ModuleType | None:
    """The extension's submodule of the game `name`, None if it has none; told where the
    game's learned network is (`network_file`) when it has one."""
    native_name = game_class(name).native_name
    if _native is None or native_name is None:
        return None
    module: ModuleType | None = getattr(_native, native_name, None)
    network = network_file(name)
    if module is not None and network is not None and hasattr(module, "set_network"):
        module.set_network(str(network))  # read on the first `eval=nnue`, once
    return module


def network_file(name: str) -> Path | None:
    """The learned evaluation's network file the package ships for the game `name`
    (`Game.nnue`'s `NETWORK`), None for a game without one."""
    module_name = game_class(name).nnue
    if module_name is None:
        return None
    return Path(importlib.import_module(module_name).NETWORK)


@functools.cache
def _default_game(name: str) -> Game[Any, Any]:
    return load(name)


def _game(game: GameLike) -> Game[Any, Any]:
    return _default_game(game) if isinstance(game, str) else game


def config(game: Game[Any, Any]) -> str | None:
    """The options of `game` as its native engine takes them (`options.native_config()`, a
    small text, "" for the defaults), or None when its native engine cannot play them."""
    return _options_config(game.name, game.options)


@functools.lru_cache(maxsize=256)
def _options_config(name: str, options: Any) -> str | None:
    text: str | None = options.native_config()
    if not text:
        return text
    # A variant's config: the engine says whether it can hold it.
    module = _submodule(name)
    check = getattr(module, "config_error", None)
    if check is None or check(text) is not None:
        return None
    return text


def looks_back(game: GameLike) -> bool:
    """Whether the native engine of `game` plays by rules that look back over the game (a
    repetition rule), so that its search wants the game's moves, not only the position."""
    if _native is None:
        return False
    name = game if isinstance(game, str) else game.name
    module = _submodule(name) if name in engines() else None
    return bool(getattr(module, "looks_back", False))


def available(game: GameLike) -> bool:
    """Whether `game` (a name: its default options; a `Game`: its options) has a native
    engine in this build that plays its options."""
    name = game if isinstance(game, str) else game.name
    if name not in engines():
        return False
    return isinstance(game, str) or config(game) is not None


def _engine(game: GameLike) -> tuple[Any, str]:
    """The extension's submodule of `game` and its options' config ("" for a name: the
    default options, which every native engine plays)."""
    if _native is None:
        raise NativeUnavailableError(
            "the native engines are not built (install the package with a C++ compiler: "
            "pip install -e .)"
        )
    name = game if isinstance(game, str) else game.name
    if name not in engines():
        known = ", ".join(engines()) or "none"
        raise NativeUnavailableError(
            f"{name!r} has no native engine (native engines: {known}); use --engine python"
        )
    options = "" if isinstance(game, str) else config(game)
    if options is None:
        raise NativeUnavailableError(
            f"the native {name} engine does not play these options "
            f"({_game(game).options.text()}); use --engine python"
        )
    module = _submodule(name)
    assert module is not None  # name is in engines()
    return module, options


def _canonical(game: GameLike, text: str) -> str:
    """The Python game's canonical text of `text`; raises the Python game's own error.
    Read with `reachable=False`: the native readers check the form only, not whether a
    game can reach the position, so this fallback must not refuse more than they do."""
    canonical: str = _game(game).parse(text, reachable=False).text()
    return canonical


def _call(game: GameLike, function: str, text: str, *args: Any) -> Any:
    """Call the native `function` on `text`; text the native reader refuses goes through
    the Python game's reader (its error, or its canonical text) first."""
    engine, config = _engine(game)
    method = getattr(engine, function)
    try:
        return method(text, *args, config=config)
    except ValueError:
        pass
    canonical = _canonical(game, text)
    try:
        return method(canonical, *args, config=config)
    except ValueError:
        raise PositionError(
            "the native engine cannot hold this position (numbers beyond 18 digits?)", text
        ) from None


def perft(game: GameLike, text: str, depth: int) -> int:
    """The leaves of the legal-move tree `depth` plies deep from the position `text`."""
    result: int = _call(game, "perft", text, _depth(depth))
    return result


def divide(game: GameLike, text: str, depth: int) -> list[tuple[str, int]]:
    """Perft split by first move: (move notation, leaf count) pairs."""
    rows: list[tuple[str, int]] = _call(game, "divide", text, _depth(depth))
    return rows


def random_playouts(
    game: GameLike, text: str, games: int, seed: int = 0, max_plies: int = 10_000
) -> tuple[int, int, int, int, int]:
    """`games` games of uniformly random moves from `text` to their end (at most
    `max_plies` each; a cut game counts as a draw): (games, plies, wins of player 0,
    wins of player 1, draws). The same seed gives the same games."""
    if not 0 <= games <= 100_000_000 or not 0 <= max_plies <= 1_000_000:
        raise ValueError("games 0..100000000 and max_plies 0..1000000")
    stats: tuple[int, int, int, int, int] = _call(
        game, "random_playouts", text, games, seed & (2**64 - 1), max_plies
    )
    return stats


def legal_moves(game: GameLike, text: str) -> list[str]:
    """The legal moves of the position `text` in the game's notation."""
    moves: list[str] = _call(game, "legal_moves", text)
    return moves


def children(game: GameLike, text: str) -> list[tuple[str, str]]:
    """Every legal move with the position text after it."""
    rows: list[tuple[str, str]] = _call(game, "children", text)
    return rows


def play(game: GameLike, text: str, move: str) -> str:
    """The position text after `move` (any notation the Python game reads).

    An illegal move raises the Python game's `IllegalMoveError` naming the broken rule.
    """
    engine, config = _engine(game)
    try:
        result: str = engine.play(text, move, config=config)
        return result
    except ValueError:
        pass
    state = _game(game).parse(text, reachable=False)
    parsed = state.parse_move(move)
    state.play(parsed)  # raises IllegalMoveError naming the rule when it is illegal
    try:
        result = engine.play(_canonical(game, text), str(parsed), config=config)
    except ValueError:
        raise IllegalMoveError("NATIVE", f"the native engine does not take {move!r} here") from None
    return result


def outcome(game: GameLike, text: str) -> Outcome | None:
    """(winner, reason, score parts) once the game is over, else None; winner None is a draw."""
    result = _call(game, "outcome", text)
    if result is None:
        return None
    winner, reason, scores = result
    return (None if winner < 0 else winner, reason, tuple(tuple(part) for part in scores))


#: Deeper than any tree that could be counted; keeps the depth a C++ int.
MAX_DEPTH = 10_000


def _depth(depth: int) -> int:
    return max(0, min(depth, MAX_DEPTH))


__all__ = [
    "GameLike",
    "NativeUnavailableError",
    "available",
    "built",
    "children",
    "config",
    "divide",
    "engines",
    "legal_moves",
    "looks_back",
    "outcome",
    "perft",
    "play",
    "random_playouts",
]
