"""Fuzz tests of every reader of outside input: position text, state XML, move text and
move XML. Nothing comes out but the project's errors, and whatever is accepted behaves:
a position passes the conformance checks from there on, a move's notation reads back."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.core.errors import IllegalMoveError, NotationError, PositionError
from spieltisch.games.haseundigel.board import FIELD_LETTERS
from spieltisch.games.haseundigel.moves import ALL_MOVES, Move, parse_move
from spieltisch.games.haseundigel.rules import BAD_ORDER, NO_ACTIONS
from spieltisch.games.haseundigel.state import HaseUndIgelState
from spieltisch.games.haseundigel.xml import move_from_xml, move_to_xml, state_to_xml
from tests.helpers.haseundigel import random_state

from .helpers import GAME

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Characters a mutation inserts: the notation's own, digits, and what must not pass for
#: them (superscript and Arabic-Indic digits, dotless i, long s, a full-width digit).
ALPHABET = "0123456789-+/@ ,SCHLI12GTEHFabxesLcanonical<>=\"'²٣ıſ１\u2028\t"
HUGE = st.integers(min_value=19, max_value=3000).map(lambda n: "9" * n)


def check_from(state: HaseUndIgelState, seed: int, plies: int = 6) -> None:
    """The conformance checks of `core.conformance` on a short random playout from
    `state`: text and XML round trips, copies, legal moves that play, undo and read
    back, refusals that leave the state alone, and a finished game that has an outcome."""
    rng = random.Random(seed)
    for _ in range(plies + 1):
        text = state.text()
        again = GAME.parse(text)
        assert again == state and again.text() == text
        assert again.to_move == state.to_move
        assert again.legal_moves() == state.legal_moves()
        assert again.hash_key() == state.hash_key()
        assert GAME.parse(state_to_xml(state)) == state
        twin = state.copy()
        assert twin == state and twin.history() == state.history()
        legal = state.legal_moves()
        for move in rng.sample(ALL_MOVES, 6):
            if move not in legal:
                try:
                    state.play(move)
                except IllegalMoveError as exc:
                    assert exc.rule
                else:  # the official quirks accept a few moves not listed (advance 45+)
                    assert GAME.parse(state.text()).text() == state.text()
                    state.undo()
                assert state.text() == text
        if state.is_over():
            assert not legal and state.outcome() is not None
            return
        assert legal and len(set(legal)) == len(legal) and state.outcome() is None
        for move in rng.sample(legal, min(4, len(legal))):
            assert state.parse_move(str(move)) == move
            assert state.action_move(state.action_id(move)) == move
            state.push(move)
            pushed = state.text()
            assert GAME.parse(pushed).text() == pushed, "play reached a refused position"
            assert state.undo() == move and state.text() == text
            state.play(move)
            assert state.text() == pushed
            state.undo()
        state.play(rng.choice(legal))


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """`text` with a few characters inserted, deleted or replaced, or a digit run grown."""
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        where = draw(st.integers(min_value=0, max_value=len(text)))
        kind = draw(st.sampled_from(("insert", "delete", "replace", "huge")))
        if kind == "insert":
            text = text[:where] + draw(st.sampled_from(ALPHABET)) + text[where:]
        elif kind == "delete":
            text = text[:where] + text[where + 1 :]
        elif kind == "replace":
            text = text[:where] + draw(st.sampled_from(ALPHABET)) + text[where + 1 :]
        else:
            text = text[:where] + draw(HUGE) + text[where:]
    return text


SEEDS = st.integers(min_value=0, max_value=10**6)
PLIES = st.integers(min_value=0, max_value=60)


@given(SEEDS, PLIES, st.data())
@FUZZ
def test_mutated_position_text(seed: int, plies: int, data: st.DataObject) -> None:
    text = data.draw(mutated(random_state(seed, plies).text()))
    try:
        state = GAME.parse(text)
    except PositionError as exc:
        assert len(str(exc)) < 600
        return
    check_from(state, seed)


@st.composite
def position_texts(draw: st.DrawFn) -> str:
    """Position texts built field by field from plausible pieces; most of the time the
    pieces are made to agree (last move and last action, cards and salads, the goal, the
    carrot bound), so that many of them read and the playout checks run."""
    board = random_state(draw(SEEDS), 0).board.letters
    if draw(st.booleans()):
        board = "".join(
            draw(st.sampled_from(FIELD_LETTERS)) if 0 < i < 64 and draw(st.booleans()) else c
            for i, c in enumerate(board)
        )
    turn = draw(st.integers(min_value=0, max_value=60))
    last_move = draw(st.sampled_from(LAST_MOVES))
    players = [draw(player_pieces()) for _ in (0, 1)]
    if draw(st.integers(min_value=0, max_value=4)):  # repair, 4 times in 5
        if turn == 0:
            last_move = "-"
        mover = players[(turn - 1) & 1]
        if last_move not in ("-", "s"):
            move = parse_move(last_move)
            assert move.last is not None
            action, order = move.last
            mover[4] = f"{action.code}@{order}" if action.is_card or order else action.code
        for player in players:
            last = str(player[4])
            if last[:1] in "TEHF" and last != "-":
                player[3] = str(player[3]).replace(last[0], "") or "-"
            if "E" not in str(player[3]):
                player[2] = min(int(player[2]), 4)
            if player[0] == 64:
                player[1] = min(int(player[1]), 10)
                player[2] = 0
            bound = 68 + 70 * ((turn + 1 - players.index(player)) // 2)
            player[1] = min(int(player[1]), bound + 30 * ((turn + players.index(player)) // 2))
        if players[0][0] == players[1][0] not in (0, 64):
            players[1][0] = int(players[1][0]) + 1
        if turn & 1 and players[1][0] == 64:
            turn -= 1
    red, blue = ("/".join(str(x) for x in player) for player in players)
    return f"{board} {turn} {red} {blue} {last_move}"


LASTS = [
    "-",
    "a1",
    "a5",
    "b",
    "x10",
    "x-10",
    "e",
    "T20@1",
    "T-20@1",
    "T0@1",
    "E@1",
    "H@1",
    "F@2",
    "E@0",
    "a0",
    "x20@1",
    "s",
]
LAST_MOVES = ["-", "a1", "a3+T20", "a2+H+E", "a4+F", "b", "e", "s", "x10", "x-10", "E", "a1+a1"]


@st.composite
def player_pieces(draw: st.DrawFn) -> list[int | str]:
    return [
        draw(st.sampled_from((0, 1, 2, 5, 10, 11, 22, 40, 56, 63, 64))),
        draw(st.sampled_from((0, 1, 10, 11, 19, 20, 68, 98, 150, 400))),
        draw(st.integers(min_value=0, max_value=5)),
        "".join(c for c in "TEHF" if draw(st.booleans())) or "-",
        draw(st.sampled_from(LASTS)),
    ]


@given(position_texts(), SEEDS)
@settings(max_examples=300, deadline=None)
def test_random_position_text(text: str, seed: int) -> None:
    try:
        state = GAME.parse(text)
    except PositionError:
        return
    check_from(state, seed)


@given(SEEDS, PLIES, st.data())
@FUZZ
def test_mutated_state_xml(seed: int, plies: int, data: st.DataObject) -> None:
    xml = state_to_xml(random_state(seed, plies))
    # mutate near the numbers and names most of the time, so that the XML stays well formed
    text = data.draw(mutated(xml))
    try:
        state = GAME.parse(text)
    except PositionError as exc:
        assert len(str(exc)) < 600
        return
    check_from(state, seed, plies=3)


@st.composite
def attribute_values(draw: st.DrawFn) -> str:
    """An attribute value: a plausible number, a look-alike, a huge digit run or noise."""
    return draw(
        st.one_of(
            st.integers(min_value=-(2**33), max_value=2**33).map(str),
            st.sampled_from(("", "²", "1²", "٣", "-", "+3", " 3", "0x10", "１")),
            HUGE,
            st.text(alphabet=ALPHABET.replace('"', "").replace("<", ""), max_size=6),
        )
    )


@given(SEEDS, PLIES, st.data())
@FUZZ
def test_state_xml_attribute_values(seed: int, plies: int, data: st.DataObject) -> None:
    xml = state_to_xml(random_state(seed, plies))
    pieces = xml.split('"')
    # odd pieces are attribute values; replace one or two of them
    for _ in range(data.draw(st.integers(min_value=1, max_value=2))):
        where = data.draw(st.integers(min_value=0, max_value=len(pieces) // 2 - 1)) * 2 + 1
        pieces[where] = data.draw(attribute_values())
    try:
        state = GAME.parse('"'.join(pieces))
    except PositionError:
        return
    check_from(state, seed, plies=3)


def _reads_back(move: Move) -> None:
    if not move.actions:  # the official server reads an empty move; the rules refuse it
        try:
            GAME.new_state().play(move)
        except IllegalMoveError as exc:
            assert exc.rule == NO_ACTIONS
        else:
            raise AssertionError("an empty move was played")
        return
    assert parse_move(str(move)) == move
    assert parse_move(move.code) == move
    assert move_from_xml(move_to_xml(move)) == move


WORDS = (
    "advance",
    "a",
    "adv",
    "fallback",
    "fall",
    "back",
    "b",
    "exchange",
    "x",
    "eat",
    "e",
    "skip",
    "s",
    "card",
    "TAKE_OR_DROP_CARROTS",
    "EAT_SALAD",
    "HURRY_AHEAD",
    "FALL_BACK",
    "take",
    "hurry",
    "salad",
    "T",
    "E",
    "H",
    "F",
    "ſkip",
    "eıt",
    "²",
)


@st.composite
def move_texts(draw: st.DrawFn) -> str:
    """Move texts from the notation's words, numbers (huge ones too) and separators."""
    token = st.one_of(
        st.sampled_from(WORDS),
        st.integers(min_value=-(2**32), max_value=2**32).map(str),
        HUGE,
        st.sampled_from(("T20", "T-20", "a3", "x-10", "x10", "a²", "T" + "9" * 30)),
    )
    parts = draw(st.lists(st.lists(token, min_size=1, max_size=3), min_size=1, max_size=5))
    separator = draw(st.sampled_from((", ", "+", ";", ",", " + ")))
    return separator.join(" ".join(part) for part in parts)


