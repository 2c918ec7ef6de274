"""The conformance check over every board size x every end condition, 300 games each.

The default run covers each board size and each end condition in four rows of
`tests/test_conformance.py`; this slow test (`pytest -m slow`, about 3 minutes on two
cores) runs the full cross product.
"""

from __future__ import annotations

import pytest

from spieltisch.core.conformance import check_game

from .support import game


@pytest.mark.slow
@pytest.mark.parametrize("end", ["king", "points", "home", "all"])
@pytest.mark.parametrize("board", [8, 9, 10])
def test_conformance_every_board_and_end(board: int, end: str) -> None:
    report = check_game(
        game(f"board={board} end={end}"), games=300, moves_per_state=3, check_every=25
    )
    assert report.games == 300
    assert report.longest <= game(f"board={board} end={end}").max_game_length
