"""Training a game's NNUE evaluation in PyTorch (CPU) from self-play positions
(`learn/nnue_data.py`) and writing it as the integer network its engine reads: the game
names the module of its features, file format and integer forward pass (`Game.nnue`;
Schachogi's is games/schachogi/nnue.py for native/schachogi/nnue.hpp; docs/native.md,
"The NNUE evaluation").

The float model is the engine's network before rounding: a shared first layer over each
perspective's features (an embedding summed over the active features, plus a bias),
clipped to 0..1, the side to move's half first; a dense layer clipped to 0..1; one output
plus the psqt term (a weight a feature, the side to move's sum less the other's, started at
the material balance of evaluation.py's values), times `OUTPUT_SCALE` (hundredths of a
Brrbrr). The loss is Texel's: the squared distance
between sigmoid(value / K) and a blend of sigmoid(search score / K) (weight `LAMBDA`) and
the game's result for the side to move, K fitted to the data's scores and results first.
Every position also trains mirrored (the module's `mirrored`: the rules are the same left
and right). The dense weights are kept within what int8 with scale 64 holds, so rounding
them stays in range.

    python -m spieltisch.learn.nnue_train GAME DATA.tsv [...] --out FILE [--epochs 30]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import math
import random
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import torch
from torch import nn

from spieltisch.core.registry import game_class
from spieltisch.learn.nnue_data import random_positions

#: The output's unit: the float model's 1.0 is this many hundredths of a Brrbrr.
OUTPUT_SCALE = 100
#: The weight of the search score beside the game's result in the target.
LAMBDA = 0.75


def features_module(name: str) -> ModuleType:
    """The module of the game `name`'s learned evaluation (`Game.nnue`): its sizes
    (FEATURES, HIDDEN, DENSE, ACTIVATION_MAX, WEIGHT_SHIFT, OUTPUT_UNIT, MAX_PIECES), its
    `perspectives(text)`, `mirrored(feature)`, `material(feature)`, `Network` and `NETWORK`."""
    module_name = game_class(name).nnue
    if module_name is None:
        raise ValueError(f"{name} has no learned evaluation (Game.nnue)")
    return importlib.import_module(module_name)


class NnueModel(nn.Module):
    """The float network (see the module's docstring) over the features of `spec`."""

    def __init__(self, spec: ModuleType) -> None:
        super().__init__()
        FEATURES, HIDDEN, DENSE = spec.FEATURES, spec.HIDDEN, spec.DENSE
        self.spec = spec
        self.limit = spec.ACTIVATION_MAX / (1 << spec.WEIGHT_SHIFT)
        self.ft = nn.Embedding(FEATURES + 1, HIDDEN, padding_idx=FEATURES)
        self.ft_bias = nn.Parameter(torch.zeros(HIDDEN))
        self.psqt = nn.Embedding(FEATURES + 1, 1, padding_idx=FEATURES)
        self.l1 = nn.Linear(2 * HIDDEN, DENSE)
        self.l2 = nn.Linear(DENSE, 1)
        with torch.no_grad():
            self.ft.weight.normal_(0.0, 0.05)
            self.ft.weight[FEATURES].zero_()
            self.ft_bias.fill_(0.25)
            # The psqt term starts as the material balance (the game's piece values).
            for feature in range(FEATURES):
                self.psqt.weight[feature, 0] = spec.material(feature)
            self.psqt.weight[FEATURES].zero_()

    def forward(self, us: torch.Tensor, them: torch.Tensor) -> torch.Tensor:
        """Values (hundredths of a Brrbrr, side to move) of a batch: `us` and `them` the
        padded feature lists of the side to move's and the other perspective."""
        a = self.ft(us).sum(dim=1) + self.ft_bias
        b = self.ft(them).sum(dim=1) + self.ft_bias
        x = torch.cat([a, b], dim=1).clamp(0.0, 1.0)
        h = self.l1(x).clamp(0.0, 1.0)
        psqt = self.psqt(us).sum(dim=(1, 2)) - self.psqt(them).sum(dim=(1, 2))
        return (self.l2(h).squeeze(1) + psqt) * OUTPUT_SCALE

    def clip(self) -> None:
        """Keeps the dense weights within int8 at scale 64."""
        with torch.no_grad():
            self.l1.weight.clamp_(-self.limit, self.limit)
            self.l2.weight.clamp_(-self.limit, self.limit)


def quantise(model: NnueModel) -> Any:
    """The integer network (the module's `Network`) of a float model (nnue.hpp's scales)."""
    spec = model.spec
    FEATURES, ACTIVATION_MAX, OUTPUT_UNIT = spec.FEATURES, spec.ACTIVATION_MAX, spec.OUTPUT_UNIT

    def rounded(tensor: torch.Tensor, scale: float, low: int, high: int) -> np.ndarray[Any, Any]:
        values = torch.round(tensor.detach().double() * scale).clamp(low, high)
        return values.to(torch.int64).numpy()

    int16 = (-32768, 32767)
    int8 = (-127, 127)
    int32 = (-(2**31), 2**31 - 1)
    return spec.Network(
        output_scale=OUTPUT_SCALE,
        ft_bias=rounded(model.ft_bias, ACTIVATION_MAX, *int16),
        ft_weight=rounded(model.ft.weight[:FEATURES], ACTIVATION_MAX, *int16),
        psqt=rounded(model.psqt.weight[:FEATURES, 0], OUTPUT_UNIT, *int32),
        b1=rounded(model.l1.bias, OUTPUT_UNIT, *int32),
        w1=rounded(model.l1.weight, 1 << spec.WEIGHT_SHIFT, *int8),
        b2=int(rounded(model.l2.bias, OUTPUT_UNIT, *int32)[0]),
        w2=rounded(model.l2.weight[0], 1 << spec.WEIGHT_SHIFT, *int8),
    )


def integer_evaluate(spec: ModuleType, net: Any, texts: list[str]) -> list[int]:
    """The quantised network's values (side to move) in torch's integer arithmetic, step for
    step as the engine computes them (int16 accumulator, >> 6, truncation toward zero)."""
    ACTIVATION_MAX, OUTPUT_UNIT = spec.ACTIVATION_MAX, spec.OUTPUT_UNIT
    ft = torch.from_numpy(np.asarray(net.ft_weight, dtype=np.int64))
    ft = torch.cat([ft, torch.zeros(1, spec.HIDDEN, dtype=torch.int64)])
    us, them = _padded(spec, texts)
    bias = torch.from_numpy(np.asarray(net.ft_bias, dtype=np.int64))
    halves = [(ft[side].sum(dim=1) + bias).to(torch.int16).to(torch.int64) for side in (us, them)]
    x = torch.cat(halves, dim=1).clamp(0, ACTIVATION_MAX)
    w1 = torch.from_numpy(np.asarray(net.w1, dtype=np.int64))
    b1 = torch.from_numpy(np.asarray(net.b1, dtype=np.int64))
    h = torch.bitwise_right_shift(x @ w1.T + b1, spec.WEIGHT_SHIFT).clamp(0, ACTIVATION_MAX)
    w2 = torch.from_numpy(np.asarray(net.w2, dtype=np.int64))
    psqt = torch.from_numpy(np.asarray(net.psqt, dtype=np.int64))
    psqt = torch.cat([psqt, torch.zeros(1, dtype=torch.int64)])
    out = (h @ w2 + net.b2 + psqt[us].sum(dim=1) - psqt[them].sum(dim=1)) * net.output_scale
    values: list[int] = torch.div(out, OUTPUT_UNIT, rounding_mode="trunc").tolist()
    return values


def _pad(spec: ModuleType, rows: list[list[int]]) -> torch.Tensor:
    """Feature lists as one tensor, padded with the index `FEATURES` (a zero row)."""
    out = torch.full((len(rows), spec.MAX_PIECES), spec.FEATURES, dtype=torch.int64)
    for i, row in enumerate(rows):
        out[i, : len(row)] = torch.tensor(row, dtype=torch.int64)
    return out


def _padded(spec: ModuleType, texts: list[str]) -> tuple[torch.Tensor, torch.Tensor]:
    pairs = [spec.perspectives(text) for text in texts]
    return _pad(spec, [p[0] for p in pairs]), _pad(spec, [p[1] for p in pairs])


class Data:
    """Positions with their scores and results (for the side to move) as tensors, each
    also mirrored (a position and its mirror side by side: rows 2i and 2i + 1)."""

    def __init__(self, spec: ModuleType, paths: list[Path], limit: int | None = None) -> None:
        us_rows: list[list[int]] = []
        them_rows: list[list[int]] = []
        scores: list[float] = []
        results: list[float] = []
        for path in paths:
            with path.open(encoding="utf-8") as lines:
                for line in lines:
                    text, score, result = line.rstrip("\n").split("\t")
                    first = text.split()[1] == "w"
                    stm_result = float(result) if first else 1.0 - float(result)
                    us, them = spec.perspectives(text)
                    for pair in (
                        (us, them),
                        ([spec.mirrored(f) for f in us], [spec.mirrored(f) for f in them]),
                    ):
                        us_rows.append(pair[0])
                        them_rows.append(pair[1])
                        scores.append(float(score))
                        results.append(stm_result)
                    if limit and len(scores) >= 2 * limit:
                        break
        self.spec = spec
        self.us = _pad(spec, us_rows)
        self.them = _pad(spec, them_rows)
        self.scores = torch.tensor(scores)
        self.results = torch.tensor(results)

    def __len__(self) -> int:
        return len(self.scores)


def fit_k(scores: torch.Tensor, results: torch.Tensor) -> float:
    """Texel's K: the scale at which sigmoid(score / K) best predicts the results."""
    best, best_error = 100.0, math.inf
    for k in range(50, 2001, 25):
        error = float(((torch.sigmoid(scores / k) - results) ** 2).mean())
        if error < best_error:
            best, best_error = float(k), error
    return best


def train(
    data: Data,
    epochs: int,
    seed: int = 1,
    batch: int = 2048,
    lr: float = 2e-3,
    validation: float = 0.05,
    log: Any = None,
) -> tuple[NnueModel, dict[str, float]]:
    """A model trained on `data` (a held-out share for validation, by position pairs so a
    mirror never validates its original); the model and its figures."""
    torch.manual_seed(seed)
    k = fit_k(data.scores, data.results)
    target = LAMBDA * torch.sigmoid(data.scores / k) + (1 - LAMBDA) * data.results
    pairs = len(data) // 2
    order = list(range(pairs))
    random.Random(seed).shuffle(order)
    held = max(1, int(pairs * validation))
    pick = torch.tensor(order)
    valid = torch.cat([2 * pick[:held], 2 * pick[:held] + 1])
    train_rows = torch.cat([2 * pick[held:], 2 * pick[held:] + 1])
    model = NnueModel(data.spec)
    optimiser = torch.optim.Adam(model.parameters(), lr=lr)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimiser, max(1, epochs))

    def loss_of(rows: torch.Tensor) -> torch.Tensor:
        value = model(data.us[rows], data.them[rows])
        return ((torch.sigmoid(value / k) - target[rows]) ** 2).mean()

    figures: dict[str, float] = {"k": k, "positions": float(len(data))}
    for epoch in range(epochs):
        model.train()
        shuffled = train_rows[torch.randperm(len(train_rows))]
        total = 0.0
        for start in range(0, len(shuffled), batch):
            rows = shuffled[start : start + batch]
            loss = loss_of(rows)
            optimiser.zero_grad()
            torch.autograd.backward(loss)
            optimiser.step()
            model.clip()
            total += float(loss.detach()) * len(rows)
        schedule.step()
        with torch.no_grad():
            figures["train_loss"] = total / len(shuffled)
            figures["valid_loss"] = float(loss_of(valid))
        if log:
            print(
                f"epoch {epoch + 1}: train {figures['train_loss']:.5f} "
                f"valid {figures['valid_loss']:.5f}",
                file=log,
                flush=True,
            )
    with torch.no_grad():
        # The loss of always predicting the mean target: what the network improves on.
        figures["valid_constant"] = float(((target[valid].mean() - target[valid]) ** 2).mean())
    return model, figures


