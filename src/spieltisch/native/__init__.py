"""The native engines (C++20, `spieltisch._native`) behind a small Python API.

The Python games stay the reference and the API; a native engine answers the same
questions faster for search, perft and bulk simulation. The boundary is narrow: a
position in the game's own text in, moves in the game's notation and position texts out.
Input the native reader refuses (or cannot hold, such as numbers beyond 18 digits) is read
by the Python game instead, so errors are the Python game's own; text the Python game
accepts is handed over in its canonical form.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import spieltisch
from spieltisch.core.errors import IllegalMoveError, PositionError, SpieltischError

try:
    from spieltisch import _native
except ImportError:  # a source tree without the built extension: the Python games only
    _native = None  # type: ignore[assignment]

#: Game name -> the extension's submodule name.
_SUBMODULES: dict[str, str] = {
    "ostseeschach": "ostseeschach",
    "schachogi": "schachogi",
    "hase-und-igel": "haseundigel",
}

Outcome = tuple[int | None, str, tuple[tuple[int, ...], ...]]


class NativeUnavailableError(SpieltischError):
    """A game without a native engine, or a build without the extension."""


def built() -> bool:
    """Whether the extension `spieltisch._native` is built and importable."""
    return _native is not None


def engines() -> list[str]:
    """The games that have a native engine (none when the extension is not built)."""
    if _native is None:
        return []
    return [name for name, sub in _SUBMODULES.items() if hasattr(_native, sub)]


def available(game: str) -> bool:
    """Whether `game` has a native engine in this build."""
    return game in engines()


def _engine(game: str) -> Any:
    if _native is None:
        raise NativeUnavailableError(
            "the native engines are not built (install the package with a C++ compiler: "
            "pip install -e .)"
        )
    if not available(game):
        known = ", ".join(engines()) or "none"
        raise NativeUnavailableError(
            f"{game!r} has no native engine (native engines: {known}); use --engine python"
        )
    module: ModuleType = getattr(_native, _SUBMODULES[game])
    return module


def _canonical(game: str, text: str) -> str:
    """The Python game's canonical text of `text`; raises the Python game's own error.
    Read with `reachable=False`: the native readers check the form only, not whether a
    game can reach the position, so this fallback must not refuse more than they do."""
    canonical: str = spieltisch.load(game).parse(text, reachable=False).text()
    return canonical


def _call(game: str, function: str, text: str, *args: Any) -> Any:
    """Call the native `function` on `text`; text the native reader refuses goes through
    the Python game's reader (its error, or its canonical text) first."""
    engine = _engine(game)
    method = getattr(engine, function)
    try:
        return method(text, *args)
    except ValueError:
        pass
    canonical = _canonical(game, text)
    try:
        return method(canonical, *args)
    except ValueError:
        raise PositionError(
            "the native engine cannot hold this position (numbers beyond 18 digits?)", text
        ) from None


def perft(game: str, text: str, depth: int) -> int:
    """The leaves of the legal-move tree `depth` plies deep from the position `text`."""
    result: int = _call(game, "perft", text, _depth(depth))
    return result


def divide(game: str, text: str, depth: int) -> list[tuple[str, int]]:
    """Perft split by first move: (move notation, leaf count) pairs."""
    rows: list[tuple[str, int]] = _call(game, "divide", text, _depth(depth))
    return rows


def random_playouts(
    game: str, text: str, games: int, seed: int = 0, max_plies: int = 10_000
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


def legal_moves(game: str, text: str) -> list[str]:
    """The legal moves of the position `text` in the game's notation."""
    moves: list[str] = _call(game, "legal_moves", text)
    return moves


def children(game: str, text: str) -> list[tuple[str, str]]:
    """Every legal move with the position text after it."""
    rows: list[tuple[str, str]] = _call(game, "children", text)
    return rows


def play(game: str, text: str, move: str) -> str:
    """The position text after `move` (any notation the Python game reads).

    An illegal move raises the Python game's `IllegalMoveError` naming the broken rule.
    """
    engine = _engine(game)
    try:
        result: str = engine.play(text, move)
        return result
    except ValueError:
        pass
    state = spieltisch.load(game).parse(text, reachable=False)
    parsed = state.parse_move(move)
    state.play(parsed)  # raises IllegalMoveError naming the rule when it is illegal
    try:
        result = engine.play(_canonical(game, text), str(parsed))
    except ValueError:
        raise IllegalMoveError("NATIVE", f"the native engine does not take {move!r} here") from None
    return result


def outcome(game: str, text: str) -> Outcome | None:
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
    "NativeUnavailableError",
    "available",
    "built",
    "children",
    "divide",
    "engines",
    "legal_moves",
    "outcome",
    "perft",
    "play",
    "random_playouts",
]
