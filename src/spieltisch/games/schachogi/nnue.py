"""Schachogi's learned evaluation on the Python side (`Schachogi.nnue`): its features, its
network file and the integer forward pass the C++ engine runs (native/schachogi/nnue.hpp),
in numpy.

The network (docs/native.md, "The NNUE evaluation"): per perspective (White, Black) a sparse
input of 1408 piece-square features (own or other side x 11 kinds x 64 squares, the board
seen from that side), a first layer of `HIDDEN` values (int16, the accumulator the engine
keeps up to date move by move), clipped ReLU to 0..127, a dense layer of `DENSE` (int8
weights, int32 biases, shifted by 6, clipped again) and one output (int8 weights) scaled to
hundredths of a Brrbrr, plus a psqt term (one int32 weight a feature, the side to move's
sum less the other's) straight to the output. Training is `learn/nnue_train.py`
(PyTorch); this module needs numpy only (imported when a network is read), so the engine's
result can be checked without PyTorch; importing it needs only the standard library.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spieltisch.games.schachogi.evaluation import VALUE

if TYPE_CHECKING:
    import numpy as np

FEATURES = 2 * 11 * 64
HIDDEN = 128
DENSE = 32
ACTIVATION_MAX = 127
WEIGHT_SHIFT = 6
OUTPUT_UNIT = ACTIVATION_MAX << WEIGHT_SHIFT
MAGIC = b"SPNNUE01"
#: The network the package ships, read by `eval=nnue` (spieltisch.native tells the engine).
NETWORK = Path(__file__).with_name("schachogi.nnue")
#: At most this many pieces on a board: the length of a perspective's feature list.
MAX_PIECES = 32

_KINDS = {letter: kind for kind, letter in enumerate("PIRSWB", start=1)}


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


def perspectives(text: str) -> tuple[list[int], list[int]]:
    """The active features of a position text: the side to move's, then the other's."""
    codes = board_codes(text)
    us = side_to_move(text)
    return features(codes, us), features(codes, 1 - us)


def mirrored(feature: int) -> int:
    """The feature of the same piece on the board mirrored left to right (the rules are
    the same both ways, so a mirrored position is worth the same)."""
    return feature ^ 7


def material(feature: int) -> float:
    """The feature's share of the material balance in Brrbrr (evaluation.py's values):
    half the piece's value, positive for the perspective's own piece. Training starts the
    psqt term here."""
    other, kind = divmod(feature // 64, 11)
    half = VALUE[kind + 1] / 2
    return -half if other else half


@dataclass
class Network:
    """The quantised network, as the file holds it (int arrays, numpy)."""

    output_scale: int
    ft_bias: np.ndarray[Any, Any]  # int16 [HIDDEN]
    ft_weight: np.ndarray[Any, Any]  # int16 [FEATURES, HIDDEN]
    psqt: np.ndarray[Any, Any]  # int32 [FEATURES]
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
            self.psqt.astype("<i4").tobytes(),
            self.b1.astype("<i4").tobytes(),
            self.w1.astype("i1").tobytes(),
            struct.pack("<i", self.b2),
            self.w2.astype("i1").tobytes(),
        ]
        path.write_bytes(b"".join(parts))

    @classmethod
    def read(cls, path: Path) -> Network:
        """Reads a network file; ValueError when it is not one of these sizes."""
        import numpy as np

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
        psqt = take("<i4", FEATURES)
        b1 = take("<i4", DENSE)
        w1 = take("i1", DENSE * 2 * HIDDEN).reshape(DENSE, 2 * HIDDEN)
        b2 = int(take("<i4", 1)[0])
        w2 = take("i1", DENSE)
        if at != len(data):
            raise ValueError(f"{path}: {len(data) - at} bytes after the network")
        return cls(sizes[3], ft_bias, ft_weight, psqt, b1, w1, b2, w2)

    def accumulator(self, codes: list[int], perspective: int) -> np.ndarray[Any, Any]:
        """The first layer for one perspective, int16 as the engine keeps it."""
        import numpy as np

        rows = self.ft_weight[features(codes, perspective)]
        total = self.ft_bias.astype(np.int64) + rows.sum(axis=0, dtype=np.int64)
        values: np.ndarray[Any, Any] = total.astype(np.int16)
        return values

    def psqt_sum(self, codes: list[int], perspective: int) -> int:
        """The psqt weights of one perspective's features, summed (int32 in the engine)."""
        return int(self.psqt[features(codes, perspective)].sum())

    def evaluate(self, text: str) -> int:
        """The value for the side to move in hundredths of a Brrbrr: nnue.hpp's integer
        forward pass, step by step."""
        import numpy as np

        codes = board_codes(text)
        us = side_to_move(text)
        halves = [self.accumulator(codes, us), self.accumulator(codes, 1 - us)]
        x = np.clip(np.concatenate(halves).astype(np.int64), 0, ACTIVATION_MAX)
        sums = self.b1.astype(np.int64) + self.w1.astype(np.int64) @ x
        h = np.clip(sums >> WEIGHT_SHIFT, 0, ACTIVATION_MAX)
        psqt = self.psqt_sum(codes, us) - self.psqt_sum(codes, 1 - us)
        out = self.b2 + int(self.w2.astype(np.int64) @ h) + psqt
        scaled = out * self.output_scale
        return scaled // OUTPUT_UNIT if scaled >= 0 else -((-scaled) // OUTPUT_UNIT)
