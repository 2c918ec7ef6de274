"""The native chance draws (native/core/chance.hpp: SHA-256, CPython's MT19937 seeding
and `random()`) are bit-identical to Python's `chance_rng(seed, ply).random()`, so the
native batch rolls Okard's dice exactly as the Python backend does."""

from __future__ import annotations

import random

import pytest

from spieltisch import native
from spieltisch.core.chance import MAX_SEED, chance_rng, draw_chance
from spieltisch.core.registry import load
from spieltisch.native import batch as native_batch

pytestmark = pytest.mark.skipif(not native.built(), reason="the native engines are not built")


def test_chance_random_is_pythons_for_thousands_of_seeds_and_plies() -> None:
    from spieltisch import _native

    rng = random.Random(2026)
    seeds = [0, 1, 9, 10, 2**31, 2**32, 2**53 + 1, MAX_SEED - 1, MAX_SEED]
    seeds += [rng.randrange(MAX_SEED + 1) for _ in range(40)]
    seeds += [rng.randrange(2**20) for _ in range(10)]
    pairs = [(seed, ply) for seed in seeds for ply in (0, 1, 2, 9, 10, 99, 1000, 123456)]
    pairs += [(rng.randrange(MAX_SEED + 1), rng.randrange(10**6)) for _ in range(3000)]
    pairs += [(-5, 3), (-(2**63), 0)]  # what the f-string gives for negative seeds too
    assert len(pairs) > 3400
    for seed, ply in pairs:
        assert _native.chance_random(seed, ply) == chance_rng(seed, ply).random(), (seed, ply)


def test_seeding_is_cpythons_for_every_key_length() -> None:
    """`random.Random(x)` seeds MT19937 with x's 32-bit words, least significant first,
    leading zero words dropped: the native seeding must drop them too."""
    from spieltisch import _native

    rng = random.Random(7)
    numbers = [0, 1, 2**32 - 1, 2**32, 2**64 + 5, 2**96, 2**128 - 1, 5 << 40]
    numbers += [rng.getrandbits(bits) for bits in (16, 32, 33, 64, 95, 96, 97, 128) * 4]
    for x in numbers:
        words = [(x >> (32 * i)) & 0xFFFFFFFF for i in range(max(1, (x.bit_length() + 31) // 32))]
        padded = words + [0] * (4 - len(words))  # as the 16 digest bytes always come
        reference = random.Random(x)
        expected = (reference.random(), reference.random())
        assert _native.seeded_random(words) == expected, x
        assert _native.seeded_random(padded) == expected, x


def test_the_batch_picks_the_outcome_python_picks() -> None:
    """The cumulative pick of `sample_chance` over Okard's six faces (sums of 1/6)."""
    game = load("okard", "board=8")
    state = game.parse("8/8/8/8/8/8/8/4,K,3 -/K1 0:0 play r ? 0 s 0 -- -", reachable=False)
    batch = native_batch.new_batch(game, 1)
    faces = set()
    for seed in range(60):
        batch.reset([0], [state.text()], [seed], [40])
        twin = state.copy()
        roll = draw_chance(twin, seed, 40)
        twin.push(roll)
        faces.add(str(roll))
        assert batch.text(0) == twin.text(), seed
    assert faces == {f"D{face}" for face in range(1, 7)}
