"""docs/hosting.md stays true: every setting of `Settings` is in its table (name,
environment variable, default), and its backup recipe (pg_dump in the custom format,
pg_restore into an empty database) gives back every game, on a real PostgreSQL server."""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
from pathlib import Path

import psycopg
import pytest

from spieltisch.core.game import Outcome
from spieltisch.core.settings import ENV_PREFIX, Settings
from spieltisch.store import Player, Store
from tests.store.postgres import Server

HOSTING = Path(__file__).resolve().parent.parent / "docs" / "hosting.md"


def _rows() -> dict[str, list[str]]:
    """The settings table of docs/hosting.md: its rows by the setting's name."""
    rows: dict[str, list[str]] = {}
    for line in HOSTING.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 4:
            name = cells[0].strip("`")
            rows[name] = cells
    return rows


@pytest.mark.parametrize("field", dataclasses.fields(Settings), ids=lambda f: f.name)
def test_every_setting_is_in_the_hosting_table(field: dataclasses.Field[object]) -> None:
    rows = _rows()
    assert field.name in rows, f"docs/hosting.md has no row for the setting {field.name}"
    _, variable, default, meaning = rows[field.name][:4]
    assert variable.strip("`") == ENV_PREFIX + field.name.upper()
    if field.default is None:
        shown = "none"
    elif isinstance(field.default, str):
        shown = field.default
    else:
        shown = f"{field.default:g}"
    if isinstance(field.default, float | int) and not isinstance(field.default, bool):
        number = re.sub(r"[ ,_]", "", default.strip("`")).split("(")[0].strip()
        assert float(number) == float(field.default), (field.name, default, shown)
    else:
        assert shown in default.lower(), (field.name, default, shown)
    assert len(meaning) > 10, f"say what {field.name} means"


def test_the_hosting_table_names_no_setting_that_does_not_exist() -> None:
    known = {field.name for field in dataclasses.fields(Settings)}
    named = {name for name, cells in _rows().items() if cells[1].startswith("`SPIELTISCH_")}
    assert named <= known, named - known


@pytest.mark.parametrize(
    "unit", ["spieltisch.service", "spieltisch-backup.service", "spieltisch-backup.timer"]
)
def test_the_systemd_units_shown_are_the_ones_shipped(unit: str) -> None:
    shipped = (HOSTING.parent.parent / "deploy" / unit).read_text(encoding="utf-8")
    assert shipped.strip() in HOSTING.read_text(encoding="utf-8"), f"deploy/{unit} differs"


# --- the backup recipe --------------------------------------------------------------------


def _client(name: str, server: Server) -> str:
    """A PostgreSQL client program of the server's version (or the one on PATH)."""
    own = server.binaries / name
    found = str(own) if own.exists() else shutil.which(name)
    if found is None:
        pytest.skip(f"no {name} here")
    return found


def test_pg_dump_and_pg_restore_give_back_every_game(postgres: Server, tmp_path: Path) -> None:
    plain = postgres.url().replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute('CREATE DATABASE "live"')
        connection.execute('CREATE DATABASE "restored"')
    with Store.open(postgres.url("live")) as store:
        first = store.create_game("ostseeschach", [Player("anna", "person"), "ai:hard"])
        store.add_move(first, 0, _first_move(), 1.5, 0)
        store.finish_game(first, Outcome(0, "resignation"))
        second = store.create_game("okard", [Player("ben", "person"), Player("cem", "person")])
        before = [store.record(game_id) for game_id in (first, second)]
    dump = tmp_path / "spieltisch.dump"
    common = ["-h", "127.0.0.1", "-p", str(postgres.port), "-U", "spieltisch"]
    subprocess.run(
        [_client("pg_dump", postgres), *common, "-Fc", "-f", str(dump), "live"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    subprocess.run(
        [
            _client("pg_restore", postgres),
            *common,
            "--no-owner",
            "--exit-on-error",
            "-d",
            "restored",
            str(dump),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    with Store.open(postgres.url("restored"), upgrade=False) as store:  # schema current
        after = [store.record(game_id) for game_id in (first, second)]
        assert after == before
        third = store.create_game("schachogi", ["dora", "emil"])  # the ids go on
        assert third > second


def _first_move() -> str:
    from spieltisch.core.registry import load

    state = load("ostseeschach").new_state()
    return str(state.legal_moves()[0])
