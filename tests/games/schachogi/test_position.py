"""The position reader refuses what no game can reach, each with its rule, reads numbers
only as ASCII digits of bounded length, and the board renders from both sides."""

from __future__ import annotations

import pytest

from spieltisch.core.errors import NotationError, PositionError
from spieltisch.games.schachogi import Schachogi, SchachogiOptions
from spieltisch.games.schachogi.moves import parse_move

GAME = Schachogi()
FILES = "abcdefgh"


def position(pieces: dict[str, str], counters: str = "w 10 20") -> str:
    """A position text with the Pflöcks on e1/e8 and `pieces` (square name -> cell; an
    empty cell empties the square)."""
    cells = {"e1": "P", "e8": "p", **pieces}
    ranks = []
    for rank in range(8, 0, -1):
        row, empty = "", 0
        for file in FILES:
            cell = cells.get(f"{file}{rank}")
            if not cell:
                empty += 1
                continue
            row += (str(empty) if empty else "") + cell
            empty = 0
        ranks.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(ranks)} {counters}"


def refused(text: str, fragment: str, game: Schachogi = GAME) -> PositionError:
    with pytest.raises(PositionError) as caught:
        game.parse(text)
    assert fragment in str(caught.value), str(caught.value)
    game.parse(text, reachable=False)  # well-formed: only the rules refuse it
    return caught.value


def accepted(text: str, game: Schachogi = GAME) -> None:
    assert game.parse(text).text() == text


# --- pieces ------------------------------------------------------------------------------------


def test_more_pieces_of_a_kind_than_the_start_are_refused() -> None:
    text = position({"a1": "R", "h1": "R", "d4": "+R"})
    error = refused(text, "White has 3 Rock pieces (promoted ones included; one more on d4)")
    assert error.position == text.index("+R")
    refused(position({"d4": "i", "d5": "+i"}), "Black has 2 Ischi pieces")
    brrbrrs = {f"{f}2": "B" for f in FILES}
    accepted(position(brrbrrs))
    refused(position({**brrbrrs, "a7": "+B"}), "White has 9 Brrbrr pieces")
    accepted(position({"a1": "R", "h1": "+R", "d4": "I", "c3": "+S", "f5": "S"}))


@pytest.mark.parametrize(
    ("pieces", "fragment"),
    [
        ({"c1": "B"}, "unpromoted White Brrbrr on c1 cannot have got there"),
        ({"f8": "b"}, "unpromoted Black Brrbrr on f8 cannot have got there"),
        ({"c3": "B", "c5": "B"}, "unpromoted White Brrbrr on c5 cannot have got there"),
        ({"b3": "W"}, "unpromoted White Wieher on b3 cannot have got there"),
        ({"d1": "W"}, "unpromoted White Wieher on d1"),
        ({"b4": "W"}, "unpromoted White Wieher on b4"),
        ({"a3": "W", "c3": "W"}, "unpromoted White Wieher on c3"),
        ({"d6": "w"}, "unpromoted Black Wieher on d6"),
        ({"c1": "S", "e3": "S"}, "unpromoted White Slotser on e3"),
        ({"d5": "s", "b7": "s"}, "unpromoted Black Slotser on b7"),
    ],
)
def test_unpromoted_pieces_where_none_could_have_got_are_refused(
    pieces: dict[str, str], fragment: str
) -> None:
    text = position(pieces)
    error = refused(text, fragment)
    assert error.position == _offset(text, fragment.split(" on ")[1][:2])


def _offset(text: str, square: str) -> int:
    """The character offset of the piece on `square` in a position text."""
    rank, file = "87654321".index(square[1]), FILES.index(square[0])
    row, column = 0, 0
    for at, char in enumerate(text):
        if char == "/":
            row, column = row + 1, 0
        elif char in "12345678":
            column += int(char)
        elif char != "+":
            if (row, column) == (rank, file):
                return at
            column += 1
    raise AssertionError(f"no piece on {square}")


@pytest.mark.parametrize(
    "pieces",
    [
        {"b1": "W", "g1": "W"},
        {"a3": "W", "h3": "W"},
        {"b5": "W", "e5": "W"},
        {"d5": "W", "g5": "W"},
        {"g8": "w", "c6": "w"},
        {"g4": "w", "b4": "w"},
        {"c1": "S", "d1": "S"},
        {"h7": "S", "g7": "s", "b7": "s"},
        {f"{f}{2 + i % 6}": "B" for i, f in enumerate(FILES)},
        {"a3": "+W", "b3": "+W", "d1": "+B", "c1": "+S", "e3": "+S"},
        {"d4": "B", "d5": "b"},
        {"d4": "+B", "d3": "b"},
    ],
)
def test_pieces_a_game_can_reach_are_accepted(pieces: dict[str, str]) -> None:
    accepted(position(pieces))


def test_brrbrrs_on_one_file_cannot_have_passed_each_other() -> None:
    error = refused(position({"d6": "B", "d5": "b"}), "White Brrbrr on d6 has passed the Black")
    assert error.position == position({"d6": "B", "d5": "b"}).index("B")


