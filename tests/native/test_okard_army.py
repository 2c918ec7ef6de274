"""Okard's army valued by playouts (`eval=7`; `eval=8`, the default, with the Generals'
terms): while the armies are picked and placed, the term `army` makes the default's
weights count each picked stone at the worth fitted to games from random armies, plus the
most the points left can still buy (lookup.cpp, set_army_values; position.cpp, army_term);
variant 8 adds 100 for each pair of a side's Generals and 92 for each of its Generals and
each enemy Läufer or Turm, and buys Generals with the points left at that worth. These
tests hold the term to a referee written here from those rules, with the fitted worths as
the tuning log gives them."""

from __future__ import annotations

import random
from functools import cache

import pytest

import spieltisch
from spieltisch import native
from spieltisch.games.okard import OkardState
from spieltisch.native.search import search

pytestmark = pytest.mark.skipif(not native.built(), reason="the native engines are not built")

KINDS = ["B", "SP", "SC", "RI", "L", "T", "G", "K"]
COST = [14, 16, 21, 22, 25, 25, 19, 19]
#: The fitted worths (docs/measurements/tuning.md); the König's is 0.
WORTH = [501, 495, 587, 661, 726, 719, 406, 0]
#: The default's weights of a stone in hand: `hand` (times 8 and the stone's value) and
#: the kind's own (kind0..kind7).
HAND = 0.7623
KIND = [49.31, 16.51, -44.85, 47.36, -25.22, 98.94, 96.77, -173.8]


#: Variant 8: each pair of a side's Generals, each General with each enemy L or T.
GENERAL_PAIR = 100
GENERAL_AGAINST_LINE = 92
GENERAL, LAEUFER, TURM = 6, 4, 5


@cache
def future(room: int, kinds: tuple[int, ...] = tuple(range(7))) -> int:
    """The most worth picks of `kinds` (never the König) can add with `room` points."""
    best = future(room - 1, kinds) if room > 0 else 0
    for k in kinds:
        if COST[k] <= room:
            best = max(best, WORTH[k] + future(room - COST[k], kinds))
    return best


def pairs(generals: int) -> int:
    return GENERAL_PAIR * generals * (generals - 1) // 2


