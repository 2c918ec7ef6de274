"""A real `spieltisch serve` process for the server tests (one per session)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.serverproc import ServerProcess


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("server") / "games.db")
    process.start()
    try:
        yield process
    finally:
        process.stop()