# --- counters -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counters", "fragment"),
    [
        ("w 101 60", "the 100-ply counter 101 is past its limit"),
        ("w 3 1", "the 100-ply counter 3 counts more plies than the game has had (0"),
        ("b 4 2", "counts more plies than the game has had (3"),
        ("w 0 30000", "past the longest possible game (57600 plies"),
        ("w 3 10 r2", "occurred 2 times, which needs at least 4 plies"),
        ("w 7 10 r3", "occurred 3 times, which needs at least 8 plies"),
        ("w 8 10 r4", "cannot occur 4 times: the game is drawn when it occurs 3 times"),
    ],
)
def test_counters_out_of_range_are_refused(counters: str, fragment: str) -> None:
    refused(position({}, counters), fragment)


@pytest.mark.parametrize(
    "counters", ["w 100 60", "w 2 2", "b 3 2", "b 1 1", "w 0 28000", "w 4 10 r2", "w 8 10 r3"]
)
def test_counters_a_game_can_reach_are_accepted(counters: str) -> None:
    accepted(position({}, counters))


def test_counter_limits_follow_the_options() -> None:
    free = Schachogi(SchachogiOptions(quiet_plies=0))
    accepted(position({}, "w 101 60"), free)
    short = Schachogi(SchachogiOptions(quiet_plies=1, repetitions=0))
    refused(position({}, "w 0 300"), "past the longest possible game (576 plies", short)
    accepted(position({}, "w 0 280"), short)
    accepted(position({}, "w 20 20 r6"), Schachogi(SchachogiOptions(repetitions=0)))


def test_a_pfloeck_taken_means_a_capture_just_happened() -> None:
    gone = {"e1": ""}  # White's Pflöck is gone: Black has just taken it
    accepted(position(gone, "w 0 20"))
    refused(position(gone, "w 5 20"), "White's Pflöck was taken by the last move, a capture")
    refused(position(gone, "w 0 1"), "gone before any move was made")
    accepted(position({"e8": ""}, "b 0 1"))
    refused(position({"e8": ""}, "b 1 1"), "Black's Pflöck was taken")


# --- numbers and letters: ASCII only, bounded ---------------------------------------------


HUGE = "9" * 5000


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (position({}, "w ² 20"), "'²' is not an ASCII character"),
        (position({}, "w 1 ٣"), "'٣' is not an ASCII character"),
        (position({}, f"w {HUGE} 20"), "the 100-ply counter: expected a whole number"),
        (position({}, f"w 0 {HUGE}"), "the move number: expected a whole number"),
        (position({}, "w 8 20 r²"), "'²' is not an ASCII character"),
        (position({}, f"w 8 20 r{HUGE}"), "rN with N ≥ 2"),
        (position({}, "w 8 20 r-3"), "rN with N ≥ 2"),
        (position({"a1": "ſ"}), "'ſ' is not an ASCII character"),
        (position({"a1": "+ı"}), "'ı' is not an ASCII character"),
        (position({}).replace(" ", "\u00a0", 1), "'\\xa0' is not an ASCII character"),
        (position({}).replace("/8/", "/" + "1" * 5000 + "/", 1), "two digits in a row"),
    ],
)
def test_position_text_reads_ascii_numbers_only(text: str, fragment: str) -> None:
    with pytest.raises(PositionError) as caught:
        GAME.parse(text)
    assert fragment in str(caught.value)
    assert len(str(caught.value)) < 500  # the 5,000 digits are not repeated


def test_non_ascii_is_refused_at_its_place() -> None:
    text = position({"c3": "ı"})
    with pytest.raises(PositionError) as caught:
        GAME.parse(text)
    assert caught.value.position == text.index("ı")


@pytest.mark.parametrize("text", ["e2e٣", "ｅ2e3", "e2e3＋", "e2\u2003e3", "e2e3 ", "ſ1a1"])
def test_move_text_is_ascii(text: str) -> None:
    if text == "e2e3 ":
        assert str(parse_move(text)) == "e2e3"
        return
    with pytest.raises(NotationError):
        parse_move(text)


# --- the picture from both sides -------------------------------------------------------------


def test_render_turns_the_board_for_black() -> None:
    state = GAME.parse(position({"a2": "B", "h7": "+w"}, "b 1 1"))
    white = state.render()
    assert state.render(0) == white
    black = state.render(1)
    assert white.splitlines()[1].split() == list("abcdefgh")
    assert black.splitlines()[1].split() == list("hgfedcba")
    white_rows = [line.split() for line in white.splitlines()[2:10]]
    black_rows = [line.split() for line in black.splitlines()[2:10]]
    assert [row[0] for row in white_rows] == list("87654321")
    assert black_rows == [row[::-1] for row in white_rows[::-1]]  # turned by 180°
    assert black.splitlines()[-3].startswith("Black lower case (moves up)")
    assert white.splitlines()[-3].startswith("White upper case (moves up)")
    assert black.splitlines()[-2] == white.splitlines()[-2]  # the piece letters
    assert black.splitlines()[-1] == white.splitlines()[-1] == "Black to move"
