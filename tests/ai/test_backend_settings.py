"""Choosing the AI's backend by settings: `ai_backend` ("local" or "ray") and
`ai_ray_address`, checked where they are read; the service builds the backend named, and
building it connects to nothing."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from spieltisch.ai.pool import AIError, WorkerPool
from spieltisch.ai.raypool import RayPool
from spieltisch.ai.service import SEARCHER_BASE_MB, AIService
from spieltisch.core.settings import Settings, SettingsError


def test_the_local_pool_is_the_default() -> None:
    settings = Settings.load(environ={})
    assert settings.ai_backend == "local" and settings.ai_ray_address == "auto"
    service = AIService(settings)
    assert service.backend == "local" and isinstance(service.pool, WorkerPool)


def test_the_ray_backend_from_the_environment_takes_the_caps() -> None:
    env = {
        "SPIELTISCH_AI_BACKEND": " ray ",
        "SPIELTISCH_AI_RAY_ADDRESS": "ray://ray-head:10001",
        "SPIELTISCH_AI_WORKERS": "6",
        "SPIELTISCH_AI_QUEUE": "20",
        "SPIELTISCH_AI_MAX_THREADS": "2",
        "SPIELTISCH_AI_MAX_HASH_MB": "128",
    }
    service = AIService(Settings.load(environ=env))
    pool = service.pool
    assert service.backend == "ray" and isinstance(pool, RayPool)
    assert (pool.size, pool.queue, pool.address) == (6, 20, "ray://ray-head:10001")
    assert pool.cpus == 2 and pool.memory_mb == 128 + SEARCHER_BASE_MB
    assert not pool.connected, "building the service connects to nothing"


def test_a_file_may_choose_the_backend(tmp_path: Path) -> None:
    file = tmp_path / "spieltisch.toml"
    file.write_text('ai_backend = "ray"\nai_ray_address = "10.1.2.3:6379"\n')
    settings = Settings.load(file, environ={})
    assert (settings.ai_backend, settings.ai_ray_address) == ("ray", "10.1.2.3:6379")


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"SPIELTISCH_AI_BACKEND": "dask"}, "one of local, ray"),
        ({"SPIELTISCH_AI_BACKEND": ""}, "one of local, ray"),
        ({"SPIELTISCH_AI_RAY_ADDRESS": "  "}, "printable line"),
        ({"SPIELTISCH_AI_RAY_ADDRESS": "head\n:6379"}, "printable line"),
        ({"SPIELTISCH_AI_RAY_ADDRESS": "x" * 1001}, "printable line"),
    ],
)
def test_a_bad_backend_setting_is_refused_naming_it(changes: dict[str, str], words: str) -> None:
    name = next(iter(changes))
    with pytest.raises(SettingsError, match=words) as caught:
        Settings.load(environ=changes)
    assert name in str(caught.value)


def test_a_text_setting_in_a_file_must_be_text(tmp_path: Path) -> None:
    file = tmp_path / "bad.toml"
    file.write_text("ai_ray_address = 6379\n")
    with pytest.raises(SettingsError, match="not a text"):
        Settings.load(file, environ={})
    with pytest.raises(SettingsError, match="one of local, ray"):
        Settings().replace(ai_backend="cluster")


def test_the_ray_backend_without_ray_stops_the_server_before_it_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "ray" else real(name, *a)
    )
    with pytest.raises(AIError, match=r"needs Ray: pip install 'spieltisch\[ray\]'"):
        AIService(Settings(ai_backend="ray"))
    assert AIService(Settings()).backend == "local"
