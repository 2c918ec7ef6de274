"""The log formats in one process: a JSON line is one object with the record's fields and
its traceback; a table's events become lines with the table id, ply and seat kind, never a
name or a seat token."""

from __future__ import annotations

import json
import logging
import sys

import pytest

from spieltisch.core.registry import load
from spieltisch.server.logs import JsonFormatter, TextFormatter, configure, table_events
from spieltisch.tables import Seat, Table


def _record(message: str, **fields: object) -> logging.LogRecord:
    record = logging.LogRecord("spieltisch.test", logging.WARNING, __file__, 1, message, (), None)
    record.fields = fields
    return record


def test_a_json_line_is_one_object_with_the_fields_and_the_traceback() -> None:
    record = _record("table 3 \u2603 over\nnext line", table=3, path="/a\u0000b")
    try:
        raise ValueError("broken")
    except ValueError:
        record.exc_info = sys.exc_info()
    line = JsonFormatter().format(record)
    assert "\n" not in line  # one line, whatever the message and the traceback hold
    data = json.loads(line)
    assert data["level"] == "warning" and data["logger"] == "spieltisch.test"
    assert data["message"] == "table 3 \u2603 over\nnext line"
    assert data["table"] == 3 and data["path"] == "/a\u0000b"
    assert "ValueError: broken" in data["exception"]
    assert data["time"].endswith("+00:00")


def test_a_text_line_shows_the_fields_after_the_message() -> None:
    line = TextFormatter().format(_record("GET / 200", status=200, ms=1.5))
    assert "GET / 200" in line and "status=200 ms=1.5" in line


def test_configure_refuses_an_unknown_format_or_level() -> None:
    with pytest.raises(ValueError, match="log format"):
        configure("xml")
    with pytest.raises(ValueError, match="log level"):
        configure("json", "loud")


def test_table_events_are_logged_without_names_or_tokens(
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = load("ostseeschach")
    table = Table(game, [Seat.person("Alice", "tok-SECRET-0"), Seat.ai("random", "AI")], seed=1)
    table.subscribe(table_events(17, table))
    with caplog.at_level(logging.INFO, logger="spieltisch.table"):
        table.start()
        move = table.state.legal_moves()[0]
        table.play(0, move)
        table.resign(0)
    lines = [record.fields for record in caplog.records]  # type: ignore[attr-defined]
    events = [line["event"] for line in lines]
    assert events[:2] == ["started", "move_played"] and events[-1] == "game_over"
    move_line = lines[1]
    assert move_line == {
        "table": 17,
        "event": "move_played",
        "ply": 0,
        "seat": 0,
        "seconds": move_line["seconds"],
        "seat_kind": "person",
    }
    text = " ".join(json.dumps(line) for line in lines)
    assert "Alice" not in text and "SECRET" not in text
