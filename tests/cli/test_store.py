"""The games `match` and `play` play go to the game store (unless `--no-store`), so that
`spieltisch ratings` sees them; they are marked as played on the command line, with
honest seat kinds, and stay out of the live ratings of a server sharing the file."""

from __future__ import annotations

from pathlib import Path

from spieltisch.store import Player, Store
from tests.cli.run import last_moves_game, run


def test_ratings_see_the_games_of_a_match(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    played = run(
        *("match", "ostseeschach", "random", "mcts:iterations=5", "--games", "4"),
        *("--db", db, "--out", str(tmp_path / "m")),
    )
    assert played.returncode == 0, played.stderr
    assert f"stored: 4 finished games in {db}" in played.stdout
    rated = run("ratings", "ostseeschach", "--db", db)
    assert rated.returncode == 0, rated.stderr
    rows = rated.stdout.splitlines()[1:]
    assert len(rows) == 2
    assert {row.split()[1] for row in rows} == {"random", "mcts:iterations=5"}
    assert all(row.split()[-2] == "4" for row in rows)  # 4 games each
    with Store.open(db) as store:
        games = store.list_games(game="ostseeschach")
        assert len(games) == 4
        for summary in games:
            assert {summary.players[0], summary.players[1]} == {
                Player("random", "ai:random"),
                Player("mcts:iterations=5", "ai:mcts:iterations=5"),
            }
            assert store.game(summary.id).meta["origin"] == "cli"
        assert store.leaderboard("ostseeschach") == []  # the live ratings are a server's


def test_no_store_keeps_the_games_out(tmp_path: Path) -> None:
    played = run(
        *("match", "ostseeschach", "random", "random", "--games", "2", "--no-store"),
        *("--out", str(tmp_path / "m")),
        cwd=tmp_path,
    )
    assert played.returncode == 0, played.stderr
    assert "stored:" not in played.stdout
    assert not (tmp_path / "spieltisch.db").exists()
    assert len(list((tmp_path / "m").glob("game-*.json"))) == 2


def test_ratings_name_what_they_leave_out(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    played = run(
        *("match", "ostseeschach", "random", "random", "--games", "2", "--db", db),
        *("--out", str(tmp_path / "m")),
    )
    assert played.returncode == 0, played.stderr
    rated = run("ratings", "ostseeschach", "--db", db)
    assert rated.stdout == f"no finished games between two different players in {db}\n"


def test_a_game_played_to_its_end_is_stored(tmp_path: Path) -> None:
    moves = last_moves_game("ostseeschach", 8)
    result = run(
        *("play", "ostseeschach", "--seed", "8", "--opponent", "human"),
        stdin="\n".join(moves) + "\n",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "stored as game 1 in spieltisch.db" in result.stdout
    with Store.open(tmp_path / "spieltisch.db") as store:
        stored = store.game(1)
        assert [move.notation for move in stored.moves] == moves
        assert stored.status == "finished"
        assert stored.players == (Player("human", "person"), Player("human", "person"))
        assert stored.meta["origin"] == "cli"


def test_a_game_left_before_its_end_is_not_stored(tmp_path: Path) -> None:
    result = run("play", "ostseeschach", "--seed", "8", stdin="quit\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "stored as" not in result.stdout
    with Store.open(tmp_path / "spieltisch.db") as store:
        assert store.count_games() == 0
