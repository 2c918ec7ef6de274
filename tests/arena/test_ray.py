"""A small tournament on a local Ray instance (2 CPUs): every game a task, the records
streamed back into the store here, and the same games as local processes play."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from spieltisch.arena.jobs import LocalRunner, RayRunner
from spieltisch.arena.tournament import Entrant, Tournament
from spieltisch.store import Store

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'spieltisch[ray]')")

PLAYERS = [Entrant("a", "random"), Entrant("b", "random:seed=3"), Entrant("c", "ab:depth=1")]


@pytest.fixture
def local_ray() -> Iterator[None]:
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    yield
    ray.shutdown()


def _moves(store: Store, tour: Tournament) -> list[list[str]]:
    return [[m.notation for m in store.game(g.game_id or 0).moves] for g in tour.schedule()]


@pytest.mark.timeout(240)
def test_a_tournament_on_local_ray(tmp_path: Path, local_ray: None) -> None:
    with Store.open(tmp_path / "ray.db") as store:
        tour = Tournament.create(store, "schachogi", PLAYERS, games_per_pair=2, seed=5)
        done: list[int] = []
        tour.run(RayRunner("local", num_cpus=2), lambda p: done.append(p.number))
        assert ray.is_initialized()
        assert ray.cluster_resources().get("CPU") == 2
        assert sorted(done) == list(range(6))
        assert store.count_games() == 6
        on_ray = _moves(store, tour)
    with Store.open(tmp_path / "local.db") as store:
        tour = Tournament.create(store, "schachogi", PLAYERS, games_per_pair=2, seed=5)
        tour.run(LocalRunner(1))
        assert _moves(store, tour) == on_ray
