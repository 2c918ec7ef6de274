"""Schachogi's NNUE evaluation (`eval=nnue`, native/schachogi/nnue.hpp): the network file
ships with the package and loads, the engine's integer forward pass equals the Python one
(games/schachogi/nnue.py) and stored values, and the accumulator kept up to date move by move equals
one rebuilt from the board. The PyTorch side is tests/learn/test_nnue_train.py."""

from __future__ import annotations

import fnmatch
import json
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from spieltisch import native
from spieltisch.games.schachogi.nnue import NETWORK

pytestmark = pytest.mark.skipif(not native.built(), reason="the native extension is not built")

EXPECTED = Path(__file__).with_name("nnue_expected.json")
ROOT = Path(__file__).resolve().parents[2]
START = "rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1"


def _schachogi() -> Any:
    """The engine's module, told where the shipped network is (as every caller through
    spieltisch.native: `native._engine`)."""
    module, _config = native._engine("schachogi")
    return module


def _nnue(text: str) -> int:
    """The engine's NNUE value for the side to move."""
    side = 0 if text.split()[1] == "w" else 1
    value: int = _schachogi().evaluate(text, side, "eval=nnue")
    return value


def test_the_network_ships_with_the_package_and_is_the_one_read() -> None:
    shipped = Path(str(resources.files("spieltisch.games.schachogi").joinpath("schachogi.nnue")))
    assert shipped.is_file()
    assert shipped.stat().st_size < 4 * 2**20
    assert Path(_schachogi().network_path()) == shipped == native.network_file("schachogi")
    assert native.network_file("ostseeschach") is None
    # The wheel takes the whole package directory but the patterns it excludes.
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["scikit-build"]
    assert "src/spieltisch" in build["wheel"]["packages"]
    assert not any(fnmatch.fnmatch(shipped.name, p) for p in build["wheel"]["exclude"])
    assert isinstance(_nnue(START), int)


def test_the_engine_gives_the_stored_values() -> None:
    """Values the Python forward pass gave for the shipped network (`python -m
    spieltisch.learn.nnue_train schachogi --expected tests/native/nnue_expected.json` after
    training a new one)."""
    import hashlib

    stored = json.loads(EXPECTED.read_text())
    digest = hashlib.sha256(NETWORK.read_bytes()).hexdigest()
    assert stored["sha256"] == digest, "a new network: rewrite nnue_expected.json"
    assert len(stored["values"]) >= 200
    assert [_nnue(text) for text, _value in stored["values"]] == [v for _t, v in stored["values"]]


def test_the_engine_equals_the_python_forward_pass_on_thousands_of_positions() -> None:
    pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")
    from spieltisch.games.schachogi.nnue import Network
    from spieltisch.learn.nnue_data import random_positions

    net = Network.read(NETWORK)
    texts = random_positions("schachogi", 2000, seed=5)
    assert len({text.split()[0] for text in texts}) > 1500
    assert any("+" in text for text in texts)  # promoted pieces among them
    assert [_nnue(text) for text in texts] == [net.evaluate(text) for text in texts]
    # Both sides' views: a value for the other player is the negation.
    text = texts[7]
    side = 0 if text.split()[1] == "w" else 1
    assert _schachogi().evaluate(text, 1 - side, "eval=nnue") == -_nnue(text)


def test_the_accumulator_equals_a_refresh_along_random_games() -> None:
    schachogi = _schachogi()
    # Promotions, captures and the Pflöck's capture come up in random games; the walk plays
    # up to 200 plies, takes them all back and checks after every make and unmake.
    checks = sum(schachogi.nnue_walk(START, 200, seed) for seed in range(20))
    assert checks > 20 * 100
    ready = "4p3/1B6/8/2i5/8/8/5b2/3P4 w 0 30"  # promotions on both sides next
    assert schachogi.nnue_walk(ready, 60, 3) > 0
    # And after a search that made and unmade millions of moves, the value is the same.
    before = _nnue(ready)
    schachogi.search(ready, 0.0, 5, 1, 16, False, None, None, "eval=nnue")
    assert _nnue(ready) == before


def test_the_accumulator_is_the_sum_of_the_features() -> None:
    pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")
    from spieltisch.games.schachogi.nnue import Network, board_codes

    net = Network.read(NETWORK)
    for text in (START, "4p3/1B6/8/2i5/8/8/5b2/3P4 b 0 30"):
        codes = board_codes(text)
        for perspective, got in enumerate(_schachogi().nnue_accumulator(text)):
            assert got[:-1] == net.accumulator(codes, perspective).tolist()
            assert got[-1] == net.psqt_sum(codes, perspective)


def test_eval_configs_select_the_evaluation() -> None:
    schachogi = _schachogi()
    text = "rwsipswr/bbbbbbbb/8/8/8/4B3/BBBB1BBB/RWSIPSWR b 0 1"
    classic = schachogi.evaluate(text, 0, "")
    assert schachogi.evaluate(text, 0, "eval=classic") == classic
    assert schachogi.evaluate(text, 0, "eval=6") != classic
    with pytest.raises(ValueError, match="eval=N"):
        schachogi.evaluate(text, 0, "eval=neural")
    best, *_ = schachogi.search(text, 0.0, 3, 1, 16, False, None, None, "eval=nnue")
    assert best in native.legal_moves("schachogi", text)


def test_a_missing_or_broken_network_file_is_refused(tmp_path: Path) -> None:
    schachogi = _schachogi()
    try:
        schachogi.set_network(str(tmp_path / "none.nnue"))
        with pytest.raises(ValueError, match="no NNUE network file"):
            _nnue(START)
        broken = tmp_path / "broken.nnue"
        broken.write_bytes(NETWORK.read_bytes()[:-1])
        schachogi.set_network(str(broken))
        with pytest.raises(ValueError, match="cut short"):
            _nnue(START)
        broken.write_bytes(b"NOTNNUE!" + bytes(40))
        with pytest.raises(ValueError, match="SPNNUE01"):
            _nnue(START)
    finally:
        schachogi.set_network(str(NETWORK))
    assert isinstance(_nnue(START), int)


def test_the_native_agent_plays_with_the_evaluation_its_spec_names() -> None:
    import spieltisch
    from spieltisch.ai.spec import AgentSpecError, make_agent
    from spieltisch.native.search import search

    game = spieltisch.load("schachogi")
    state = game.new_state(1)
    agent = make_agent("native:depth=3,eval=nnue", game)
    assert agent.spec == "native:depth=3,eval=nnue"
    assert agent.select(state) in state.legal_moves()
    # The search's values are the network's: at depth 1 the best child's, negated.
    text = state.text()
    children = native.children("schachogi", text)
    best = max(-_nnue(child) for _move, child in children)
    assert search("schachogi", text, depth=1, plain=True, evaluation="nnue").score == best
    with pytest.raises(AgentSpecError, match="one of classic, nnue"):
        make_agent("native:depth=3,eval=neural", game)
    with pytest.raises(AgentSpecError, match="no learned evaluation"):
        make_agent("native:depth=3,eval=nnue", spieltisch.load("ostseeschach"))
    with pytest.raises(ValueError, match="no learned evaluation"):
        search(
            "ostseeschach", spieltisch.load("ostseeschach").new_state(1).text(), evaluation="nnue"
        )
