"""The table: seats, turns, chance draws, the record, clocks, take-backs, events."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, cast

import pytest

import spieltisch
from spieltisch.core.errors import IllegalMoveError, NotationError
from spieltisch.core.record import GameRecord, replay_record
from spieltisch.tables import (
    AGREED_DRAW,
    RESIGNATION,
    TIME,
    Abandoned,
    ChanceDrawn,
    ClockFlag,
    ClockSettings,
    DrawOffered,
    Event,
    GameOver,
    MovePlayed,
    Seat,
    SeatError,
    SeatTaken,
    Started,
    Status,
    Table,
    TakebackDeclined,
    TakebackOffered,
    ThinkingChanged,
    TookBack,
)
from tests.cli.run import run
from tests.helpers.tables import GAMES, FakeClock, people, random_moves, table_for


def to_a_roll(table: Table, rng: random.Random) -> str:
    """Play on until the next move leads to a chance node; that move, not yet played."""
    while True:
        seat = table.turn
        assert seat is not None, "the game ended before a roll"
        for move in table.state.legal_moves():
            table.state.push(move)
            chance = table.state.is_chance()
            table.state.undo()
            if chance:
                return str(move)
        table.play(seat, str(rng.choice(table.state.legal_moves())))


def test_seats_are_enforced() -> None:
    table = Table(spieltisch.load("ostseeschach"), people(), seed=3)
    move = str(table.state.legal_moves()[0])
    with pytest.raises(SeatError) as info:
        table.play(0, move)
    assert info.value.rule == "NOT_STARTED"
    table.start()
    with pytest.raises(SeatError) as info:
        table.play(1, move)  # seat 1 moving for seat 0
    assert info.value.rule == "NOT_YOUR_TURN" and "seat 1" in str(info.value)
    with pytest.raises(SeatError) as info:
        table.play(2, move)
    assert info.value.rule == "NO_SUCH_SEAT"
    table.play(0, move)
    with pytest.raises(SeatError) as info:
        table.play(0, str(table.state.legal_moves()[0]))  # out of turn: twice in a row
    assert info.value.rule == "NOT_YOUR_TURN"
    before = table.state.text()
    with pytest.raises(NotationError):
        table.play(1, "no move at all")
    with pytest.raises(IllegalMoveError):
        table.play(1, "a1a2")
    with pytest.raises(NotationError):
        table.play(1, "a" * 5000)
    assert table.state.text() == before and table.ply == 1
    table.resign(1)
    with pytest.raises(SeatError) as info:
        table.play(1, str(table.state.legal_moves()[0]))
    assert info.value.rule == "GAME_OVER"


def test_free_seats_and_tokens() -> None:
    game = spieltisch.load("schachogi")
    table = Table(game, [Seat.person(), Seat.ai("easy")])
    with pytest.raises(SeatError, match="SEAT_FREE"):
        table.start()
    events: list[Event] = []
    table.subscribe(events.append)
    token = table.sit(0, "carla")
    assert token and table.seat_of(token) == 0 and table.seat_of("guess") is None
    with pytest.raises(SeatError, match="SEAT_TAKEN"):
        table.sit(0, "dave")
    with pytest.raises(SeatError, match="SEAT_TAKEN"):
        table.sit(1, "dave")  # the AI's seat
    table.start()
    assert events == [SeatTaken(0, "carla", "person"), Started(0)]
    assert table.record.players == ("carla", "easy")
    assert "token" not in json.dumps(table.view()) and token not in table.record.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_the_record_replays_to_the_tables_state(name: str) -> None:
    for seed in (1, 2):
        table = table_for(name, seed=seed)
        random_moves(table, random.Random(seed))
        record = GameRecord.from_json(table.record.to_json())
        assert replay_record(record) == table.state
        assert record.moves == [str(move) for move in table.state.history()]
        assert len(record.seconds) == len(record.moves)
        assert record.finished and table.status is Status.OVER
        outcome = table.state.outcome()
        assert outcome is not None and table.outcome == outcome
        assert (record.winner, record.reason) == (outcome.winner, outcome.reason)


def test_chance_draws_survive_a_take_back() -> None:
    for seats in (people(), [Seat.person("ann", "t"), Seat.ai("random")]):
        table = table_for("okard", seed=5, seats=seats)
        move = to_a_roll(table, random.Random(2))
        seat = table.turn
        assert seat is not None
        rolls = []
        for _ in range(3):
            ply = table.ply
            table.play(seat, move)
            rolls.append(table.record.moves[ply + 1])
            table.take_back(seat)
            assert table.ply == ply and table.turn == seat
        assert len(set(rolls)) == 1
        again = table_for("okard", seed=5, seats=seats)
        assert again.chance_seed == table.chance_seed


def test_events_in_order() -> None:
    table = Table(spieltisch.load("okard"), people(), seed=5)
    events: list[Event] = []
    table.subscribe(events.append)
    table.start()
    move = to_a_roll(table, random.Random(3))
    seat = table.turn
    assert seat is not None
    del events[:]
    ply = table.ply
    table.play(seat, move)
    assert [type(event) for event in events] == [MovePlayed, ChanceDrawn]
    played, drawn = events
    assert isinstance(played, MovePlayed) and isinstance(drawn, ChanceDrawn)
    assert (played.ply, played.notation, played.seat) == (ply, move, seat)
    assert played.description and drawn.description
    assert drawn.ply == ply + 1 and drawn.notation == table.record.moves[-1]
    del events[:]
    table.offer_takeback(seat)
    table.decline_takeback(1 - seat)
    table.offer_takeback(seat)
    table.accept_takeback(1 - seat)
    table.offer_draw(1 - seat)
    table.accept_draw(seat)
    assert events == [
        TakebackOffered(seat),
        TakebackDeclined(1 - seat),
        TakebackOffered(seat),
        TookBack(seat, 2, ply),
        DrawOffered(1 - seat),
        GameOver(None, AGREED_DRAW, ((), ())),
    ]


def test_a_listener_that_raises_does_not_break_the_table() -> None:
    table = table_for("ostseeschach")
    heard: list[Event] = []

    def broken(event: Event) -> None:
        raise RuntimeError("listener bug")

    table.subscribe(broken)
    stop = table.subscribe(heard.append)
    table.play(0, str(table.state.legal_moves()[0]))
    table.play(1, str(table.state.legal_moves()[0]))
    assert [type(event) for event in heard] == [MovePlayed, MovePlayed]
    assert table.listener_errors == 2 and table.ply == 2
    stop()
    table.play(0, str(table.state.legal_moves()[0]))
    assert len(heard) == 2


def test_a_listener_that_acts_sees_events_in_order() -> None:
    """A listener that plays on hearing a move: its move's event comes after the others."""
    table = table_for("ostseeschach")
    heard: list[Event] = []
    table.subscribe(heard.append)

    def reply(event: Event) -> None:
        if isinstance(event, MovePlayed) and event.seat == 0:
            table.play(1, str(table.state.legal_moves()[0]))

    table.subscribe(reply)
    table.play(0, str(table.state.legal_moves()[0]))
    assert [(e.ply, e.seat) for e in heard if isinstance(e, MovePlayed)] == [(0, 0), (1, 1)]


