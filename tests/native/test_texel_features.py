"""The evaluation's terms as Texel features (benchmarks/texel.py fits what the engine
computes): each variant's weights dotted with the features, through the game's link, is
the engine's evaluation; the default evaluation is the one before the features; native
agents play the variant `eval=N` names."""

from __future__ import annotations

import math

import pytest

import spieltisch
from benchmarks import texel
from spieltisch import native
from spieltisch.ai.spec import make_agent
from tests.helpers.positions import random_positions

pytestmark = pytest.mark.skipif(not native.built(), reason="the native engines are not built")


def _decided(text: str) -> bool:
    """A Hase und Igel position with a player in the goal (the evaluation may settle it
    outside the race terms)."""
    fields = text.split()
    return any(part.split("/")[0] == "64" for part in fields[2:4])


def _weighted(weights: list[float], features: list[float]) -> float:
    """The features' sum with the variant's weights: what a linear evaluation computes."""
    return sum(w * f for w, f in zip(weights, features, strict=True))


@pytest.mark.parametrize("variant", [None, 3, 4, 5])
def test_hase_und_igel_features_give_the_evaluation(variant: int | None) -> None:
    engine, config = texel.engine_config("hase-und-igel", variant)
    weights = engine.feature_weights(config)
    assert len(weights) == len(engine.feature_names) == 8
    checked = 0
    for state in random_positions(spieltisch.load("hase-und-igel"), 60, 11):
        text = state.text()
        if _decided(text):
            continue
        for player in (0, 1):
            features = engine.features(text, player, config)
            race = _weighted(weights, features)
            expected = 10_000 * math.tanh(race / 4)
            assert abs(engine.evaluate(text, player, config) - expected) <= 0.5 + 1e-6, text
            checked += 1
    assert checked >= 80


def test_hase_und_igel_default_weights_are_the_race_formula() -> None:
    """The default's weights are the ones its race value (evaluation.py's) adds the terms
    with, and a whole turn for the move in hand; evaluation.py's own (`eval=6`) have no
    tempo; the fitted variants differ from it."""
    engine, config = texel.engine_config("hase-und-igel")
    formula = [-1.0, -3.0, 0.3, 0.1, 1.0, 0.0, 0.0, 0.0]
    assert engine.feature_weights(config) == [*formula[:6], 1.0, 0.0]
    assert engine.feature_weights(texel.engine_config("hase-und-igel", 6)[1]) == formula
    fitted = [engine.feature_weights(texel.engine_config("hase-und-igel", v)[1]) for v in (3, 4, 5)]
    assert all(weights != formula for weights in fitted)
    assert fitted[1][3] == 0.1


def test_hase_und_igel_features_are_the_players_difference() -> None:
    engine, _ = native._engine("hase-und-igel")
    for state in random_positions(spieltisch.load("hase-und-igel"), 20, 5):
        mine = engine.features(state.text(), 0)
        theirs = engine.features(state.text(), 1)
        assert mine == pytest.approx([-value for value in theirs])


@pytest.mark.parametrize("variant", [None, 2, 5, 6, 7])
def test_okard_features_give_the_evaluation(variant: int | None) -> None:
    engine, config = texel.engine_config("okard", variant)
    weights = engine.feature_weights(config)
    assert len(weights) == len(engine.feature_names) == 16
    checked = 0
    for state in random_positions(spieltisch.load("okard"), 40, 3):
        text = state.text()
        for player in (0, 1):
            features = engine.features(text, player, config)
            value = _weighted(weights, features)
            assert engine.evaluate(text, player, config) == round(value), text
            checked += 1
    assert checked == 80


