"""Random sequences of table operations keep the table's invariants."""

from __future__ import annotations

import contextlib
import random
from typing import Any, cast

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.core.errors import NotationError, SpieltischError
from spieltisch.core.record import GameRecord, replay_record
from spieltisch.tables import ClockSettings, Seat, SeatError, Status, Table
from tests.helpers.tables import GAMES, FakeClock

OPERATIONS = (
    "move",
    "move",
    "move",
    "move",
    "wrong seat",
    "offer takeback",
    "accept takeback",
    "decline takeback",
    "take back",
    "offer draw",
    "decline draw",
    "resign",
    "wait",
)


def check_invariants(table: Table) -> None:
    record = table.record
    assert len(record.moves) == len(record.seconds) == len(table.movers()) == table.ply
    assert [str(move) for move in table.state.history()] == record.moves
    assert replay_record(GameRecord.from_json(record.to_json())).text() == table.state.text()
    to_move = table.state.to_move
    if table.status is Status.RUNNING:
        assert not table.state.is_chance() and not table.state.is_over()
        assert table.turn == to_move
    else:
        assert table.turn is None
    assert record.finished == (table.status is Status.OVER)
    for seat, mover in zip(table.movers(), record.moves, strict=True):
        assert seat in (-1, 0, 1) and mover


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(GAMES),
    seed=st.integers(0, 50),
    ai_seat=st.sampled_from([None, 0, 1]),
    operations=st.lists(st.sampled_from(OPERATIONS), max_size=60),
)
def test_operations_keep_the_invariants(
    name: str, seed: int, ai_seat: int | None, operations: list[str]
) -> None:
    clock = FakeClock()
    seats = [Seat.person("a", "ta"), Seat.person("b", "tb")]
    if ai_seat is not None:
        seats[ai_seat] = Seat.ai("random")
    table = Table(
        spieltisch.load(name),
        seats,
        seed=seed,
        clocks=ClockSettings.both(120.0, 1.0),
        clock=clock,
    )
    table.start()
    rng = random.Random(seed)
    for operation in operations:
        seat = rng.randrange(2)
        turn = table.turn
        try:
            if operation == "move" and turn is not None:
                clock.now += rng.random() * 3
                table.play(turn, str(rng.choice(table.state.legal_moves())))
            elif operation == "wrong seat" and turn is not None:
                move = str(table.state.legal_moves()[0])
                try:
                    table.play(1 - turn, move)
                except SeatError as exc:
                    assert exc.rule == "NOT_YOUR_TURN"
                else:
                    raise AssertionError("a move for the other seat was played")
            elif operation == "offer takeback":
                table.offer_takeback(seat)
            elif operation == "accept takeback":
                table.accept_takeback(seat)
            elif operation == "decline takeback":
                table.decline_takeback(seat)
            elif operation == "take back":
                table.take_back(seat)
            elif operation == "offer draw":
                table.offer_draw(seat)
            elif operation == "decline draw":
                table.decline_draw(seat)
            elif operation == "resign" and rng.random() < 0.3:
                table.resign(seat)
            elif operation == "wait":
                clock.now += rng.random() * 40
                table.tick()
        except SeatError:
            pass  # refused: nothing changed
        except SpieltischError as exc:  # only seat errors are expected here
            raise AssertionError(f"{operation}: {exc}") from exc
        check_invariants(table)
    again = Table.from_record(
        GameRecord.from_json(table.record.to_json()), seats=seats, clock=clock
    )
    assert again.state == table.state and again.status is table.status
    assert again.record == table.record
    for seat in (0, 1):  # the turn under way starts afresh at the rebuild
        now, before = again.remaining(seat), table.remaining(seat)
        assert now is not None and before is not None
        assert now >= before if seat == table.turn else now == before


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@settings(max_examples=80, deadline=None)
@given(
    key=st.sampled_from(["seats", "kinds", "clock", "chance_seed"]),
    value=JSON
    | st.fixed_dictionaries({"initial": JSON, "increment": JSON})
    | st.lists(st.fixed_dictionaries({"kind": JSON, "name": JSON, "agent": JSON}), max_size=2),
)
def test_any_meta_is_read_or_refused_with_a_notation_error(key: str, value: object) -> None:
    table = Table(spieltisch.load("ostseeschach"), [Seat.person("a", "t"), Seat.ai("random")])
    record = GameRecord.from_json(table.record.to_json())
    cast(dict[str, Any], record.meta)[key] = value
    if key == "seats":
        record.meta.pop("kinds", None)
    with contextlib.suppress(NotationError):  # read, or refused with the project's error
        Table.from_record(record)
