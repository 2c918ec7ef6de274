"""The strict position reader: guarded numbers, ASCII only, and positions the rules cannot
reach refused with the rule they break (position.py, reachable.py)."""

from __future__ import annotations

import pytest

from spieltisch.core import PositionError
from spieltisch.core.errors import QUOTE_WIDTH
from spieltisch.games.okard import OkardState

from .support import board_text, game, play, position

KINGS = board_text({"a1": "K", "i9": "k"})
#: A play-phase position red to move with 3 AP; fields after the board and hands.
PLAY = KINGS + " -/- 0:0 play r 3 0 s 0 -- -"
#: Its eleven fields, to replace one at a time.
FIELDS = PLAY.split(" ")


def with_field(index: int, value: str, text: str = PLAY) -> str:
    fields = text.split(" ")
    fields[index] = value
    return " ".join(fields)


def refused(text: str, options: str = "") -> str:
    with pytest.raises(PositionError) as info:
        game(options).parse(text)
    message = str(info.value)
    assert len(message) < 400 + 2 * QUOTE_WIDTH  # never the whole input
    return message


# --- numbers: ASCII digits only, at most 18 of them ------------------------------------

HUGE = "9" * 5000


@pytest.mark.parametrize("bad", ["²", "٣", "１", HUGE, "-1", "+2", "0x1"])
@pytest.mark.parametrize(
    ("index", "template"),
    [
        (0, "{}/9/9/9/9/9/9/9/K,7,k"),  # an empty run
        (1, "B{}/-"),  # a count in hand
        (2, "{}:0"),
        (2, "0:{}"),
        (5, "{}"),  # action points
        (6, "{}"),  # sacrificed
        (8, "{}"),  # turn
        (10, "{}"),  # the round's die
    ],
)
def test_every_numeric_field_takes_only_guarded_ascii_numbers(
    index: int, template: str, bad: str
) -> None:
    text = with_field(index, template.format(bad))
    refused(text, "ap=round" if index == 10 else "")


def test_a_huge_empty_run_is_refused_with_a_short_message() -> None:
    message = refused(with_field(0, f"{HUGE}/9/9/9/9/9/9/9/K,7,k"))
    assert "empty run" in message


# --- look-alikes are no letters of the notation -----------------------------------------


@pytest.mark.parametrize(
    ("index", "value"),
    [
        (0, "ſp,8/9/9/9/9/9/9/9/K,7,k"),  # long s: 'ſp'.upper() == 'SP'
        (0, "9/9/9/9/9/9/9/9/K,7,ı"),  # dotless i
        (0, "9/9/9/9/9/9/9/9/\u212a,7,k"),  # Kelvin sign K
        (1, "ſP1/-"),
        (3, "pl\u0430y"),  # Cyrillic a
        (4, "\u0280"),
        (7, "ſ"),
        (9, "\u2010-"),
    ],
)
def test_unicode_look_alikes_are_refused(index: int, value: str) -> None:
    refused(with_field(index, value))


def test_only_ascii_whitespace_separates_fields() -> None:
    refused(PLAY.replace(" play ", "\u2003play\u2003"))
    assert game().parse(PLAY.replace(" play ", "\tplay  ")).text() == PLAY


# --- the setup phases --------------------------------------------------------------------

EMPTY = "9/9/9/9/9/9/9/9/9"


@pytest.mark.parametrize(
    "fields",
    [
        "-/- 0:0 pick r 3 0 s 0 -- -",
        "-/- 1:0 pick r 0 0 s 0 -- -",
        "-/- 0:0 pick r 0 2 s 0 -- -",
        "-/- 0:0 pick r 0 0 m 0 -- -",
        "-/- 0:0 pick r 0 0 s 4 -- -",
        "K1/K1 0:0 place r 0 0 s 0 -- 3",
    ],
)
def test_the_setup_phases_have_no_turn_fields(fields: str) -> None:
    assert refused(f"{EMPTY} {fields}", "ap=round").startswith("PHASE_ORDER")


def test_a_placement_army_above_the_army_size() -> None:
    assert refused(f"{EMPTY} G7K1/K1 0:0 place r 0 0 s 0 -- -").startswith("ARMY_LIMIT")


def test_two_or_no_koenig_in_the_placement_phase() -> None:
    two = board_text({"a1": "K"}) + " K1/K1 0:0 place b 0 0 s 0 -- -"
    assert refused(two).startswith("ONE_KING")
    none = f"{EMPTY} B1/K1 0:0 place r 0 0 s 0 -- -"
    assert refused(none).startswith("KING_REQUIRED")