def test_okard_default_is_the_fitted_variant_with_the_army_term() -> None:
    """The evaluation before the fit (2) is the plain sum of the material and threat
    terms, the new terms (König zone, tempo, reach, the army by kind, the learned army)
    weighing nothing; the fitted variant 5 weighs every term but the learned army; the
    default (7) is 5 with the learned army at its worth."""
    engine, config = texel.engine_config("okard", 2)
    assert engine.feature_weights(config) == [1.0, 1.0, 1.0, 1.0] + [0.0] * 12
    default = engine.feature_weights(texel.engine_config("okard")[1])
    assert default == engine.feature_weights(texel.engine_config("okard", 7)[1])
    fitted = engine.feature_weights(texel.engine_config("okard", 5)[1])
    assert default == [*fitted[:-1], 1.0] and fitted[-1] == 0.0
    assert all(weight != 0.0 for weight in default)


def test_okard_kind_counts_follow_a_pick() -> None:
    """The army-by-kind terms count a picked stone for its side."""
    engine, config = texel.engine_config("okard")
    game = spieltisch.load("okard")
    state = game.new_state(1)
    before = engine.features(state.text(), 0, config)
    state.play(state.legal_moves()[0])
    after = engine.features(state.text(), 0, config)
    assert sum(after[7:15]) - sum(before[7:15]) == 1


def test_okard_refuses_a_variant_beyond_the_fitted_ones() -> None:
    engine, config = texel.engine_config("okard")
    text = spieltisch.load("okard").new_state(1).text()
    assert isinstance(engine.evaluate(text, 0, config + " eval=8"), int)
    with pytest.raises(ValueError):
        engine.evaluate(text, 0, config + " eval=9")


@pytest.mark.parametrize(("name", "variant"), [("hase-und-igel", 3), ("okard", 2)])
def test_a_native_agent_plays_the_variant_it_names(name: str, variant: int) -> None:
    """`native:...,eval=N` searches with variant N: its search's value is the variant's
    evaluation at depth 1 where that differs from the default's."""
    game = spieltisch.load(name)
    agent = make_agent(f"native:depth=1,eval={variant}", game)
    plain = make_agent("native:depth=1", game)
    assert agent.spec.endswith(f"eval={variant}")
    differs = 0
    for state in random_positions(game, 12, 2):
        agent.select(state.copy())
        plain.select(state.copy())
        differs += agent.stats["value"] != plain.stats["value"]
    assert differs > 0


def test_texel_fit_recovers_the_weights_that_made_the_results() -> None:
    """On results drawn from sigmoid(K * link(w . features)), the fit comes back near w."""
    import numpy as np

    rng = np.random.default_rng(4)
    features = rng.normal(size=(20_000, 3)) * np.array([10.0, 3.0, 1.0])
    truth = np.array([1.0, -2.0, 5.0])
    scale = 0.1
    target = (rng.random(20_000) < texel.sigmoid(scale * (features @ truth))).astype(float)
    value = features @ truth
    data = texel.Data(features, value, target, np.zeros(20_000, dtype=np.int64), value)
    assert texel.fit_scale(data.evaluation, target) == pytest.approx(scale, rel=0.1)
    fitted = texel.fit_weights("okard", data, np.array([1.0, 0.0, 0.0]), scale, ridge=1e-6)
    assert fitted == pytest.approx(truth, rel=0.1)
    held = texel.fit_weights("okard", data, np.array([1.0, 0.0, 0.0]), scale, fixed=[0])
    assert held[0] == 1.0 and held[1] == pytest.approx(-2.0, rel=0.15)


