"""The store shared by threads and by processes: nothing written is lost, no move is
stored twice, and two processes opening a new database create it once."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from spieltisch.store import ConflictError, Store


def _in_threads(*work: Callable[[], None]) -> None:
    errors: list[BaseException] = []

    def run(job: Callable[[], None]) -> None:
        try:
            job()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(job,)) for job in work]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors


def test_two_threads_writing_to_two_games_lose_nothing(store: Store) -> None:
    games = [store.create_game("ostseeschach", [f"p{i}", "q"]) for i in range(2)]

    def writer(game_id: int) -> Callable[[], None]:
        def write() -> None:
            for ply in range(60):
                store.add_move(game_id, ply, f"m{ply}", 0.01, ply % 2)

        return write

    _in_threads(writer(games[0]), writer(games[1]))
    for game_id in games:
        moves = store.game(game_id).moves
        assert [m.notation for m in moves] == [f"m{ply}" for ply in range(60)]


def test_two_threads_racing_for_the_same_moves_store_each_once(store: Store) -> None:
    game_id = store.create_game("okard", ["a", "b"])
    won: list[list[int]] = [[], []]

    def writer(who: int) -> Callable[[], None]:
        def write() -> None:
            for ply in range(40):
                try:
                    store.add_move(game_id, ply, f"w{who}-{ply}", 0.0, 0)
                    won[who].append(ply)
                except ConflictError:
                    pass

        return write

    _in_threads(writer(0), writer(1))
    moves = store.game(game_id).moves
    assert [m.ply for m in moves] == list(range(40))
    assert sorted(won[0] + won[1]) == list(range(40))
    assert all(m.notation == f"w{0 if m.ply in won[0] else 1}-{m.ply}" for m in moves)


_PROCESS = """
import sys
from spieltisch.store import Store
store = Store.open(sys.argv[1])
game_id = store.create_game("schachogi", [sys.argv[2], "x"])
for ply in range(25):
    store.add_move(game_id, ply, f"{sys.argv[2]}{ply}", 0.0, ply % 2)
print(game_id)
"""


def test_two_processes_open_and_write_the_same_new_database(fresh_url: str) -> None:
    src = Path(__file__).resolve().parents[2] / "src"
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", _PROCESS, fresh_url, name],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
        )
        for name in ("ann", "bob")
    ]
    ids = []
    for process in processes:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        ids.append(int(out))
    with Store.open(fresh_url) as store:
        assert store.count_games() == 2
        for game_id in ids:
            game = store.game(game_id)
            name = game.players[0].name
            assert [m.notation for m in game.moves] == [f"{name}{ply}" for ply in range(25)]
