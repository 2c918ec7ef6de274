"""The draft's own move notation (okard.md, "Notation"): full stone codes, shogi squares."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.core import NotationError
from spieltisch.games.okard import OkardState
from spieltisch.games.okard.moves import (
    DROP,
    LINE,
    PICK,
    PLACE,
    PROMOTE,
    SACRIFICE,
    Move,
    square_name,
)
from spieltisch.games.okard.notation import (
    draft_text,
    read_move,
    read_square,
    shogi_coords,
    shogi_square,
    stone_code,
)
from spieltisch.games.okard.stones import STANDARD_STONES, Stone

from .support import game, play, play_position, refused

#: The sheet's section 5, verbatim: their ninth digits (4, 5) are no strength.
SHEET_PICK = "PI 110000014-220000025"
SHEET_PLACE = "PL 110000015 8g"
#: The same stones with a valid strength as the ninth digit, as a custom list.
CORRECTED = "stones=K,X:110000011-220000022,Y:110000012"


def parse(text: str, options: str = "") -> Move:
    return game(options).new_state().parse_move(text)


# --- stones by their full text code ------------------------------------------------------


UNIQUE = [stone for stone in STANDARD_STONES if stone.code not in ("G", "K")]


@pytest.mark.parametrize("stone", UNIQUE, ids=lambda stone: stone.code)
def test_every_standard_stone_is_picked_by_its_full_code(stone: Stone) -> None:
    state = game().new_state()
    move = state.parse_move(f"PI {stone.text()}")
    assert move == Move(PICK, stone.code) == state.parse_move(f"PI {stone.code}")
    assert str(move) == f"PI {stone.code}"
    play(state, "PI K", "PI K")  # a König first, so every stone is affordable
    state.play(state.parse_move(f"PI {stone.text()}"))
    assert state.history()[-1] == Move(PICK, stone.code)


def test_general_and_koenig_share_a_full_code_so_it_is_refused() -> None:
    # G and K have the same sides (222222223): the text names no single stone.
    general = next(stone for stone in STANDARD_STONES if stone.code == "G")
    king = next(stone for stone in STANDARD_STONES if stone.code == "K")
    assert general.text() == king.text() == "222222223"
    with pytest.raises(NotationError, match=r"names 2 stones of the allowed list \(G, K\)"):
        parse("PI 222222223")
    assert parse("PI G") == Move(PICK, "G")
    # In a list holding only one of them the code is clear again.
    assert parse("PI 222222223", "stones=B,K") == Move(PICK, "K")


def test_a_custom_stone_is_picked_by_its_full_code() -> None:
    options = "stones=B,K,X:110000011-220000022"
    state = game(options).new_state()
    move = state.parse_move("PI 110000011-220000022")
    assert move == Move(PICK, "X") == state.parse_move("PI X")
    state.play(move)
    assert state.history() == [Move(PICK, "X")]
    # A standard stone left out of the custom list is not allowed by its code either.
    with pytest.raises(NotationError, match="names no allowed stone"):
        state.parse_move("PI 120000021-220101022")


def test_a_code_naming_no_allowed_stone_lists_the_allowed_ones() -> None:
    with pytest.raises(NotationError) as info:
        parse("PI 110000011-220000022")
    message = str(info.value)
    assert "names no allowed stone" in message
    for stone in STANDARD_STONES:
        assert f"{stone.code} {stone.text()}" in message
    with pytest.raises(NotationError) as custom:
        parse("PI 200000001-221010122", "stones=K,X:110000011-220000022")
    assert "allowed: K 222222223, X 110000011-220000022" in str(custom.value)


def test_a_front_side_alone_names_only_a_stone_without_a_back_side() -> None:
    with pytest.raises(NotationError, match=r"B is 200000001-221010122 \(a front side alone"):
        parse("PI 200000001")
    assert parse("PL 110000012 8g", CORRECTED) == Move(PLACE, "Y", 1, 2)


@pytest.mark.parametrize(
    ("text", "digit", "where"),
    [(SHEET_PICK, "4", 12), (SHEET_PLACE, "5", 12), ("PI 110000011-220000025", "5", 22)],
)
def test_the_sheets_own_examples_have_no_valid_strength(text: str, digit: str, where: int) -> None:
    with pytest.raises(NotationError) as info:
        parse(text, CORRECTED)
    message = str(info.value)
    assert "has no valid strength" in message
    assert f"{digit} is out of range (1..3)" in message
    assert f"at character {where} of" in message


def test_the_sheets_examples_corrected_are_played() -> None:
    state = game(CORRECTED).new_state()
    play(state, "PI 110000011-220000022", "PI K", "PI K", "PI 110000012", "PI -", "PI -")
    play(state, "PL 110000011-220000022 8g", "PL K 1a", "PL K 5i", "PL 110000012 5a")
    assert state.phase == "play"  # both hands are empty: placement ended by itself
    assert state.history()[:6] == [
        Move(PICK, "X"),
        Move(PICK, "K"),
        Move(PICK, "K"),
        Move(PICK, "Y"),
        Move(PICK),
        Move(PICK),
    ]
    assert [str(move) for move in state.history()[6:]] == [
        "PL X b3",
        "PL K i9",
        "PL K e1",
        "PL Y e9",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("PI 130000011", "value for direction NE: 3 is out of range"),
        ("PI 20000000", "is not a stone's full text code"),
        ("PI 200000001-", "is not a stone's full text code"),
        ("PI 200000001-2210101220", "is not a stone's full text code"),
        ("PL 2B 8g", "is not a stone"),
        ("PL - 8g", "is not a stone"),
        ("PL K", "PL takes a stone and a square, not 1"),
        ("DR 200000001-221010122", "DR takes a stone and a square, not 1"),
        ("SA 8g 8h", "SA takes one word, not 2"),
    ],
)
def test_bad_stone_words(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse(text)


# --- shogi-style squares -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "shogi", "chess"),
    [
        (9, "8g", "b3"),
        (9, "5i", "e1"),
        (9, "1a", "i9"),
        (9, "9i", "a1"),
        (8, "8h", "a1"),
        (8, "1a", "h8"),
        (8, "5e", "d4"),
        (10, "10j", "a1"),
        (10, "1a", "j10"),
        (10, "10a", "a10"),
        (10, "1j", "j1"),
    ],
)
def test_shogi_squares_as_the_rules_define_them(n: int, shogi: str, chess: str) -> None:
    x, y = shogi_coords(shogi, n)
    assert square_name(x, y) == chess
    assert shogi_square(x, y, n) == shogi
    assert read_square(shogi, n) == read_square(chess, n) == (x, y)


@pytest.mark.parametrize("n", [8, 9, 10])
def test_every_square_in_both_forms_gives_the_same_move(n: int) -> None:
    state = game(f"board={n}").new_state()
    for y in range(n):
        for x in range(n):
            shogi, chess = shogi_square(x, y, n), square_name(x, y)
            assert read_square(shogi.upper(), n) == (x, y)
            for kind, word in ((SACRIFICE, "SA"), (PROMOTE, "PR")):
                move = state.parse_move(f"{word} {shogi}")
                assert move == state.parse_move(f"{word} {chess}") == Move(kind, "", x, y)
                assert str(move) == f"{word} {chess}"
            for kind, word in ((PLACE, "PL"), (DROP, "DR")):
                move = state.parse_move(f"{word} B {shogi}")
                assert move == state.parse_move(f"{word} 200000001-221010122 {shogi}")
                assert move == state.parse_move(f"{word} B {chess}") == Move(kind, "B", x, y)
            tx, ty = n - 1 - x, n - 1 - y
            if (tx, ty) != (x, y):
                far_shogi, far_chess = shogi_square(tx, ty, n), square_name(tx, ty)
                line = Move(LINE, "", x, y, tx, ty)
                assert state.parse_move(f"{shogi}-{far_shogi}") == line
                assert state.parse_move(f"{shogi} x {far_chess}") == line
                assert state.parse_move(f"{chess}-{far_chess}") == line


@pytest.mark.parametrize(
    ("project", "draft"),
    [
        ("PI B", "PI 200000001-221010122"),
        ("PL K e1", "PL K 5i"),
        ("PL B b3", "PL 200000001-221010122 8g"),
        ("SA c1", "SA 7i"),
        ("e2-e6", "5h-5d"),
        ("PR e6", "PR 5d"),
        ("DR B d1", "DR 200000001-221010122 6i"),
    ],
)
def test_the_player_guides_table(project: str, draft: str) -> None:
    # docs/okard.md, "The draft's own notation".
    move = parse(draft)
    assert move == parse(project) and str(move) == project


def test_chess_and_shogi_squares_are_told_apart_by_their_first_character() -> None:
    # `8g` (number first) is shogi: b3 on 9x9; `g8` (letter first) is chess: g8.
    assert read_square("8g", 9) == (1, 2)
    assert read_square("g8", 9) == (6, 7)


def test_moves_in_the_draft_form_are_played() -> None:
    state = play_position({"a1": "K", "i9": "k", "e2": "T", "c1": "SC"}, ap=4, hands="B1/-")
    play(state, "SA 7i", "5h-5d", "PR 5d", "DR 200000001-221010122 6i", "END")
    assert [str(move) for move in state.history()] == [
        "SA c1",
        "e2-e6",
        "PR e6",
        "DR B d1",
        "END",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("SA 10a", r"the file number of the square '10a': 10 is out of range \(1..9\)"),
        ("SA 0a", "has a leading zero"),
        ("SA 05i", "has a leading zero"),
        ("SA 5j", "rank letter 'j' is not on a 9x9 board"),
        ("SA 5", "is not a shogi-style square"),
        ("SA g", "is not a square"),
        ("SA 5g5", "is not a shogi-style square"),
        ("SA e0", "leading zero"),
        ("SA e11", r"11 is out of range \(1..10\)"),
        ("k1-e5", "file 'k' is on no board"),
        ("8g-k1", "file 'k' is on no board"),
        ("8g-8", "is not a shogi-style square"),
        ("8g-", "an Okard move is"),
        ("PL K " + "9" * 5000 + "g", "the file number of the square"),
    ],
)
def test_bad_squares_say_why(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as info:
        parse(text)
    assert len(str(info.value)) < 600


def test_chess_squares_off_the_board_are_left_to_the_rules() -> None:
    # The project's reader reads a..j and 1..10 on every board and the rules refuse a
    # square off the board (OFF_BOARD); mixed with the draft's forms it stays so.
    state = play_position({"a1": "K", "i9": "k", "e2": "T"}, ap=4, hands="B1/-")
    assert state.parse_move("SA j5") == Move(SACRIFICE, "", 9, 4)
    assert refused(state, "SA j5") == "NOT_OWN_STONE"
    assert refused(state, "5h-j2") == "OFF_BOARD"
    assert refused(state, "DR 200000001-221010122 e10") == "OFF_BOARD"


def test_bad_squares_on_other_board_sizes() -> None:
    with pytest.raises(NotationError, match=r"\(1..8\)"):
        parse("SA 9a", "board=8")
    with pytest.raises(NotationError, match="rank letter 'i' is not on a 8x8 board"):
        parse("SA 1i", "board=8")
    assert parse("SA 10j", "board=10") == Move(SACRIFICE, "", 0, 0)


@pytest.mark.parametrize(
    "text",
    [
        "pı k",  # dotless i, upper() makes it I
        "ſa e2",  # long s, upper() makes it S
        "PI \u212a",  # Kelvin sign, lower() makes it k
        "PL K ８g",  # fullwidth digit
        "PL K ٨g",  # Arabic-Indic digit
        "SA 8ɡ",  # script g
        "PI ２00000001-221010122",
        "e2\u2013e5",  # en dash
        "SA\u00a0e2",  # no-break space
    ],
)
def test_non_ascii_look_alikes_are_refused(text: str) -> None:
    with pytest.raises(NotationError, match="Okard moves are written in ASCII"):
        parse(text)


def test_stone_code_alone() -> None:
    assert stone_code("020202022-121212123", STANDARD_STONES) == "L"
    with pytest.raises(NotationError, match="names no allowed stone"):
        stone_code("020202022", STANDARD_STONES)


# --- round trips -------------------------------------------------------------------------


OPTION_SETS = ["board=8", "", "board=10 drops=anywhere", CORRECTED]


def random_state(options: str, seed: int, plies: int) -> OkardState:
    rng = random.Random(seed)
    state = game(options).new_state()
    for _ in range(plies):
        if state.is_over():
            break
        state.play(state.random_move(rng))
    return state


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 10_000), st.integers(0, 300))
def test_legal_moves_round_trip_in_both_forms(options: str, seed: int, plies: int) -> None:
    state = random_state(options, seed, plies)
    t = state.t
    for move in state.legal_moves():
        project, draft = str(move), draft_text(move, t.n, t.stones)
        assert state.parse_move(project) == move
        assert state.parse_move(draft) == move
        assert state.parse_move(draft.lower()) == move
        assert str(read_move(draft, t.n, t.stones)) == project
        if move.kind in (PLACE, DROP, SACRIFICE, PROMOTE, LINE) and move.x >= 0:
            assert draft != project


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="PILDRSAE0123456789abgijkx- \t", max_size=30))
def test_any_text_gives_a_move_or_a_notation_error(text: str) -> None:
    state = game().new_state()
    try:
        move = state.parse_move(text)
    except NotationError:
        return
    assert state.parse_move(str(move)) == move
