"""Schachogi's learned evaluation on the Python side: its features, its network file and
the integer forward pass the C++ engine runs (native/schachogi/nnue.hpp), in numpy.

The network (docs/native.md, "The NNUE evaluation"): per perspective (White, Black) a sparse
input of 1408 piece-square features (own or other side x 11 kinds x 64 squares, the board
seen from that side), a first layer of `HIDDEN` values (int16, the accumulator the engine
keeps up to date move by move), clipped ReLU to 0..127, a dense layer of `DENSE` (int8
weights, int32 biases, shifted by 6, clipped again) and one output (int8 weights) scaled to
hundredths of a Brrbrr. Training is `learn/nnue_train.py` (PyTorch); this module needs
numpy only, so the engine's result can be checked without PyTorch.
"""

from __future__ import annotations

import hashlib
import json
import random
import struct
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

FEATURES = 2 * 11 * 64
HIDDEN = 128
DENSE = 32
ACTIVATION_MAX = 127
WEIGHT_SHIFT = 6
OUTPUT_UNIT = ACTIVATION_MAX << WEIGHT_SHIFT
MAGIC = b"SPNNUE01"
#: The network the package ships, read by `eval=nnue` (spieltisch/native/__init__.py names it).
SHIPPED = "networks/schachogi.nnue"

_KINDS = {letter: kind for kind, letter in enumerate("PIRSWB", start=1)}


def shipped_path() -> Path:
    """The network file shipped with the package."""
    return Path(str(resources.files("spieltisch.native").joinpath(SHIPPED)))


def board_codes(text: str) -> list[int]:
    """The 64 board codes of a Schachogi position text (> 0 White, < 0 Black; kinds 1..6
    Pflöck, Ischi, Rock, Slotser, Wieher, Brrbrr, 7..11 the promoted kinds), square
    rank * 8 + file with a1 = 0."""
    codes = [0] * 64
    for row, rank_text in enumerate(text.split()[0].split("/")):
        rank, file, promoted = 7 - row, 0, False
        for char in rank_text:
            if char.isdigit():
                file += int(char)
            elif char == "+":
                promoted = True
            else:
                kind = _KINDS[char.upper()] + (5 if promoted else 0)
                codes[rank * 8 + file] = kind if char.isupper() else -kind
                file, promoted = file + 1, False
    return codes


def side_to_move(text: str) -> int:
    """0 when White is to move, 1 when Black is."""
    return 0 if text.split()[1] == "w" else 1


def features(codes: list[int], perspective: int) -> list[int]:
    """The active features of a board for `perspective` (0 White, 1 Black), as nnue.hpp's
    `feature`: (own 0 / other 1) * 11 + kind - 1, times 64, plus the square seen from there."""
    out = []
    for square, code in enumerate(codes):
        if code == 0:
            continue
        kind = abs(code)
        other = 0 if (code > 0) == (perspective == 0) else 1
        seen = square if perspective == 0 else square ^ 56
        out.append((other * 11 + kind - 1) * 64 + seen)
    return out


