"""One or more tests for every paragraph of okard.md, in its order."""

from __future__ import annotations

import pytest

from spieltisch.core import CHANCE, TERMINAL, IllegalMoveError
from spieltisch.games.okard.moves import ROLLS

from .support import game, legal, play, play_position, position, refused

KINGS = {"a1": "K", "i9": "k"}


def with_kings(**stones: str) -> dict[str, str]:
    return {**KINGS, **stones}


# --- Stones -----------------------------------------------------------------------------


def test_directions_are_seen_from_the_owner() -> None:
    red = play_position(with_kings(e4="B"), ap=3)
    assert {m for m in legal(red) if m.startswith("e4")} == {"e4-e5", "e4-e6", "e4-e7"}
    blue = play_position(with_kings(e6="b"), ap=2, mover="b")
    assert {m for m in legal(blue) if m.startswith("e6")} == {"e6-e5", "e6-e4"}


def test_direction_value_zero_neither_moves_nor_captures() -> None:
    state = play_position(with_kings(e4="B", f4="b"), ap=3)
    assert refused(state, "e4-f4") == "DIRECTION"
    assert refused(state, "e4-d3") == "DIRECTION"


def test_direction_value_one_moves_but_does_not_capture() -> None:
    # Späher front: N1 NE2 NW2.
    state = play_position(with_kings(e4="SP", e6="b", f5="b"), ap=3)
    assert "e4-e5" in legal(state)
    assert refused(state, "e4-e6") == "NO_CAPTURE"
    assert "e4-f5" in legal(state)


def test_the_back_side_is_never_weaker_and_stones_have_values() -> None:
    with pytest.raises(Exception, match="weaker"):
        game("stones=K,X:200000003-200000001")
    state = play_position(with_kings(e4="B"), hands="T1/-")
    assert state.army_points(0) == 19 + 14 + 25


# --- Standard stone list ----------------------------------------------------------------


def test_every_army_holds_exactly_one_king() -> None:
    state = play(game().new_state(), "PI K", "PI B")
    assert refused(state, "PI K") == "ONE_KING"


# --- Setup ------------------------------------------------------------------------------


@pytest.mark.parametrize(("board", "rows"), [(8, 2), (9, 3), (10, 3)])
def test_setup_rows_by_board(board: int, rows: int) -> None:
    state = play(game(f"board={board} army=19").new_state(), "PI K", "PI K")
    assert state.phase == "place"
    assert f"PL K a{rows}" in legal(state)
    assert refused(state, f"PL K a{rows + 1}") == "SETUP_ROWS"
    play(state, "PL K a1")
    assert f"PL K a{board - rows + 1}" in legal(state)
    assert refused(state, f"PL K a{board - rows}") == "SETUP_ROWS"


def test_pick_phase_alternates_and_keeps_to_the_point_limit() -> None:
    state = game("army=47").new_state()
    assert state.to_move == 0 and state.phase == "pick"
    play(state, "PI K")
    assert state.to_move == 1
    play(state, "PI B")
    assert state.to_move == 0
    play(state, "PI B", "PI K")  # 19 + 14 = 33 each
    assert state.to_move == 0
    assert refused(state, "PI SP") == "ARMY_LIMIT"  # 33 + 16 > 47
    play(state, "PI B")  # 47: red can afford nothing more and is done
    assert state.to_move == 1 and state.phase == "pick"
    assert refused(state, "PI SP") == "ARMY_LIMIT"
    play(state, "PI B")
    assert state.phase == "place"


def test_a_pick_keeps_room_for_the_king() -> None:
    state = game("army=40").new_state()
    assert refused(state, "PI T") == "KING_ROOM"  # 25 + 19 > 40
    assert "PI B" in legal(state)  # 14 + 19 <= 40


def test_a_pass_needs_the_king_and_the_other_player_goes_on_alone() -> None:
    state = game().new_state()
    assert refused(state, "PI -") == "KING_REQUIRED"
    play(state, "PI K", "PI K", "PI -")
    assert state.to_move == 1
    play(state, "PI B")
    assert state.to_move == 1
    play(state, "PI -")
    assert state.phase == "place"
    assert state.hands == ((0, 0, 0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0, 0, 1))


def test_pick_phase_ends_when_neither_can_afford_a_stone() -> None:
    state = play(game("army=32").new_state(), "PI K", "PI K")
    assert state.phase == "place"


