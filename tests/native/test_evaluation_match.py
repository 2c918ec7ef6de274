"""`benchmarks.evaluation_match` with a sequential test: it stops at the SPRT's verdict."""

from __future__ import annotations

import pytest

from benchmarks import evaluation_match
from spieltisch import native

pytestmark = pytest.mark.skipif(not native.built(), reason="the native engines are not built")


def test_an_sprt_stops_the_match_once_it_decides(capsys: pytest.CaptureFixture[str]) -> None:
    """The same variant on both sides: both games of a pair are the same game with the
    seats swapped, so every pair scores one point each way and an SPRT against a large gain
    accepts H0 within a few pairs, long before the fifty allowed."""
    evaluation_match.main(["okard", "50", "1", "2", "8", "8", "-", "1", "--sprt", "0,300"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[:2]] == [
        "pair 1 TEST as player 0",
        "pair 1 TEST as player 1",
    ]
    assert "LLR" in lines[2]
    assert "eval=8 against eval=8" in lines[-2]
    verdict = lines[-1]
    assert verdict.startswith("SPRT [0, 300]: H0 after ")
    assert int(verdict.split(" after ")[1].split()[0]) < 10
