"""The strict readers: numbers through read_int, ASCII only, and positions that cannot
arise refused with the rule they break (position text and state XML alike)."""

from __future__ import annotations

import pytest

from spieltisch.core.errors import IllegalMoveError, NotationError, PositionError
from spieltisch.games.haseundigel.board import CANONICAL_2018, FIELD_LETTERS, parse_board
from spieltisch.games.haseundigel.moves import ADVANCE, EXCHANGE, Action, parse_move
from spieltisch.games.haseundigel.position import MAX_CARROTS, position_text
from spieltisch.games.haseundigel.xml import move_from_xml, state_to_xml
from tests.helpers.haseundigel import random_state

from .helpers import GAME

BOARD = "".join(FIELD_LETTERS[kind] for kind in CANONICAL_2018)
START = "0/68/5/TEHF/-"
HUGE = "9" * 5000


def text(turn: int = 0, red: str = START, blue: str = START, last: str = "-") -> str:
    return f"{BOARD} {turn} {red} {blue} {last}"


def refusal(position: str) -> str:
    with pytest.raises(PositionError) as info:
        GAME.parse(position)
    message = str(info.value)
    assert len(message) < 400, "an error message quotes at most an excerpt of the input"
    return message


def test_the_start_text_reads() -> None:
    assert GAME.parse(text()) == GAME.new_state()
    assert position_text(GAME.new_state()) == text()


# --- numbers -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "position",
    [
        text(red="²/68/5/TEHF/-"),
        text(red="0/6²/5/TEHF/-"),
        text(red="0/68/٥/TEHF/-"),
        text(red=f"0/{HUGE}/5/TEHF/-"),
        text(red=f"{HUGE}/68/5/TEHF/-"),
        text(blue=f"0/68/{HUGE}/TEHF/-"),
        text(turn=int("1" * 30)),
        f"{BOARD} ¹ {START} {START} -",
        f"{BOARD} {HUGE} {START} {START} -",
        text(turn=1, red="1/67/5/TEHF/a" + HUGE, last="a1"),
        text(turn=1, red="1/67/5/TEHF/a1", last="a" + HUGE),
        text(turn=1, red="1/67/5/TEHF/H@" + HUGE, last="a1"),
        text(red="0/+68/5/TEHF/-"),
        text(red="0/ 68/5/TEHF/-"),
    ],
)
def test_numbers_are_ascii_digits_of_bounded_length(position: str) -> None:
    refusal(position)


@pytest.mark.parametrize(
    ("position", "words"),
    [
        (text(red="65/68/5/TEHF/-"), "field"),
        (text(red="-1/68/5/TEHF/-"), "field"),
        (text(red="0/-10/5/TEHF/-"), "carrots"),
        (text(red=f"0/{MAX_CARROTS + 1}/5/TEHF/-"), "carrots"),
        (text(red="0/68/6/TEHF/-"), "salads"),
        (text(turn=61), "turn"),
        (text(turn=1, red="1/67/5/TEHF/T20@4", last="a1"), "order"),
    ],
)
def test_numbers_out_of_range(position: str, words: str) -> None:
    assert words in refusal(position)


def test_carrots_beyond_what_the_turn_allows() -> None:
    # turn 2: red has made one move (at most +70 on a shuffled board) and had one bonus
    # (at most +30): 168 carrots at most; blue has made one move and had one bonus too
    ok = text(turn=2, red="10/168/5/TEHF/a1", blue="9/168/5/TEHF/a1", last="a1")
    assert GAME.parse(ok).player(0).carrots == 168
    assert refusal(ok.replace("10/168", "10/169")).startswith("CARROTS")
    assert refusal(ok.replace("9/168", "9/169")).startswith("CARROTS")
    # at turn 0 nobody has gained a carrot yet
    assert refusal(text(red="0/69/5/TEHF/-")).startswith("CARROTS")
    # a board with a long way back to a hedgehog allows more
    board = "S" + "C" * 63 + "G"
    assert "at most 30 per move" in refusal(f"{board} 1 9/99/5/TEHF/a1 {START} a1")
    hedgehog = "SI" + "C" * 62 + "G"
    assert GAME.parse(f"{hedgehog} 1 9/688/5/TEHF/a1 {START} a1").player(0).carrots == 688


# --- look-alikes ---------------------------------------------------------------------------


