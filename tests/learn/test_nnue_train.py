"""Training Schachogi's NNUE (learn/nnue_train.py) and the self-play data it learns from
(learn/nnue_data.py): the engine's integer inference equals the quantised PyTorch model
exactly, and the quantised model stays near the float one."""

from __future__ import annotations

import random
from io import StringIO
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the learn extra is not installed (pip install .[learn])")
pytest.importorskip("numpy", reason="the learn extra is not installed (pip install .[learn])")

import torch

from spieltisch import native
from spieltisch.games.schachogi import nnue
from spieltisch.learn import nnue_data
from spieltisch.learn.nnue_train import (
    Data,
    NnueModel,
    _padded,
    features_module,
    integer_evaluate,
    quantise,
    train,
)

pytestmark = pytest.mark.skipif(not native.built(), reason="the native extension is not built")


@pytest.fixture(scope="module")
def data_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = StringIO()
    lines = nnue_data.generate("schachogi", out, games=3, depth=2, seed=4, opening=8, noise=0.1)
    assert lines > 30
    path = tmp_path_factory.mktemp("nnue") / "data.tsv"
    path.write_text(out.getvalue())
    return path


def test_the_data_lines_hold_a_position_a_score_and_a_result(data_file: Path) -> None:
    for line in data_file.read_text().splitlines():
        text, score, result = line.split("\t")
        assert native.legal_moves("schachogi", text)  # a position in play
        assert abs(int(score)) < nnue_data.MATE_BOUND
        assert result in {"0", "0.5", "1"}


def test_the_engine_equals_the_quantised_pytorch_model(data_file: Path, tmp_path: Path) -> None:
    module, _config = native._engine("schachogi")
    assert features_module("schachogi") is nnue
    data = Data(nnue, [data_file])
    assert len(data) == 2 * len(data_file.read_text().splitlines())  # each also mirrored
    model, figures = train(data, epochs=2, batch=64)
    assert figures["valid_loss"] == figures["valid_loss"]  # a number
    net = quantise(model)
    path = tmp_path / "trained.nnue"
    net.write(path)
    texts = nnue_data.random_positions("schachogi", 2000, seed=random.Random(9).randrange(1000))
    expected = integer_evaluate(nnue, nnue.Network.read(path), texts)
    assert expected == integer_evaluate(nnue, net, texts)  # the file holds what was quantised
    try:
        module.set_network(str(path))
        got = [module.evaluate(text, 0 if " w " in text else 1, "eval=nnue") for text in texts]
    finally:
        module.set_network(str(nnue.NETWORK))
    assert got == expected
    assert len(set(got)) > 50  # a trained network, not a constant
    # Rounding moves the float model's values by a few hundredths of a Brrbrr at most.
    with torch.no_grad():
        us, them = _padded(nnue, texts[:500])
        floats = model(us, them).tolist()
    error = sum(abs(a - b) for a, b in zip(floats, expected[:500], strict=True)) / 500
    assert error < 5.0


def test_a_new_model_quantises_within_the_integer_ranges() -> None:
    model = NnueModel(nnue)
    with torch.no_grad():
        model.l1.weight.fill_(5.0)
    model.clip()
    net = quantise(model)
    assert int(abs(net.w1).max()) <= 127 and int(abs(net.w2).max()) <= 127
