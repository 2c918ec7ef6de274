"""Records from outside with any JSON in their fields: `import_record` keeps them or
refuses them with the project's own errors, never anything else."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.core import SpieltischError
from spieltisch.core.record import GameRecord, RecordMeta
from spieltisch.store import Store, StoreError
from tests.store.helpers import random_record

GOOD, _ = random_record("hase-und-igel", 4, 12)
#: Text with what databases refuse mixed in: NUL and lone surrogates (JSON "\ud800").
texts = st.text(max_size=8) | st.sampled_from(["\x00", "a\ud800", "\udfffb", "ü\x00"])

json_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | texts,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
meta_keys = st.sampled_from(["chance_seed", "kinds", "created", "ended", "abandoned", "x"])


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    meta=st.dictionaries(meta_keys, json_values | st.just("2026-01-01T00:00:00+00:00"), max_size=4),
    players=st.tuples(texts, texts),
    finished=st.booleans(),
    winner=st.sampled_from([None, 0, 1, 2, -1]),
    reason=texts,
)
def test_import_keeps_or_refuses_with_its_own_errors(
    store: Store,
    meta: dict[str, Any],
    players: tuple[str, str],
    finished: bool,
    winner: int | None,
    reason: str,
) -> None:
    record = replace(
        GOOD,
        meta=cast(RecordMeta, meta),
        players=players,
        finished=finished,
        winner=winner,
        reason=reason,
    )
    try:
        game_id = store.import_record(record)
    except SpieltischError:
        return
    back = store.record(game_id)
    assert back.moves == GOOD.moves and back.players == players
    assert json.loads(back.to_json())["game"] == "hase-und-igel"
    assert store.record(store.import_record(GameRecord.from_json(back.to_json()))) == back


def test_queries_refuse_what_no_database_keeps(store: Store) -> None:
    for bad in ("\x00", "a\ud800"):
        with pytest.raises(StoreError, match="player"):
            store.list_games(player=bad)
        with pytest.raises(StoreError, match="game"):
            store.count_games(game=bad)
        with pytest.raises(StoreError, match="note"):
            store.save_position("okard", "x", note=bad)
