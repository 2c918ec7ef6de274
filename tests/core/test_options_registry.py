"""Game options as text, and the registry."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pytest

import spieltisch
from spieltisch.core import GameOptions, OptionError, UnknownGameError, game_class, load


class Mode(enum.Enum):
    FAST = "fast"
    SLOW = "slow"


@dataclass(frozen=True)
class Sample(GameOptions):
    size: int = 9
    fixed: bool = False
    mode: Mode = Mode.FAST
    ratio: float = 0.5
    stones: tuple[str, ...] = ("a", "b")
    limit: int | None = None

    def __post_init__(self) -> None:
        if self.size not in (8, 9, 10):
            raise OptionError(f"size {self.size}: expected 8, 9 or 10")


def test_options_print_and_parse() -> None:
    options = Sample(size=10, fixed=True, mode=Mode.SLOW, stones=("x", "y", "z"), limit=4)
    text = options.text()
    assert text == "size=10 fixed=true mode=slow ratio=0.5 stones=x,y,z limit=4"
    assert Sample.parse(text) == options
    assert Sample.parse("") == Sample()
    assert Sample().text() == "size=9 fixed=false mode=fast ratio=0.5 stones=a,b limit=none"
    assert Sample.from_pairs(["size=8", "limit=none"]) == Sample(size=8)
    assert options.changed() == {
        "size": "10",
        "fixed": "true",
        "mode": "slow",
        "stones": "x,y,z",
        "limit": "4",
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("size=7", "expected 8, 9 or 10"),
        ("size=big", "whole number"),
        ("fixed=maybe", "true or false"),
        ("mode=medium", "not one of fast, slow"),
        ("colour=red", "unknown option 'colour'"),
        ("size", "expected key=value"),
        ("ratio=x", "expected a number"),
    ],
)
def test_bad_options(text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        Sample.parse(text)


def test_registry() -> None:
    names = spieltisch.game_names()
    assert names[0] == "ostseeschach"
    assert set(names) <= {"ostseeschach", "schachogi", "hase-und-igel", "okard"}
    for name in names:
        cls = game_class(name)
        game = load(name)
        assert isinstance(game, cls) and game.name == name
        assert load(name, game.options.text()).options == game.options
    with pytest.raises(UnknownGameError, match="known games: ostseeschach"):
        load("chess")
