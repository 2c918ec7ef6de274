"""Game records: the shape of every field is checked on load."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.ai.spec import make_agent
from spieltisch.arena.match import play_game
from spieltisch.core.errors import NotationError, SpieltischError
from spieltisch.core.record import GameRecord, load_record, replay_record


def _record() -> GameRecord:
    game = spieltisch.load("okard")
    agents = (make_agent("random", seed=1), make_agent("random", seed=2))
    return play_game(game, agents, start_seed=4, chance_seed=3)


@pytest.fixture(scope="module")
def good() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_record().to_json())
    return data


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("moves", [1, 2], r"moves\[0\]"),
        ("moves", None, "'moves'"),
        ("moves", "e2e4", "'moves'"),
        ("moves", ["x" * 1_000_000], "at most 200"),
        ("players", ["only one"], "exactly two"),
        ("players", ["a", None], "players"),
        ("seconds", [-1.0], "seconds"),
        ("seconds", ["fast"], "seconds"),
        ("seed", 10**30, "'seed'"),
        ("seed", -1, "'seed'"),
        ("seed", 1.5, "'seed'"),
        ("seed", True, "'seed'"),
        ("winner", 2, "'winner'"),
        ("winner", "0", "'winner'"),
        ("scores", [[1], "x"], "'scores'"),
        ("finished", 1, "'finished'"),
        ("meta", [], "'meta'"),
        ("game", "chess", "unknown game"),
        ("options", 3, "'options'"),
        ("extra", 1, "unknown field"),
    ],
)
def test_a_bad_field_is_named(good: dict[str, Any], field: str, value: Any, message: str) -> None:
    data = {**good, field: value}
    if field == "seconds":
        data["moves"] = data["moves"][:1]
    with pytest.raises(NotationError, match=message) as info:
        GameRecord.from_json(json.dumps(data))
    assert len(str(info.value)) < 200


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("chance_seed", "7", "meta.chance_seed': expected a whole number"),
        ("chance_seed", True, "meta.chance_seed"),
        ("kinds", "person", "meta.kinds': expected a list"),
        ("clock", [], "meta.clock': expected an object"),
        ("abandoned", 3, "meta.abandoned': expected a string"),
    ],
)
def test_the_typed_meta_keys_are_checked(
    good: dict[str, Any], key: str, value: Any, message: str
) -> None:
    data = {**good, "meta": {**good["meta"], key: value}}
    with pytest.raises(NotationError, match=message):
        GameRecord.from_json(json.dumps(data))


def test_other_meta_keys_are_kept(good: dict[str, Any]) -> None:
    data = {**good, "meta": {**good["meta"], "note": ["from", "a", "file"]}}
    record = GameRecord.from_json(json.dumps(data))
    assert record.meta.get("chance_seed") == good["meta"]["chance_seed"]
    assert json.loads(record.to_json())["meta"]["note"] == ["from", "a", "file"]


def test_seconds_of_another_length_and_nan(good: dict[str, Any]) -> None:
    for seconds in ([0.1], [float("nan")] * len(good["moves"])):
        with pytest.raises(NotationError, match="seconds"):
            GameRecord.from_json(json.dumps({**good, "seconds": seconds}))
    assert GameRecord.from_json(json.dumps({**good, "seconds": []})).seconds == []


def test_huge_numbers_and_junk_are_notation_errors() -> None:
    for text in ('{"seed": ' + "9" * 5000 + "}", "[" * 100_000, "nope", "\x00"):
        with pytest.raises(NotationError):
            GameRecord.from_json(text)


def test_a_long_bad_json_is_quoted_short() -> None:
    text = '{"format": "spieltisch-record/1", "moves": [' + '"a",' * 1_000_000 + "]}"
    with pytest.raises(NotationError) as info:
        GameRecord.from_json(text)
    assert len(str(info.value)) < 250


def test_an_illegal_move_is_named_with_its_number(tmp_path: Path) -> None:
    record = _record()
    record.moves[5] = "PL Q z9" + "9" * 190
    path = tmp_path / "r.json"
    record.save(path)
    with pytest.raises(NotationError, match="move 6") as info:
        replay_record(load_record(path))
    assert "9" * 100 not in str(info.value)


def test_a_record_round_trips_and_replays_every_roll(tmp_path: Path) -> None:
    record = _record()
    path = tmp_path / "r.json"
    record.save(path)
    again = load_record(path)
    assert again == record
    state = replay_record(again)
    assert [str(m) for m in state.history()] == record.moves
    assert any(move.startswith("D") for move in record.moves)


@settings(max_examples=60)
@given(st.data())
def test_mangled_records_raise_only_notation_errors(
    good: dict[str, Any], data: st.DataObject
) -> None:
    text = json.dumps(good)
    at = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 8))
    insert = data.draw(st.text(alphabet='[]{}",:0123456789.-enultrfas ', max_size=6))
    mangled = text[:at] + insert + text[at + cut :]
    try:
        record = GameRecord.from_json(mangled)
        replay_record(record)
    except SpieltischError as exc:
        assert isinstance(exc, NotationError | spieltisch.OptionError | spieltisch.PositionError)
