"""The self-play data generator (benchmarks/selfplay_data.py): positions that parse back,
with the side to move, the search's score and the game's result."""

from __future__ import annotations

from pathlib import Path

import pytest

import spieltisch
from benchmarks import selfplay_data
from spieltisch import native

pytestmark = pytest.mark.skipif(not native.built(), reason="the native engines are not built")


@pytest.mark.parametrize("name", ["hase-und-igel", "ostseeschach", "schachogi"])
def test_rows_parse_back_with_mover_and_result(tmp_path: Path, name: str) -> None:
    settings = selfplay_data.Settings(name, depth=1, opening=4, noise=0.1)
    out = tmp_path / "data.jsonl.gz"
    games, positions = selfplay_data.write(out, selfplay_data.generate(settings, 2, seed=5))
    rows = list(selfplay_data.read(out))
    assert games == 2 and positions == len(rows) > 0
    game = spieltisch.load(name)
    for seed in (5, 6):
        mine = [row for row in rows if row["seed"] == seed]
        assert [row["ply"] for row in mine] == sorted(row["ply"] for row in mine)
        assert {row["result"] for row in mine} <= {-1, 0, 1} and len(
            {row["result"] for row in mine}
        ) == 1
    for row in rows:
        state = game.parse(row["text"])
        assert state.text() == row["text"]
        assert state.to_move == row["to_move"] in (0, 1)
        assert not state.is_over() and not state.is_chance()
        assert isinstance(row["score"], int)
        assert set(row) == {
            "game",
            "options",
            "seed",
            "ply",
            "text",
            "to_move",
            "score",
            "result",
            "plies",
            "reason",
        }


def test_the_last_position_leads_to_the_result() -> None:
    """The result is the game's: the last row's position, its move played, ends the game
    with that winner (depth 1, no noise after the opening: replayable)."""
    settings = selfplay_data.Settings("hase-und-igel", depth=2, opening=2)
    rows = selfplay_data.play(settings, 11)
    game = spieltisch.load("hase-und-igel")
    last = game.parse(rows[-1]["text"])
    result = native.search.search(game, rows[-1]["text"], depth=2)
    last.play(last.parse_move(result.best))
    while last.is_chance():
        last.play(last.chance_outcomes()[0][0])
    assert last.is_over()
    r0, r1 = last.returns()
    assert rows[-1]["result"] == (1 if r0 > r1 else -1 if r0 < r1 else 0)


def test_same_seed_same_games_in_processes_or_not() -> None:
    settings = selfplay_data.Settings("ostseeschach", depth=1, opening=3, noise=0.2)
    alone = sorted(
        (row["seed"], row["ply"], row["text"])
        for rows in selfplay_data.generate(settings, 3, 9)
        for row in rows
    )
    pooled = sorted(
        (row["seed"], row["ply"], row["text"])
        for rows in selfplay_data.generate(settings, 3, 9, workers=2)
        for row in rows
    )
    assert alone == pooled


def test_okard_chance_and_options(tmp_path: Path) -> None:
    settings = selfplay_data.Settings("okard", options="board=8 ap=round", depth=1, opening=2)
    rows = selfplay_data.play(settings, 3)
    game = spieltisch.load("okard", "board=8 ap=round")
    assert rows and all(row["options"] == "board=8 ap=round" for row in rows)
    for row in rows[:: max(1, len(rows) // 10)]:
        state = game.parse(row["text"])
        assert state.to_move == row["to_move"] and not state.is_chance()


def test_the_evaluation_variant_plays() -> None:
    """`--eval N` plays the engine's variant N: each row's score is that variant's search
    value (Okard's evaluation before its fit, `eval=2`, against the default), and the games
    differ."""
    game = spieltisch.load("okard")
    plain = selfplay_data.play(selfplay_data.Settings("okard", depth=1, opening=2), 4)
    other = selfplay_data.play(selfplay_data.Settings("okard", depth=1, opening=2, evaluation=2), 4)
    for row in other[:: max(1, len(other) // 10)]:
        value = native.search.search(game, row["text"], depth=1, evaluation=2).score
        assert row["score"] == value
    assert [row["score"] for row in plain] != [row["score"] for row in other]