NUMBERS = st.one_of(
    st.integers(min_value=-30, max_value=70),
    st.integers(min_value=-(2**32), max_value=2**32),
    HUGE,
).map(str)


@st.composite
def action_texts(draw: st.DrawFn) -> str:
    """Moves written action by action in the long and short forms, numbers of any size."""
    forms = (
        "advance {}",
        "a{}",
        "{}",
        "fallback",
        "b",
        "exchange {}",
        "x{}",
        "eat",
        "e",
        "skip",
        "s",
        "card EAT_SALAD",
        "card HURRY_AHEAD",
        "card FALL_BACK",
        "card TAKE_OR_DROP_CARROTS {}",
        "T{}",
        "E",
        "H",
        "F",
        "hurry",
        "take {}",
    )
    actions = draw(st.lists(st.sampled_from(forms), min_size=1, max_size=5))
    written = [form.format(draw(NUMBERS)) for form in actions]
    return draw(st.sampled_from((", ", "+", ";"))).join(written)


@given(st.one_of(action_texts(), move_texts(), st.text(alphabet=ALPHABET, max_size=30)))
@settings(max_examples=400, deadline=None)
def test_move_text(text: str) -> None:
    try:
        move = parse_move(text)
    except NotationError as exc:
        assert len(str(exc)) < 600
        return
    _reads_back(move)


@given(st.data())
@settings(max_examples=300, deadline=None)
def test_move_xml(data: st.DataObject) -> None:
    move = data.draw(st.sampled_from(ALL_MOVES))
    xml = move_to_xml(move)
    if data.draw(st.booleans()):
        pieces = xml.split('"')
        where = data.draw(st.integers(min_value=0, max_value=len(pieces) // 2 - 1)) * 2 + 1
        pieces[where] = data.draw(attribute_values())
        xml = '"'.join(pieces)
    else:
        xml = data.draw(mutated(xml))
    try:
        again = move_from_xml(xml)
    except NotationError:
        return
    except IllegalMoveError as exc:
        assert exc.rule == BAD_ORDER
        return
    _reads_back(again)
