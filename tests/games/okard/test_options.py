"""Every Okard option (okard.md, the items marked **option**): defaults, text, errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spieltisch.core import OptionError
from spieltisch.games.okard.options import (
    ApMode,
    DropZone,
    EndCondition,
    OkardOptions,
    SacrificeTo,
)

from .support import game


def test_defaults_are_the_rules_defaults() -> None:
    options = OkardOptions()
    assert options.board == 9
    assert options.army_points == 150
    assert options.setup_rows == 3
    assert options.ap is ApMode.TURN
    assert options.sacrifice is SacrificeTo.OPPONENT
    assert options.drops is DropZone.SETUP
    assert options.end is EndCondition.KING
    assert options.turns == 200
    assert [s.code for s in options.stone_list] == ["B", "SP", "SC", "RI", "L", "T", "G", "K"]


@pytest.mark.parametrize(("board", "army", "rows"), [(8, 100, 2), (9, 150, 3), (10, 200, 3)])
def test_board_sizes(board: int, army: int, rows: int) -> None:
    options = OkardOptions(board=board)
    assert (options.army_points, options.setup_rows) == (army, rows)
    state = game(f"board={board}").new_state()
    assert state.text().split()[0] == "/".join([str(board)] * board)


@given(
    st.builds(
        OkardOptions,
        board=st.sampled_from([8, 9, 10]),
        army=st.none() | st.integers(19, 400),
        ap=st.sampled_from(ApMode),
        fixed_ap=st.integers(1, 20),
        sacrifice=st.sampled_from(SacrificeTo),
        drops=st.sampled_from(DropZone),
        end=st.sampled_from([EndCondition.KING, EndCondition.ALL]),
        stones=st.sampled_from([(), ("B", "K"), ("K", "X:110000011-220000022")]),
        turns=st.integers(1, 500),
    )
)
def test_options_print_and_parse(options: OkardOptions) -> None:
    assert OkardOptions.parse(options.text()) == options


def test_options_text_of_the_defaults() -> None:
    assert OkardOptions().text() == (
        "board=9 army=none ap=turn fixed_ap=3 sacrifice=opponent drops=setup end=king "
        "target=none stones= turns=200"
    )
    custom = OkardOptions.parse("stones=B,K,X:110000011-220000022 end=points target=40")
    assert custom.stones == ("B", "K", "X:110000011-220000022")
    assert custom.target_points == 40
    assert OkardOptions.parse(custom.text()) == custom


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("board=7", "8, 9 or 10"),
        ("army=18", "no stone list can fill an army of 18"),
        ("army=0", "1..1000"),
        ("stones=B,T", "no König"),
        ("stones=K,X:200000002-200000001", "weaker than the front"),
        ("stones=K,X:20000", "9 digits"),
        ("stones=K,Q", "neither a standard stone"),
        ("stones=K,K", "twice"),
        ("stones=K:222222224", "strength"),
        ("fixed_ap=0", "fixed_ap"),
        ("target=10", "only end=points and end=home"),
        ("end=points target=0", "1..10000"),
        ("turns=0", "turn limit"),
        ("ap=dice", "not one of"),
        ("sacrifice=bank", "not one of"),
        ("drops=nowhere", "not one of"),
        ("end=mate", "not one of"),
        ("colour=red", "unknown option"),
    ],
)
def test_bad_options_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        OkardOptions.parse(text)


def test_custom_king_sets_the_minimum_army() -> None:
    options = OkardOptions.parse("stones=K:200000001,B army=3")
    assert options.army_points == 3
    with pytest.raises(OptionError, match="König, worth 3"):
        OkardOptions.parse("stones=K:200000001,B army=2")


def test_victory_targets() -> None:
    assert OkardOptions(end=EndCondition.POINTS).target_points == 75
    assert OkardOptions(end=EndCondition.HOME).target_points == 37
    assert OkardOptions(board=8, end=EndCondition.POINTS).target_points == 50
    assert OkardOptions(end=EndCondition.KING).target_points == 0


@pytest.mark.parametrize(
    ("options", "bound"),
    [
        # setup: 2 * (150 // 14 + 1) * 2 = 44; a turn: roll + 6 sacrifices + 12 steps + END
        ("", 44 + 200 * 20),
        ("board=8", 2 * 2 * (100 // 14 + 1) + 200 * 20),
        ("ap=fixed fixed_ap=4 turns=10", 44 + 10 * 18),
    ],
)
def test_max_game_length(options: str, bound: int) -> None:
    assert game(options).max_game_length == bound
