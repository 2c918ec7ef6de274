"""Stones (okard.md, "Stones", "Standard stone list"): notation, values, the standard list."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spieltisch.games.okard.stones import (
    KING,
    STANDARD_STONES,
    Side,
    Stone,
    StoneError,
    parse_side,
    stone_from_text,
    stone_list,
)

dirs = st.tuples(*[st.integers(0, 2) for _ in range(8)])
sides = st.builds(Side, dirs, st.integers(1, 3))


@st.composite
def stones(draw: st.DrawFn) -> Stone:
    front = draw(sides)
    back = draw(st.none() | sides.filter(lambda s: s.strength >= front.strength))
    return Stone("X", "X", front, back)


@given(stones())
def test_stone_text_round_trips(stone: Stone) -> None:
    again = stone_from_text("X", stone.text())
    assert again == stone
    assert again.text() == stone.text()


@given(sides)
def test_side_text_is_directions_then_strength(side: Side) -> None:
    text = side.text()
    assert len(text) == 9
    assert [int(c) for c in text[:8]] == list(side.dirs)
    assert int(text[8]) == side.strength
    assert parse_side(text) == side


@given(stones())
def test_value_is_strength_plus_direction_values_of_both_sides(stone: Stone) -> None:
    expected = stone.front.strength + sum(stone.front.dirs)
    if stone.back is not None:
        expected += stone.back.strength + sum(stone.back.dirs)
    assert stone.value == expected


# The standard list of okard.md, "Standard stone list", written out independently:
# (code, front strength, front directions, back strength, back directions).
TABLE = {
    "B": (1, {"N": 2}, 2, {"N": 2, "NE": 2, "NW": 2, "E": 1, "W": 1, "S": 1}),
    "SP": (1, {"N": 1, "NE": 2, "NW": 2}, 2, {"N": 2, "NE": 2, "NW": 2, "SE": 1, "SW": 1}),
    "SC": (
        2,
        {"N": 2, "NE": 1, "NW": 1, "E": 1, "W": 1},
        2,
        {"N": 2, "NE": 2, "NW": 2, "E": 2, "W": 2, "S": 1},
    ),
    "RI": (
        2,
        {"N": 2, "E": 2, "W": 2, "S": 1},
        3,
        {"N": 2, "E": 2, "W": 2, "S": 2, "NE": 1, "NW": 1},
    ),
    "L": (
        2,
        {"NE": 2, "NW": 2, "SE": 2, "SW": 2},
        3,
        {"NE": 2, "NW": 2, "SE": 2, "SW": 2, "N": 1, "E": 1, "S": 1, "W": 1},
    ),
    "T": (
        2,
        {"N": 2, "E": 2, "S": 2, "W": 2},
        3,
        {"N": 2, "E": 2, "S": 2, "W": 2, "NE": 1, "NW": 1, "SE": 1, "SW": 1},
    ),
    "G": (3, dict.fromkeys(("N", "NE", "E", "SE", "S", "SW", "W", "NW"), 2), 0, {}),
    "K": (3, dict.fromkeys(("N", "NE", "E", "SE", "S", "SW", "W", "NW"), 2), 0, {}),
}
ORDER = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


@pytest.mark.parametrize("stone", STANDARD_STONES, ids=lambda s: s.code)
def test_standard_stone_matches_the_rules_table(stone: Stone) -> None:
    front_strength, front, back_strength, back = TABLE[stone.code]
    assert stone.front.strength == front_strength
    assert stone.front.dirs == tuple(front.get(d, 0) for d in ORDER)
    if back_strength:
        assert stone.back is not None
        assert stone.back.strength == back_strength
        assert stone.back.dirs == tuple(back.get(d, 0) for d in ORDER)
    else:
        assert stone.back is None


@given(st.sampled_from(STANDARD_STONES))
def test_standard_stone_value_is_the_rules_sum(stone: Stone) -> None:
    front_strength, front, back_strength, back = TABLE[stone.code]
    assert stone.value == front_strength + sum(front.values()) + back_strength + sum(back.values())


def test_standard_values() -> None:
    values = {s.code: s.value for s in STANDARD_STONES}
    assert values == {"B": 14, "SP": 16, "SC": 21, "RI": 22, "L": 25, "T": 25, "G": 19, "K": 19}


def test_bauer_front_text_is_the_rules_example() -> None:
    assert STANDARD_STONES[0].front.text() == "200000001"
    assert STANDARD_STONES[0].text() == "200000001-221010122"


def test_back_side_never_weaker_than_front() -> None:
    with pytest.raises(StoneError, match="weaker"):
        stone_from_text("X", "200000002-200000001")
    assert all(s.back is None or s.back.strength >= s.front.strength for s in STANDARD_STONES)


@pytest.mark.parametrize(
    "text", ["20000001", "2000000010", "300000001", "200000004", "200000000", "abcdefghi"]
)
def test_bad_side_texts(text: str) -> None:
    with pytest.raises(StoneError):
        stone_from_text("X", text)


def test_the_drafts_ninth_digit_above_three_is_refused() -> None:
    # okard.md: the draft's `110000014-220000025` is inconsistent; the ninth digit is 1..3.
    with pytest.raises(StoneError):
        stone_from_text("X", "110000014-220000025")


def test_stone_list_needs_a_king_and_unique_codes() -> None:
    assert stone_list(()) == STANDARD_STONES
    assert [s.code for s in stone_list(("B", "K"))] == ["B", KING]
    with pytest.raises(StoneError, match="König"):
        stone_list(("B", "T"))
    with pytest.raises(StoneError, match="twice"):
        stone_list(("B", "B", "K"))
    with pytest.raises(StoneError, match="neither"):
        stone_list(("Q", "K"))
    custom = stone_list(("K", "X:110000011-220000022"))
    assert custom[1].value == (1 + 1 + 1 + 1) + (2 + 2 + 2 + 2)


def test_diagram_draws_directions() -> None:
    bauer = STANDARD_STONES[0]
    assert bauer.front.diagram() == [". * .", ". O .", ". . ."]
    assert bauer.back is not None
    assert bauer.back.diagram() == ["* * *", "o O o", ". o ."]
    assert bauer.front.summary() == "S1: N2"
