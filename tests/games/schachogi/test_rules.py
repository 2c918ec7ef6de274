"""One test (or more) for every rule of shared/rules/schachogi.md, section by section."""

from __future__ import annotations

import pytest

from spieltisch.core.errors import IllegalMoveError
from spieltisch.core.game import TERMINAL
from spieltisch.games.schachogi import Schachogi, SchachogiOptions, SchachogiState
from spieltisch.games.schachogi.state import (
    NO_LEGAL_MOVES,
    PFLOECK_CAPTURED,
    QUIET_PLIES,
    REPETITION,
)

GAME = Schachogi()


def pos(text: str, game: Schachogi = GAME) -> SchachogiState:
    """A position set up by hand to show a rule: whether a game can reach it (a Wieher
    on b3, a 100-ply counter of 98 at move 1) is tested in test_position.py, not here."""
    return game.parse(text, reachable=False)


def targets(state: SchachogiState, square: str) -> set[str]:
    """The legal moves of the piece on `square`, without the origin square."""
    return {str(m)[2:] for m in state.legal_moves() if str(m).startswith(square)}


def reach(state: SchachogiState, square: str) -> set[str]:
    """The squares the piece on `square` can move to (promotion or not)."""
    return {t.rstrip("+") for t in targets(state, square)}


def refused(state: SchachogiState, move: str) -> str:
    before = state.text()
    with pytest.raises(IllegalMoveError) as info:
        state.play(state.parse_move(move))
    assert state.text() == before
    return info.value.rule


# --- Board and pieces ------------------------------------------------------------------


def test_start_position_and_white_moves_first() -> None:
    state = GAME.new_state()
    assert state.text() == "rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1"
    assert state.to_move == 0
    assert Schachogi.player_names == ("White", "Black")
    assert GAME.new_state(12345) == state  # the seed changes nothing
    # Only the Brrbrrs and Wiehers can move at first: 8 steps and 4 jumps.
    assert sorted(str(m) for m in state.legal_moves()) == sorted(
        [f"{f}2{f}3" for f in "abcdefgh"] + ["b1a3", "b1c3", "g1f3", "g1h3"]
    )


def test_pfloeck_steps_in_eight_directions() -> None:
    state = pos("4p3/8/8/3P4/8/8/8/8 w 0 1")
    assert targets(state, "d5") == {"c4", "c5", "c6", "d4", "d6", "e4", "e5", "e6"}


def test_ischi_steps_like_the_pfloeck_and_promoted_moves_like_a_queen() -> None:
    state = pos("4p3/8/8/3I4/8/8/8/4P3 w 0 1")
    assert targets(state, "d5") == {"c4", "c5", "c6", "d4", "d6", "e4", "e5", "e6"}
    state = pos("4p3/8/8/3+I4/8/8/8/4P3 w 0 1")
    queen = targets(state, "d5")
    assert {"d8", "a5", "h5", "a8", "h1", "a2", "g8", "d2"} <= queen
    assert "e3" not in queen  # no knight jump
    assert len(queen) == 27


def test_rock_moves_like_a_chess_rook() -> None:
    state = pos("4p3/8/8/3R4/8/8/8/4P3 w 0 1")
    assert reach(state, "d5") == {f"d{r}" for r in "1234678"} | {f"{f}5" for f in "abcefgh"}
    assert "e6" not in reach(state, "d5")


def test_promoted_rock_adds_one_diagonal_step() -> None:
    state = pos("4p3/8/8/3+R4/8/8/8/4P3 w 0 1")
    moves = targets(state, "d5")
    assert {"c4", "c6", "e4", "e6"} <= moves
    assert not {"b3", "b7", "f3", "f7"} & moves  # only one step diagonally
    assert {"d1", "d8", "a5", "h5"} <= moves
    assert len(moves) == 14 + 4


def test_slotser_moves_like_a_chess_bishop() -> None:
    state = pos("4p3/8/8/3S4/8/8/8/4P3 w 0 1")
    assert reach(state, "d5") == {"a8", "b7", "c6", "e4", "f3", "g2", "h1"} | {
        "a2",
        "b3",
        "c4",
        "e6",
        "f7",
        "g8",
    }