@dataclass
class Network:
    """The quantised network, as the file holds it (int arrays, numpy)."""

    output_scale: int
    ft_bias: np.ndarray[Any, Any]  # int16 [HIDDEN]
    ft_weight: np.ndarray[Any, Any]  # int16 [FEATURES, HIDDEN]
    b1: np.ndarray[Any, Any]  # int32 [DENSE]
    w1: np.ndarray[Any, Any]  # int8 [DENSE, 2 * HIDDEN]
    b2: int
    w2: np.ndarray[Any, Any]  # int8 [DENSE]

    def write(self, path: Path) -> None:
        """Writes the file nnue.hpp describes (little-endian)."""
        parts = [
            MAGIC,
            struct.pack("<4i", FEATURES, HIDDEN, DENSE, self.output_scale),
            self.ft_bias.astype("<i2").tobytes(),
            self.ft_weight.astype("<i2").tobytes(),
            self.b1.astype("<i4").tobytes(),
            self.w1.astype("i1").tobytes(),
            struct.pack("<i", self.b2),
            self.w2.astype("i1").tobytes(),
        ]
        path.write_bytes(b"".join(parts))

    @classmethod
    def read(cls, path: Path) -> Network:
        """Reads a network file; ValueError when it is not one of these sizes."""
        data = path.read_bytes()
        if data[:8] != MAGIC:
            raise ValueError(f"{path}: not a Schachogi NNUE file (no SPNNUE01 header)")
        sizes = struct.unpack_from("<4i", data, 8)
        if sizes[:3] != (FEATURES, HIDDEN, DENSE):
            raise ValueError(f"{path}: sizes {sizes[:3]}, not {(FEATURES, HIDDEN, DENSE)}")
        at = 8 + 16

        def take(dtype: str, count: int) -> np.ndarray[Any, Any]:
            nonlocal at
            array = np.frombuffer(data, dtype=dtype, count=count, offset=at)
            at += array.nbytes
            return array.astype(np.int64)

        ft_bias = take("<i2", HIDDEN)
        ft_weight = take("<i2", FEATURES * HIDDEN).reshape(FEATURES, HIDDEN)
        b1 = take("<i4", DENSE)
        w1 = take("i1", DENSE * 2 * HIDDEN).reshape(DENSE, 2 * HIDDEN)
        b2 = int(take("<i4", 1)[0])
        w2 = take("i1", DENSE)
        if at != len(data):
            raise ValueError(f"{path}: {len(data) - at} bytes after the network")
        return cls(sizes[3], ft_bias, ft_weight, b1, w1, b2, w2)

    def accumulator(self, codes: list[int], perspective: int) -> np.ndarray[Any, Any]:
        """The first layer for one perspective, int16 as the engine keeps it."""
        rows = self.ft_weight[features(codes, perspective)]
        total = self.ft_bias.astype(np.int64) + rows.sum(axis=0, dtype=np.int64)
        return total.astype(np.int16)

    def evaluate(self, text: str) -> int:
        """The value for the side to move in hundredths of a Brrbrr: nnue.hpp's integer
        forward pass, step by step."""
        codes = board_codes(text)
        us = side_to_move(text)
        halves = [self.accumulator(codes, us), self.accumulator(codes, 1 - us)]
        x = np.clip(np.concatenate(halves).astype(np.int64), 0, ACTIVATION_MAX)
        sums = self.b1.astype(np.int64) + self.w1.astype(np.int64) @ x
        h = np.clip(sums >> WEIGHT_SHIFT, 0, ACTIVATION_MAX)
        out = self.b2 + int(self.w2.astype(np.int64) @ h)
        scaled = out * self.output_scale
        return scaled // OUTPUT_UNIT if scaled >= 0 else -((-scaled) // OUTPUT_UNIT)


def sample_positions(count: int, seed: int, plies: int = 120) -> list[str]:
    """`count` Schachogi position texts from random games of the native engine (seeded),
    every position of each game in play up to `plies`: captures, promotions and lone
    Pflöcke included, for checking the engine's forward pass against this one."""
    from spieltisch import native

    rng = random.Random(seed)
    start = "rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1"
    out: list[str] = []
    while len(out) < count:
        text = start
        for _ in range(plies):
            moves = native.legal_moves("schachogi", text)
            if not moves:
                break
            out.append(text)
            text = native.play("schachogi", text, rng.choice(moves))
    return out[:count]


def file_digest(path: Path) -> str:
    """The SHA-256 of a network file (what stored expected values belong to)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_expected(out: Path, count: int = 300, seed: int = 28) -> None:
    """Stores the shipped network's values (this module's forward pass) on sampled
    positions with the file's digest: the check the engine runs without numpy's help
    (tests/native/test_nnue.py). Rewrite it after shipping a new network:

        python -m spieltisch.learn.nnue tests/native/nnue_expected.json
    """
    network_path = shipped_path()
    net = Network.read(network_path)
    texts = sample_positions(count, seed)
    rows = [[text, net.evaluate(text)] for text in texts]
    payload = {"sha256": file_digest(network_path), "values": rows}
    out.write_text(json.dumps(payload, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_expected(Path(sys.argv[1]))
