"""The position readers (text and XML) refuse what no game can reach, each with its rule,
read numbers only as ASCII digits of bounded length, and the board renders from both sides."""

from __future__ import annotations

import pytest

from spieltisch.core.errors import NotationError, PositionError
from spieltisch.games.ostseeschach.board import official_piece
from spieltisch.games.ostseeschach.moves import Move, parse_move
from spieltisch.games.ostseeschach.position import most_ambers
from spieltisch.games.ostseeschach.xml import move_from_xml, move_to_xml, state_to_xml

from .support import game

FILES = "abcdefgh"


def position(pieces: dict[str, str], turn: int = 2, ambers: str = "0:0", last: str = "-") -> str:
    """A position text with `pieces` (square name -> cell such as `R`, `h2`)."""
    ranks = []
    for rank in range(8, 0, -1):
        ranks.append("".join(pieces.get(f"{f}{rank}", ".") for f in FILES))
    return f"{'/'.join(ranks)} {turn} {ambers} {last}"


#: A few pieces of each team, from which the cases below change one thing.
BASE = {"a1": "R", "c3": "M", "d5": "S2", "h8": "r", "f6": "m", "e4": "h"}


def refused(text: str, fragment: str) -> PositionError:
    with pytest.raises(PositionError) as caught:
        game().parse(text)
    assert fragment in str(caught.value), str(caught.value)
    game().parse(text, reachable=False)  # well-formed: only the rules refuse it
    return caught.value


def test_the_base_position_is_accepted() -> None:
    text = position(BASE)
    assert game().parse(text).text() == text


# --- turns and ambers ------------------------------------------------------------------------


def test_a_turn_past_the_end_is_refused() -> None:
    game().parse(position(BASE, turn=60))
    error = refused(position(BASE, turn=61), "turn 61 is past the end")
    assert error.position == position(BASE, turn=61).index(" 61") + 1


@pytest.mark.parametrize(
    ("turn", "ambers", "fragment"),
    [
        (0, "1:0", "red has 1 ambers at turn 0, at most 0"),
        (1, "0:1", "blue has 1 ambers at turn 1, at most 0"),
        (1, "3:0", "red has 3 ambers at turn 1, at most 2"),
        (2, "3:0", "red has 3 ambers at turn 2, at most 2"),
        (3, "0:2", "blue has 2 ambers at turn 3, at most 1"),
        (41, "1:2", "blue has 2 ambers at turn 41, at most 1"),
        (40, "4:0", "red has 4 ambers at turn 40, at most 3"),
        (40, "0:4", "blue has 4 ambers at turn 40, at most 3"),
    ],
)
def test_more_ambers_than_the_turn_allows_are_refused(
    turn: int, ambers: str, fragment: str
) -> None:
    refused(position(BASE, turn=turn, ambers=ambers), fragment)


@pytest.mark.parametrize(
    ("turn", "ambers"),
    [(1, "2:0"), (2, "2:2"), (3, "3:1"), (4, "3:3"), (40, "3:3"), (41, "3:1"), (60, "1:1")],
)
def test_ambers_a_game_can_reach_are_accepted(turn: int, ambers: str) -> None:
    game().parse(position(BASE, turn=turn, ambers=ambers))


def test_the_amber_bound_per_turn() -> None:
    assert [most_ambers(0, t) for t in range(6)] == [0, 2, 2, 3, 3, 3]
    assert [most_ambers(1, t) for t in range(6)] == [0, 0, 2, 1, 3, 1]


# --- pieces ----------------------------------------------------------------------------------


def test_more_than_two_of_a_kind_is_refused() -> None:
    text = position({**BASE, "b2": "R", "g7": "R"})
    error = refused(text, "red has more than 2 Robbe on top of its stacks (g7 is one more)")
    assert error.position == text.index("R")  # g7, the first R in the text
    refused(position({**BASE, "b2": "m2", "g2": "m"}), "blue has more than 2 Möwe")


def test_more_than_eight_pieces_of_a_team_are_refused() -> None:
    # Seven red singles and two towers: each tower holds one red and one blue piece.
    red = {"a1": "H", "a2": "H", "a3": "M", "a4": "M", "a5": "S", "a6": "R", "a7": "R"}
    text = position({**red, "c4": "S2", "e4": "h2", "h8": "r"})
    refused(text, "red has 9 pieces on the board")
    game().parse(position({**red, "c4": "S2", "h8": "r"}))  # eight are fine