def test_unicode_look_alikes_are_not_letters_of_the_notation() -> None:
    # 'ı'.upper() == 'I' (hedgehog), 'ſ'.upper() == 'S' (start): never case-folded first
    board = BOARD.replace("I", "ı", 1)
    with pytest.raises(PositionError, match="ASCII"):
        GAME.parse(f"{board} 0 {START} {START} -")
    with pytest.raises(PositionError):
        parse_board(board)
    with pytest.raises(PositionError):
        parse_board("ſ" + BOARD[1:])
    with pytest.raises(PositionError):
        GAME.parse(text(red="0/68/5/ᴛEHF/-"))
    for bad in ("ſkip", "advance ²", "eıt", "card HURRY_AHEAD\u2028", "a１"):
        with pytest.raises(NotationError):
            parse_move(bad)


def test_lower_case_ascii_letters_still_read() -> None:
    assert GAME.parse(f"{BOARD.lower()} 0 0/68/5/tehf/- {START} -") == GAME.new_state()


# --- move text and move XML ----------------------------------------------------------------


def test_move_numbers() -> None:
    for bad in ("advance " + HUGE, "a" + HUGE, HUGE, "exchange -" + HUGE, "T" + HUGE):
        with pytest.raises(NotationError) as info:
            parse_move(bad)
        assert len(str(info.value)) < 400
    with pytest.raises(NotationError, match="out of range"):
        parse_move("advance 2147483648")
    # values the rules refuse are notation, so that the refusal names the rule
    state = GAME.new_state()
    for move, rule in (
        ("advance 70", "NOT_ENOUGH_CARROTS"),
        ("exchange 20", "CANNOT_EXCHANGE"),
        ("advance 0", "ADVANCE_DISTANCE"),
    ):
        with pytest.raises(IllegalMoveError) as refused:
            state.play(parse_move(move))
        assert refused.value.rule == rule
    assert parse_move("exchange -10").actions == (Action(EXCHANGE, -10),)


def test_move_xml_numbers_are_java_ints() -> None:
    move = move_from_xml('<move><advance order="0" distance="-3"/></move>')
    assert move.actions == (Action(ADVANCE, -3),)
    assert parse_move(str(move)) == move
    for raw in ("2147483648", HUGE, "3²", "", " 3", "0x3"):
        with pytest.raises(NotationError):
            move_from_xml(f'<move><advance order="0" distance="{raw}"/></move>')
    with pytest.raises(NotationError):
        move_from_xml('<move><advance order="٠" distance="3"/></move>')


# --- positions that cannot arise -----------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "rule"),
    [
        # two hares share only the start and the goal
        (text(turn=2, red="12/50/5/TEHF/a3", blue="12/40/5/TEHF/a2"), "SHARED_FIELD"),
        # the EAT_SALAD card eats one of the five salads
        (text(red="0/68/5/THF/-"), "SALADS_EATEN"),
        # the goal is entered with at most 10 carrots and no salad
        (text(turn=2, red="64/11/0/TEHF/a3", blue="5/60/0/TEHF/a2"), "GOAL_ENTRY"),
        (text(turn=2, red="64/5/1/TEHF/a3", blue="5/60/0/TEHF/a2"), "GOAL_ENTRY"),
        # blue in the goal at an odd turn: the game ended after blue's move
        (text(turn=3, red="5/40/0/TEHF/a5", blue="64/5/0/TEHF/a2"), "GAME_ENDED"),
        # last actions and last moves no move can have
        (text(turn=1, red="2/65/5/TEHF/a0", last="a2"), "LAST_ACTION"),
        (text(turn=1, red="2/65/5/TEHF/x20", last="a2"), "LAST_ACTION"),
        (text(turn=1, red="2/65/5/TEHF/T10@1", last="a2"), "LAST_ACTION"),
        (text(turn=1, red="2/65/5/TEHF/e@1", last="a2"), "LAST_ACTION"),
        (text(turn=1, red="2/65/5/TEHF/s", last="s"), "LAST_ACTION"),
        # a card played is gone from the hand
        (text(turn=1, red="1/87/5/TEHF/T20@1", last="a1+T20"), "LAST_ACTION"),
        (text(turn=1, red="2/65/5/TEHF/a2", last="a2+E+E+E+E"), "LAST_MOVE"),
        (text(turn=1, red="2/65/5/TEHF/a2", last="a2+a2"), "LAST_MOVE"),
        (text(turn=1, red="2/65/5/TEHF/a2", last="a3"), "LAST_MOVE"),
        (text(turn=0, last="s"), "LAST_MOVE"),
        # a player that has not moved yet is on the start with everything it started with
        (text(red="2/65/5/TEHF/-"), "NOT_MOVED"),
        (text(turn=1, red="2/65/5/TEHF/a2", blue="0/68/5/TEH/-", last="a2"), "NOT_MOVED"),
        (text(turn=1, red="2/65/5/TEHF/a2", blue="0/68/5/TEHF/a1", last="a2"), "NOT_MOVED"),
        (text(turn=0, blue="64/5/0/TEHF/-"), "NOT_MOVED"),
        # a move that ends on a hare field ends with TAKE_OR_DROP_CARROTS or EAT_SALAD
        (text(turn=1, red="3/62/5/TEHF/a3", last="a3"), "HARE_CARD"),
        (text(turn=1, red="3/62/5/EF/H@1", last="a3+H"), "HARE_CARD"),
        # a board has its start on 0 and its goal on 64 only
        (f"S{BOARD[1:40]}G{BOARD[41:]} 0 {START} {START} -", "BOARD_ENDS"),
        (f"C{BOARD[1:]} 0 {START} {START} -", "BOARD_ENDS"),
    ],
)
def test_impossible_positions_name_the_rule(position: str, rule: str) -> None:
    assert refusal(position).startswith(rule)


