"""Positions with a forced result (a win in 1 or 3, a loss in 2 to avoid) and their
readers, shared by the Python and the native search tests."""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch
from spieltisch.core.game import State

# Ostseeschach, red to move at turn 40 with ambers 1:0: the Möwe on g3 steps onto the
# h-file for the second amber; blue's lone Robbe cannot answer with two ambers.
AMBER_IN_1 = "r......./......../......../......../......../......M./........./..R....."


# The same Möwe on f3: two steps to the amber, blue cannot stop it (win in 3 plies).
AMBER_IN_3 = "r......./......../......../......../......../.....M../......../..R....."


# Red to move, blue (1 amber) threatens its second with the Möwe b4-a4; only the Robbe
# a2xb4 stops it.
LOSS_IN_2 = "......./...H..../......../......../.m....../......../R......./.......r"


def ostsee(rows: str, turn: int, ambers: str) -> State[Any]:
    ranks = [rank.ljust(8, ".")[:8] for rank in rows.split("/")]
    state: State[Any] = spieltisch.load("ostseeschach").parse(
        f"{'/'.join(ranks)} {turn} {ambers} -"
    )
    return state


def schachogi(text: str) -> State[Any]:
    if "schachogi" not in spieltisch.game_names():
        pytest.skip("schachogi is not registered yet (src/spieltisch/core/registry.py)")
    state: State[Any] = spieltisch.load("schachogi").parse(text)
    return state