def test_an_army_is_complete_only_with_its_koenig() -> None:
    assert refused(f"{EMPTY} -/- 0:0 pick r 0 0 s 0 -b -").startswith("KING_REQUIRED")
    passed = f"{EMPTY} B1/K1 0:0 pick r 0 0 s 0 -b -"
    assert game().parse(passed).passed == (False, True)


def test_a_finished_placement_has_the_koenig_on_the_board() -> None:
    text = f"{EMPTY} B1K1/K1 0:0 place b 0 0 s 0 r- -"
    assert refused(text).startswith("KING_REQUIRED")
    placed = board_text({"e1": "K"}) + " B1/K1 0:0 place b 0 0 s 0 r- -"
    assert game().parse(placed).text() == placed


def test_placed_stones_stand_front_up_on_own_setup_rows() -> None:
    off_rows = board_text({"e4": "K"}) + " -/K1 0:0 place b 0 0 s 0 -- -"
    assert refused(off_rows).startswith("SETUP_ROWS")
    blue_low = board_text({"e1": "K", "e3": "k"}) + " -/- 0:0 place r 0 0 s 0 -- -"
    assert refused(blue_low).startswith("SETUP_ROWS")
    back_up = board_text({"e1": "K", "d1": "B+"}) + " -/B1K1 0:0 place b 0 0 s 0 -- -"
    assert refused(back_up).startswith("FRONT_SIDE_UP")


def test_picks_and_placements_alternate_from_red() -> None:
    assert refused(f"{EMPTY} -/- 0:0 pick b 0 0 s 0 -- -").startswith("TURN_ORDER")
    assert refused(f"{EMPTY} B2/- 0:0 pick b 0 0 s 0 -- -").startswith("TURN_ORDER")
    assert refused(f"{EMPTY} B1/B1 0:0 pick b 0 0 s 0 -- -").startswith("TURN_ORDER")
    assert game().parse(f"{EMPTY} B1/- 0:0 pick b 0 0 s 0 -- -").mover == 1
    placed = board_text({"e1": "K"}) + " B1/B1K1 0:0 place r 0 0 s 0 -- -"
    assert refused(placed).startswith("TURN_ORDER")


def test_a_player_who_has_finished_is_not_to_move() -> None:
    text = f"{EMPTY} K1/K1 0:0 pick r 0 0 s 0 r- -"
    assert refused(text).startswith("TURN_ORDER")


def test_a_pick_phase_without_room_for_the_koenig_is_refused() -> None:
    # Red holds 28 points without a König on an army of 33: no pick fits, no pass allowed.
    text = f"{EMPTY} B2/B1K1 0:0 pick r 0 0 s 0 -- -"
    assert refused(text, "army=33").startswith("KING_ROOM")
    # The same for the player not to move: its next turn would have no move.
    text = f"{EMPTY} B1K1/B2 0:0 pick r 0 0 s 0 -- -"
    assert refused(text, "army=33").startswith("KING_ROOM")


