"""Fuzz tests (hypothesis) for every reader of outside text in Okard: position texts and
move texts raise nothing but the project's own errors, and whatever they accept behaves.

(a) Random text and mutated texts of reachable positions (characters inserted, deleted
    or replaced, look-alikes `²` `ı` `ſ`, huge digit runs): either a `PositionError`, or a
    state from which a short random playout keeps the API contract (text round trips,
    copies, push/undo, checked play, legal moves until the end).
(b) Random and mutated move texts: either a `NotationError`, or a move whose notation
    reads back to the same move, and which `check` accepts or refuses with a rule.
Okard has no competition XML.
"""

from __future__ import annotations

import random
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.core import IllegalMoveError, NotationError, PositionError
from spieltisch.core.errors import QUOTE_WIDTH
from spieltisch.games.okard import OkardState

from .support import game

OPTION_SETS = (
    "turns=30",
    "board=8 ap=round turns=30",
    "board=10 ap=fixed fixed_ap=4 end=all turns=30",
    "end=points sacrifice=removed turns=30",
    "end=home drops=anywhere army=60 turns=30",
)
#: Characters a mutation inserts: the notation's own, look-alikes and odd whitespace.
ALPHABET = "0123456789,/+-:?= rbpmsdoverkingtalKBTSPRICGLXxe²³ıſİ\u212a٣１\u2003\t\n"
HUGE = "9" * 5000
FIELD_VALUES = ("-", "?", "0", "1", "6", "12", "r", "b", "=", "s", "m", "d", "r-", "-b", "play")
MOVES = ("D4", "PI B", "PI -", "PL K e1", "PL -", "SA e2", "e2-e5", "PR e2", "DR SP j10", "END")


@cache
def reachable_texts(options: str) -> tuple[str, ...]:
    """Position texts met in a few random games: every phase, most move kinds."""
    texts: list[str] = []
    for seed in range(2):
        rng = random.Random(seed)
        state = game(options).new_state(seed)
        plies = 0
        while not state.is_over():
            if plies % 7 == 0:
                texts.append(state.text())
            state.play(state.random_move(rng))
            plies += 1
        texts.append(state.text())
    return tuple(texts)


@st.composite
def mutated_positions(draw: st.DrawFn) -> tuple[str, str]:
    """Character mutations (mostly malformed text), or whole fields swapped in from another
    position of the same game (well-formed fields that may not fit together)."""
    options = draw(st.sampled_from(OPTION_SETS))
    texts = reachable_texts(options)
    text = draw(st.sampled_from(texts))
    if draw(st.booleans()):
        fields = text.split(" ")
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(0, len(fields) - 1))
            other = draw(st.sampled_from(texts)).split(" ")
            if i == 0 or draw(st.integers(0, 9)) < 7:
                fields[i] = other[i]
            else:
                fields[i] = draw(st.sampled_from(FIELD_VALUES))
        return options, " ".join(fields)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(("insert", "delete", "replace", "digits", "swap")))
        if kind == "insert":
            text = text[:at] + draw(st.text(ALPHABET, min_size=1, max_size=3)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 4)) :]
        elif kind == "replace":
            text = text[:at] + draw(st.sampled_from(ALPHABET)) + text[at + 1 :]
        elif kind == "digits":
            text = text[:at] + draw(st.sampled_from(("0", "19", "201", HUGE))) + text[at:]
        else:
            fields = text.split(" ")
            i, j = draw(st.integers(0, len(fields) - 1)), draw(st.integers(0, len(fields) - 1))
            fields[i], fields[j] = fields[j], fields[i]
            text = " ".join(fields)
    return options, text


def check_from(state: OkardState, seed: int, plies: int = 12) -> None:
    """A short random playout from `state`, checking the API contract on the way."""
    g = state.game
    rng = random.Random(seed)
    played = []
    for _ in range(plies):
        text = state.text()
        again = g.parse(text)
        assert again == state and again.text() == text
        assert again.hash_key() == state.hash_key()
        twin = state.copy()
        assert twin == state and twin.history() == state.history()
        legal = state.legal_moves()
        if state.is_over():
            assert not legal and state.outcome() is not None
            break
        assert legal, f"no legal move in {text!r}"
        assert state.outcome() is None
        move = state.random_move(rng)
        assert state.is_legal(move)
        state.push(move)
        pushed = state.text()
        assert state.undo() == move and state.text() == text
        state.play(move)
        assert state.text() == pushed
        played.append(move)
        assert state.history()[-len(played) :] == played


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_positions(), st.integers(0, 1000))
def test_mutated_positions_raise_position_errors_or_play_on(
    case: tuple[str, str], seed: int
) -> None:
    options, text = case
    try:
        state = game(options).parse(text)
    except PositionError as exc:
        assert len(str(exc)) < 500 + 2 * QUOTE_WIDTH
        return
    check_from(state, seed)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.text(max_size=60))
def test_random_text_is_no_position(options: str, text: str) -> None:
    try:
        state = game(options).parse(text)
    except PositionError:
        return
    check_from(state, 0)


@st.composite
def move_texts(draw: st.DrawFn) -> str:
    if draw(st.booleans()):
        return draw(st.text(ALPHABET + "ADEILNPRSabcdefghij", max_size=14))
    text = draw(st.sampled_from(MOVES))
    at = draw(st.integers(0, len(text)))
    kind = draw(st.sampled_from(("insert", "delete", "replace", "digits")))
    if kind == "insert":
        return text[:at] + draw(st.text(ALPHABET, min_size=1, max_size=2)) + text[at:]
    if kind == "delete":
        return text[:at] + text[at + 1 :]
    if kind == "replace":
        return text[:at] + draw(st.sampled_from(ALPHABET)) + text[at + 1 :]
    return text[:at] + draw(st.sampled_from(("0", "11", HUGE))) + text[at:]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 2), move_texts())
def test_move_texts_raise_notation_errors_or_read_back(options: str, which: int, text: str) -> None:
    texts = reachable_texts(options)
    state = game(options).parse(texts[which * len(texts) // 3])
    try:
        move = state.parse_move(text)
    except NotationError as exc:
        assert len(str(exc)) < 800 + 2 * QUOTE_WIDTH
        return
    assert state.parse_move(str(move)) == move
    before = state.text()
    try:
        state.check(move)
    except IllegalMoveError as exc:
        assert exc.rule
        assert not state.is_legal(move)
    else:
        assert state.is_legal(move)
    assert state.text() == before
