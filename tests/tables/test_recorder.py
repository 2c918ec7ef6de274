"""The one recorder of a table's events (spieltisch.tables.recorder) on a real SQLite
file: a move counts once stored; a move the store refuses (the file locked by another
writer) is taken back from the table, which stays equal to its stored game, and the
event loop goes on meanwhile; `Table.rewind` restores every part of a table."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

import spieltisch
from spieltisch.core.metrics import MOVES, STORE_ERRORS
from spieltisch.store import Store
from spieltisch.tables import Reverted, Seat, Status, Table
from spieltisch.tables.recorder import NotSaved, Recorder, stored_meta, stored_players
from tests.helpers.tables import GAMES, people, random_moves, table_for


@pytest.mark.parametrize("name", GAMES)
def test_rewind_goes_back_to_a_checkpoint(name: str) -> None:
    rng = random.Random(7)
    table = table_for(name, seed=5)
    for _ in range(6):
        seat = table.turn
        assert seat is not None
        table.play(seat, str(rng.choice(table.state.legal_moves())))
    point = table.checkpoint()
    text, moves, view = table.state.text(), list(table.record.moves), table.view(0)
    heard: list[object] = []
    table.subscribe(heard.append)
    table.offer_draw(table.turn or 0)
    random_moves(table, rng)  # to the end of the game
    assert str(table.status) == "over"
    table.rewind(point, "not stored")
    assert table.state.text() == text and table.record.moves == moves
    assert table.status is Status.RUNNING and table.outcome is None
    assert not table.record.finished and table.draw_offer is None
    after = table.view(0)
    assert {k: v for k, v in after.items() if k != "clocks"} == {
        k: v for k, v in view.items() if k != "clocks"
    }
    assert isinstance(heard[-1], Reverted) and heard[-1].ply == len(moves)
    # moves taken back since the checkpoint come back too
    table.take_back([m for m in table.movers() if m in (0, 1)][-1])
    assert len(table.record.moves) < len(moves)
    table.rewind(point, "not stored")
    assert table.record.moves == moves and table.state.text() == text


def _locked(db: Path) -> sqlite3.Connection:
    """Another writer holding the SQLite file's write lock."""
    other = sqlite3.connect(db, isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")
    return other


def _stored_moves(store: Store, game_id: int) -> list[str]:
    return [move.notation for move in store.game(game_id).moves]


def test_a_move_is_stored_before_it_counts_and_a_refused_one_is_taken_back(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.db"
    store = Store.open(db)
    table = Table(spieltisch.load("schachogi"), people(), seed=1)
    game_id = store.create_game("schachogi", stored_players(table), seed=1, meta=stored_meta(table))

    async def play() -> None:
        recorder = Recorder(store, table, game_id)
        table.start()
        first = str(table.state.legal_moves()[0])
        moves_before = MOVES.labels("person")._value.get()
        table.play(0, first)
        assert recorder.busy
        await recorder.settle()
        assert not recorder.busy and _stored_moves(store, game_id) == [first]
        assert MOVES.labels("person")._value.get() == moves_before + 1
        saved_text = table.state.text()

        errors_before = STORE_ERRORS.labels("add_move")._value.get()
        other = _locked(db)
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        running = asyncio.get_running_loop().create_task(ticker())
        second = str(table.state.legal_moves()[0])
        table.play(1, second)
        with pytest.raises(NotSaved, match="database"):
            await recorder.settle()
        running.cancel()
        assert ticks > 20, "the event loop went on while the store waited for the lock"
        assert STORE_ERRORS.labels("add_move")._value.get() == errors_before + 1
        # the table is its stored game again: the move is not played, seat 1 to move
        assert table.state.text() == saved_text and table.record.moves == [first]
        assert table.turn == 1 and recorder.failures == 1
        other.execute("ROLLBACK")
        other.close()
        assert _stored_moves(store, game_id) == [first]
        # the store answers again: the same move is played and stored
        table.play(1, second)
        await recorder.settle()
        assert _stored_moves(store, game_id) == [first, second]
        table.resign(0)
        await recorder.settle()
        assert store.game(game_id).status == "finished"

    asyncio.run(play())
    store.close()


def test_a_bot_room_game_is_created_at_its_start_or_abandoned(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    store = Store.open(db)

    async def play() -> None:
        table = Table(spieltisch.load("ostseeschach"), [Seat.bot("a", "x"), Seat.bot("b", "y")])
        recorder = Recorder(store, table)
        table.start()
        await recorder.settle()
        assert recorder.game_id is not None
        stored = store.game(recorder.game_id)
        assert [p.kind for p in stored.players] == ["bot:a", "bot:b"]
        # a room whose game cannot be created (the file locked) cannot be played
        other = _locked(db)
        second = Table(spieltisch.load("ostseeschach"), [Seat.bot("c", "x"), Seat.bot("d", "y")])
        failing = Recorder(store, second)
        second.start()
        with pytest.raises(NotSaved):
            await failing.settle()
        other.execute("ROLLBACK")
        other.close()
        assert second.status is Status.ABANDONED and failing.game_id is None
        assert second.record.meta["abandoned"] == "aborted: the database is unavailable"

    asyncio.run(play())
    assert len(store.list_games()) == 1
    store.close()
