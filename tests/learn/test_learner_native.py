"""Self-play on the native engine (`TrainConfig.engine`): the same seeds give the same
games and the same training examples as on the Python engine."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the learn extra is not installed (pip install .[learn])")
pytest.importorskip("numpy", reason="the learn extra is not installed (pip install .[learn])")

import torch

from spieltisch import native
from spieltisch.core.registry import load
from spieltisch.learn.net import NetConfig
from spieltisch.learn.train import TrainConfig, Trainer
from spieltisch.native.state import NativeState

TINY = NetConfig(channels=8, blocks=1, hidden=32)


@pytest.fixture(autouse=True)
def _flush_denormals() -> Iterator[None]:
    """The tiny untrained network computes with denormal floats, which the CPU handles
    some ten times slower; flushing them to zero (on one thread, as training runs) keeps
    this test fast."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    torch.set_flush_denormal(True)
    yield
    torch.set_flush_denormal(False)
    torch.set_num_threads(threads)


@pytest.mark.skipif(not native.available("ostseeschach"), reason="native engines not built")
@pytest.mark.parametrize("name", ["ostseeschach", "hase-und-igel"])
def test_native_self_play_plays_the_python_games(tmp_path: Path, name: str) -> None:
    def run(engine: str) -> tuple[list[str], list[tuple[bytes, bytes, bytes]]]:
        config = TrainConfig(simulations=4, parallel=2, sample_plies=4, seed=3, engine=engine)
        trainer = Trainer(load(name), tmp_path / f"{engine}.pt", config, net_config=TINY)
        games = [trainer._new_game() for _ in range(config.parallel)]
        assert isinstance(games[0].state, NativeState) == (engine == "native")
        for _ in range(10):
            trainer._move(games)
        examples = [
            (e.obs.tobytes(), e.actions.tobytes(), e.policy.tobytes())
            for g in games
            for e in g.examples
        ]
        return [g.state.text() for g in games], examples

    assert run("native") == run("python")


def test_engine_choice_is_checked(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="engine must be"):
        Trainer(load("okard"), tmp_path / "x.pt", TrainConfig(engine="fast"), net_config=TINY)
    with pytest.raises(ValueError, match="no native engine for self-play"):
        Trainer(load("okard"), tmp_path / "x.pt", TrainConfig(engine="native"), net_config=TINY)
    trainer = Trainer(load("okard"), tmp_path / "x.pt", TrainConfig(), net_config=TINY)
    assert not trainer.native
