"""Random games of every game, stored move by move, read back as records and replayed
to the same final position."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.core import game_names
from spieltisch.core.record import GameRecord, replay_record
from spieltisch.store import Store
from tests.store.helpers import play_random


@settings(max_examples=12, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    game=st.sampled_from(game_names()),
    seed=st.integers(0, 2**31),
    plies=st.integers(0, 40),
)
def test_stored_games_replay_to_the_same_position(
    store: Store, game: str, seed: int, plies: int
) -> None:
    game_id, state = play_random(store, game, seed, plies)
    record = store.record(game_id)
    assert replay_record(record).text() == state.text()
    assert record.finished == state.is_over()
    assert store.game(game_id).status == ("finished" if state.is_over() else "running")
    copy = store.import_record(GameRecord.from_json(record.to_json()))
    assert store.record(copy) == record
