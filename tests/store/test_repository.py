"""Every repository call of the store, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import UTC, datetime
from typing import cast

import pytest

from spieltisch.core import (
    CHANCE,
    NotationError,
    OptionError,
    Outcome,
    PositionError,
    UnknownGameError,
    load,
)
from spieltisch.core.record import GameRecord, RecordMeta, replay_record
from spieltisch.store import ConflictError, NotFoundError, Player, Store, StoreError
from tests.store.helpers import play_random, random_record

OSTSEE_START = load("ostseeschach").new_state(7).text()


def test_create_game_keeps_the_set_up(store: Store) -> None:
    before = datetime.now(UTC)
    game_id = store.create_game(
        "ostseeschach",
        [Player("ann"), Player("Okto", "bot:Okto")],
        seed=7,
        chance_seed=99,
        meta={"table": "t1"},
    )
    game = store.game(game_id)
    assert game.id == game_id
    assert (game.game, game.seed, game.chance_seed, game.start) == (
        "ostseeschach",
        7,
        99,
        OSTSEE_START,
    )
    assert game.options == load("ostseeschach").options.text()
    assert game.players == (Player("ann", "person"), Player("Okto", "bot:Okto"))
    assert (game.status, game.plies, game.moves, game.winner, game.reason) == (
        "running",
        0,
        (),
        None,
        "",
    )
    assert game.meta == {"table": "t1"}
    tuples = store.create_game("okard", ["a", "b"], meta={"t": (1, 2), 3: None})  # type: ignore[dict-item]
    assert store.game(tuples).meta == {"t": [1, 2], "3": None}
    assert game.created.tzinfo is not None and game.created.utcoffset().total_seconds() == 0  # type: ignore[union-attr]
    assert before <= game.created <= datetime.now(UTC)
    assert game.finished is None and game.result is None and game.outcome() is None


def test_create_game_from_a_position_keeps_its_text(store: Store) -> None:
    state = load("okard", "board=8").new_state(2)
    game_id = store.create_game("okard", ["a", "b"], options="board=8", start=state.text())
    game = store.game(game_id)
    assert game.seed is None and game.start == state.text()
    assert "board=8" in game.options
    assert game.to_record().start_state() == state


@pytest.mark.parametrize(
    ("arguments", "error", "words"),
    [
        ({"game": "chess"}, UnknownGameError, "unknown game"),
        ({"options": "board=99"}, OptionError, "board"),
        ({"start": "xyz"}, PositionError, "xyz"),
        ({"seed": -1}, StoreError, "seed"),
        ({"seed": 2**63}, StoreError, "seed"),
        ({"chance_seed": True}, StoreError, "chance seed"),
        ({"seed": 1, "start": OSTSEE_START}, StoreError, "not the start of seed 1"),
        ({"players": ["one"]}, StoreError, "exactly two"),
        ({"players": "ab"}, StoreError, "exactly two"),
        ({"players": ["x" * 201, "b"]}, StoreError, "at most 200"),
        ({"players": ["a\x00", "b"]}, StoreError, "NUL"),
        ({"players": [Player("a", "robot"), "b"]}, StoreError, "ai:LEVEL"),
        ({"players": [Player("a", "ai:"), "b"]}, StoreError, "ai:LEVEL"),
        ({"meta": {"x": float("nan")}}, StoreError, "JSON"),
        ({"meta": {"x": {1, 2}}}, StoreError, "JSON"),
        ({"meta": {"kinds": ["person", "person"]}}, StoreError, "kept by the store"),
    ],
)
def test_create_game_refuses_bad_values(
    store: Store, arguments: dict[str, object], error: type[Exception], words: str
) -> None:
    call: dict[str, object] = {"game": "ostseeschach", "players": ["a", "b"], **arguments}
    if call["game"] == "ostseeschach" and "options" in arguments:
        call["game"] = "okard"
    with pytest.raises(error, match=words):
        store.create_game(**call)  # type: ignore[arg-type]
    assert store.count_games() == 0


def test_moves_are_kept_in_order_with_their_times(store: Store) -> None:
    game_id, state = play_random(store, "okard", 4, 30)
    game = store.game(game_id)
    assert game.plies == 30 == len(game.moves)
    assert [m.notation for m in game.moves] == [str(m) for m in state.history()]
    assert [m.ply for m in game.moves] == list(range(30))
    assert CHANCE in {m.seat for m in game.moves} or all(m.seat in (0, 1) for m in game.moves)
    assert all(m.played_at is not None and m.played_at.tzinfo is not None for m in game.moves)
    assert all(m.seconds is not None and 0 <= m.seconds < 1 for m in game.moves)
    assert game.updated >= game.created
    assert replay_record(store.record(game_id)) == state


def test_a_move_goes_only_at_the_next_ply_of_a_running_game(store: Store) -> None:
    game_id = store.create_game("ostseeschach", ["a", "b"], seed=1)
    store.add_move(game_id, 0, "a1b2", 0.5, 0)
    with pytest.raises(ConflictError, match="the next is ply 1, not 0"):
        store.add_move(game_id, 0, "a1b3", 0.5, 0)
    with pytest.raises(ConflictError, match="not 5"):
        store.add_move(game_id, 5, "a1b3", 0.5, 1)
    with pytest.raises(NotFoundError, match="no game with id 999"):
        store.add_move(999, 0, "a1b3", 0.5, 1)
    for bad in (
        {"ply": -1},
        {"notation": ""},
        {"notation": "x" * 201},
        {"notation": "a\x00"},
        {"seconds": float("nan")},
        {"seconds": -1.0},
        {"seat": 2},
        {"seat": True},
    ):
        call: dict[str, object] = {"ply": 1, "notation": "h1g2", "seconds": 0.1, "seat": 1}
        call.update(bad)
        with pytest.raises(StoreError):
            store.add_move(game_id, **call)  # type: ignore[arg-type]
    store.add_move(game_id, 1, "h1g2", None, 1)
    assert [(m.notation, m.seconds) for m in store.game(game_id).moves] == [
        ("a1b2", 0.5),
        ("h1g2", None),
    ]
    assert store.record(game_id).seconds == [0.5, 0.0]
    store.abandon_game(game_id, "both left")
    with pytest.raises(ConflictError, match="abandoned: no more moves"):
        store.add_move(game_id, 2, "a2b3", 0.1, 0)


def test_finish_and_abandon(store: Store) -> None:
    won = store.create_game("hase-und-igel", ["a", "b"])
    store.finish_game(won, Outcome(1, "GOAL", ((10, 2), (64, 0))))
    game = store.game(won)
    assert (game.status, game.winner, game.reason, game.scores) == (
        "finished",
        1,
        "GOAL",
        ((10, 2), (64, 0)),
    )
    assert game.result == "1" and game.outcome() == Outcome(1, "GOAL", ((10, 2), (64, 0)))
    assert game.finished is not None and game.finished >= game.created
    with pytest.raises(ConflictError, match="already finished"):
        store.finish_game(won, Outcome(None, "DRAW"))
    with pytest.raises(ConflictError, match="already finished"):
        store.abandon_game(won)
    with pytest.raises(NotFoundError):
        store.finish_game(12345, Outcome(None, "DRAW"))
    with pytest.raises(StoreError, match="scores"):
        store.finish_game(store.create_game("okard", ["a", "b"]), Outcome(0, "X", ((1.5,), ())))  # type: ignore[arg-type]
    left = store.create_game("hase-und-igel", ["a", "b"])
    store.abandon_game(left, "server shut down")
    game = store.game(left)
    assert (game.status, game.reason, game.result) == ("abandoned", "server shut down", None)
    assert game.finished is not None


def test_game_not_found(store: Store) -> None:
    with pytest.raises(NotFoundError, match="no game with id 7"):
        store.game(7)
    for huge in (0, -1, 2**31, 2**80):
        with pytest.raises(NotFoundError):
            store.game(huge)
        with pytest.raises(NotFoundError):
            store.add_move(huge, 0, "a1b1", 0.0, 0)
        with pytest.raises(NotFoundError):
            store.position(huge)
        assert store.positions(game_id=huge) == []
    for wrong in ("1", 1.0, None, True):
        with pytest.raises(StoreError, match="a game id is a whole number"):
            store.game(wrong)  # type: ignore[arg-type]
    with pytest.raises(NotFoundError):
        store.record(7)
    with pytest.raises(NotFoundError):
        store.delete_game(7)


def test_record_exported_and_reimported_is_equal(store: Store) -> None:
    game_id, state = play_random(store, "ostseeschach", 3, 100)
    first = store.record(game_id)
    assert first.finished and state.is_over()
    again = store.import_record(GameRecord.from_json(first.to_json()))
    assert again != game_id
    second = store.record(again)
    assert second == first
    assert replay_record(second) == state
    copy = store.game(again)
    original = store.game(game_id)
    assert copy.created == original.created and copy.finished == original.finished
    assert copy.players == original.players and copy.chance_seed == original.chance_seed
    assert [m.seat for m in copy.moves] == [m.seat for m in original.moves]


def test_a_plain_record_is_imported_as_it_is(store: Store) -> None:
    game_id, _state = play_random(store, "okard", 8, 40, finish=False)
    plain = replace(
        store.record(game_id), meta=cast(RecordMeta, {"note": "from a file"}), players=("x", "y")
    )
    plain.winner = None
    imported = store.import_record(plain)
    game = store.game(imported)
    assert game.status == "running" and game.plies == 40
    assert game.players == (Player("x", "unknown"), Player("y", "unknown"))
    assert game.chance_seed is None and game.meta == {"note": "from a file"}
    back = store.record(imported)
    assert back.meta.pop("created")
    assert back == plain
    untimed = replace(plain, seconds=[])
    assert store.record(store.import_record(untimed)).seconds == []


def test_abandoned_records_round_trip(store: Store) -> None:
    record = GameRecord(
        game="ostseeschach",
        options="",
        start=OSTSEE_START,
        seed=7,
        players=("a", "b"),
        moves=[],
        meta={"abandoned": "no end after 240 moves"},
    )
    game_id = store.import_record(record)
    game = store.game(game_id)
    assert (game.status, game.reason) == ("abandoned", "no end after 240 moves")
    exported = store.record(game_id)
    assert exported.meta["abandoned"] == "no end after 240 moves" and not exported.finished
    assert store.record(store.import_record(exported)) == exported


def test_import_refuses_bad_records_and_keeps_nothing(store: Store) -> None:
    good = store.record(play_random(store, "ostseeschach", 1, 6)[0])
    store.delete_game(1)
    bad_move = replace(good, moves=[*good.moves[:3], "a1a1"])
    with pytest.raises(NotationError, match="move 4"):
        store.import_record(bad_move)
    for meta, words in (
        ({"kinds": "person"}, "meta.kinds"),
        ({"kinds": ["person", "wizard"]}, "kind of player 1"),
        ({"created": "yesterday"}, "meta.created"),
        ({"created": "2026-01-01T00:00:00"}, "meta.created"),
        ({"chance_seed": -5}, "meta.chance_seed"),
        ({"abandoned": 3}, "meta.abandoned"),
    ):
        with pytest.raises((NotationError, StoreError), match=words):
            store.import_record(replace(good, meta=cast(RecordMeta, meta)))
    assert store.count_games() == 0


def test_list_games_filters(store: Store) -> None:
    def finished(game: str, a: str, b: str, winner: int | None) -> int:
        game_id = store.create_game(game, [a, b])
        store.finish_game(game_id, Outcome(winner, "TEST"))
        return game_id

    g1 = finished("ostseeschach", "ann", "bob", 0)
    g2 = finished("ostseeschach", "bob", "cid", 1)
    g3 = finished("schachogi", "ann", "cid", None)
    g4 = store.create_game("schachogi", ["bob", "ann"])
    g5 = store.create_game("okard", ["dan", "eve"])
    store.abandon_game(g5)

    def ids(**filters: object) -> list[int]:
        found = [game.id for game in store.list_games(**filters)]  # type: ignore[arg-type]
        counted = {k: v for k, v in filters.items() if k not in ("limit", "offset")}
        if counted == filters:
            assert store.count_games(**counted) == len(found)  # type: ignore[arg-type]
        return found

    assert ids() == [g5, g4, g3, g2, g1]
    assert ids(game="ostseeschach") == [g2, g1]
    assert ids(player="ann") == [g4, g3, g1]
    assert ids(player="cid", game="schachogi") == [g3]
    assert ids(result="0") == [g1]
    assert ids(result="1") == [g2]
    assert ids(result="draw") == [g3]
    assert ids(player="bob", result="won") == []
    assert ids(player="bob", result="lost") == [g2, g1]
    assert ids(player="ann", result="won") == [g1]
    assert ids(player="cid", result="won") == [g2]
    assert ids(player="cid", result="lost") == []
    assert ids(player="ann", result="draw") == [g3]
    assert ids(status="running") == [g4]
    assert ids(status="abandoned") == [g5]
    assert ids(status="finished", game="schachogi") == [g3]
    assert ids(limit=2) == [g5, g4]
    assert ids(limit=2, offset=3) == [g2, g1]
    assert ids(player="nobody") == []
    assert store.count_games() == 5
    summary = store.list_games(game="schachogi", status="running")[0]
    assert summary.players == (Player("bob"), Player("ann")) and summary.plies == 0
    for bad in (
        {"result": "win"},
        {"status": "over"},
        {"result": "won"},
        {"limit": -1},
        {"limit": 1001},
        {"offset": -3},
    ):
        with pytest.raises(StoreError):
            store.list_games(**bad)


def test_running_games_survive_a_restart(store: Store) -> None:
    running, state = play_random(store, "hase-und-igel", 5, 12, finish=False)
    done, _ = play_random(store, "ostseeschach", 6, 200)
    other = store.create_game("okard", ["c", "d"], seed=1)
    url = store.engine.url
    reopened = Store.open(url.render_as_string(hide_password=False))
    try:
        games = reopened.running_games()
        assert [game.id for game in games] == [running, other]
        assert games[0].plies == 12 and len(games[0].moves) == 12
        assert replay_record(games[0].to_record()) == state
        assert games[1].moves == ()
        assert store.game(done).status == "finished"
    finally:
        if reopened.engine.url.get_backend_name() == "sqlite":
            reopened.close()


def test_positions(store: Store) -> None:
    game_id, state = play_random(store, "okard", 9, 25)
    saved = store.save_position("okard", state.text(), note="look here", game_id=game_id, ply=25)
    other = store.save_position("ostseeschach", OSTSEE_START)
    position = store.position(saved)
    assert (position.game, position.text, position.note) == ("okard", state.text(), "look here")
    assert (position.game_id, position.ply) == (game_id, 25)
    assert position.options == load("okard").options.text()
    assert position.created.tzinfo is not None
    assert [p.id for p in store.positions()] == [other, saved]
    assert [p.id for p in store.positions(game="okard")] == [saved]
    assert [p.id for p in store.positions(game_id=game_id)] == [saved]
    assert [p.id for p in store.positions(limit=1, offset=1)] == [saved]
    with pytest.raises(PositionError):
        store.save_position("ostseeschach", "not a position")
    with pytest.raises(NotFoundError):
        store.save_position("ostseeschach", OSTSEE_START, game_id=4242)
    with pytest.raises(StoreError, match="note"):
        store.save_position("ostseeschach", OSTSEE_START, note="n" * 10_001)
    with pytest.raises(NotFoundError):
        store.position(4242)
    store.delete_game(game_id)
    assert store.position(saved).game_id is None
    store.delete_position(other)
    with pytest.raises(NotFoundError):
        store.delete_position(other)
    assert [p.id for p in store.positions()] == [saved]


def test_a_game_of_500_moves_round_trips(store: Store) -> None:
    record, state = random_record("okard", 0, 500)
    assert len(record.moves) == 500 and not state.is_over()
    game_id = store.import_record(record)
    game = store.game(game_id)
    assert game.plies == 500 and [m.notation for m in game.moves] == record.moves
    exported = store.record(game_id)
    assert exported.moves == record.moves and exported.seconds == record.seconds
    again = store.import_record(GameRecord.from_json(exported.to_json()))
    assert store.record(again) == exported
    assert replay_record(store.record(again)).text() == state.text()
    seat = state.to_move
    state.play(state.random_move(random.Random(1)))
    store.add_move(again, 500, str(state.history()[-1]), 0.1, seat)  # and it goes on
    assert replay_record(store.record(again)) == state


def test_records_hold_json_only(store: Store) -> None:
    game_id, _ = play_random(store, "schachogi", 3, 10)
    data = json.loads(store.record(game_id).to_json())
    assert data["meta"]["kinds"] == ["person", "ai:easy"]
    assert data["meta"]["chance_seed"] == 3
    assert datetime.fromisoformat(data["meta"]["created"]).tzinfo is not None