def test_take_back_against_the_ai_is_at_once() -> None:
    seats = [Seat.person("ann", "t"), Seat.ai("random")]
    table = table_for("ostseeschach", seats=seats)
    start = table.state.text()
    with pytest.raises(SeatError, match="NOTHING_TO_TAKE_BACK"):
        table.offer_takeback(0)
    table.play(0, str(table.state.legal_moves()[0]))
    table.set_thinking(1, True)
    assert table.view(0)["thinking"] is True
    table.offer_takeback(0)  # while the AI thinks: the person's move goes
    assert table.state.text() == start and table.turn == 0 and table.thinking is None
    table.play(0, str(table.state.legal_moves()[0]))
    table.play(1, str(table.state.legal_moves()[0]))
    table.offer_takeback(0)  # the AI's reply and the person's move go
    assert table.ply == 0 and table.record.moves == [] and table.turn == 0
    with pytest.raises(SeatError, match="AI_TAKES_NO_DRAW"):
        table.offer_draw(0)


def test_take_back_between_people_needs_the_other_seat() -> None:
    table = table_for("schachogi")
    table.play(0, str(table.state.legal_moves()[0]))
    with pytest.raises(SeatError, match="NO_OFFER"):
        table.accept_takeback(1)
    with pytest.raises(SeatError, match="NOTHING_TO_TAKE_BACK"):
        table.offer_takeback(1)
    table.offer_takeback(0)
    with pytest.raises(SeatError, match="OWN_OFFER"):
        table.accept_takeback(0)
    assert table.view(1)["takeback_offer"] == 0
    table.accept_takeback(1)
    assert table.ply == 0 and table.turn == 0
    table.play(0, str(table.state.legal_moves()[0]))
    table.offer_takeback(0)
    table.play(1, str(table.state.legal_moves()[0]))  # a move answers the offer: no
    assert table.takeback_offer is None and table.ply == 2


