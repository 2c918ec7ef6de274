"""Okard: a strategy board game with self-picked armies, two-sided stones and dice."""

from spieltisch.games.okard.game import Okard
from spieltisch.games.okard.moves import Move
from spieltisch.games.okard.options import OkardOptions
from spieltisch.games.okard.state import OkardState

__all__ = ["Move", "Okard", "OkardOptions", "OkardState"]
