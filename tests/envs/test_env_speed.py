"""The environment benchmark (slow tier): spieltisch's environments against PettingZoo's
chess and OpenSpiel's chess, measured in the same run; the native batch backend against
OpenSpiel's chess and against the Python batch. Ratios only, never wall-clock rates."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")
pytest.importorskip("pettingzoo", reason="the envs extra is not installed (pip install .[envs])")
pytest.importorskip("pygame", reason="PettingZoo's chess needs pygame (pip install .[research])")

from benchmarks import envs_speed
from spieltisch import native

#: Our environments against PettingZoo's chess, steps per second (measured: 9.1x for the
#: AEC loop, 19x for the Python batch).
AEC_TARGET = 3.0
#: The native batch of 256 Ostseeschach games against OpenSpiel's chess (C++ stepped from
#: Python; measured 19x) and against the Python batch of 64 (measured 31x).
NATIVE_OPEN_SPIEL_TARGET = 3.0
NATIVE_PYTHON_TARGET = 5.0
#: GamesVectorEnv on the native batch against Gymnasium's SyncVectorEnv of 64
#: SingleAgentEnvs, learner steps per second (measured: 16x).
GYM_VECTOR_TARGET = 5.0


@pytest.fixture(scope="module")
def ratios() -> dict[str, float]:
    return envs_speed.measure(seconds=2.0)


@pytest.mark.slow
def test_env_steps_per_second_against_pettingzoo_chess(ratios: dict[str, float]) -> None:
    assert ratios["aec/pettingzoo"] >= AEC_TARGET
    assert ratios["vector/pettingzoo"] >= AEC_TARGET


@pytest.mark.slow
@pytest.mark.skipif(not native.available("ostseeschach"), reason="the native engines are not built")
def test_native_batch_against_open_spiel_and_the_python_batch(ratios: dict[str, float]) -> None:
    assert ratios["native/vector"] >= NATIVE_PYTHON_TARGET
    assert ratios["native/pettingzoo"] >= AEC_TARGET
    if "native/open_spiel" not in ratios:
        pytest.skip("open_spiel is not installed (pip install .[research])")
    assert ratios["native/open_spiel"] >= NATIVE_OPEN_SPIEL_TARGET


@pytest.mark.slow
@pytest.mark.skipif(not native.available("ostseeschach"), reason="the native engines are not built")
def test_the_vector_env_against_gymnasiums_sync_vector_env(ratios: dict[str, float]) -> None:
    assert ratios["gymvec/gymsync"] >= GYM_VECTOR_TARGET
