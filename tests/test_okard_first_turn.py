"""Okard's first turn (benchmarks/okard_first_turn.py): red's least capturing die read from
real match records, and the report's counts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import spieltisch
from benchmarks import okard_first_turn
from benchmarks.okard_first_turn import NO_DIE, FirstTurn, first_turn, summary
from spieltisch import native
from spieltisch.arena.match import run_match

pytestmark = pytest.mark.skipif(not native.built(), reason="the native engines are not built")


def test_a_koenig_falls_on_the_first_turn_only_when_the_die_pays_the_need() -> None:
    """`king_need` is exact: no game captures blue's König on red's first turn with a die
    under the need. The games (a searching engine against `easy`) hold both: Königs that
    fell at once and dice that could not pay."""
    game = spieltisch.load("okard")
    result = run_match(game, "native:depth=3", "easy", 6, seed=3)
    turns = [first_turn(record) for record in result.records]
    seen = [turn for turn in turns if turn is not None]
    assert len(seen) == 6
    assert [turn.seat_of_a for turn in seen] == [0, 1] * 3
    for turn, record in zip(seen, result.records, strict=True):
        assert 1 <= turn.roll <= 6
        assert turn.need <= NO_DIE
        assert turn.winner == record.winner
        if turn.captured_at_once:
            assert turn.could_capture and turn.winner == 0
    assert any(turn.captured_at_once for turn in seen)
    assert any(not turn.could_capture for turn in seen)


def test_the_report_counts_each_agent_by_seat_and_the_needs_by_who_set_up_blue() -> None:
    turns = [
        FirstTurn(need=2, roll=5, winner=0, captured_at_once=True, seat_of_a=0),
        FirstTurn(need=4, roll=3, winner=1, captured_at_once=False, seat_of_a=1),
        FirstTurn(need=NO_DIE, roll=6, winner=0, captured_at_once=False, seat_of_a=0),
        FirstTurn(need=0, roll=1, winner=0, captured_at_once=True, seat_of_a=1),
    ]
    lines = summary(turns)
    assert lines[0] == "4 games"
    assert lines[1] == "  A as red : 2 / 0 / 0 (W / D / L)"
    assert lines[2] == "  B as red : 1 / 0 / 1 (W / D / L)"
    assert lines[3] == "  A as blue: 1 / 0 / 1 (W / D / L)"
    assert lines[4] == "  B as blue: 0 / 0 / 2 (W / D / L)"
    assert lines[5].endswith(
        "could capture blue's König in 2 games, captured it in 2; red won 1 of the other 2"
    )
    # A set up blue in the games of seat_of_a 1: needs 4 and 0 (shown under 1), outliving
    # the shot 3 times in six and never: a quarter on average.
    assert lines[7].split()[4:11] == ["1", "0", "0", "1", "0", "0", "0"]
    assert lines[7].endswith("25% on average")
    # B set up blue against needs 2 and none: one time in six and always.
    assert lines[8].split()[4:11] == ["0", "1", "0", "0", "0", "0", "1"]
    assert lines[8].endswith("58% on average")


def test_the_command_reads_a_match_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = spieltisch.load("okard")
    result = run_match(game, "native:depth=2", "native:depth=1", 2, seed=5)
    for index, record in enumerate(result.records):
        record.save(tmp_path / f"game-{index:04d}.json")
    okard_first_turn.main([str(tmp_path)])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == tmp_path.name
    assert out[1] == "2 games"


def test_red_bauern_on_every_file_reach_any_koenig_blue_can_set_up() -> None:
    """Red's König and nine Bauern, the Bauern one on each file of red's third row: however
    blue sets up its ten stones (its König and nine of strength 1, the most stones 150 points
    buy: a stone of strength 2 costs at least 21), red's first turn captures the König with
    any die from 2 (the sacrifice cap's six AP on top): five times in six. Blue places its
    tenth stone last, after all of red's, and still has no square with a larger need."""
    from spieltisch import _native
    from tests.games.okard.support import board_text

    game = spieltisch.load("okard")
    config = native.config(game)
    assert config is not None
    rng = random.Random(7)
    blue_squares = [f"{f}{r}" for f in "abcdefghi" for r in (7, 8, 9)]
    needs = []
    for _ in range(300):
        stones = {f"{f}3": "B" for f in "abcdefghi"}
        stones[f"{rng.choice('abcdefghi')}{rng.choice((1, 2))}"] = "K"
        king, *others = rng.sample(blue_squares, 10)
        stones[king] = "k"
        for square in others:
            stones[square] = rng.choice(("b", "sp"))
        text = f"{board_text(stones)} -/- 0:0 play r {rng.randint(1, 6)} 0 s 0 -- -"
        game.parse(text, reachable=False)
        needs.append(_native.okard.king_need(text, 0, 6, config))
    assert max(needs) == 2