def test_placement_alternates_on_own_setup_rows_and_needs_the_king() -> None:
    state = play(game("army=33").new_state(), "PI K", "PI K", "PI B", "PI -")
    assert state.phase == "place" and state.to_move == 0
    assert refused(state, "PL -") == "KING_REQUIRED"
    assert refused(state, "PL K e4") == "SETUP_ROWS"
    assert refused(state, "PL T e1") == "NOT_IN_HAND"
    play(state, "PL K e1")
    assert state.to_move == 1
    assert refused(state, "PL K e1") == "SETUP_ROWS"
    play(state, "PL K e9")
    assert refused(state, "PL B e1") == "SQUARE_OCCUPIED"
    play(state, "PL -")  # red keeps its Bauer in hand (the draft's sideboard)
    assert state.phase == "play"
    assert state.hands[0][0] == 1
    assert state.stone_at(4) == (0, "K", False)  # front side up


def test_placement_leaves_room_for_the_king() -> None:
    x_row = ",".join(["X"] * 8)
    blue = x_row.lower()
    # Both have placed 15 stones, leaving one setup square each (placements alternate).
    text = f"{blue}/1,{blue[2:]}/8/8/8/8/1,{x_row[2:]}/{x_row} K1X5/K1X5 0:0 place r 0 0 s 0 -- -"
    state = position(text, "board=8 army=200 stones=K,X:100000001")
    assert refused(state, "PL X a2") == "KING_ROOM"
    assert "PL K a2" in legal(state)


def test_red_is_the_first_seat() -> None:
    g = game()
    assert g.player_names == ("red", "blue")
    assert g.new_state().to_move == 0


# --- A turn: 1. action points -----------------------------------------------------------


def start_of_play(options: str = "") -> object:
    return play(game(f"army=19 {options}").new_state(), "PI K", "PI K", "PL K e1", "PL K e9")


def test_a_die_per_turn_is_a_chance_node() -> None:
    state = play(game("army=19").new_state(), "PI K", "PI K", "PL K e1", "PL K e9")
    assert state.phase == "play"
    assert state.to_move == CHANCE
    outcomes = state.chance_outcomes()
    assert [str(m) for m, _ in outcomes] == ["D1", "D2", "D3", "D4", "D5", "D6"]
    assert all(abs(p - 1 / 6) < 1e-12 for _, p in outcomes)
    assert refused(state, "END") == "DICE_FIRST"
    play(state, "D4")
    assert state.to_move == 0 and state.action_points == 4
    assert refused(state, "D3") == "NOT_A_CHANCE_NODE"
    play(state, "END")
    assert state.to_move == CHANCE and state.mover == 1
    play(state, "D2")
    assert state.to_move == 1 and state.action_points == 2


def test_one_die_per_round() -> None:
    state = play(game("army=19 ap=round").new_state(), "PI K", "PI K", "PL K e1", "PL K e9")
    assert state.to_move == CHANCE
    play(state, "D5", "END")
    assert state.to_move == 1 and state.action_points == 5
    play(state, "END")
    assert state.to_move == CHANCE


def test_fixed_action_points_have_no_chance_node() -> None:
    state = play(
        game("army=19 ap=fixed fixed_ap=4").new_state(), "PI K", "PI K", "PL K e1", "PL K e9"
    )
    assert state.to_move == 0 and state.action_points == 4 and not state.chance_outcomes()
    play(state, "e1-e2", "END")
    assert state.to_move == 1 and state.action_points == 4


# --- 2. sacrifice -----------------------------------------------------------------------


def test_sacrifice_gains_the_strength_and_the_stone_goes_to_the_opponent() -> None:
    state = play_position(with_kings(c1="SC", d1="B+"), ap=1)
    play(state, "SA c1")
    assert state.action_points == 3 and state.sacrificed == 2
    play(state, "SA d1")  # repeatable; the promoted Bauer gives its back strength 2
    assert state.action_points == 5 and state.sacrificed == 4
    assert state.hands[1] == (1, 0, 1, 0, 0, 0, 0, 0)  # front side up, in blue's hand


def test_sacrificed_stone_can_leave_the_game() -> None:
    state = play_position(with_kings(c1="SC"), ap=1, options="sacrifice=removed")
    play(state, "SA c1")
    assert state.action_points == 3
    assert state.hands == ((0,) * 8, (0,) * 8)


def test_the_king_is_never_sacrificed() -> None:
    state = play_position(with_kings(), ap=1)
    assert refused(state, "SA a1") == "KING_SACRIFICE"


def test_at_most_six_ap_per_turn_come_from_sacrifices() -> None:
    state = play_position(with_kings(b1="T", c1="T", d1="T", e1="B"), ap=0)
    play(state, "SA b1", "SA c1")
    assert state.sacrificed == 4
    play(state, "SA d1")
    assert state.sacrificed == 6
    assert refused(state, "SA e1") == "SACRIFICE_CAP"
    state = play_position(with_kings(b1="T", e1="B"), ap=0, sac=5)
    assert refused(state, "SA b1") == "SACRIFICE_CAP"
    play(state, "SA e1")
    assert state.sacrificed == 6


# --- 3. move and capture ----------------------------------------------------------------


