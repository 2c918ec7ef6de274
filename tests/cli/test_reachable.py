"""Positions no game reaches, through the real command: an Ostseeschach board that is not
a start at turn 0 (as position text or as the competition's XML) is refused with one
error line; `--setup` still reads it, as a position set up by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.run import assert_one_error_line, run

EMPTY = "/".join(["........"] * 8) + " 0 0:0 -"
EMPTY_XML = """<state turn="0">
  <startTeam class="team">ONE</startTeam>
  <board>
    <pieces/>
  </board>
  <ambers enum-type="team"/>
</state>"""
START = "R......r/H......h/M......m/S......s/S......s/M......m/H......h/R......r 0 0:0 -"
#: The start with red's Robbe and Herzmuschel on a8 and a7 changed round, blue's not.
MIXED = "H......r/R......h/M......m/S......s/S......s/M......m/H......h/R......r 0 0:0 -"


@pytest.mark.parametrize("text", [EMPTY, EMPTY_XML, MIXED], ids=["empty", "empty-xml", "mixed"])
def test_a_board_that_is_not_a_start_at_turn_0_is_refused(text: str, tmp_path: Path) -> None:
    path = tmp_path / "position.txt"
    path.write_text(text, encoding="utf-8")
    line = assert_one_error_line(run("show", "ostseeschach", "--position-file", str(path)))
    assert "impossible position: at turn 0 (before any move)" in line
    set_up = run("show", "ostseeschach", "--position-file", str(path), "--setup")
    assert set_up.returncode == 0, set_up.stderr


def test_a_start_is_accepted() -> None:
    result = run("show", "ostseeschach", "--position", START)
    assert result.returncode == 0, result.stderr
    assert f"position: {START}" in result.stdout
