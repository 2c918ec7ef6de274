"""Okard's armies valued by playouts (benchmarks/okard_armies.py): games from random armies
that spend the points and hold one König, the same game for the same seed, and a fit that
finds the worths the results were drawn from."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from benchmarks import okard_armies
from spieltisch import native
from spieltisch.games.okard.stones import STANDARD_STONES

pytestmark = pytest.mark.skipif(not native.built(), reason="the native engines are not built")

COST = {stone.code: stone.value for stone in STANDARD_STONES}


def test_random_armies_spend_the_points_and_hold_one_koenig(tmp_path: Path) -> None:
    out = tmp_path / "armies.jsonl"
    okard_armies.main(["play", str(out), "--games", "3", "--depth", "1", "--seed", "40"])
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["seed"] for row in rows] == [40, 41, 42]
    cheapest = min(COST.values())
    for row in rows:
        assert row["result"] in (-1, 0, 1)
        for side in ("red", "blue"):
            army = dict(zip(okard_armies.KINDS, row[side], strict=True))
            spent = sum(COST[code] * count for code, count in army.items())
            assert army["K"] == 1
            # Random picks go on until nothing more is affordable.
            assert 150 - cheapest < spent <= 150
    assert okard_armies.play(41, 1) == rows[1]


def test_the_fit_finds_the_worths_the_results_were_drawn_from() -> None:
    """Armies of random counts and results drawn from known logits: the fit gives back
    those logits within its 95% intervals (a wrong sign or kind order would not)."""
    rng = random.Random(3)
    truth = np.array([0.7, 0.6, 0.2, -0.3, 0.9, 0.0, 0.4, -0.5])
    rows = []
    for _ in range(6000):
        red = [rng.randrange(4) for _ in range(7)] + [1]
        blue = [rng.randrange(4) for _ in range(7)] + [1]
        logit = truth[0] + sum(truth[1 + k] * (red[k] - blue[k]) for k in range(7))
        won = rng.random() < 1.0 / (1.0 + np.exp(-logit))
        rows.append({"red": red, "blue": blue, "result": 1 if won else -1})
    w, se = okard_armies.fit(rows, ridge=0.01)
    assert np.all(np.abs(w - truth) < 3 * se)
    assert np.all(se < 0.1)


def test_given_armies_are_picked_and_matched_with_seats_swapped() -> None:
    first, second = ["K", "G", "G", "B"], ["K", "T", "T"]
    row = okard_armies.play(9, 1, (first, second))
    assert row is not None
    assert row["red"] == [1, 0, 0, 0, 0, 0, 2, 1] and row["blue"] == [0, 0, 0, 0, 0, 2, 0, 1]
    swapped = okard_armies.play(9, 1, (second, first))
    assert swapped is not None and swapped["red"] == row["blue"]
    score = okard_armies.match(first, second, 1, 1, 9)
    assert score.games == 2
    assert score.wins - score.losses == row["result"] - swapped["result"]
