"""The clock rules of a live table as lichess has them: each clock starts with its
owner's first move, abort until both moved, a flag shows 0, clocks stop at the end,
bounded lag compensation, declined offers shown to the asker."""

from __future__ import annotations

import pytest

from spieltisch.core.record import GameRecord
from spieltisch.tables import ClockSettings, SeatError, Status, Table
from spieltisch.tables.clock import LagQuota, clock_times
from spieltisch.tables.table import ABORTED_BY_PLAYER, TIME
from tests.helpers.tables import clocked


def first_move(table: Table) -> str:
    return str(table.state.legal_moves()[0])


def test_a_clock_starts_with_its_owners_first_move() -> None:
    table, clock = clocked()
    clock.now += 50.0  # the first player takes their time: not charged
    assert table.remaining(0) == 60.0 and not table.started(0)
    assert table.view(0)["clocks"][0] == {"remaining": 60.0, "running": True, "ticking": False}
    table.play(0, first_move(table))
    clock.now += 70.0  # longer than the whole clock: the second player's first move
    assert table.tick() is False and table.remaining(1) == 60.0
    table.play(1, first_move(table))
    assert table.remaining(0) == 60.0 and table.remaining(1) == 60.0
    clock.now += 5.0
    assert table.remaining(0) == pytest.approx(55.0)  # now it runs
    assert table.record.seconds == [50.0, 70.0]  # the record keeps the real times
    assert clock_times(ClockSettings.both(60.0), [0, 1], [50.0, 70.0], 0) == [60.0, 60.0]


def test_abort_until_both_have_moved() -> None:
    table, _ = clocked()
    assert table.abortable() and table.view(0)["abortable"]
    table.play(0, first_move(table))
    assert table.abortable()
    table.abort(1)  # the second player declines to play
    assert table.status is Status.ABANDONED
    assert table.record.meta["abandoned"] == ABORTED_BY_PLAYER and not table.record.finished
    with pytest.raises(SeatError, match="GAME_OVER"):
        table.abort(0)
    late, _ = clocked()
    late.play(0, first_move(late))
    late.play(1, first_move(late))
    assert not late.abortable() and not late.view(0)["abortable"]
    with pytest.raises(SeatError, match="NO_ABORT"):
        late.abort(0)
    assert late.status is Status.RUNNING


def test_a_flag_shows_zero_and_the_record_agrees() -> None:
    table, clock = clocked(10.0)
    table.play(0, first_move(table))
    table.play(1, first_move(table))
    clock.now += 4.0
    table.play(0, first_move(table))
    clock.now += 10.5  # seat 1 runs out
    assert table.tick() is True
    assert table.outcome is not None and table.outcome.reason == TIME
    clock.now += 100.0  # the clocks stand still after the end
    view = table.view(None)
    assert [c["remaining"] for c in view["clocks"]] == [6.0, 0.0]
    assert not any(c["ticking"] for c in view["clocks"])
    again = Table.from_record(GameRecord.from_json(table.record.to_json()), clock=clock)
    assert again.status is Status.OVER and again.remaining(1) == 0.0
    assert again.remaining(0) == pytest.approx(6.0)


def test_the_clocks_stop_at_a_resignation() -> None:
    table, clock = clocked()
    table.play(0, first_move(table))
    table.play(1, first_move(table))
    clock.now += 7.0
    table.resign(0)
    clock.now += 30.0
    assert table.remaining(0) == pytest.approx(53.0) and table.remaining(1) == 60.0


def test_lag_is_credited_within_a_bounded_quota() -> None:
    quota = LagQuota(ClockSettings.both(300.0), 0)
    assert quota.gain == pytest.approx(1.0)  # 5 minutes: up to a second a move
    assert quota.credit(0.2) == pytest.approx(0.2)
    credited = [quota.credit(5.0) for _ in range(6)]
    assert credited[0] == pytest.approx(3.8)  # the quota (3 + 1 - 0.2), not the claimed 5 s
    assert all(c <= 1.0 + 1e-9 for c in credited[1:])  # then what each move earns
    assert LagQuota(ClockSettings.both(60.0), 0).gain < quota.gain  # bullet: less
    assert quota.credit(-3.0) == 0.0
    table, clock = clocked()
    table.play(0, first_move(table))
    table.play(1, first_move(table))
    clock.now += 2.0
    table.play(0, first_move(table), lag=0.5)
    assert table.record.seconds[-1] == pytest.approx(1.5)
    clock.now += 0.3
    table.play(1, first_move(table), lag=10.0)  # never more than the move took
    assert table.record.seconds[-1] == 0.0


def test_a_declined_offer_is_shown_to_the_asker() -> None:
    table, _ = clocked()
    table.play(0, first_move(table))
    table.offer_draw(0)
    table.decline_draw(1)
    assert table.view(0)["declined"] == {"what": "draw", "by": 0}
    table.play(1, first_move(table))
    assert table.view(0)["declined"] is None  # until the next move
    table.offer_takeback(1)
    table.decline_takeback(0)
    assert table.view(1)["declined"] == {"what": "takeback", "by": 1}
    table.offer_draw(1)
    table.offer_draw(0)  # both offered: agreed
    assert table.status is Status.OVER and table.outcome is not None
    assert table.outcome.winner is None
