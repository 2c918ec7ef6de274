"""Position text and move text round trips (hypothesis), position errors, the terminal."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.cli import main
from spieltisch.core import NotationError, PositionError
from spieltisch.games.okard import OkardState
from spieltisch.games.okard.moves import parse_move_text

from .support import game, play_position

OPTION_SETS = [
    "",
    "board=8 ap=round",
    "board=10 ap=fixed end=all",
    "stones=B,K,X:110000011-220000022",
]


def random_state(options: str, seed: int, plies: int) -> OkardState:
    rng = random.Random(seed)
    state = game(options).new_state(seed)
    for _ in range(plies):
        if state.is_over():
            break
        state.play(state.random_move(rng))
    return state


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 10_000), st.integers(0, 400))
def test_position_text_round_trips(options: str, seed: int, plies: int) -> None:
    state = random_state(options, seed, plies)
    text = state.text()
    again = game(options).parse(text)
    assert again == state and again.text() == text
    assert again.hash_key() == state.hash_key()
    assert set(again.legal_moves()) == set(state.legal_moves())
    for move in state.legal_moves():
        assert state.parse_move(str(move)) == move
        assert state.action_move(state.action_id(move)) == move


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 10_000), st.integers(0, 300))
def test_undo_restores_everything(options: str, seed: int, plies: int) -> None:
    state = random_state(options, seed, plies)
    before = state.text()
    rng = random.Random(seed)
    steps = 0
    for _ in range(20):
        if state.is_over():
            break
        state.push(state.random_move(rng))
        steps += 1
    for _ in range(steps):
        state.undo()
    assert state.text() == before


@pytest.mark.parametrize(
    "text",
    [
        "D4",
        "PI B",
        "PI -",
        "PL K e1",
        "PL -",
        "SA e2",
        "e2-e5",
        "a1-i9",
        "PR e2",
        "DR SP j10",
        "END",
    ],
)
def test_move_text_round_trips(text: str) -> None:
    assert str(parse_move_text(text)) == text


def test_move_text_variants() -> None:
    assert str(parse_move_text("pi k")) == "PI K"
    assert str(parse_move_text(" E2x e5 ")) == "e2-e5"
    assert str(parse_move_text("dr b e3")) == "DR B e3"
    assert str(parse_move_text("end")) == "END"


@pytest.mark.parametrize("text", ["", "D7", "PI", "PL K", "e2-", "k1-e5", "e11-e2", "move", "SA"])
def test_bad_move_text(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move_text(text)


START = "9/9/9/9/9/9/9/9/9 -/- 0:0 pick r 0 0 s 0 -- -"


def test_start_position_text() -> None:
    assert game().new_state().text() == START
    assert game("board=8").new_state().text() == "8/8/8/8/8/8/8/8 -/- 0:0 pick r 0 0 s 0 -- -"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("9/9", "11 fields"),
        ("9/9/9/9/9/9/9/9 -/- 0:0 pick r 0 0 s 0 -- -", "expected 9 ranks"),
        ("9/9/9/9/9/9/9/9/8 -/- 0:0 play r 0 0 s 0 -- -", "has 8 squares"),
        ("9/9/9/9/9/9/9/9/9,K -/- 0:0 play r 0 0 s 0 -- -", "more than 9"),
        ("9/9/9/9/9/9/9/9/Q,8 -/- 0:0 play r 0 0 s 0 -- -", "unknown stone"),
        ("9/9/9/9/9/9/9/9/G+,8 -/- 0:0 play r 0 0 s 0 -- -", "no back side"),
        ("9/9/9/9/9/9/9/9/Kk,8 -/- 0:0 play r 0 0 s 0 -- -", "neither a count"),
        ("9/9/9/9/9/9/9/9/0,9 -/- 0:0 play r 0 0 s 0 -- -", "at least 1"),
        ("9/9/9/9/9/9/9/9/9 K1 0:0 pick r 0 0 s 0 -- -", "red/blue"),
        ("9/9/9/9/9/9/9/9/9 K1B1/- 0:0 pick r 0 0 s 0 -- -", "stone-list order"),
        ("9/9/9/9/9/9/9/9/9 K/- 0:0 pick r 0 0 s 0 -- -", "must look like"),
        ("9/9/9/9/9/9/9/9/9 -/- 0 pick r 0 0 s 0 -- -", "captured values"),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 game r 0 0 s 0 -- -", "the phase"),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 over-mate r 0 0 s 0 -- -", "end reason"),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 over-home r 0 0 s 0 -- -", "ends by king or turns"),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 play x 0 0 s 0 -- -", "r or b"),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 over-king x 0 0 s 0 -- -", "r, b or ="),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 pick r ? 0 s 0 -- -", "only in the play phase"),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 play b ? 0 s 0 -- -", "never"),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 play r 13 0 s 0 -- -", "action points"),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 play r 1 7 s 0 -- -", "sacrificed"),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 play r 1 0 x 0 -- -", "stage"),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 play r 1 0 s 200 -- -", "past the limit"),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 play r 1 0 s 0 br -", "done flags"),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 play r 1 0 s 0 -- 7", "round's die"),
        ("9/9/9/9/9/9/9/9/K,8 -/- 0:0 pick r 0 0 s 0 -- -", "pick phase"),
        ("9/9/9/9/9/9/9/9/9 T7/- 0:0 pick r 0 0 s 0 -- -", "above the army size"),
        ("9/9/9/9/9/9/9/9/9 K2/- 0:0 pick r 0 0 s 0 -- -", "one König"),
        ("9/9/9/9/9/9/9/9/²,9 -/- 0:0 play r 1 0 s 0 -- -", "neither a count"),
        ("9/9/9/9/9/9/9/9/9 -/- 0:0 play r ² 0 s 0 -- -", "action points"),
        ("9/9/9/9/9/9/9/9/9 -/- ²:0 play r 1 0 s 0 -- -", "captured values"),
    ],
)
def test_bad_positions_raise_position_errors(text: str, message: str) -> None:
    if message == "never":
        with pytest.raises(PositionError, match="only red's turn"):
            game("ap=round").parse(text)
        return
    with pytest.raises(PositionError, match=message):
        game().parse(text)


def test_position_error_points_at_the_character() -> None:
    text = "9/9/9/9/9/9/9/9/9 -/- 0:0 play r 1 0 x 0 -- -"
    with pytest.raises(PositionError) as info:
        game().parse(text)
    assert info.value.position == text.index(" x ") + 1


def test_render_shows_board_sides_hands_ap_and_phase() -> None:
    state = play_position({"a1": "K", "i9": "k", "e4": "B+"}, ap=4, hands="T1/B2", sac=2)
    picture = state.render()
    assert "B+" in picture and "k" in picture
    assert "hand Tx1" in picture and "hand Bx2" in picture
    assert "AP 4" in picture and "sacrificed 2/6" in picture
    assert "red to move" in picture
    assert "PI <code>" in game().new_state().render()
    assert "rolls the die" in play_position({"a1": "K", "i9": "k"}, ap="?").render()


def test_describe_moves() -> None:
    state = play_position({"a1": "K", "i9": "k", "e2": "T", "e4": "b"}, ap=4, hands="B1/-")
    assert state.describe_move(state.parse_move("e2-e5")) == (
        "red moves Turm e2-e5, capturing Bauer on e4 (3 AP)"
    )
    assert "drops Bauer on c1" in state.describe_move(state.parse_move("DR B c1"))
    rolled = play_position({"a1": "K", "i9": "k"}, ap="?")
    assert rolled.describe_move(rolled.parse_move("D3")) == "red rolls 3: 3 action points"


# --- the command line --------------------------------------------------------------------


def test_cli_show_and_bad_position() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["show", "okard"])
    assert result.exit_code == 0 and START in result.output
    result = runner.invoke(main, ["show", "okard", "--position", "9/9 -"])
    assert result.exit_code == 2 and result.output.startswith("error: ")
    result = runner.invoke(main, ["show", "okard", "-o", "board=7"])
    assert result.exit_code == 2 and "8, 9 or 10" in result.output


def test_cli_perft_last_line_is_the_count() -> None:
    runner = CliRunner()
    text = "4,k,4/9/9/9/9/9/9/9/4,K,4 -/- 0:0 play r 2 0 s 0 -- -"
    result = runner.invoke(main, ["perft", "okard", "3", "--position", text])
    assert result.exit_code == 0
    assert result.output.strip().splitlines()[-1] == "159"


def test_cli_play_picks_places_and_plays() -> None:
    runner = CliRunner()
    # Red's hand is empty after placing the König, so red's placement ends by itself.
    moves = "PI K\nPI -\nPL K e1\ne1-e2\nEND\nmoves\nquit\n"
    result = runner.invoke(
        main, ["play", "okard", "--seed", "3", "--opponent", "random", "-o", "army=60"], input=moves
    )
    assert result.exit_code == 0, result.output
    assert "chance: red rolls" in result.output
    assert "blue plays" in result.output
    assert "not played" not in result.output


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 45),
    st.text(alphabet="0123456789²,/+-:? KkBbTtSPrbpmsdover-x", max_size=6),
    st.integers(0, 6),
)
def test_mangled_positions_raise_only_position_errors(where: int, insert: str, cut: int) -> None:
    base = "t,3,k,2,l,1/4,b,4/9/9/4,b,4/9/9/3,B,RI,4/SC,3,K,3,T B1/SP1 0:0 play r 3 0 s 0 -- -"
    text = base[:where] + insert + base[where + cut :]
    try:
        state = game().parse(text)
    except PositionError:
        return
    assert game().parse(state.text()) == state
