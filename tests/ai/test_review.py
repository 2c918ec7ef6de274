"""The review of a whole game: judgements by the expected result a move gives away (as
lichess: 0.1 / 0.2 / 0.3), accuracies, chance moves left out, the evaluation read from
each mover's side."""

from __future__ import annotations

import pytest

from spieltisch.ai.review import judgement, move_accuracy, review


@pytest.mark.parametrize(
    ("loss", "verdict"),
    [
        (0.0, None),
        (0.099, None),
        (0.1, "inaccuracy"),
        (0.199, "inaccuracy"),
        (0.2, "mistake"),
        (0.3, "blunder"),
        (1.5, "blunder"),
    ],
)
def test_judgement_thresholds(loss: float, verdict: str | None) -> None:
    assert judgement(loss) == verdict


def test_move_accuracy_falls_with_the_winning_chance_lost() -> None:
    assert move_accuracy(60.0, 60.0) == pytest.approx(100.0, abs=0.01)
    assert move_accuracy(60.0, 70.0) == pytest.approx(100.0, abs=0.01)  # a gain loses nothing
    assert 60 < move_accuracy(60.0, 50.0) < move_accuracy(60.0, 55.0) < 100
    assert move_accuracy(100.0, 0.0) < 5


def test_each_move_is_judged_from_its_movers_side() -> None:
    # player 0 throws a win away on move 1; player 1 plays well; player 0 errs a little
    expected = [0.0, -0.5, -0.5, -0.62]
    result = review(expected, [0, 1, 0], ["a", "b", "c"], ["x", "b", "d"])
    moves = result.moves
    assert [m.judgement for m in moves] == ["blunder", None, "inaccuracy"]
    assert moves[0].loss == pytest.approx(0.5)
    assert moves[1].loss == 0.0  # -0.5 to -0.5 is no loss for player 1
    assert moves[0].best == "x" and moves[1].best is None  # played the best: not repeated
    assert result.counts[0] == {"inaccuracy": 1, "mistake": 0, "blunder": 1}
    assert result.counts[1] == {"inaccuracy": 0, "mistake": 0, "blunder": 0}
    first, second = result.accuracy
    assert (
        first is not None and second is not None and first < second == pytest.approx(100, abs=0.1)
    )


def test_a_player_one_mistake_is_seen_from_their_side() -> None:
    # player 1's move takes player 0 from 0.0 to +0.25: player 1 lost 0.25
    result = review([0.0, 0.0, 0.25], [0, 1], ["a", "b"])
    assert [m.judgement for m in result.moves] == [None, "mistake"]


def test_die_rolls_are_not_judged_and_missing_values_carry_over() -> None:
    result = review([0.1, None, 0.1, -0.3], [0, None, 0], ["m", "roll 3", "n"])
    assert [m.ply for m in result.moves] == [1, 3]
    assert result.moves[0].loss == 0.0  # the missing value is the one before
    assert result.moves[1].judgement == "blunder"
    assert result.accuracy[1] is None  # no move of player 1


def test_a_review_needs_matching_lengths() -> None:
    with pytest.raises(ValueError):
        review([0.0], [0], ["a"])


def test_to_json_has_moves_and_players() -> None:
    data = review([0.0, -0.4], [0], ["a"]).to_json()
    assert data["moves"][0]["judgement"] == "blunder"  # type: ignore[index]
    players = data["players"]
    assert isinstance(players, list) and players[1]["accuracy"] is None