def test_a_herzmuschel_tower_on_its_own_start_column_is_refused() -> None:
    refused(position({**BASE, "a4": "H2"}), "red Herzmuschel tower on a4")
    refused(position({**BASE, "h2": "h2"}), "blue Herzmuschel tower on h2")
    game().parse(position({**BASE, "b4": "H2", "a4": "h2", "h2": "H2"}))


# --- the last move ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pieces", "turn", "ambers", "last", "fragment"),
    [
        ({}, 0, "0:0", "a1b3", "at turn 0, before any move"),
        ({}, 3, "0:0", "(0,0)(-1,2)", "leaves the board"),
        ({"a3": "R"}, 3, "0:0", "a1a3", "the move of no red piece"),
        ({"d3": "m"}, 4, "0:0", "b3d3", "the move of no blue piece"),
        ({"b2": "M", "c3": "M"}, 3, "0:0", "b2c3", "left b2 empty"),
        ({"c3": "m"}, 3, "0:0", "b2c3", "but c3 holds a blue piece"),
        ({"c3": "M"}, 4, "0:0", "b2c3", "but c3 holds a red piece"),
        ({"c4": "M"}, 3, "0:0", "b2c4", "red Möwe on c4 cannot have made"),
        ({"c3": "R"}, 3, "0:0", "b2c3", "red Robbe on c3 cannot have made"),
        ({"h3": "M"}, 3, "0:0", "g3h3", "would have earned an amber"),
        ({}, 3, "0:0", "g3h3", "only an amber does, but red has none"),
    ],
)
def test_a_last_move_that_does_not_fit_is_refused(
    pieces: dict[str, str], turn: int, ambers: str, last: str, fragment: str
) -> None:
    text = position({"e1": "S", "e8": "s", **pieces}, turn, ambers, last)
    error = refused(text, fragment)
    assert error.position == text.rindex(" ") + 1  # at the last move


@pytest.mark.parametrize(
    ("pieces", "turn", "ambers", "last"),
    [
        ({"c3": "M2"}, 3, "0:0", "b3c3"),  # a capture: the tower moves like its top
        ({"b3": "m"}, 4, "0:0", "c3b3"),
        ({"h3": "R"}, 3, "0:0", "f2h3"),  # a Robbe earns no line amber
        ({}, 3, "1:0", "g3h3"),  # left the board with an amber
        ({}, 5, "2:0", "(6,2)(7,2)"),
    ],
)
def test_a_last_move_that_fits_is_accepted(
    pieces: dict[str, str], turn: int, ambers: str, last: str
) -> None:
    game().parse(position({"e1": "S", "e8": "s", **pieces}, turn, ambers, last))


def test_played_positions_pass_the_checks() -> None:
    for seed in range(10):
        state = game().new_state(seed)
        while not state.is_over():
            state.push(state.legal_moves()[(seed * 7 + state.turn) % len(state.legal_moves())])
            assert game().parse(state.text()) == state


# --- XML: the same rules -----------------------------------------------------------------------


def test_state_xml_refuses_what_the_text_refuses() -> None:
    late = game().parse(position(BASE, turn=60), reachable=False)
    xml = state_to_xml(late).replace('turn="60"', 'turn="61"')
    with pytest.raises(PositionError, match="turn 61 is past the end"):
        game().parse(xml)
    assert game().parse(xml, reachable=False).turn == 61
    moved = game().parse(position({"e1": "S", "e8": "s", "c3": "M"}, 3, last="b3c3"))
    off = state_to_xml(moved).replace('<from x="1"', '<from x="-1"')
    with pytest.raises(PositionError, match="leaves the board"):
        game().parse(off)
    four = state_to_xml(moved).replace("<int>0</int>", "<int>4</int>", 1)
    with pytest.raises(PositionError, match="red has 4 ambers at turn 3"):
        game().parse(four)


# --- numbers and letters: ASCII only, bounded ----------------------------------------------------