def test_texel_loads_the_fit_and_the_test_games_apart_in_blocks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`load` with a parity keeps only the games of that seed parity, the two parts
    together are the positions loaded at once, row for row, and the rows that went into
    blocks of CHUNK (here 16) come out as one array, in order."""
    import numpy as np

    from benchmarks import selfplay_data

    settings = selfplay_data.Settings("schachogi", depth=1, opening=4, noise=0.2)
    rows = [row for game in selfplay_data.generate(settings, 4, 7) for row in game]
    whole = texel.load("schachogi", rows, skip=2)
    monkeypatch.setattr(texel, "CHUNK", 16)
    parts = [texel.load("schachogi", rows, skip=2, parity=parity) for parity in (0, 1)]
    assert {int(seed) % 2 for seed in parts[0].seeds} == {0}
    assert {int(seed) % 2 for seed in parts[1].seeds} == {1}
    assert len(parts[0].target) > 16 and len(parts[1].target) > 16
    for part, parity in zip(parts, (0, 1), strict=True):
        chosen = whole.seeds % 2 == parity
        assert part.features.dtype == np.float32
        assert np.array_equal(part.features, whole.features[chosen])
        assert np.array_equal(part.evaluation, whole.evaluation[chosen])
        assert np.array_equal(part.target, whole.target[chosen])
    limited = texel.load("schachogi", rows, skip=2, limit=20, parity=1)
    assert len(limited.target) == 20 and np.array_equal(limited.features, parts[1].features[:20])


def test_texel_prior_holds_a_rare_term_and_the_target_mixes_the_verdict() -> None:
    """A term seen in few positions moves by what they say without a prior and stays near
    its start with one (the common term is fitted either way); the mixed target is the
    result at `lam` 1, the search's verdict at 0, between them in between."""
    import numpy as np

    rng = np.random.default_rng(5)
    n = 20_000
    common = rng.normal(size=n) * 10
    rare = (rng.random(n) < 0.005).astype(float)
    features = np.stack([common, rare], axis=1)
    truth = np.array([1.0, 30.0])
    scale = 0.1
    value = features @ truth
    target = (rng.random(n) < texel.sigmoid(scale * value)).astype(float)
    data = texel.Data(features, value, target, np.zeros(n, dtype=np.int64), value)
    start = np.array([0.5, 0.0])
    free = texel.fit_weights("okard", data, start, scale, ridge=1e-6)
    held = texel.fit_weights("okard", data, start, scale, ridge=1e-6, prior=20_000)
    assert free[0] == pytest.approx(1.0, rel=0.1) and held[0] == pytest.approx(1.0, rel=0.1)
    assert free[1] > 15 and abs(held[1]) < 5
    assert np.array_equal(texel.mixed_target(target, value, 1.0), target)
    verdict = texel.mixed_target(target, value, 0.0)
    assert np.all((verdict > 0) & (verdict < 1))
    assert np.corrcoef(verdict, texel.sigmoid(scale * value))[0, 1] > 0.99
    half = texel.mixed_target(target, value, 0.5)
    assert np.allclose(half, (target + verdict) / 2)


def test_evaluation_variants_of_hase_und_igel_have_their_own_keys() -> None:
    """Two agents of different variants in one process share a table (one per size):
    another variant's keys differ, so neither reads the other's values; the default's
    keys are the same with and without `eval=0`."""
    engine, _ = native._engine("hase-und-igel")
    for state in random_positions(spieltisch.load("hase-und-igel"), 10, 8):
        text = state.text()
        keys = [engine.hash_key(text, f"eval={variant}") for variant in range(6)]
        assert engine.hash_key(text) == keys[0]
        assert len(set(keys)) == 6


#: Schachogi's terms before the square terms (`Position::kTerms`).
SCHACHOGI_TERMS = 44


