"""Real `spieltisch bot` processes playing each other through the duel runner: prepared
games with reservation codes, `-h HOST -p PORT -r CODE`, every game stored."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from spieltisch.arena.duel import run_duel
from spieltisch.cli import main
from spieltisch.store import Store

from .helpers import SOURCE, spieltisch_command


@pytest.fixture(autouse=True)
def source_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot processes import this source tree."""
    monkeypatch.setenv("PYTHONPATH", SOURCE + os.pathsep + os.environ.get("PYTHONPATH", ""))


def bot(game: str, *extra: str) -> str:
    return spieltisch_command("bot", game, "--level", "random", "--quiet", *extra)


@pytest.mark.parametrize(
    ("game", "count"),
    [
        ("ostseeschach", 1),
        ("hase-und-igel", 1),
        pytest.param("ostseeschach", 2, marks=pytest.mark.slow),
    ],
)
def test_bot_processes_play_over_xml(tmp_path: Path, game: str, count: int) -> None:
    db = tmp_path / "games.db"
    result = run_duel(game, (bot(game), bot(game, "--level", "easy")), count, db=db, seed=7)
    assert result.unfinished() == 0 and len(result.games) == count
    assert [g.seat_of_player1 for g in result.games] == [0, 1][:count]
    with Store.open(db) as store:
        stored = sorted(store.list_games(), key=lambda g: g.id)
        assert [g.status for g in stored] == ["finished"] * count
        assert [g.players[0].name for g in stored] == ["player1", "player2"][:count]
        assert all(g.players[0].kind.startswith("bot:") for g in stored)
        if count == 2:  # a pair starts from the same random position
            assert stored[0].start == stored[1].start
        for summary in stored:
            assert store.game(summary.id).to_record().moves  # every move kept


@pytest.mark.parametrize(
    ("game", "options"),
    [
        pytest.param("ostseeschach", "", marks=pytest.mark.slow),
        pytest.param("hase-und-igel", "", marks=pytest.mark.slow),
        ("schachogi", ""),
        ("okard", "turns=12"),
    ],
)
def test_bot_processes_play_over_json(tmp_path: Path, game: str, options: str) -> None:
    command = bot(game, "--protocol", "json")
    result = run_duel(game, (command, command), 1, db=tmp_path / "g.db", options=options)
    assert result.unfinished() == 0
    with Store.open(tmp_path / "g.db") as store:
        (summary,) = store.list_games()
        assert summary.status == "finished" and summary.plies > 0


def test_the_duel_command(tmp_path: Path) -> None:
    db = tmp_path / "duel.db"
    outcome = CliRunner().invoke(
        main,
        [
            "duel",
            "hase-und-igel",
            "--player1",
            bot("hase-und-igel"),
            "--player2",
            bot("hase-und-igel"),
            "--games",
            "2",
            "--db",
            str(db),
        ],
    )
    assert outcome.exit_code == 0, outcome.output
    assert "game 2: player1 moved second" in outcome.output
    assert "Elo difference player1 - player2" in outcome.output
    assert "95% interval" in outcome.output
    with Store.open(db) as store:
        assert store.count_games(status="finished") == 2
        first, second = sorted(store.list_games(), key=lambda g: g.id)
        assert first.start == second.start  # a pair starts alike
        assert first.players[0].name == second.players[1].name == "player1"


def test_a_bot_that_never_comes_gives_no_result(tmp_path: Path) -> None:
    result = run_duel(
        "ostseeschach",
        (bot("ostseeschach"), spieltisch_command("games")),  # the second never joins
        1,
        game_timeout=2.0,
    )
    assert result.unfinished() == 1


@pytest.mark.slow
def test_a_duel_on_a_server_elsewhere(tmp_path: Path) -> None:
    from spieltisch.arena.duel import RemoteServer

    from .helpers import running_server

    with running_server(tmp_path / "remote.db") as server:
        command = bot("schachogi")
        result = run_duel(
            "schachogi",
            (command, command),
            2,
            remote=RemoteServer("127.0.0.1", server.port, "secret"),
        )
    assert result.unfinished() == 0 and [g.seat_of_player1 for g in result.games] == [0, 1]
    with Store.open(tmp_path / "remote.db") as store:
        assert store.count_games(status="finished") == 2


def test_the_server_command_serves_and_stops(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time

    from tests.serverproc import free_port

    from .helpers import XmlClient, bot_env

    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "spieltisch", "server", "--port", str(port), "--no-db"],
        env=bot_env(),
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        assert f"bot server on 127.0.0.1:{port}" in process.stdout.readline()
        client = XmlClient(port)
        client.send('<join gameType="swc_2018_hase_und_igel"/>')
        assert client.packet()[1].tag == "joined"
        client.close()
    finally:
        process.send_signal(signal.SIGINT)
        started = time.monotonic()
        assert process.wait(10) == 0
        assert time.monotonic() - started < 10


def test_a_bot_without_a_server_says_so() -> None:
    from tests.serverproc import free_port

    outcome = CliRunner().invoke(main, ["bot", "okard", "-p", str(free_port())])
    assert outcome.exit_code == 2
    assert "no connection to 127.0.0.1" in outcome.output
