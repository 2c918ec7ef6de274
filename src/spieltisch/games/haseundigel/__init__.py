"""Hase und Igel (Software-Challenge Germany 2018)."""

from spieltisch.games.haseundigel.game import HaseUndIgel
from spieltisch.games.haseundigel.moves import Action, Move
from spieltisch.games.haseundigel.state import HaseUndIgelState, Player

__all__ = ["Action", "HaseUndIgel", "HaseUndIgelState", "Move", "Player"]