def test_a_dead_position_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last check: a position the others let through but with no move is refused."""
    monkeypatch.setattr(OkardState, "legal_moves", lambda self: [])
    assert refused(f"{EMPTY} -/- 0:0 pick r 0 0 s 0 -- -").startswith("DEAD_POSITION")
    over = board_text({"a1": "K"}) + " K1/- 19:0 over-king r 0 0 m 1 -- -"
    assert game().parse(over).is_over()


# --- the play phase ----------------------------------------------------------------------


def test_play_has_no_done_flags() -> None:
    assert refused(with_field(9, "r-")).startswith("PHASE_ORDER")


def test_only_one_die_per_round_keeps_a_die() -> None:
    assert refused(with_field(10, "3")).startswith("DICE")
    assert refused(PLAY, "ap=round").startswith("DICE")
    assert game("ap=round").parse(with_field(10, "3")).round_die == 3


def test_the_game_holds_exactly_two_koenige() -> None:
    one = board_text({"a1": "K"}) + " -/- 0:0 play r 3 0 s 0 -- -"
    assert refused(one).startswith("ONE_KING")
    three = KINGS + " K1/- 19:0 play r 3 0 s 2 -- -"
    assert refused(three).startswith("ONE_KING")
    in_hand = board_text({"a1": "K"}) + " K1/- 19:0 play b 3 0 s 1 -- -"
    assert refused(in_hand).startswith("KING_REQUIRED")  # end=king: the game would be over
    # Other end conditions: a captured König is an ordinary stone in the captor's hand.
    assert game("end=all").parse(in_hand).hands[0][-1] == 1


def test_the_stones_are_worth_at_most_two_armies() -> None:
    assert refused(KINGS + " G15/- 0:0 play r 3 0 s 0 -- -").startswith("ARMY_LIMIT")
    assert refused(KINGS + " G22/- 0:0 play r 3 0 s 0 -- -").startswith("the count of G")


def test_captured_values_need_the_turns_to_capture_them() -> None:
    assert refused(with_field(2, "201:0")).startswith("CAPTURED_VALUE")
    assert game().parse(with_field(2, "200:0")).captured == (200, 0)


def test_a_turn_begins_with_the_die() -> None:
    assert refused(with_field(6, "2", with_field(5, "?"))).startswith("STEP_ORDER")
    assert refused(with_field(7, "m", with_field(5, "?"))).startswith("STEP_ORDER")


@pytest.mark.parametrize(
    ("ap", "sac", "stage", "options"),
    [
        ("7", "0", "s", ""),
        ("9", "2", "s", ""),
        ("6", "0", "m", ""),
        ("4", "0", "s", "ap=fixed fixed_ap=3"),
        ("4", "0", "s", "ap=round"),
    ],
)
def test_action_points_above_the_turns_start_and_sacrifices(
    ap: str, sac: str, stage: str, options: str
) -> None:
    text = with_field(10, "3") if "round" in options else PLAY
    text = with_field(7, stage, with_field(6, sac, with_field(5, ap, text)))
    assert refused(text, options).startswith("ACTION_POINTS")


def test_a_won_game_that_goes_on() -> None:
    points = with_field(2, "28:0")
    assert refused(points, "end=points target=28").startswith("GAME_OVER")
    assert game("end=points target=29").parse(points).captured == (28, 0)
    home = board_text({"e1": "K", "a9": "k", "e8": "G"}) + " -/- 0:0 play b 3 0 s 1 -- -"
    assert refused(home, "end=home target=19").startswith("GAME_OVER")
    assert game("end=home target=20").parse(home).home_points(0) == 19


# --- a finished game ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stones", "fields", "options"),
    [
        ({"a1": "K", "i9": "k"}, "-/- 0:0 over-king r 0 0 m 1 -- -", ""),
        ({"a1": "K"}, "K1/- 19:0 over-king = 0 0 m 1 -- -", ""),
        ({"a1": "K", "i9": "k"}, "-/- 0:0 over-turns = 0 0 s 199 -- -", ""),
        ({"a1": "K", "i9": "k"}, "-/- 5:0 over-turns b 0 0 s 200 -- -", ""),
        ({"a1": "K", "i9": "k"}, "-/- 5:5 over-turns r 0 0 s 200 -- -", ""),
        ({"a1": "K", "i9": "k"}, "-/- 27:0 over-points r 0 0 m 3 -- -", "end=points target=28"),
        ({"a1": "K", "i9": "k"}, "-/- 0:0 over-home r 0 0 s 3 -- -", "end=home"),
        ({"a1": "K", "i9": "k"}, "-/- 0:0 over-all r 0 0 m 3 -- -", "end=all"),
    ],
)
def test_the_winner_and_reason_agree_with_the_position(
    stones: dict[str, str], fields: str, options: str
) -> None:
    assert refused(f"{board_text(stones)} {fields}", options).startswith("END_REASON")


def test_finished_games_that_are_consistent_are_read() -> None:
    won = board_text({"a1": "K"}) + " K1/- 19:0 over-king r 0 0 m 1 -- -"
    outcome = game().parse(won).outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == (0, "KING_CAPTURED")
    drawn = KINGS + " -/- 5:5 over-turns = 0 0 s 200 -- -"
    outcome = game().parse(drawn).outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == (None, "TURN_LIMIT")


def test_every_position_of_a_played_game_is_read_back() -> None:
    state = play(game("army=33").new_state(), "PI K", "PI B", "PI B", "PI K", "PL K e1", "PL B e9")
    assert game("army=33").parse(state.text()) == state
    play(state, "PL B d1", "PL K e8", "D3", "e1-e2", "END")
    assert game("army=33").parse(state.text()) == state


def test_position_fixtures_of_the_support_module_are_reachable() -> None:
    assert position(PLAY).action_points == 3