def test_each_step_onto_an_empty_square_costs_one() -> None:
    state = play_position(with_kings(e2="T"), ap=3)
    assert "e2-e5" in legal(state) and "e2-e6" not in legal(state)
    play(state, "e2-e5")
    assert state.action_points == 0


@pytest.mark.parametrize(
    ("attacker", "defender", "cost"),
    [("B", "g", 3), ("B", "ri", 2), ("B", "b", 1), ("G", "b", 1), ("T", "g", 2), ("G", "g", 1)],
)
def test_capture_costs_one_plus_the_strength_difference(
    attacker: str, defender: str, cost: int
) -> None:
    state = play_position(with_kings(e4=attacker, e5=defender), ap=cost - 1)
    assert refused(state, "e4-e5") == "ACTION_POINTS"
    state = play_position(with_kings(e4=attacker, e5=defender), ap=cost)
    play(state, "e4-e5")
    assert state.action_points == 0


def test_a_capture_puts_the_stone_front_up_into_the_captors_hand_and_the_line_goes_on() -> None:
    state = play_position(with_kings(e2="T", e4="b+", e6="sp"), ap=6)
    play(state, "e2-e7")  # e3 1, e4 capture 1, e5 1, e6 capture 1, e7 1
    assert state.action_points == 1
    assert state.hands[0] == (1, 1, 0, 0, 0, 0, 0, 0)
    assert state.captured == (14 + 16, 0)
    assert state.stone_at(6 * 9 + 4) == (0, "T", False)
    assert state.stone_at(3 * 9 + 4) is None


def test_a_line_never_enters_or_passes_an_own_stone_nor_leaves_the_board() -> None:
    state = play_position(with_kings(e2="T", e4="B"), ap=6)
    assert refused(state, "e2-e4") == "BLOCKED"
    assert refused(state, "e2-e5") == "BLOCKED"
    assert refused(state, "e2-f4") == "NOT_A_LINE"
    small = play_position({"a1": "K", "h8": "k"}, ap=6, n=8, options="board=8")
    assert refused(small, "a1-a9") == "OFF_BOARD"


def test_at_most_one_line_move_per_turn() -> None:
    state = play_position(with_kings(e2="T", c2="T"), ap=6)
    play(state, "e2-e3")
    assert refused(state, "c2-c3") == "STEP_ORDER"
    assert refused(state, "e3-e4") == "STEP_ORDER"


# --- 4. promote -------------------------------------------------------------------------


def test_promotion_anywhere_costs_the_strength_difference_at_least_one() -> None:
    state = play_position(with_kings(e5="B", c2="RI"), ap=2)
    play(state, "PR e5")  # 2 - 1 = 1
    assert state.action_points == 1 and state.stone_at(4 * 9 + 4) == (0, "B", True)
    play(state, "PR c2")  # 3 - 2 = 1
    assert state.action_points == 0
    custom = play_position(
        with_kings(e5="X", c2="SC"), ap=2, options="stones=B,SC,K,X:200000001-222222223"
    )
    play(custom, "PR e5")  # 3 - 1 = 2
    assert custom.action_points == 0
    custom = play_position(with_kings(c2="SC"), ap=1)
    play(custom, "PR c2")  # 2 - 2 = 0, at least 1
    assert custom.action_points == 0


def test_promotion_needs_a_back_side_and_cannot_be_undone() -> None:
    state = play_position(with_kings(e5="G", d5="B+"), ap=3)
    assert refused(state, "PR e5") == "NO_BACK_SIDE"
    assert refused(state, "PR d5") == "NO_BACK_SIDE"
    assert refused(state, "PR a1") == "NO_BACK_SIDE"


# --- 5. drop ----------------------------------------------------------------------------


def test_drop_on_own_setup_rows_for_the_front_strength() -> None:
    state = play_position(with_kings(), ap=4, hands="B1RI1/-")
    assert refused(state, "DR B e4") == "SETUP_ROWS"
    assert refused(state, "DR T e2") == "NOT_IN_HAND"
    assert refused(state, "DR B a1") == "SQUARE_OCCUPIED"
    play(state, "DR B e3", "DR RI e2")
    assert state.action_points == 1
    assert state.stone_at(2 * 9 + 4) == (0, "B", False)
    assert state.hands[0] == (0,) * 8


def test_drops_anywhere_option() -> None:
    state = play_position(with_kings(), ap=4, hands="B1/-", options="drops=anywhere")
    play(state, "DR B e6")
    assert state.stone_at(5 * 9 + 4) == (0, "B", False)


def test_drop_needs_the_action_points() -> None:
    state = play_position(with_kings(), ap=1, hands="RI1/-")
    assert refused(state, "DR RI e2") == "ACTION_POINTS"


# --- the order of the steps -------------------------------------------------------------