def test_promoted_slotser_adds_one_orthogonal_step() -> None:
    state = pos("4p3/8/8/3+S4/8/8/8/4P3 w 0 1")
    moves = targets(state, "d5")
    assert {"c5", "e5", "d4", "d6"} <= moves
    assert not {"b5", "f5", "d3", "d7"} & moves
    assert len(moves) == 13 + 4


def test_wieher_jumps_two_forward_one_aside_over_pieces() -> None:
    # White: d4 forward is up; pieces on d5, c5, e5, d6 are jumped over.
    state = pos("4p3/8/3b4/2BbB3/3W4/8/8/4P3 w 0 1")
    assert targets(state, "d4") == {"c6", "e6"}
    # Black: forward is down.
    state = pos("4p3/8/8/3w4/2bBb3/3B4/8/4P3 b 0 1")
    assert targets(state, "d5") == {"c3", "e3"}
    # Never backwards or sideways, and not onto own pieces.
    state = pos("4p3/8/2B5/8/3W4/8/8/4P3 w 0 1")
    assert targets(state, "d4") == {"e6"}


def test_promoted_wieher_and_brrbrr_move_like_gold_for_both_colours() -> None:
    white_gold = {"c4", "e4", "d5", "d3", "c5", "e5"}  # forward = up
    black_gold = {"c4", "e4", "d5", "d3", "c3", "e3"}  # forward = down
    for letter in "WB":
        state = pos(f"4p3/8/8/8/3+{letter}4/8/8/4P3 w 0 1")
        assert targets(state, "d4") == white_gold
        state = pos(f"4p3/8/8/8/3+{letter.lower()}4/8/8/4P3 b 0 1")
        assert targets(state, "d4") == black_gold
    assert refused(pos("4p3/8/8/8/3+W4/8/8/4P3 w 0 1"), "d4c3") == "INVALID_MOVEMENT"
    assert refused(pos("4p3/8/8/8/3+b4/8/8/4P3 b 0 1"), "d4e5") == "INVALID_MOVEMENT"


def test_brrbrr_steps_straight_forward_moving_or_capturing() -> None:
    state = pos("4p3/8/8/8/2b1b3/3B4/8/4P3 w 0 1")
    assert targets(state, "d3") == {"d4"}
    assert refused(state, "d3c4") == "INVALID_MOVEMENT"  # no diagonal capture
    assert refused(pos("4p3/8/8/8/8/8/3B4/4P3 w 0 1"), "d2d4") == "INVALID_MOVEMENT"
    state = pos("4p3/8/8/8/3b4/3B4/8/4P3 w 0 1")
    assert targets(state, "d3") == {"d4"}  # straight capture
    state.play(state.parse_move("d3d4"))
    assert state.board[3 * 8 + 3] == 6 and -6 not in state.board
    black = pos("4p3/8/8/8/3b4/3B4/8/4P3 b 0 1")
    assert targets(black, "d4") == {"d3"}
    blocked = pos("4p3/8/8/8/8/3S4/3B4/4P3 w 0 1")
    assert targets(blocked, "d2") == set()


def test_sliders_stop_at_the_first_piece_and_capture_only_opponents() -> None:
    state = pos("4p3/3b4/8/8/3R1B2/8/8/4P3 w 0 1")
    moves = targets(state, "d4")
    assert "d7" in moves and "d8" not in moves  # capture the first opponent, no further
    assert "e4" in moves and "f4" not in moves and "g4" not in moves  # own piece blocks
    assert refused(state, "d4d8") == "PATH_BLOCKED"
    assert refused(state, "d4g4") == "PATH_BLOCKED"
    assert refused(state, "d4f4") == "OWN_PIECE_ON_TARGET"
    slotser = pos("4p3/8/5b2/8/3S4/8/1B6/4P3 w 0 1")
    assert "f6" in targets(slotser, "d4") and "g7" not in targets(slotser, "d4")
    assert "c3" in targets(slotser, "d4") and "a1" not in targets(slotser, "d4")


def test_captured_pieces_leave_the_game_no_drops() -> None:
    state = pos("4p3/8/8/3r4/8/8/8/3RP3 w 0 1")
    state.play(state.parse_move("d1d5"))
    assert sorted(v for v in state.board if v) == [-1, 1, 3]
    assert all(state.board[m.src] < 0 for m in state.legal_moves())