def test_resign_and_abandon() -> None:
    table = table_for("hase-und-igel")
    events: list[Event] = []
    table.subscribe(events.append)
    table.resign(0)
    assert table.status is Status.OVER and table.outcome is not None
    assert (table.outcome.winner, table.outcome.reason) == (1, RESIGNATION)
    assert table.record.finished and table.record.winner == 1
    assert events == [GameOver(1, RESIGNATION, ((), ()))]
    table.abandon()  # a finished game stays finished
    assert table.status is Status.OVER
    other = table_for("hase-und-igel")
    other.subscribe(events.append)
    other.abandon("server closed")
    assert other.status is Status.ABANDONED and events[-1] == Abandoned("server closed")
    assert not other.record.finished and other.record.meta["abandoned"] == "server closed"
    with pytest.raises(SeatError, match="GAME_OVER"):
        other.resign(1)


def test_clocks_fall_and_increment() -> None:
    clock = FakeClock()
    table = table_for("ostseeschach", clocks=ClockSettings.both(10.0, 2.0), clock=clock)
    events: list[Event] = []
    table.subscribe(events.append)
    clock.now += 3.0
    assert table.remaining(0) == 10.0  # a clock starts with its owner's first move
    table.play(0, str(table.state.legal_moves()[0]))
    clock.now += 4.0
    table.play(1, str(table.state.legal_moves()[0]))
    assert table.record.seconds == [3.0, 4.0]
    assert table.remaining(0) == 12.0 and table.remaining(1) == 12.0  # free, + increment
    clock.now += 3.0
    assert table.remaining(0) == pytest.approx(9.0)
    table.play(0, str(table.state.legal_moves()[0]))
    assert table.remaining(0) == pytest.approx(11.0)  # 12 - 3 + 2
    clock.now += 11.5
    assert table.tick() is False
    view = table.view(1)
    assert view["clocks"] == [
        {"remaining": 11.0, "running": False, "ticking": False},
        {"remaining": 0.5, "running": True, "ticking": True},
    ]
    clock.now += 1.0
    with pytest.raises(SeatError, match="GAME_OVER"):  # the flag fell before the move came
        table.play(1, str(table.state.legal_moves()[0]))
    assert events[-2:] == [ClockFlag(1), GameOver(0, TIME, ((), ()))]
    assert table.record.finished and table.record.reason == TIME and table.record.winner == 0
    assert table.ply == 3
    assert table.remaining(1) == 0.0  # the flagged clock shows 0:00


def test_a_take_back_gives_the_clock_back() -> None:
    clock = FakeClock()
    seats = [Seat.person("ann", "t"), Seat.ai("random")]
    table = table_for("ostseeschach", seats=seats, clocks=ClockSettings.both(60.0), clock=clock)
    clock.now += 20.0
    table.play(0, str(table.state.legal_moves()[0]))
    clock.now += 5.0
    table.play(1, str(table.state.legal_moves()[0]))
    table.offer_takeback(0)
    assert table.remaining(0) == 60.0 and table.remaining(1) == 60.0


def test_rematch_swaps_the_seats() -> None:
    clock = FakeClock()
    seats = [Seat.person("ann", "t"), Seat.ai("easy")]
    table = table_for("ostseeschach", seats=seats, clocks=ClockSettings.both(30.0), clock=clock)
    table.resign(0)
    again = table.rematch()
    assert again.seats == [seats[1], seats[0]] and again.seat_of("t") == 1
    assert again.status is Status.WAITING and again.clocks == table.clocks
    assert again.chance_seed != table.chance_seed
    assert again.record.seed != table.record.seed and again.record.start != table.record.start
    assert table.rematch().chance_seed == again.chance_seed  # derived, not random
    from_text = Table(spieltisch.load("okard"), people(), position=table_for("okard").state.text())
    assert from_text.rematch().record.start == from_text.record.start


