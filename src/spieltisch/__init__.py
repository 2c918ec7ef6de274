"""spieltisch: four two-player board games with exact rules, AI, a CLI and a server."""

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
    game_names,
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
    "game_names",
    "load",
    "perft",
]
