"""Imported games (kind `imported`, issue 22 finding 8) are kept, but never rated and never
counted in a leaderboard."""

from __future__ import annotations

from pathlib import Path

import spieltisch
from spieltisch.server.imports import imported_record
from spieltisch.store import IMPORTED, Store
from spieltisch.tables import Seat, Table


def test_an_imported_game_is_never_rated(tmp_path: Path) -> None:
    table = Table(
        spieltisch.load("ostseeschach"), [Seat.person("Ann", "a"), Seat.person("Bob", "b")], seed=4
    )
    table.start()
    while table.turn is not None:
        table.play(table.turn, str(table.state.legal_moves()[0]))
    store = Store.open(tmp_path / "games.db")
    try:
        game_id = store.import_record(imported_record(table.record))
        stored = store.game(game_id)
        assert stored.status == "finished" and {p.kind for p in stored.players} == {IMPORTED}
        assert store.rate_game(game_id) is False
        assert store.results("ostseeschach") == []
        assert store.leaderboard("ostseeschach") == []
        # The same moves between two machines (seats that may be rated), not imported:
        # counted. (Two guests' game would not be: only rated seats are.)
        machines = Table(
            spieltisch.load("ostseeschach"),
            [Seat.ai("random", "A"), Seat.ai("random", "B")],
            seed=4,
        )
        machines.start()
        for move in table.record.moves:
            assert machines.turn is not None
            machines.play(machines.turn, move)
        machines.record.meta["kinds"] = ["ai:random", "ai:random"]
        played = store.import_record(machines.record)
        assert store.rate_game(played) is True
        assert len(store.results("ostseeschach")) == 1
    finally:
        store.close()
