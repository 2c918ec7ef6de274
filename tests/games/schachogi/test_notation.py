"""Move text and position text (schachogi.md, "Notation"): reading, writing, errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.core.errors import NotationError, PositionError
from spieltisch.games.schachogi import Move, Schachogi, SchachogiOptions
from spieltisch.games.schachogi.moves import parse_move

from .support import reachable_positions

GAME = Schachogi()
START = "rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1"


def test_move_text() -> None:
    assert str(parse_move("e2e3")) == "e2e3"
    move = parse_move("b7b8+")
    assert (move.src, move.dst, move.promote) == (49, 57, True)
    assert str(move) == "b7b8+"
    assert str(parse_move("g6f8+")) == "g6f8+"
    assert parse_move("e2-e3") == parse_move("e2e3")
    assert parse_move("e2e3") is parse_move(" e2e3 ")


@pytest.mark.parametrize("text", ["", "e2", "e2e9", "i2i3", "e2e3++", "e2e3=Q", "P-e4"])
def test_bad_move_text(text: str) -> None:
    with pytest.raises(NotationError, match="e2e3"):
        parse_move(text)


@given(st.integers(0, 63), st.integers(0, 63), st.booleans())
def test_move_text_round_trips(src: int, dst: int, promote: bool) -> None:
    move = Move(src, dst, promote)
    assert parse_move(str(move)) == move
    state = GAME.new_state()
    assert state.action_move(state.action_id(move)) == move


def test_start_text_exactly() -> None:
    assert GAME.new_state().text() == START
    assert GAME.parse(START).text() == START


def test_promoted_pieces_and_counters_in_text() -> None:
    text = "+r3p2+s/8/2+W5/3+i4/4+B3/1+S6/5+w2/+RP5+b b 12 40"
    state = GAME.parse(text)
    assert state.text() == text
    assert state.board[0] == 8 and state.board[7] == -11 and state.board[63] == -9
    assert state.turn == 1 and state.quiet_plies == 12 and state.fullmove == 40


@pytest.mark.parametrize(
    ("text", "message", "at"),
    [
        ("rwsipswr/bbbbbbbb/9/8/8/8/BBBBBBBB/RWSIPSWR w 0 1", "no count", 18),
        ("rwsipswr/bbbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1", "more than 8", 17),
        ("rwsipswr/bbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1", "rank 7 has 7 squares", 16),
        ("rwsipswr/bbbbbbbb/8/8/8/7/BBBBBBBB/RWSIPSWR w 0 1", "rank 3 has 7", 25),
        ("rwsipswr/bbbbbbbb/8/8/8/62/BBBBBBBB/RWSIPSWR w 0 1", "two digits", 25),
        ("rwsiqswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1", "unknown piece letter 'q'", 4),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSW* w 0 1", "unknown piece letter '*'", 42),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSPPSWR w 0 1", "2 Pflöcks", 39),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWS+PPSWR w 0 1", "never promotes", 38),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSW+ w 0 1", "must stand before a piece", 42),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSI+PSWR w 0 1", "never promotes", 39),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB RWSIPSWR w 0 1", "expected 8 ranks", 0),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB w 0 1", "expected 8 ranks", 0),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR x 0 1", "'w' or 'b'", 44),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w -1 1", "100-ply counter", 46),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w a 1", "100-ply counter", 46),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 0", "move number", 48),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1 r1", "rN with N", 50),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1 x2", "rN with N", 50),
        (
            "rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1 r4",
            "drawn when it occurs 3 times",
            50,
        ),
        ("rwsi1swr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1", "Black has no Pflöck", None),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSI1SWR b 0 1", "White has no Pflöck", None),
        ("rwsi1swr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSI1SWR w 0 1", "neither side", None),
        ("rBsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1", "Brrbrr on b8", 1),
        ("rwsipswr/bWbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1", "Wieher on b7", 10),
        ("rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBwB/RWSIPSWR w 0 1", "Wieher on g2", 32),
        ("", "4 fields", None),
    ],
)
def test_position_errors_name_the_place(text: str, message: str, at: int | None) -> None:
    """`at` is the 0-based offset of the offending character (None: the text as a whole)."""
    with pytest.raises(PositionError, match=message) as info:
        GAME.parse(text)
    if at is not None:
        assert info.value.position == at, str(info.value)
        assert f"at character {at + 1} " in str(info.value)


def test_side_to_move_without_pfloeck_has_lost() -> None:
    state = GAME.parse("rwsi1swr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR b 0 1")
    result = state.outcome()
    assert result is not None and result.winner == 0


def test_repetition_field_depends_on_the_option() -> None:
    text = START.replace(" 0 1", " 12 7") + " r4"  # 12 quiet plies: three returns
    assert Schachogi(SchachogiOptions(repetitions=5)).parse(text).text() == text
    assert Schachogi(SchachogiOptions(repetitions=0)).parse(text).text() == text


@st.composite
def positions(draw: st.DrawFn) -> str:
    """Random valid position texts (`support.reachable_positions`: no piece where it could
    never have got, counters that fit)."""
    return draw(reachable_positions())


@settings(max_examples=150, deadline=None)
@given(positions())
def test_position_text_round_trips(text: str) -> None:
    state = GAME.parse(text)
    assert state.text() == text
    again = GAME.parse(state.text())
    assert again == state and again.hash_key() == state.hash_key()
    for move in state.legal_moves():
        assert state.parse_move(str(move)) == move


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet="pirswbPIRSWB+/12345678 9wb-r²x", max_size=60)
    | st.builds(lambda s, t: START[:s] + t + START[s:], st.integers(0, len(START)), st.text())
)
def test_parse_raises_only_position_errors(text: str) -> None:
    try:
        state = GAME.parse(text)
    except PositionError:
        return
    assert GAME.parse(state.text()) == state