def general_future(room: int, generals: int, worth: int) -> int:
    """Variant 8's points left: any number of Generals at `worth` each (and their pairs),
    the rest spent on the other kinds."""
    rest = tuple(k for k in range(7) if k != GENERAL)
    return max(
        more * worth + pairs(generals + more) - pairs(generals) + future(room - more * 19, rest)
        for more in range(room // 19 + 1)
    )


def army_counts(state: OkardState, side: int) -> list[int]:
    """The side's stones by kind, on the board and in hand."""
    counts = list(state.hands[side])
    sign = 1 if side == 0 else -1
    for code in state.board:
        if code * sign > 0:
            counts[state.t.kind_of[code]] += 1
    return counts


def referee(state: OkardState, player: int, picking_done: tuple[bool, bool], variant: int) -> float:
    """The term by its rules: the learned worth less the default's, each side's army by
    kind, and while picking the points left's best; in variant 8 the Generals' terms."""
    total = 0.0
    for side in (0, 1):
        sign = 1 if side == player else -1
        counts = army_counts(state, side)
        enemy = army_counts(state, 1 - side)
        for k in range(8):
            default_worth = HAND * 8 * COST[k] + KIND[k]
            total += sign * counts[k] * (WORTH[k] - default_worth)
        lines = GENERAL_AGAINST_LINE * (enemy[LAEUFER] + enemy[TURM])
        if variant == 8:
            total += sign * (pairs(counts[GENERAL]) + lines * counts[GENERAL])
        if state.text().split()[3] == "pick" and not picking_done[side]:
            room = 150 - sum(c * v for c, v in zip(counts, COST, strict=True))
            if counts[7] == 0:
                room -= COST[7]
            if room > 0 and variant == 8:
                total += sign * general_future(room, counts[GENERAL], WORTH[GENERAL] + lines)
            elif room > 0:
                total += sign * future(room)
    return total


@pytest.mark.parametrize("variant", [7, 8])
def test_the_term_is_the_learned_worth_and_the_points_left(variant: int) -> None:
    """Random picks of both sides (passes only when a side has its König, which ends its
    picking), then random placements: the term equals the referee's at every position."""
    from spieltisch import _native

    game = spieltisch.load("okard")
    config = native.config(game)
    assert config is not None
    if variant != 8:
        config += f" eval={variant}"
    names = list(_native.okard.feature_names)
    army = names.index("army")
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        state = game.new_state(seed)
        done = [False, False]
        while state.text().split()[3] in ("pick", "place"):
            for player in (0, 1):
                value = _native.okard.features(state.text(), player, config)[army]
                expected = referee(state, player, (done[0], done[1]), variant)
                assert value == round(expected), state.text()
                checked += 1
            moves = state.legal_moves()
            move = rng.choice(moves)
            if str(move) == "PI -":
                done[state.to_move] = True
            state.play(move)
    assert checked > 300


def test_the_term_does_not_change_with_a_placement() -> None:
    """Placing moves a stone from hand to the board: the armies stay, and so does the
    term, so that the placements are chosen as the default chooses them."""
    from spieltisch import _native

    game = spieltisch.load("okard")
    config = native.config(game)
    assert config is not None
    army = list(_native.okard.feature_names).index("army")
    state = game.new_state(3)
    rng = random.Random(3)
    while state.text().split()[3] == "pick":
        state.play(
            rng.choice([m for m in state.legal_moves() if str(m) != "PI -"] or state.legal_moves())
        )
    before = _native.okard.features(state.text(), 0, config)[army]
    assert before != 0
    while state.text().split()[3] == "place":
        assert _native.okard.features(state.text(), 0, config)[army] == before
        state.play(rng.choice(state.legal_moves()))
    # In play the term is gone.
    assert _native.okard.features(state.text(), 0, config)[army] == 0


@pytest.mark.parametrize("options", ["board=8", "ap=round", "stones=B,G,K"])
def test_other_options_have_no_army_term(options: str) -> None:
    from spieltisch import _native

    game = spieltisch.load("okard", options)
    config = native.config(game)
    assert config is not None
    army = list(_native.okard.feature_names).index("army")
    state = game.new_state(1)
    state.play(state.legal_moves()[0])
    assert _native.okard.features(state.text(), 0, config)[army] == 0


def test_the_search_picks_the_koenig_and_then_bauern() -> None:
    """By the fitted worths a Bauer is worth the most a point (501 for 14): from the start
    the search picks the König and Bauern to the limit (K and nine B, 145 points), where
    the fit before it (`eval=5`) picks Türme."""
    game = spieltisch.load("okard")
    for variant, expected in ((8, ["K"] + ["B"] * 9), (7, ["K"] + ["B"] * 9), (5, None)):
        state = game.new_state(1)
        picks: dict[int, list[str]] = {0: [], 1: []}
        while state.text().split()[3] == "pick":
            best = search(game, state.text(), depth=3, evaluation=variant).best
            assert best is not None
            if best != "PI -":
                picks[state.to_move].append(best.split()[1])
            state.play(state.parse_move(best))
        for side in (0, 1):
            if expected is not None:
                assert sorted(picks[side]) == sorted(expected)
            else:
                assert "T" in picks[side]


@pytest.mark.parametrize("seat", [0, 1])
def test_the_search_answers_laeufer_with_generals(seat: int) -> None:
    """Against a side that picks the König and five Läufer, the default (`eval=8`) picks
    Generals from the moment it sees the first Läufer (six of them and a Bauer, in either
    seat), where `eval=7` keeps to Bauern; against Bauern it keeps to Bauern too."""
    game = spieltisch.load("okard")
    for variant, theirs, generals in ((8, "KLLLLL", 6), (7, "KLLLLL", 0), (8, "KBBBBBBBBB", 0)):
        state = game.new_state(1)
        queue = list(theirs)
        ours: list[str] = []
        while state.text().split()[3] == "pick":
            if state.to_move == seat:
                best = search(game, state.text(), depth=3, evaluation=variant).best
                assert best is not None
                if best != "PI -":
                    ours.append(best.split()[1])
            else:
                best = f"PI {queue.pop(0)}" if queue else "PI -"
            state.play(state.parse_move(best))
        assert ours.count("G") == generals, (variant, theirs, ours)
        assert ours.count("K") == 1
