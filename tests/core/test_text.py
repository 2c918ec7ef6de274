"""The shared readers of outside text in `core.text`: the ASCII check games' notations use."""

from __future__ import annotations

import pytest

from spieltisch.core.errors import NotationError, PositionError
from spieltisch.core.text import check_ascii, first_non_ascii


def test_first_non_ascii_finds_the_first_foreign_character() -> None:
    assert first_non_ascii("e2e4") is None
    assert first_non_ascii("") is None
    assert first_non_ascii("e2ſe4ı") == 2


def test_check_ascii_passes_ascii_and_names_the_foreign_character() -> None:
    check_ascii("e2-e4 ", "a move")
    with pytest.raises(NotationError, match=r"a move: .*ı.* is not an ASCII character") as caught:
        check_ascii("e2e4ı", "a move")
    assert caught.value.position == 4


def test_check_ascii_raises_the_error_type_asked_for() -> None:
    with pytest.raises(PositionError):
        check_ascii("8/8/²", "a position", PositionError)