@pytest.mark.parametrize(
    "position",
    [
        # the start and the goal are shared
        text(),
        text(turn=4, red="64/4/0/TEHF/a3", blue="64/9/0/TEHF/a2", last="a2"),
        # a hare on a hedgehog field (reached by falling back) is possible
        text(turn=5, red="11/70/5/TEHF/b", blue="20/40/5/TEHF/a2", last="b"),
        # red in the goal at an odd turn: blue still has its move
        text(turn=3, red="64/2/0/TEHF/a5", blue="9/30/5/TEHF/a2", last="a5"),
        # a skip leaves the last non-skip action as it was
        text(turn=3, red="9/2/5/TEHF/a5", blue="8/30/5/TEHF/a2", last="s"),
        # on a hare field after TAKE_OR_DROP_CARROTS, and after skipping since
        text(turn=3, red="3/82/5/EHF/T20@1", blue="2/66/5/TEHF/a2", last="s"),
        # a card first, as the official server accepts on a hare field
        text(turn=1, red="3/60/4/THF/E@0", last="E"),
    ],
)
def test_possible_positions_read(position: str) -> None:
    state = GAME.parse(position)
    assert GAME.parse(state.text()) == state


def _xml_refusal(xml: str) -> str:
    with pytest.raises(PositionError) as info:
        GAME.parse(xml)
    return str(info.value)


def test_state_xml_is_as_strict_as_the_text() -> None:
    xml = state_to_xml(GAME.new_state())
    assert GAME.parse(xml) == GAME.new_state()
    red = 'index="0" carrots="68" salads="5"'
    for replacement, words in (
        ('index="0" carrots="-5" salads="5"', "carrots"),
        ('index="0" carrots="6²" salads="5"', "carrots"),
        (f'index="0" carrots="{HUGE}" salads="5"', "carrots"),
        ('index="0" carrots="68" salads="6"', "salads"),
        ('index="-1" carrots="68" salads="5"', "index"),
        ('index="65" carrots="68" salads="5"', "index"),
        ('index="64" carrots="68" salads="0"', "GOAL_ENTRY"),
    ):
        assert words in _xml_refusal(xml.replace(red, replacement, 1))
    assert "turn" in _xml_refusal(xml.replace('turn="0"', 'turn="61"'))
    assert "turn" in _xml_refusal(xml.replace('turn="0"', f'turn="{HUGE}"'))
    doubled = xml.replace("<type>EAT_SALAD</type>", "<type>TAKE_OR_DROP_CARROTS</type>", 1)
    assert "DUPLICATE_CARD" in _xml_refusal(doubled)
    eaten = xml.replace("    <type>EAT_SALAD</type>\n", "", 1)
    assert "SALADS_EATEN" in _xml_refusal(eaten)
    twice = xml.replace('<fields index="1" ', '<fields index="2" ', 1)
    assert "twice" in _xml_refusal(twice)
    assert "SHARED_FIELD" in _xml_refusal(xml.replace('index="0"', 'index="5"', 2))


def test_random_states_still_read_back() -> None:
    for seed in range(40):
        state = random_state(seed, seed % 61)
        assert GAME.parse(state.text()) == state
        assert GAME.parse(state_to_xml(state)) == state


def test_duplicate_card_letters() -> None:
    assert refusal(text(red="0/68/5/TEHFT/-")).startswith("DUPLICATE_CARD")


def test_render_marks_the_viewer() -> None:
    state = GAME.parse(text(turn=2, red="4/58/5/TEHF/a4", blue="5/50/5/TEHF/a2", last="a2"))
    neutral = state.render()
    assert "*" not in neutral and "(you)" not in neutral
    assert " 4CaR " in neutral and " 5CaB " in neutral
    red = state.render(0)
    assert " 4CaR* " in red and " 5CaB " in red and "red (you)" in red
    blue = state.render(1)
    assert " 4CaR " in blue and " 5CaB* " in blue and "blue (you)" in blue
    assert "blue's view" in blue
