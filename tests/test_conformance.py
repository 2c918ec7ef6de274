"""The core conformance check on every registered game (see spieltisch.core.conformance).

Each row: game name, options text, number of random games, extra arguments of
`check_game`. A registered game without a row is still checked with a default row.
"""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch
from spieltisch.core.conformance import check_game

ROWS: list[tuple[str, str, int, dict[str, Any]]] = [
    ("ostseeschach", "", 500, {"moves_per_state": 6}),
    ("schachogi", "", 300, {"moves_per_state": 4}),
    ("hase-und-igel", "", 500, {"moves_per_state": 6}),
    # Okard: every board size and every end condition, 300 games each (all end by turn 200;
    # the full board x end cross product runs in tests/games/okard, marked slow).
    ("okard", "board=8 end=king", 300, {"moves_per_state": 4, "check_every": 6}),
    (
        "okard",
        "board=9 end=points ap=round sacrifice=removed",
        300,
        {"moves_per_state": 4, "check_every": 8},
    ),
    (
        "okard",
        "board=10 end=home ap=fixed drops=anywhere",
        300,
        {"moves_per_state": 4, "check_every": 6},
    ),
    ("okard", "board=9 end=all", 300, {"moves_per_state": 4, "check_every": 15}),
]

_covered = {row[0] for row in ROWS}
_all_rows = ROWS + [(name, "", 50, {}) for name in spieltisch.games() if name not in _covered]


@pytest.mark.parametrize(
    ("name", "options", "count", "kwargs"),
    _all_rows,
    ids=[f"{r[0]}[{r[1] or 'default'}]" for r in _all_rows],
)
def test_conformance(name: str, options: str, count: int, kwargs: dict[str, Any]) -> None:
    report = check_game(spieltisch.load(name, options or None), games=count, **kwargs)
    assert report.games == count
    assert report.states_checked > count