HUGE = "9" * 5000


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (position(BASE).replace(" 2 ", " ² "), "'²' is not an ASCII character"),
        (position(BASE).replace(" 2 ", " ٣ "), "'٣' is not an ASCII character"),
        (position(BASE).replace(" 2 ", f" {HUGE} "), "the turn: expected a whole number"),
        (position(BASE).replace("0:0", f"0:{HUGE}"), "blue's ambers: expected a whole number"),
        (position(BASE).replace("0:0", "²:0"), "'²' is not an ASCII character"),
        (position(BASE).replace("0:0", "-1:0"), "red's ambers: expected a whole number"),
        (position(BASE).replace("S2", "S²"), "'²' is not an ASCII character"),
        (position(BASE).replace("R", "ſ", 1), "'ſ' is not an ASCII character"),
        (position(BASE).replace("M", "ı", 1), "'ı' is not an ASCII character"),
        (position(BASE).replace(" ", "\u00a0", 1), "'\\xa0' is not an ASCII character"),
        (position(BASE).replace(" -", f" ({HUGE},0)(1,1)"), "the last move is not a move"),
    ],
)
def test_position_text_reads_ascii_numbers_only(text: str, fragment: str) -> None:
    with pytest.raises(PositionError) as caught:
        game().parse(text)
    message = str(caught.value)
    assert fragment in message
    assert len(message) < 500  # the 5,000 digits are not repeated


def test_non_ascii_is_refused_at_its_place() -> None:
    text = position(BASE).replace("M", "ı", 1)
    with pytest.raises(PositionError) as caught:
        game().parse(text)
    assert caught.value.position == text.index("ı")


@pytest.mark.parametrize(
    "text",
    [
        f"({HUGE},0)(1,1)",
        "(0,0)(1,2147483648)",
        "(-2147483649,0)(1,1)",
        "(²,0)(1,1)",
        "(٣,0)(1,1)",
        "(0,0)(1,１)",
        "a1bſ",
        "ａ1b3",
        "a1\u2003b3",
    ],
)
def test_move_text_reads_ascii_numbers_of_a_java_int_only(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_move(text)
    assert len(str(caught.value)) < 500


def test_move_text_keeps_off_board_coordinates() -> None:
    far = parse_move("(2147483647,-2147483648)(0,0)")
    assert far == Move(2147483647, -2147483648, 0, 0) and parse_move(str(far)) == far


def _move_xml(x: str) -> str:
    return move_to_xml(Move(0, 0, 1, 2)).replace('<from x="0"', f'<from x="{x}"')


@pytest.mark.parametrize("x", [HUGE, "²", "٣", " 1", "1_0", "2147483648", ""])
def test_move_xml_reads_ascii_numbers_of_a_java_int_only(x: str) -> None:
    with pytest.raises(NotationError) as caught:
        move_from_xml(_move_xml(x))
    assert len(str(caught.value)) < 500


def test_move_xml_keeps_off_board_coordinates() -> None:
    assert move_from_xml(_move_xml("-7")) == Move(-7, 0, 1, 2)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('turn="2"', f'turn="{HUGE}"'),
        ('turn="2"', 'turn="²"'),
        ('count="2"', 'count="٣"'),
        ('y="4"', 'y="²"'),
        ("<int>0</int>", f"<int>{HUGE}</int>"),
        ("<int>0</int>", "<int>²</int>"),
        ("<int>0</int>", "<int>-1</int>"),
    ],
)
def test_state_xml_reads_ascii_numbers_only(old: str, new: str) -> None:
    xml = state_to_xml(game().parse(position(BASE)))
    assert old in xml
    with pytest.raises(PositionError) as caught:
        game().parse(xml.replace(old, new, 1))
    assert len(str(caught.value)) < 500


@pytest.mark.parametrize("text", ["ſ", "ı", "ſſ", "H²", "m٣"])
def test_official_piece_text_is_ascii(text: str) -> None:
    with pytest.raises(NotationError):
        official_piece(text)


# --- the picture from both sides -----------------------------------------------------------------


def _board_rows(picture: str) -> list[list[str]]:
    """The eight board lines of a rendering, each cut into its rank label and cells."""
    lines = picture.splitlines()[2:10]
    return [line.split() for line in lines]


def test_render_turns_the_board_for_blue() -> None:
    state = game().parse(position(BASE, turn=3, ambers="1:0", last="-"))
    red = state.render()
    assert state.render(0) == red
    blue = state.render(1)
    assert red.splitlines()[1].split() == list("abcdefgh")
    assert blue.splitlines()[1].split() == list("hgfedcba")
    red_rows = _board_rows(red)
    blue_rows = _board_rows(blue)
    assert [row[0] for row in red_rows] == list("87654321")
    assert [row[0] for row in blue_rows] == list("12345678")
    assert blue_rows == [row[::-1] for row in red_rows[::-1]]  # turned by 180°
    assert "blue: lower case, moves right" in blue
    assert "red: upper case, moves right" in red
    assert "blue to move" in blue and "blue to move" in red