def test_no_castling_and_no_en_passant() -> None:
    state = pos("4p3/8/8/8/8/8/8/R3P2R w 0 1")
    assert targets(state, "e1") == {"d1", "f1", "d2", "e2", "f2"}
    # A Brrbrr beside an enemy Brrbrr that just stepped has no capture (no en passant).
    state = pos("4p3/8/8/3Bb3/8/8/8/4P3 w 0 1")
    assert targets(state, "d5") == {"d6"}


# --- Promotion ---------------------------------------------------------------------------


def test_promotion_optional_on_entering_the_zone() -> None:
    state = pos("4p3/8/8/R7/8/8/8/4P3 w 0 1")
    assert {"a6", "a7", "a7+", "a8", "a8+"} <= targets(state, "a5")
    assert "a6+" not in targets(state, "a5")
    black = pos("4p3/8/8/8/r7/8/8/4P3 b 0 1")
    assert {"a3", "a2", "a2+", "a1", "a1+"} <= targets(black, "a4")
    assert "a3+" not in targets(black, "a4")


def test_promotion_wherever_it_came_from() -> None:
    state = pos("4p3/8/8/8/8/8/1S6/4P3 w 0 1")  # Slotser b2 -> g7 in one move
    assert {"g7", "g7+"} <= targets(state, "b2")
    state.play(state.parse_move("b2g7+"))
    assert state.board[6 * 8 + 6] == 9  # promoted Slotser


def test_promotion_optional_moving_inside_the_zone() -> None:
    state = pos("4p3/R7/8/8/8/8/8/4P3 w 0 1")
    assert {"b7", "b7+", "h7", "h7+", "a8", "a8+"} <= targets(state, "a7")
    state = pos("4p3/I7/8/8/8/8/8/4P3 w 0 1")
    assert targets(state, "a7") == {"a8", "a8+", "b8", "b8+", "b7", "b7+", "a6", "b6"}


def test_promotion_optional_leaving_within_the_zone_but_not_out_of_it() -> None:
    state = pos("R3p3/8/8/8/8/8/8/4P3 w 0 1")  # from the last rank back to rank 7
    assert {"a7", "a7+"} <= targets(state, "a8")
    assert "a6" in targets(state, "a8") and "a6+" not in targets(state, "a8")
    assert refused(state, "a8a6+") == "PROMOTION_NOT_ALLOWED"
    black = pos("4p3/8/8/8/8/8/8/r3P3 b 0 1")
    assert {"a2", "a2+"} <= targets(black, "a1")
    assert refused(black, "a1a3+") == "PROMOTION_NOT_ALLOWED"


def test_brrbrr_must_promote_on_the_last_rank_only() -> None:
    state = pos("4p3/1B6/8/8/8/8/B7/4P3 w 0 1")
    assert targets(state, "b7") == {"b8+"}
    assert refused(state, "b7b8") == "PROMOTION_REQUIRED"
    assert targets(state, "a2") == {"a3"}
    seventh = pos("4p3/8/1B6/8/8/8/8/4P3 w 0 1")
    assert targets(seventh, "b6") == {"b7", "b7+"}
    black = pos("4p3/8/8/8/8/8/1b6/4P3 b 0 1")
    assert targets(black, "b2") == {"b1+"}
    assert refused(black, "b2b1") == "PROMOTION_REQUIRED"
    state.play(state.parse_move("b7b8+"))
    assert state.board[7 * 8 + 1] == 11


def test_wieher_must_promote_on_either_of_the_last_two_ranks() -> None:
    state = pos("4p3/8/8/3W4/8/1W6/8/4P3 w 0 1")
    assert targets(state, "d5") == {"c7+", "e7+"}
    assert refused(state, "d5c7") == "PROMOTION_REQUIRED"
    assert targets(state, "b3") == {"a5", "c5"}
    seven = pos("4p3/8/3W4/8/8/8/8/4P3 w 0 1")
    assert targets(seven, "d6") == {"c8+", "e8+"}
    black = pos("4p3/8/8/8/3w4/8/8/P7 b 0 1")
    assert targets(black, "d4") == {"c2+", "e2+"}
    assert refused(black, "d4e2") == "PROMOTION_REQUIRED"


