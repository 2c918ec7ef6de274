"""Matches between agents, game records, tournaments (pairings, standings, local and Ray
runners), ratings (Elo intervals, Bradley–Terry, the live rating) and the SPRT."""

from spieltisch.arena.elo import MatchScore, elo_difference
from spieltisch.arena.match import MatchResult, play_game, run_match
from spieltisch.arena.ratings import bradley_terry
from spieltisch.arena.sprt import SPRT
from spieltisch.arena.tournament import Entrant, Tournament
from spieltisch.core.record import GameRecord, load_record, replay_record

__all__ = [
    "SPRT",
    "Entrant",
    "GameRecord",
    "MatchResult",
    "MatchScore",
    "Tournament",
    "bradley_terry",
    "elo_difference",
    "load_record",
    "play_game",
    "replay_record",
    "run_match",
]
