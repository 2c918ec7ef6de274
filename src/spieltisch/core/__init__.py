"""The common game API shared by every game."""

from spieltisch.core.errors import (
    IllegalMoveError,
    NotationError,
    OptionError,
    PositionError,
    SpieltischError,
    UnknownGameError,
)
from spieltisch.core.game import CHANCE, TERMINAL, Game, Outcome, State, replay
from spieltisch.core.options import GameOptions, NoOptions
from spieltisch.core.perft import divide, perft
from spieltisch.core.registry import game_class, game_names, load

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameOptions",
    "IllegalMoveError",
    "NoOptions",
    "NotationError",
    "OptionError",
    "Outcome",
    "PositionError",
    "SpieltischError",
    "State",
    "UnknownGameError",
    "divide",
    "game_class",
    "game_names",
    "load",
    "perft",
    "replay",
]
