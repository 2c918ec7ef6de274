"""The evaluation-variant knob (`eval=N` as the native config, for measurement only) of the
Ostseeschach, Schachogi and Hase und Igel engines: refused out of range, and variant 0 is
what every normal caller gets; Schachogi's evaluation is the same for both colours."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch import native
from tests.helpers.positions import random_positions
from tests.helpers.schachogi_perft import random_scatter

#: How many evaluation variants each engine has (0 and the candidates of the tuning log).
VARIANTS = {"ostseeschach": 9, "schachogi": 16, "hase-und-igel": 25}
#: The candidates an SPRT made the default: the default is their evaluation.
ADOPTED = {"schachogi": {15}}
GAMES = tuple(VARIANTS)


def _positions(name: str) -> list[str]:
    """Twenty positions of random games, each with a player to move."""
    return [state.text() for state in random_positions(spieltisch.load(name), 20, 7)]


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
                value = module.evaluate(text, player, f"eval={variant}")
                if variant in ADOPTED.get(name, set()):
                    assert value == default
                elif value != default:
                    differs.add(variant)
    # Every other candidate is a different evaluation somewhere (the knob reaches
    # `evaluate`).
    assert differs == set(range(1, VARIANTS[name])) - ADOPTED.get(name, set())


def _colour_flipped(text: str) -> str:
    """A Schachogi position mirrored by rank with the colours and the side to move swapped."""
    board, side, quiet, number = text.split()[:4]
    flipped = "/".join(reversed(board.split("/"))).swapcase()
    return f"{flipped} {'b' if side == 'w' else 'w'} {quiet} {number}"


def test_schachogi_evaluation_is_the_same_for_both_colours() -> None:
    # The piece-square tables are drawn from White's side and read mirrored by rank for
    # Black: a position and its colour-flipped mirror are worth the same to their owners,
    # in every variant (a table read the same way for both sides would break this).
    module, _ = native._engine("schachogi")
    rng = random.Random(5)
    texts = _positions("schachogi") + [random_scatter(rng) for _ in range(30)]
    asymmetric = 0
    for text in texts:
        mirror = _colour_flipped(text)
        assert _colour_flipped(mirror).split()[:4] == text.split()[:4]
        if mirror.split()[0] != text.split()[0]:
            asymmetric += 1
        for variant in range(VARIANTS["schachogi"]):
            config = f"eval={variant}"
            value = module.evaluate(text, 0, config)
            assert module.evaluate(mirror, 1, config) == value, (text, variant)
            assert module.evaluate(mirror, 0, config) == -value, (text, variant)
    assert asymmetric == len(texts)


def _ostseeschach_mirror(text: str) -> str:
    """The colour-mirrored twin of an Ostseeschach position text: every stack to the other
    team on the square mirrored along the forward axis (x -> 7 - x, as blue's vectors negate
    dx), the ambers swapped and the other side to move."""
    board, turn, ambers, _ = text.split(" ")
    ranks = []
    for rank in board.split("/"):
        cells: list[str] = []
        for char in rank:
            if char == "2":
                cells[-1] += char
            else:
                cells.append(char.swapcase())
        ranks.append("".join(reversed(cells)))
    red, blue = ambers.split(":")
    return f"{'/'.join(ranks)} {int(turn) + 1} {blue}:{red} -"


def test_ostseeschach_mirror_is_a_mirror() -> None:
    text = "M2.....m./S......r/8/8/8/8/8/8 3 1:0 -".replace("8", "........")
    assert _ostseeschach_mirror(text) == (
        ".M.....m2/R......s/......../......../......../......../......../........ 4 0:1 -"
    )


@pytest.mark.parametrize("variant", range(VARIANTS["ostseeschach"]))
def test_ostseeschach_evaluation_is_colour_symmetric(variant: int) -> None:
    """A position and its colour-mirrored twin evaluate to opposite values: the tables
    (variant 7) and every other term treat blue as red seen in the mirror."""
    module, _ = native._engine("ostseeschach")
    config = f"eval={variant}"
    texts = _positions("ostseeschach")
    assert len(texts) >= 15
    for text in texts:
        twin = _ostseeschach_mirror(text)
        for player in (0, 1):
            value = module.evaluate(text, player, config)
            assert module.evaluate(twin, player, config) == -value
            assert module.evaluate(twin, 1 - player, config) == value


def _lone(letter: str, x: int, y: int) -> str:
    """An Ostseeschach position with one stack on (x, y), red to move."""
    ranks = ["." * x + letter + "." * (7 - x) if 7 - r == y else "." * 8 for r in range(8)]
    return "/".join(ranks) + " 0 0:0 -"


@pytest.mark.parametrize("variant", [7, 8])
@pytest.mark.parametrize("letter", list("HMSRhmsr"))
def test_ostseeschach_square_tables_add_modest_terms_to_the_progress(
    letter: str, variant: int
) -> None:
    """Variant 7's tables keep the default's progress along the walking direction and add
    tens to ~150 for the centre, the square before the amber line and a central Robbe;
    variant 8's the same without the square before the amber line."""
    module, _ = native._engine("ostseeschach")
    team = 0 if letter.isupper() else 1
    config = f"eval={variant}"
    extras = {}
    for x in range(8):
        for y in range(8):
            text = _lone(letter, x, y)
            extra = module.evaluate(text, team, config) - module.evaluate(text, team, "eval=0")
            assert -50 <= extra <= 150
            extras[(x if team == 0 else 7 - x, y)] = extra
    if letter.upper() == "R":
        assert extras[(3, 3)] > extras[(1, 1)] > extras[(0, 0)]
    else:
        # Centralisation across the forward axis, and a bonus one step from the amber line.
        assert extras[(2, 3)] > extras[(2, 1)] > extras[(2, 0)] == 0
        if variant == 7:
            assert extras[(6, 3)] > extras[(5, 3)]
        else:
            assert extras[(6, 3)] == extras[(5, 3)]
