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
from spieltisch.core.record import GameRecord, load_record, replay_record


def test_elo_difference() -> None:
    assert elo_difference(0.5) == 0.0
    assert elo_difference(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo_difference(0.25) == pytest.approx(-190.85, abs=0.01)
    assert elo_difference(1.0) == math.inf


def test_score_interval() -> None:
    score = MatchScore(60, 20, 20)
    assert score.score == 0.7
    low, high = score.score_interval()
    # Per-game score variance at the observed mean: 0.7 * 0.3 - 0.2 / 4 = 0.16; the bounds
    # solve |0.7 - p| = z * sqrt((p (1 - p) - 0.05) / 100).
    for bound in (low, high):
        assert abs(0.7 - bound) == pytest.approx(
            1.959964 * math.sqrt((bound * (1 - bound) - 0.05) / 100), rel=1e-5
        )
    assert low < 0.7 < high
    assert high - low == pytest.approx(2 * 1.959964 * math.sqrt(0.16 / 100), rel=0.05)
    elo_low, elo_high = score.elo_interval()
    assert elo_low < score.elo() < elo_high


def test_score_interval_without_draws_is_wilson() -> None:
    z = 1.959964
    for wins, losses in ((7, 3), (1, 9), (50, 50)):
        n, p = wins + losses, wins / (wins + losses)
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        low, high = MatchScore(wins, 0, losses).score_interval()
        assert low == pytest.approx(centre - half)
        assert high == pytest.approx(centre + half)


def test_a_perfect_score_does_not_prove_an_infinite_difference() -> None:
    low, high = MatchScore(10, 0, 0).score_interval()
    assert high == 1.0 and low == pytest.approx(10 / (10 + 1.959964**2))
    elo_low, elo_high = MatchScore(10, 0, 0).elo_interval()
    assert elo_high == math.inf and 0 < elo_low < 400
    elo_low, elo_high = MatchScore(100, 0, 0).elo_interval()
    assert 500 < elo_low < 600 and elo_high == math.inf
    assert MatchScore(0, 0, 10).elo_interval()[0] == -math.inf
    low, high = MatchScore(0, 10, 0).score_interval()
    assert low == pytest.approx(0.5) and high == pytest.approx(0.5)


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
