"""Matches, Elo figures and game records."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import spieltisch
from spieltisch.ai.spec import make_agent
from spieltisch.arena.elo import MatchScore, elo_difference
from spieltisch.arena.match import play_game, run_match
from spieltisch.arena.record import GameRecord, load_record, replay_record


def test_elo_difference() -> None:
    assert elo_difference(0.5) == 0.0
    assert elo_difference(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo_difference(0.25) == pytest.approx(-190.85, abs=0.01)
    assert elo_difference(1.0) == math.inf


def test_score_interval() -> None:
    score = MatchScore(60, 20, 20)
    assert score.score == 0.7
    low, high = score.score_interval()
    # sample variance of the per-game score: (60*.09 + 20*.04 + 20*.49) / 100 = 0.16
    assert high - low == pytest.approx(2 * 1.959964 * math.sqrt(0.16 / 100), rel=1e-5)
    elo_low, elo_high = score.elo_interval()
    assert elo_low < score.elo() < elo_high
    assert MatchScore(10, 0, 0).elo_interval() == (math.inf, math.inf)


def test_play_game_and_record_round_trip(tmp_path: Path) -> None:
    game = spieltisch.load("ostseeschach")
    agents = (make_agent("random", game, seed=1), make_agent("mcts:iterations=20", game, seed=2))
    record = play_game(game, agents, start_seed=5, chance_seed=1)
    assert record.finished and record.moves
    assert len(record.seconds) == len(record.moves)
    path = tmp_path / "game.json"
    record.save(path)
    again = load_record(path)
    assert again == record
    final = replay_record(again)
    assert final.is_over()
    outcome = final.outcome()
    assert outcome is not None and outcome.winner == record.winner
    assert replay_record(again, 0).text() == game.new_state(5).text()


def test_bad_records_are_refused() -> None:
    with pytest.raises(spieltisch.NotationError):
        GameRecord.from_json("{")
    with pytest.raises(spieltisch.NotationError):
        GameRecord.from_json(json.dumps({"format": "other"}))
    game = spieltisch.load("ostseeschach")
    record = play_game(game, (make_agent("random", seed=1), make_agent("random", seed=2)))
    record.moves[3] = "a1a1"
    with pytest.raises(spieltisch.NotationError, match="move 4"):
        replay_record(record)


def test_match_alternates_seats_and_is_reproducible() -> None:
    game = spieltisch.load("ostseeschach")
    seen: list[int] = []
    result = run_match(
        game, "mcts:iterations=10", "random", 4, seed=3, on_game=lambda i, _r: seen.append(i)
    )
    assert sorted(seen) == [0, 1, 2, 3]
    assert [r.players[0] for r in result.records] == [
        "mcts:iterations=10",
        "random",
        "mcts:iterations=10",
        "random",
    ]
    # games 2k and 2k+1 start from the same position
    assert result.records[0].start == result.records[1].start
    assert result.records[0].start != result.records[2].start
    score = result.score()
    assert score.games == 4
    parallel = run_match(game, "mcts:iterations=10", "random", 4, seed=3, workers=2)
    assert [r.moves for r in parallel.records] == [r.moves for r in result.records]