def write_expected(name: str, out: Path, count: int = 300, seed: int = 28) -> None:
    """Stores the shipped network's values (the module's forward pass, in numpy) on random
    positions with the file's digest: what the engine is checked against without PyTorch
    (tests/native/test_nnue.py). Rewritten after a new network is shipped:

        python -m spieltisch.learn.nnue_train GAME --expected tests/native/nnue_expected.json
    """
    spec = features_module(name)
    net = spec.Network.read(spec.NETWORK)
    rows = [[text, net.evaluate(text)] for text in random_positions(name, count, seed)]
    digest = hashlib.sha256(Path(spec.NETWORK).read_bytes()).hexdigest()
    out.write_text(json.dumps({"sha256": digest, "values": rows}, indent=0) + "\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a game with a learned evaluation (Game.nnue)")
    parser.add_argument("data", type=Path, nargs="*", help="files of nnue_data.py")
    parser.add_argument(
        "--expected", type=Path, help="write the shipped network's values here, train nothing"
    )
    parser.add_argument("--out", type=Path, help="the network file to write")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--limit", type=int, default=None, help="at most this many positions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    if args.expected:
        write_expected(args.game, args.expected)
        return
    if not args.data or args.out is None:
        parser.error("training needs DATA files and --out")
    torch.set_num_threads(args.threads)
    start = time.perf_counter()
    data = Data(features_module(args.game), args.data, args.limit)
    print(f"{len(data)} positions (with mirrors) read", file=sys.stderr, flush=True)
    model, figures = train(data, args.epochs, args.seed, log=sys.stderr)
    net = quantise(model)
    net.write(args.out)
    print(
        " ".join(f"{key}={value:.5g}" for key, value in figures.items())
        + f" seconds={time.perf_counter() - start:.0f}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
