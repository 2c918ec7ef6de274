"""The bad-input survey (tests/bad_inputs.py) ends every case in the project's own error
or an accepted input, never anything else: through the library and through the real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bad_inputs import (
    ACCEPTED,
    CRASH,
    REFUSED,
    _classify,
    cli_cases,
    library_cases,
    run_cli,
    write_cli_files,
)


def test_no_library_case_crashes() -> None:
    crashes = []
    tried = 0
    for kind, name, action in library_cases():
        tried += 1
        if _classify(action) == CRASH:
            crashes.append(f"{kind} ({name})")
    assert tried > 5000
    assert crashes == []


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bad-input")
    write_cli_files(folder)
    return folder


@pytest.mark.parametrize("index", range(len(cli_cases(Path()))))
def test_no_cli_case_crashes(index: int, files: Path) -> None:
    kind, arguments, stdin = cli_cases(files)[index]
    ending = run_cli(arguments, stdin)
    assert ending in (REFUSED, ACCEPTED), (kind, [a[:40] for a in arguments])
