"""`spieltisch replay --db PATH_OR_URL --game ID`: a stored game stepped through like a
record file."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from spieltisch.cli import main
from spieltisch.store import Store
from tests.store.helpers import play_random


def test_replay_a_stored_game(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    with Store.open(path) as store:
        game_id, state = play_random(store, "ostseeschach", 5, 100)
    runner = CliRunner()
    shown = runner.invoke(main, ["replay", "--db", str(path), "--game", str(game_id), "--to-end"])
    assert shown.exit_code == 0, shown.output
    assert "ann vs bob" in shown.output and f"position: {state.text()}" in shown.output
    assert "game over" in shown.output
    via_url = runner.invoke(
        main, ["replay", "--db", f"sqlite:///{path}", "--game", str(game_id), "--ply", "2"]
    )
    assert via_url.exit_code == 0 and "after move 2" in via_url.output


def test_replay_from_a_store_refuses_bad_arguments(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    Store.open(path).close()
    runner = CliRunner()
    for args, words in (
        (["--db", str(path), "--game", "3"], "no game with id 3"),
        (["--db", str(tmp_path / "none.db"), "--game", "1"], "no game store file"),
        (["--db", str(path)], "--db PATH_OR_URL with --game ID"),
        (["--game", "1"], "--db PATH_OR_URL with --game ID"),
        ([], "give a RECORD file"),
        (["x.json", "--db", str(path), "--game", "1"], "give a RECORD file"),
        (["--db", str(path), "--game", "0"], "out of range"),
    ):
        result = runner.invoke(main, ["replay", *args, "--to-end"])
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output, (args, result.output)
    assert not (tmp_path / "none.db").exists()
