"""Static exchange evaluation (SEE) of the native engines on hand-made positions: an
undefended and a defended piece, an x-ray behind the first capturer, a winning and a
losing exchange, a quiet move onto an attacked square."""

from __future__ import annotations

import pytest

from spieltisch.native import legal_moves
from spieltisch.native.search import see

EMPTY = "........"


def ostsee(*rows: str) -> str:
    """An Ostseeschach position, red to move at turn 0 without ambers."""
    return "/".join(rows) + " 0 0:0 -"


# Schachogi (White to move; the Pflöcke on e1 and e8 take no part): Rock 500, Slotser 350,
# Wieher 200, Brrbrr 100.
SCHACHOGI = [
    # A Rock takes an undefended Slotser: the Slotser's worth.
    ("undefended piece", "4p3/8/8/s2R4/8/8/8/4P3 w 0 1", "d5a5", 350),
    # The Slotser is defended by the Brrbrr on d6: the Rock is lost for it.
    ("defended piece, losing exchange", "4p3/8/3b4/R2s4/8/8/8/4P3 w 0 1", "a5d5", 350 - 500),
    # A Brrbrr takes a defended Rock: the Rock less the Brrbrr.
    ("winning exchange", "4p3/8/3b4/3r4/3B4/8/8/4P3 w 0 1", "d4d5", 500 - 100),
    # The second white Rock stands behind the first (an x-ray): Black's Rock takes back and
    # is taken, so Black does better to leave the Slotser.
    ("x-ray", "3rp3/8/8/3s4/8/8/3R4/3RP3 w 0 1", "d2d5", 350),
    # The same without the Rock behind: Rxs, rxR.
    ("without the x-ray", "3rp3/8/8/3s4/8/8/3R4/4P3 w 0 1", "d2d5", 350 - 500),
    # A quiet move onto a square the Brrbrr takes: the Rock is lost.
    ("quiet move onto an attacked square", "4p3/8/3b4/R7/8/8/8/4P3 w 0 1", "a5d5", -500),
    # Rxs, Ischi takes back, the Pflöck takes the Ischi: nothing takes the Pflöck then.
    ("the Pflöck takes back", "4p3/8/8/8/8/2i5/R2s4/4P3 w 0 1", "a2d2", 350 - (500 - 300)),
    # With a Rock on d8 the Pflöck may not take back (it would be taken): Rxs, ixR.
    ("the Pflöck may not take back", "3rp3/8/8/8/8/2i5/R2s4/4P3 w 0 1", "a2d2", 350 - 500),
]

# Ostseeschach (red to move): a stack 1000, a tower of two 1600, an amber 4000.
OSTSEESCHACH = [
    # Möwe takes Möwe: the enemy stack gone, the Möwe now a tower of two.
    (
        "undefended piece",
        ostsee("R......r", EMPTY, EMPTY, "...Mm...", EMPTY, EMPTY, EMPTY, "R......r"),
        "d5e5",
        1000 + 600,
    ),
    # The blue Herzmuschel takes the new tower back: a tower of three, an amber for blue.
    (
        "defended piece, losing exchange",
        ostsee("R......r", EMPTY, ".....h..", "...Mm...", EMPTY, EMPTY, EMPTY, "R......r"),
        "d5e5",
        1600 - (1600 + 4000 - 1000),
    ),
    # A tower takes a single piece: an amber, both leave the board, nothing to take back.
    (
        "winning exchange",
        ostsee("R......r", EMPTY, ".....h..", "...M2m...", EMPTY, EMPTY, EMPTY, "R......r"),
        "d5e5",
        1000 + 4000 - 1600,
    ),
    # A quiet step onto a square the Herzmuschel takes.
    (
        "quiet move onto an attacked square",
        ostsee("R......r", EMPTY, ".....h..", "...M....", EMPTY, EMPTY, EMPTY, "R......r"),
        "d5e5",
        -1600,
    ),
    # A light piece onto the amber line: an amber for the piece.
    (
        "amber line",
        ostsee("R......r", EMPTY, EMPTY, "......M.", EMPTY, EMPTY, EMPTY, "R......r"),
        "g5h5",
        4000 - 1000,
    ),
]


@pytest.mark.parametrize(
    ("case", "text", "move", "value"), SCHACHOGI, ids=[c[0] for c in SCHACHOGI]
)
def test_schachogi_see(case: str, text: str, move: str, value: int) -> None:
    assert move in legal_moves("schachogi", text)
    assert see("schachogi", text, move) == value


@pytest.mark.parametrize(
    ("case", "text", "move", "value"), OSTSEESCHACH, ids=[c[0] for c in OSTSEESCHACH]
)
def test_ostseeschach_see(case: str, text: str, move: str, value: int) -> None:
    assert move in legal_moves("ostseeschach", text)
    assert see("ostseeschach", text, move) == value


def test_see_refuses_an_illegal_move_and_a_game_without_it() -> None:
    text = SCHACHOGI[0][1]
    with pytest.raises(ValueError, match="not a legal move"):
        see("schachogi", text, "a1a8")
    with pytest.raises(ValueError, match="no static exchange"):
        see("hase-und-igel", "", "x")
