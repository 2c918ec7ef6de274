"""Fuzz tests of every Schachogi reader of outside input: position text and move text.
Whatever comes in, the reader answers with the project's own error or with something that
behaves (a state that passes the API checks from there, a move whose notation reads back);
never with a Python error."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.core.errors import NotationError, PositionError
from spieltisch.games.schachogi import Move, Schachogi, SchachogiOptions, SchachogiState
from spieltisch.games.schachogi.moves import parse_move
from tests.games import fuzz
from tests.games.fuzz import play_drawn
from tests.games.playout import check_from

from .support import reachable_positions

GAME = Schachogi()
#: A game with short draw rules, so that fuzzed positions also end by them.
SHORT = Schachogi(SchachogiOptions(repetitions=2, quiet_plies=6))

#: Troublemakers: the common ones (`fuzz.NASTY`), a blank, the side letter, and numbers
#: far too long for `int()`.
NASTY = [
    *fuzz.NASTY,
    " ",
    "r",
    "0",
    "9",
    "1" * 19,
    "9" * 5000,
    "r" + "2" * 5000,
]
pieces_of_text = (
    st.sampled_from(NASTY)
    | st.sampled_from(list("PIRSWBpirswb+12345678/ wb"))
    | st.integers(0, 120).map(str)
    | st.text(max_size=3)
)


@st.composite
def played_states(draw: st.DrawFn) -> SchachogiState:
    return play_drawn(draw, GAME.new_state())


def mutate(draw: st.DrawFn, text: str) -> str:
    """`text` with up to three mutations drawn from this game's `pieces_of_text`."""
    return fuzz.mutate(draw, text, pieces_of_text)


@st.composite
def position_texts(draw: st.DrawFn) -> str:
    source = draw(st.sampled_from(("played", "free", "random")))
    if source == "random":
        return draw(st.text(alphabet="PIRSWBpirswb+/12345678 wbr0²ıſ", max_size=70))
    text = draw(played_states()).text() if source == "played" else draw(reachable_positions())
    if draw(st.booleans()):  # a counter field replaced
        fields = text.split(" ")
        fields[draw(st.sampled_from((2, 3)))] = draw(pieces_of_text)
        text = " ".join(fields)
    return mutate(draw, text)


@given(position_texts(), st.booleans())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_position_text_gives_an_error_or_a_sound_state(text: str, short: bool) -> None:
    game = SHORT if short else GAME
    try:
        state = game.parse(text)
    except PositionError:
        return
    check_from(game, state)


@st.composite
def move_texts(draw: st.DrawFn) -> str:
    if draw(st.booleans()):
        return draw(st.text(alphabet="abcdefgh12345678+-x: ²ı٣9", max_size=12))
    return mutate(draw, draw(st.sampled_from(["e2e3", "b7b8+", "a1-h8", " g6f8+ "])))


@given(move_texts())
@settings(max_examples=300, deadline=None)
def test_move_text_gives_an_error_or_a_move_that_reads_back(text: str) -> None:
    try:
        move = parse_move(text)
    except NotationError:
        return
    assert isinstance(move, Move)
    assert parse_move(str(move)) == move
    assert GAME.new_state().parse_move(str(move)) == move
