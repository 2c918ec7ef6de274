"""Games made for the analysis tests, imported through the API: a Schachogi mate in
three, and a short finished Schachogi game with a blunder in it."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from spieltisch.core.record import FORMAT, GameRecord
from spieltisch.core.registry import load

#: White mates in three moves (five plies): the knight checks, the rook comes round.
MATE_START = "6p1/8/7P/3W4/8/8/8/R7 w 0 1"
MATE_LINE = ["d5e7+", "g8h8", "a1a8+", "h8g8", "a8g8"]

#: Rooks and Pflöcke (tests/helpers/web.py's short start): White gives its rook away
#: at once (a blunder), and Black, searched deeper than White, takes White's Pflöck.
BLUNDER_START = "r3p3/8/8/8/8/8/8/R3P3 w 0 1"
BLUNDER_MOVES = [
    "a1a7", "a8a7", "e1f2", "a7a2", "f2g3", "a2e2+", "g3g4", "e2f2",
    "g4h4", "f2g2", "h4h5", "e8f7", "h5h4", "f7g6", "h4g4", "g2g4",
]  # fmt: skip


def record(game: str, options: str, start: str, moves: list[str]) -> GameRecord:
    """The record of `moves` from `start`, its result the one the moves reach."""
    state = load(game, options or None).parse(start)
    for move in moves:
        state.play(state.parse_move(move))
    outcome = state.outcome()
    return GameRecord(
        game=game,
        options=options,
        start=start,
        seed=None,
        players=("Anna", "Ben"),
        moves=list(moves),
        winner=None if outcome is None else outcome.winner,
        reason="" if outcome is None else outcome.reason,
        scores=((), ()) if outcome is None else outcome.scores,
        finished=outcome is not None,
    )


def import_record(server: Any, made: GameRecord) -> int:
    body = json.dumps({"format": FORMAT, **asdict(made)})
    status, answer, _ = server.post("/api/records/import", body)
    assert status == 200, answer
    return int(answer["id"])