def test_pfloeck_and_promoted_pieces_never_promote() -> None:
    state = pos("8/4P3/8/8/8/8/8/4p3 w 0 1")
    assert targets(state, "e7") == {"d8", "e8", "f8", "d7", "f7", "d6", "e6", "f6"}
    assert refused(state, "e7e8+") == "PROMOTION_NOT_ALLOWED"
    promoted = pos("4p3/+R7/8/8/8/8/8/4P3 w 0 1")
    assert not any(m.promote for m in promoted.legal_moves())
    assert refused(promoted, "a7a8+") == "PROMOTION_NOT_ALLOWED"


# --- End of the game ---------------------------------------------------------------------


def test_capturing_the_pfloeck_wins_at_once() -> None:
    state = pos("4p3/8/8/8/8/8/8/R3P2r w 0 1")
    state.play(state.parse_move("a1a8"))
    state.play(state.parse_move("h1e1"))  # Black takes White's Pflöck
    assert state.to_move == TERMINAL
    assert state.legal_moves() == []
    result = state.outcome()
    assert result is not None and result.winner == 1 and result.reason == PFLOECK_CAPTURED
    assert state.returns() == (-1.0, 1.0)
    assert refused(state, "a8e8") == "GAME_OVER"
    # The finished position reads back as finished.
    again = GAME.parse(state.text())
    assert again.is_over() and again.outcome() == result


def test_no_check_pfloeck_may_step_onto_an_attacked_square() -> None:
    state = pos("4p3/8/8/8/8/8/r7/4P3 w 0 1")  # the Rock on a2 attacks rank 2
    assert {"d2", "e2", "f2"} <= targets(state, "e1")
    state.play(state.parse_move("e1e2"))
    assert not state.is_over()
    assert "a2e2" in {str(m) for m in state.legal_moves()}


def test_no_check_pfloeck_may_be_left_attacked() -> None:
    state = pos("4p3/8/8/8/8/8/8/r3P2R w 0 1")  # White's Pflöck is attacked along rank 1
    state.play(state.parse_move("h1h8"))  # ignores the threat, attacks back
    state.play(state.parse_move("a1e1"))
    assert state.outcome() is not None and state.outcome().winner == 1  # type: ignore[union-attr]


def test_a_side_without_legal_moves_loses() -> None:
    state = pos("P+B+B+B+B+B+B+B/BBBBBBBB/8/8/8/8/8/4p3 w 0 60")
    assert state.to_move == TERMINAL
    result = state.outcome()
    assert result is not None and result.winner == 1 and result.reason == NO_LEGAL_MOVES
    black = pos("4P3/8/8/8/8/8/bbbbbbbb/p+b+b+b+b+b+b+b b 0 60")
    result = black.outcome()
    assert result is not None and result.winner == 0 and result.reason == NO_LEGAL_MOVES


def test_running_out_of_moves_by_a_move() -> None:
    state = pos("P+B+B+B+B+B+B+B/BBBBBBBB/8/8/8/8/r7/4p2R w 0 60")
    assert targets(state, "a8") == set()
    state.play(state.parse_move("h1h2"))
    state.play(state.parse_move("a2h2"))  # takes White's last mobile piece
    result = state.outcome()
    assert result is not None and result.winner == 1 and result.reason == NO_LEGAL_MOVES


SHUFFLE = ["a1a2", "e8d8", "a2a1", "d8e8"]
SHUFFLE_START = "4p3/8/8/8/8/8/8/R3P3 w 0 1"


def _shuffle(game: Schachogi, plies: int) -> SchachogiState:
    state = game.parse(SHUFFLE_START)
    for i in range(plies):
        state.play(state.parse_move(SHUFFLE[i % 4]))
    return state


def test_draw_on_the_third_repetition() -> None:
    state = _shuffle(GAME, 4)
    assert state.repetition_count() == 2 and not state.is_over()
    assert state.text() == "4p3/8/8/8/8/8/8/R3P3 w 4 3 r2"
    state = _shuffle(GAME, 7)
    assert not state.is_over()
    state.play(state.parse_move(SHUFFLE[7 % 4]))
    assert state.to_move == TERMINAL
    result = state.outcome()
    assert result is not None and result.winner is None and result.reason == REPETITION
    assert state.returns() == (0.0, 0.0)
    assert state.text().endswith(" r3")