def test_steps_keep_their_order() -> None:
    state = play_position(with_kings(e2="T", c1="SC", b2="B"), ap=6, hands="B1/-")
    play(state, "SA c1", "e2-e4")
    assert refused(state, "SA b2") == "STEP_ORDER"  # after the move no sacrifice
    play(state, "PR e4")
    assert refused(state, "b2-b3") == "STEP_ORDER"  # (and no second move)
    play(state, "DR B d1")
    assert refused(state, "PR b2") == "STEP_ORDER"  # after a drop no promotion
    state = play_position(with_kings(e2="T", b2="B"), ap=6)
    play(state, "PR b2")
    assert refused(state, "e2-e3") == "STEP_ORDER"  # after a promotion no move


def test_unused_action_points_are_lost_and_doing_nothing_is_legal() -> None:
    state = play_position(with_kings(), ap=5)
    play(state, "END")
    assert state.to_move == CHANCE and state.mover == 1
    play(state, "D1")
    assert state.action_points == 1
    play(state, "END", "D6")
    assert state.action_points == 6 and state.turn == 2


# --- End of the game --------------------------------------------------------------------


def test_capturing_the_king_wins_at_once() -> None:
    state = play_position({"a1": "K", "e4": "T", "e6": "k"}, ap=6)
    assert refused(state, "e4-e7") == "GAME_ENDS_AT_KING"
    play(state, "e4-e6")
    assert state.to_move == TERMINAL
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.reason == "KING_CAPTURED"
    assert state.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        state.play(state.parse_move("END"))


def test_victory_points() -> None:
    state = play_position(with_kings(e4="T", e5="b", c5="b"), ap=6, options="end=points target=28")
    play(state, "e4-e5")
    assert not state.is_over()
    state = play_position(with_kings(e4="T", e5="b", e6="b"), ap=6, options="end=points target=28")
    play(state, "e4-e6")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.reason == "VICTORY_POINTS"


def test_victory_points_default_target_is_half_the_army() -> None:
    short = play_position(with_kings(e4="T", e5="b"), ap=6, captured="60:0", options="end=points")
    play(short, "e4-e5")  # 60 + 14 = 74 < 75: the game goes on
    assert not short.is_over() and short.captured == (74, 0)
    state = play_position(with_kings(e4="T", e5="b"), ap=6, captured="61:0", options="end=points")
    play(state, "e4-e5")  # 61 + 14 = 75 = 150 / 2
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winner == 0 and outcome.reason == "VICTORY_POINTS"
    assert outcome.scores[0][0] == 75 and state.returns() == (1.0, -1.0)


def test_bringing_stones_home_counts_at_the_end_of_ones_turn() -> None:
    state = play_position({"e1": "K", "a9": "k", "e6": "G"}, ap=6, options="end=home target=19")
    play(state, "e6-e7")
    assert not state.is_over()
    play(state, "END")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.reason == "STONES_HOME"
    assert outcome.scores[0] == (0, 19)


def test_capturing_everything() -> None:
    state = play_position({"e1": "K", "e4": "T", "e5": "k"}, ap=6, hands="-/B1", options="end=all")
    play(state, "e4-e5")  # the König is an ordinary stone here; blue still holds a Bauer
    assert not state.is_over()
    state = play_position({"e1": "K", "e4": "T", "e5": "k"}, ap=6, options="end=all")
    play(state, "e4-e5")
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "ALL_CAPTURED" and outcome.winner == 0


def test_the_turn_limit_higher_captured_value_wins() -> None:
    state = play_position(with_kings(), ap=6, turn=1, captured="5:9", options="turns=2")
    play(state, "END")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "TURN_LIMIT"
    assert state.text().split()[3:5] == ["over-turns", "b"]


def test_the_turn_limit_equal_totals_draw() -> None:
    state = play_position(with_kings(), ap=6, turn=199, captured="14:14")
    play(state, "END")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner is None and state.returns() == (0.0, 0.0)


def test_a_full_game_replays_identically_with_the_same_dice() -> None:
    import random

    def run() -> list[str]:
        rng = random.Random(7)
        state = game().new_state(7)
        seen = []
        while not state.is_over():
            move = state.random_move(rng)
            seen.append(str(move))
            state.play(move)
        return seen

    assert run() == run()
    assert ROLLS[3] in [m for m, _ in play_position(with_kings(), ap="?").chance_outcomes()]


def test_the_example_turn_of_the_guide() -> None:
    """docs/okard.md, "A turn": the example turn plays as described."""
    state = play_position(with_kings(c1="SC", e2="T", e4="b"), ap="?", hands="B1/-")
    play(state, "D4", "SA c1")
    assert state.action_points == 6
    play(state, "e2-e6")
    assert state.action_points == 2 and state.hands[0][0] == 2
    play(state, "PR e6", "DR B d1")
    assert state.action_points == 0
    play(state, "END")
    assert state.mover == 1
