"""Schachogi: chess pieces with shogi moves and promotions."""

from spieltisch.games.schachogi.game import Schachogi
from spieltisch.games.schachogi.moves import Move
from spieltisch.games.schachogi.options import SchachogiOptions
from spieltisch.games.schachogi.state import SchachogiState

__all__ = ["Move", "Schachogi", "SchachogiOptions", "SchachogiState"]
