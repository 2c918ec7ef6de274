"""The evaluation-variant knob (`eval=N` as the native config, for measurement only) of the
Ostseeschach, Schachogi and Hase und Igel engines: refused out of range, and variant 0 is
what every normal caller gets."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch import native

#: How many evaluation variants each engine has (0 and the candidates of the tuning log).
VARIANTS = {"ostseeschach": 7, "schachogi": 6, "hase-und-igel": 3}
GAMES = tuple(VARIANTS)


def _positions(name: str) -> list[str]:
    """A few positions a little way into random games."""
    game = spieltisch.load(name)
    rng = random.Random(7)
    texts = []
    for seed in range(20):
        state = game.new_state(seed)
        for _ in range(rng.randrange(4, 50)):
            if state.is_over():
                break
            state.push(state.random_move(rng))
        if not state.is_over():
            texts.append(state.text())
    return texts


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "config", ["eval=N", "eval=-1", "eval=", "eval=1x", "eval=1 ", "evaluation=1", "x"]
)
def test_an_evaluation_variant_out_of_range_is_refused(name: str, config: str) -> None:
    module, _ = native._engine(name)
    config = config.replace("N", str(VARIANTS[name]))
    text = spieltisch.load(name).new_state(1).text()
    with pytest.raises(ValueError):
        module.evaluate(text, 0, config)


@pytest.mark.parametrize("name", GAMES)
def test_normal_callers_get_evaluation_variant_zero(name: str) -> None:
    module, config = native._engine(spieltisch.load(name))
    assert config == ""
    differs = set()
    for text in _positions(name):
        for player in (0, 1):
            default = module.evaluate(text, player)
            assert native._call(name, "evaluate", text, player) == default
            assert module.evaluate(text, player, "eval=0") == default
            for variant in range(1, VARIANTS[name]):
                if module.evaluate(text, player, f"eval={variant}") != default:
                    differs.add(variant)
    # Every candidate is a different evaluation somewhere (the knob reaches `evaluate`).
    assert differs == set(range(1, VARIANTS[name]))
