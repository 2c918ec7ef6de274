"""spieltisch: four two-player board games with exact rules, AI, a CLI and a server."""

# Load the `spieltisch.games` subpackage before binding the registry function `games`:
# a subpackage imported later would replace the attribute `spieltisch.games` with itself.
import spieltisch.games as _games_package  # noqa: F401
from spieltisch.core import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalMoveError,
    NotationError,
    OptionError,
    Outcome,
    PositionError,
    SpieltischError,
    State,
    games,
    load,
    perft,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "Outcome",
    "PositionError",
    "SpieltischError",
    "State",
    "__version__",
    "games",
    "load",
    "perft",
]