@pytest.mark.parametrize("name", GAMES)
def test_from_record_rebuilds_the_table(name: str) -> None:
    clock = FakeClock()
    seats = [Seat.person("ann", "t"), Seat.ai("random", "the AI")]
    settings = ClockSettings((300.0, 200.0), (1.0, 0.5))
    table = table_for(name, seed=4, seats=seats, clocks=settings, clock=clock)
    rng = random.Random(4)
    while table.ply < 12 and (seat := table.turn) is not None:
        clock.now += rng.random()
        table.play(seat, str(rng.choice(table.state.legal_moves())))
    clock.now += 2.0
    stored = GameRecord.from_json(table.record.to_json())
    again = Table.from_record(stored, seats=seats, clock=clock)
    assert again.record == table.record and again.state == table.state
    assert again.status is table.status and again.movers() == table.movers()
    assert again.seats == seats and again.clocks == settings
    turn = table.turn
    for seat in (0, 1):
        expected = table.remaining(seat)
        assert expected is not None
        if seat == turn:
            expected += 2.0  # the rebuilt table's turn starts at the rebuild
        assert again.remaining(seat) == pytest.approx(expected)
    free = Table.from_record(stored, clock=clock)  # seats from the record: the person's is free
    assert free.seats[1] == seats[1] and not free.seats[0].taken
    assert free.status is Status.WAITING


def test_from_record_of_ended_and_bad_records() -> None:
    table = table_for("ostseeschach")
    table.play(0, str(table.state.legal_moves()[0]))
    table.resign(1)
    again = Table.from_record(GameRecord.from_json(table.record.to_json()))
    assert again.status is Status.OVER and again.outcome == table.outcome
    other = table_for("ostseeschach")
    other.abandon("gone")
    assert Table.from_record(other.record).status is Status.ABANDONED
    metas: list[dict[str, Any]] = [
        {"chance_seed": -1},
        {"chance_seed": True},
        {"seats": "x"},
        {"seats": [{"kind": "alien", "name": "", "agent": None}] * 2},
        {"seats": [{"kind": "ai", "name": "", "agent": "wizard"}] * 2},
        {"seats": [{"kind": "person", "name": "x" * 300, "agent": None}] * 2},
        {"clock": {"initial": [1, 2]}},
        {"clock": {"initial": [-1, 2], "increment": [0, 0]}},
        {"clock": {"initial": ["1", 2], "increment": [0, 0]}},
        {"clock": {"initial": [10**400, 2], "increment": [0, 0]}},
        {"seats": [{"kind": [], "name": "", "agent": None}] * 2},
    ]
    for meta in metas:
        record = GameRecord.from_json(table_for("ostseeschach").record.to_json())
        cast(dict[str, Any], record.meta).update(meta)
        with pytest.raises(NotationError):
            Table.from_record(record)
    record = GameRecord.from_json(table.record.to_json())
    record.moves[0] = "a1a1"
    with pytest.raises(NotationError, match="move 1"):
        Table.from_record(record)


def test_the_view_is_json_ready() -> None:
    table = Table(spieltisch.load("okard"), [Seat.person(), Seat.ai("easy")], seed=2)
    view = table.view()
    assert view["status"] == "waiting" and view["turn"] is None
    table.sit(0, "ann")
    table.start()
    table.join()
    table.join()
    table.leave()
    table.set_thinking(1, True)
    events: list[Event] = []
    table.subscribe(events.append)
    table.set_thinking(1, False)
    assert events == [ThinkingChanged(1, False)]
    view = json.loads(json.dumps(table.view(0)))
    assert view["game"] == "okard" and view["status"] == "running"
    assert view["spectators"] == 1 and view["clocks"] is None
    assert view["turn"] == table.state.to_move and view["you"] == 0
    assert view["your_turn"] is (table.state.to_move == 0)
    assert view["seats"][1]["kind"] == "ai" and view["seats"][1]["agent"] == "easy"
    assert view["position"] == table.state.text() and view["outcome"] is None
    table.resign(0)
    outcome = table.view()["outcome"]
    assert outcome["winner"] == 1 and outcome["reason"] == RESIGNATION


def test_the_cli_shows_an_end_the_table_decided(tmp_path: Path) -> None:
    table = table_for("ostseeschach")
    table.play(0, str(table.state.legal_moves()[0]))
    table.resign(1)
    path = tmp_path / "resigned.json"
    table.record.save(path)
    shown = run("play", "ostseeschach", "--record", str(path), stdin="")
    assert shown.returncode == 0, shown.stderr
    assert "game over: red wins (RESIGNATION)" in shown.stdout


def test_from_record_reads_the_stores_seat_kinds() -> None:
    record = GameRecord.from_json(table_for("okard").record.to_json())
    del record.meta["seats"]
    record.meta["kinds"] = ["bot:alpha", "ai:hard"]
    record.players = ("alpha", "the machine")
    table = Table.from_record(record)
    assert table.seats == [Seat.bot("alpha"), Seat.ai("hard", "the machine")]
    assert table.status is Status.WAITING  # the bot has to connect again
    record.meta["kinds"] = ["person", "ai:wizard"]
    with pytest.raises(NotationError, match="wizard"):
        Table.from_record(record)