@pytest.mark.parametrize("variant", [None, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
def test_schachogi_features_give_the_evaluation(variant: int | None) -> None:
    """Every Schachogi variant that is a weighted sum of the terms (the default, 4-8, the
    threats' 9, the fitted 10 and 11, 12 with its table of the pieces' squares, 13, the
    hand-set default before 12, 14 with the Pflöck's danger terms, and 15 with the moves by
    kind, the safe moves and the attackers, the default's since its SPRT) evaluates to the
    dot product of its weights and the features, for both players."""
    engine, config = texel.engine_config("schachogi", variant)
    weights = engine.feature_weights(config)
    # forty-four terms, then a piece of each of the eleven kinds on each of the 64 squares
    assert len(weights) == len(engine.feature_names) == SCHACHOGI_TERMS + 11 * 64
    threatened = 0
    for state in random_positions(spieltisch.load("schachogi"), 40, 7):
        text = state.text()
        for player in (0, 1):
            features = engine.features(text, player, config)
            value = _weighted(weights, features)
            assert abs(engine.evaluate(text, player, config) - value) <= 0.5 + 1e-6, text
            if player == 0:
                threatened += any(features[13:17])
    assert threatened >= 10  # the threat terms were there to be checked


def test_schachogi_features_count_what_they_name() -> None:
    """In the start position the material is even, nothing is threatened and the move in
    hand is red's; a piece a side can take counts as a lesser piece's threat (with its
    value over the attacker's / 8) or, where nothing of its own defends it, as hanging
    (its value / 16), each side's minus the other's."""
    engine, config = texel.engine_config("schachogi")
    names = list(engine.feature_names)

    def features(text: str, player: int = 0) -> dict[str, float]:
        return dict(zip(names, engine.features(text, player, config), strict=True))

    start = features(spieltisch.load("schachogi").new_state().text())
    # the two armies stand alike, each on its own side: every square term is even too
    assert all(start[name] == 0 for name in names[:11] + names[12:17] + names[18:])
    assert start["zone"] == start["guards"] == 0
    assert start["tempo"] == 1
    blue = features(spieltisch.load("schachogi").new_state().text(), 1)
    assert blue["tempo"] == -1
    # Red's Rock on a5 can take blue's Slotser on d5 (worth less: no lesser threat), which
    # nothing defends; a blue Brrbrr on d6 then defends it.
    hanging = features("4p3/8/8/R2s4/8/8/8/4P3 w 0 1")
    assert hanging["rock"] == 1 and hanging["slotser"] == -1
    assert (hanging["lesser"], hanging["hanging"], hanging["hanging_value"]) == (0, 1, 350 // 16)
    defended = features("4p3/8/3b4/R2s4/8/8/8/4P3 w 0 1")
    assert (defended["lesser"], defended["hanging"]) == (0, 0)
    # Red's Brrbrr on c4 attacks blue's Rock on c5 (a lesser piece's threat, (500 - 100) / 8),
    # and the Rock can take the Brrbrr, which nothing defends (blue's: -1, -100 // 16).
    lesser = features("4p3/8/8/2r5/2B5/8/8/4P3 w 0 1")
    assert (lesser["lesser"], lesser["lesser_gain"]) == (1, 50)
    assert (lesser["hanging"], lesser["hanging_value"]) == (-1, -(100 // 16))
    assert features("4p3/8/8/2r5/2B5/8/8/4P3 w 0 1", 1)["lesser_gain"] == -50


def test_schachogi_features_count_the_pflocks_danger() -> None:
    """Red's Rock on a7 reaches d7, e7 and f7 beside blue's Pflöck on e8, each with and
    without promoting: six moves into the zone (their square 36), three of its squares;
    red's two Brrbrr stand beside their Pflöck. A blue Rock on a1 reaches d1 and e1
    (the Pflöck itself) so, four moves on two squares, taken off red's."""
    engine, config = texel.engine_config("schachogi")
    names = list(engine.feature_names)

    def danger(text: str, player: int = 0) -> tuple[float, ...]:
        f = dict(zip(names, engine.features(text, player, config), strict=True))
        return f["pressure"], f["pressure2"], f["zone"], f["guards"]

    assert danger("4p3/R7/8/8/8/8/3BB3/4P3 w 0 1") == (6, 36, 3, 2)
    assert danger("4p3/R7/8/8/8/8/3BB3/r3P3 w 0 1") == (2, 36 - 16, 3 - 2, 2)
    assert danger("4p3/R7/8/8/8/8/3BB3/r3P3 w 0 1", 1) == (-2, -20, -1, -2)


def test_schachogi_features_count_the_moves_by_kind_and_the_safe_ones() -> None:
    """Red's Slotser on a1 has nine moves (b2 .. h8, promoting or not on g7 and h8), one of
    them to b2, which blue's Brrbrr on b3 reaches: eight safe; the Brrbrr's two moves to b2
    (promoting or not) the Slotser reaches, so none of blue's is safe; the two Pflöcke's
    five moves each are even. Red's Rock on a7 and Slotser on c6 move into the zone around
    blue's Pflöck: two attackers."""
    engine, config = texel.engine_config("schachogi")
    names = list(engine.feature_names)

    def counts(text: str, player: int = 0) -> dict[str, float]:
        f = dict(zip(names, engine.features(text, player, config), strict=True))
        return {
            name: value
            for name, value in f.items()
            if value and name.startswith(("moves_", "safe_", "attackers"))
        }

    assert counts("4p3/8/8/8/8/1b6/8/S3P3 w 0 1") == {"moves_S": 9, "safe_S": 8, "moves_B": -2}
    assert counts("4p3/8/8/8/8/1b6/8/S3P3 w 0 1", 1) == {"moves_S": -9, "safe_S": -8, "moves_B": 2}
    # a promoted Slotser's moves count as its kind's: seven along the diagonal (a promoted
    # piece promotes no more), a2 and b1 one step aside
    assert counts("4p3/8/8/8/8/8/8/+S3P3 w 0 1") == {"moves_+S": 7 + 2, "safe_+S": 9}
    danger = counts("4p3/R7/2S5/8/8/8/3BB3/4P3 w 0 1")
    assert danger["attackers"] == 2
    assert counts("4p3/R7/8/8/8/8/3BB3/4P3 w 0 1")["attackers"] == 1
    # every kind's moves add up to the moves
    for text in ("4p3/R7/2S5/8/8/8/3BB3/4P3 w 0 1", "4p3/8/8/8/8/1b6/8/S3P3 w 0 1"):
        f = dict(zip(names, engine.features(text, 0, config), strict=True))
        assert sum(f[name] for name in names if name.startswith("moves_")) == f["mobility"]


def test_schachogi_square_terms_see_each_piece_from_its_own_side() -> None:
    """A piece counts on its square as its own side sees it (red's a1 is blue's a8), red's
    plus and blue's minus, and the whole vector turns its sign for blue; the fitted tables
    of `eval=12`, `eval=14` and `eval=15` (the default since its SPRT) weigh them (not all
    alike, and not alike in any two), the other variants not at all; only 15 weighs the
    moves by kind, the safe moves and the attackers."""
    engine, config = texel.engine_config("schachogi")
    names = list(engine.feature_names)
    assert names[SCHACHOGI_TERMS : SCHACHOGI_TERMS + 2] == ["P@a1", "P@b1"]
    assert names[-1] == "+B@h8"
    # Red's Pflöck e1 and Ischi d4 (promoted), blue's Pflöck e8 and Wieher c6.
    text = "4p3/8/2w5/8/3+I4/8/8/4P3 w 0 1"
    red = dict(zip(names, engine.features(text, 0, config), strict=True))
    squares = {name: value for name, value in red.items() if "@" in name and value}
    assert squares == {"+I@d4": 1, "W@c3": -1}  # the Pflöcke stand alike: e1 and e1
    blue = engine.features(text, 1, config)
    assert blue == [-value for value in red.values()]
    for variant in (9, 10, 11, 13):
        weights = engine.feature_weights(texel.engine_config("schachogi", variant)[1])
        assert not any(weights[18:])
    tables = [
        engine.feature_weights(texel.engine_config("schachogi", variant)[1])[SCHACHOGI_TERMS:]
        for variant in (12, 14, 15)
    ]
    assert all(len(set(table)) > 100 for table in tables)
    assert tables[0] != tables[1] != tables[2] != tables[0]
    assert engine.feature_weights(config) == engine.feature_weights(
        texel.engine_config("schachogi", 15)[1]
    )
    for variant in range(9, 15):
        weights = engine.feature_weights(texel.engine_config("schachogi", variant)[1])
        assert not any(weights[21:SCHACHOGI_TERMS]), variant
    assert all(engine.feature_weights(config)[21:SCHACHOGI_TERMS])
