"""Schachogi: chess pieces with shogi moves and promotions."""

from spieltisch.games.schachogi.board import Move
from spieltisch.games.schachogi.game import Schachogi, SchachogiOptions
from spieltisch.games.schachogi.state import SchachogiState

__all__ = ["Move", "Schachogi", "SchachogiOptions", "SchachogiState"]
