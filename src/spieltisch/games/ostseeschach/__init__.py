"""Ostseeschach (Software-Challenge Germany 2022)."""

from spieltisch.games.ostseeschach.game import Ostseeschach
from spieltisch.games.ostseeschach.moves import Move
from spieltisch.games.ostseeschach.state import OstseeschachState

__all__ = ["Move", "Ostseeschach", "OstseeschachState"]
