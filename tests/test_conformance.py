"""The core conformance check on every registered game (see spieltisch.core.conformance).

Two tiers. The default run (`make test`) plays a smaller row per game and variant, a few
seconds each, and still reaches every board size and end condition of Okard; the large
rows (several hundred games each) run with `pytest -m slow`. Each row names the end
reasons its games must reach, so a row that no longer exercises an ending fails instead of
passing quietly. A registered game without a row is still checked with a default row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

import spieltisch
from spieltisch.core.conformance import check_game


@dataclass(frozen=True)
class Row:
    """One conformance run: game, options, games to play, `check_game` arguments, and the
    end reasons (`Outcome.reason`) that must occur among those games."""

    name: str
    options: str
    games: int
    kwargs: dict[str, Any] = field(default_factory=dict)
    reasons: frozenset[str] = frozenset()

    @property
    def id(self) -> str:
        return f"{self.name}[{self.options or 'default'}]-{self.games}"


def row(name: str, options: str, games: int, reasons: str = "", **kwargs: Any) -> Row:
    return Row(name, options, games, kwargs, frozenset(reasons.split()))


OKARD_KING = "board=8 end=king"
OKARD_POINTS = "board=9 end=points ap=round sacrifice=removed"
OKARD_HOME = "board=10 end=home ap=fixed drops=anywhere"
OKARD_ALL = "board=9 end=all"

#: The default tier: about 30 s for all rows on two cores (twice that when they are busy).
FAST_ROWS = [
    row("ostseeschach", "", 200, "DIFFERING_SCORES DIFFERING_POSITIONS", moves_per_state=6),
    row("schachogi", "", 100, "PFLOECK_CAPTURED QUIET_PLIES", moves_per_state=4),
    row("hase-und-igel", "", 250, "ROUND_LIMIT", moves_per_state=6),
    # Okard: every board size and every end condition (the games end by turn 200 at the
    # latest; the full board x end cross product runs in tests/games/okard, marked slow).
    row("okard", OKARD_KING, 80, "KING_CAPTURED TURN_LIMIT", moves_per_state=4, check_every=6),
    row(
        "okard",
        OKARD_POINTS,
        80,
        "VICTORY_POINTS TURN_LIMIT",
        moves_per_state=4,
        check_every=8,
    ),
    row("okard", OKARD_HOME, 80, "STONES_HOME", moves_per_state=4, check_every=6),
    row("okard", OKARD_ALL, 100, "ALL_CAPTURED TURN_LIMIT", moves_per_state=4, check_every=20),
]

#: The slow tier (`pytest -m slow`): the large rows, about 100 s in all.
SLOW_ROWS = [
    row("ostseeschach", "", 500, "DIFFERING_SCORES DIFFERING_POSITIONS", moves_per_state=6),
    row("schachogi", "", 300, "PFLOECK_CAPTURED QUIET_PLIES", moves_per_state=4),
    row("hase-und-igel", "", 500, "ROUND_LIMIT", moves_per_state=6),
    row("okard", OKARD_KING, 300, "KING_CAPTURED TURN_LIMIT", moves_per_state=4, check_every=6),
    row(
        "okard",
        OKARD_POINTS,
        300,
        "VICTORY_POINTS TURN_LIMIT",
        moves_per_state=4,
        check_every=8,
    ),
    row("okard", OKARD_HOME, 300, "STONES_HOME", moves_per_state=4, check_every=6),
    row("okard", OKARD_ALL, 300, "ALL_CAPTURED TURN_LIMIT", moves_per_state=4, check_every=15),
]

_covered = {r.name for r in FAST_ROWS}
_default_rows = [row(name, "", 50) for name in spieltisch.game_names() if name not in _covered]
_params = [pytest.param(r, id=r.id) for r in FAST_ROWS + _default_rows] + [
    pytest.param(r, id=r.id, marks=pytest.mark.slow) for r in SLOW_ROWS
]


@pytest.mark.parametrize("case", _params)
def test_conformance(case: Row) -> None:
    game = spieltisch.load(case.name, case.options or None)
    report = check_game(game, games=case.games, **case.kwargs)
    assert report.games == case.games
    assert report.states_checked > case.games
    assert report.longest <= game.max_game_length
    reached = {key.partition(":")[2] for key in report.results}
    missing = case.reasons - reached
    assert not missing, f"no game ended by {sorted(missing)}; endings seen: {report.results}"