def test_repetition_text_round_trips_at_every_ply() -> None:
    state = GAME.parse(SHUFFLE_START)
    for i in range(8):
        again = GAME.parse(state.text())
        assert again == state and again.to_move == state.to_move
        assert again.hash_key() == state.hash_key()
        assert set(again.legal_moves()) == set(state.legal_moves())
        state.play(state.parse_move(SHUFFLE[i % 4]))
    again = GAME.parse(state.text())
    assert again.is_over() and again.outcome() == state.outcome()


def test_repetition_counts_only_the_same_side_to_move() -> None:
    # After 2 plies the board is not the start; positions with the other side to move differ.
    state = _shuffle(GAME, 2)
    assert state.repetition_count() == 1


def test_repetition_rule_off_and_changed() -> None:
    off = Schachogi(SchachogiOptions(repetitions=0))
    state = _shuffle(off, 40)
    assert not state.is_over() and state.repetition_count() == 11
    two = Schachogi(SchachogiOptions(repetitions=2))
    state = _shuffle(two, 4)
    assert state.outcome() is not None and state.outcome().reason == REPETITION  # type: ignore[union-attr]


def test_a_parsed_repetition_count_carries_on() -> None:
    state = pos("4p3/8/8/8/8/8/8/R3P3 w 0 1 r2")
    assert state.repetition_count() == 2
    for move in SHUFFLE:
        state.play(state.parse_move(move))
    assert state.outcome() is not None and state.outcome().reason == REPETITION  # type: ignore[union-attr]
    # An irreversible move since the parsed position means no earlier occurrence counts.
    state = pos("4p3/8/8/8/8/8/B7/R3P3 w 0 1 r2")
    for move in ["a2a3", "e8d8", "a1a2", "d8e8"]:
        state.play(state.parse_move(move))
    assert state.repetition_count() == 1


def test_the_100_ply_counter_counts_and_resets() -> None:
    state = pos("r3p3/8/8/8/8/8/B7/R3P3 w 7 1")
    state.play(state.parse_move("a1b1"))
    assert state.quiet_plies == 8
    state.play(state.parse_move("a8a7"))
    assert state.quiet_plies == 9
    state.play(state.parse_move("a2a3"))  # a Brrbrr move resets
    assert state.quiet_plies == 0
    state.play(state.parse_move("a7a3"))  # a capture resets
    assert state.quiet_plies == 0
    state.play(state.parse_move("b1b2"))
    state.play(state.parse_move("a3a2+"))  # a promotion resets
    assert state.quiet_plies == 0
    state.undo()
    assert state.quiet_plies == 1


def test_a_promoted_brrbrr_move_does_not_reset_the_counter() -> None:
    state = pos("4p3/8/8/8/3+B4/8/8/4P3 w 10 1")
    state.play(state.parse_move("d4d5"))
    assert state.quiet_plies == 11


def test_draw_after_100_quiet_plies() -> None:
    state = pos("4p3/8/8/8/8/8/8/R3P3 w 98 1")
    state.play(state.parse_move("a1a2"))
    assert not state.is_over()
    state.play(state.parse_move("e8d8"))
    assert state.quiet_plies == 100
    result = state.outcome()
    assert result is not None and result.winner is None and result.reason == QUIET_PLIES
    assert state.legal_moves() == []


def test_100_ply_rule_from_the_first_ply_and_switched_off() -> None:
    game = Schachogi(SchachogiOptions(repetitions=0))
    state = _shuffle(game, 99)
    assert not state.is_over()
    state.play(state.parse_move(SHUFFLE[99 % 4]))
    assert state.outcome() is not None and state.outcome().reason == QUIET_PLIES  # type: ignore[union-attr]
    endless = Schachogi(SchachogiOptions(repetitions=0, quiet_plies=0))
    state = _shuffle(endless, 400)
    assert not state.is_over() and state.quiet_plies == 400
    changed = Schachogi(SchachogiOptions(quiet_plies=10, repetitions=0))
    state = _shuffle(changed, 10)
    assert state.outcome() is not None and state.outcome().reason == QUIET_PLIES  # type: ignore[union-attr]


def test_no_legal_moves_beats_the_100_ply_draw() -> None:
    state = pos("P+B+B+B+B+B+B+B/BBBBBBBB/8/8/8/8/8/4p3 w 100 60")
    result = state.outcome()
    assert result is not None and result.reason == NO_LEGAL_MOVES
