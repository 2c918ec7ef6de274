"""The phases of an Okard game, the stages of a turn and the end reasons, with their names
in the position text (okard.md, "Setup", "A turn", "End of the game")."""

from __future__ import annotations

from spieltisch.games.okard.options import EndCondition

PHASE_PICK, PHASE_PLACE, PHASE_PLAY, PHASE_OVER = range(4)
PHASE_NAMES = ("pick", "place", "play", "over")

#: Turn stages: what the player did last this turn (okard.md, "A turn": the step order).
STAGE_START, STAGE_MOVED, STAGE_PROMOTED, STAGE_DROPPED = range(4)
STAGE_LETTERS = "smpd"
STAGE_NAMES = ("start", "moved", "promoted", "dropped")

# End reasons (Outcome.reason) and their short names in the position text.
KING_CAPTURED = "KING_CAPTURED"
VICTORY_POINTS = "VICTORY_POINTS"
STONES_HOME = "STONES_HOME"
ALL_CAPTURED = "ALL_CAPTURED"
TURN_LIMIT = "TURN_LIMIT"
REASONS = (KING_CAPTURED, VICTORY_POINTS, STONES_HOME, ALL_CAPTURED, TURN_LIMIT)
REASON_NAMES = ("king", "points", "home", "all", "turns")
REASON_KING, REASON_POINTS, REASON_HOME, REASON_ALL, REASON_TURNS = range(5)
#: The end reason each end condition gives (the turn limit is the other way to end).
END_REASON = {
    EndCondition.KING: REASON_KING,
    EndCondition.POINTS: REASON_POINTS,
    EndCondition.HOME: REASON_HOME,
    EndCondition.ALL: REASON_ALL,
}
