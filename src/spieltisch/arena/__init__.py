"""Matches between agents, game records and ratings (Elo with a confidence interval)."""

from spieltisch.arena.elo import MatchScore, elo_difference
from spieltisch.arena.match import MatchResult, play_game, run_match
from spieltisch.arena.record import GameRecord, load_record, replay_record

__all__ = [
    "GameRecord",
    "MatchResult",
    "MatchScore",
    "elo_difference",
    "load_record",
    "play_game",
    "replay_record",
    "run_match",
]
