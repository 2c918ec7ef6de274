"""The documentation's `perft … --position-file examples/…` lines (the command-line
reference, docs/cli.md, and the games' page), run as written (a real process from the
repository's root), and the example states in `examples/`, which must stay in the
competition's official format. The README's own command lines: tests/test_readme.py."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import spieltisch
from spieltisch.core import perft
from spieltisch.games.haseundigel import xml as haseundigel_xml
from spieltisch.games.ostseeschach import xml as ostseeschach_xml

ROOT = Path(__file__).resolve().parents[1]
#: The pages with perft lines on the example files: the README and every page of docs/.
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
#: The source tree the tests import, so the process runs the same code.
SOURCE = Path(spieltisch.__file__).resolve().parents[1]
README_LINE = re.compile(
    r"spieltisch\s+(perft\s+(\S+)\s+(\d+)\s+--position-file\s+(examples/[\w.-]+\.xml))"
)
#: How each game's official writer prints a state (the examples are its exact output).
WRITERS: dict[str, Callable[[Any], str]] = {
    "ostseeschach": ostseeschach_xml.state_to_xml,
    "hase-und-igel": haseundigel_xml.state_to_xml,
}


def readme_lines() -> list[tuple[str, str, int, str]]:
    """(command line, game, depth, file) of every perft line on an example file in the
    README and the pages of docs/, each distinct line once."""
    found: dict[str, tuple[str, str, int, str]] = {}
    for document in DOCUMENTS:
        for m in README_LINE.finditer(document.read_text(encoding="utf-8")):
            found.setdefault(m[1], (m[1], m[2], int(m[3]), m[4]))
    return list(found.values())


def test_the_cli_reference_shows_an_example_for_each_competition_game() -> None:
    games = {game for _, game, _, _ in readme_lines()}
    assert games == set(WRITERS)
    reference = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert {m[2] for m in README_LINE.finditer(reference)} == set(WRITERS)
    for name in WRITERS:
        assert (ROOT / "examples" / f"{name}-state.xml").is_file()


@pytest.mark.parametrize("line", readme_lines(), ids=lambda line: f"{line[1]}-{line[2]}")
def test_readme_perft_line_runs_as_written(line: tuple[str, str, int, str]) -> None:
    command, name, depth, file = line
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SOURCE), env.get("PYTHONPATH")]))
    result = subprocess.run(
        [sys.executable, "-m", "spieltisch", *command.split()],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    state = spieltisch.load(name).parse((ROOT / file).read_text(encoding="utf-8"))
    expected = perft(state, depth)
    assert expected > 0
    assert result.stdout.splitlines()[-1] == str(expected)


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_example_is_the_official_writers_output_of_a_game_in_progress(name: str) -> None:
    text = (ROOT / "examples" / f"{name}-state.xml").read_text(encoding="utf-8")
    state = spieltisch.load(name).parse(text)
    assert text.startswith("<state turn=")
    assert text == WRITERS[name](state) + "\n"
    assert int(state.text().split()[1]) > 0, "the example should be a game in progress"
    assert not state.is_over() and state.legal_moves()
