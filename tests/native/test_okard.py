"""Native Okard against the Python engine: perft on every position the Python perft tests
use (tests/games/okard/test_perft.py, the AP modes included), and the legal moves, the
position after every legal move and the result at every ply of random games, with the
default options and a sample of variants (the options go over as a small config)."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch import native
from spieltisch.core import IllegalMoveError, PositionError, perft
from spieltisch.games.okard import OkardState
from spieltisch.native import NativeUnavailableError
from spieltisch.native.search import search

# The Python engine's perft positions and counts: one table that both engines must meet.
from tests.games.okard.support import board_text, game
from tests.helpers.okard_perft import AP_MODE_CASES, KINGS_ONLY, REGRESSION

from .support import compare_children, random_games

NAME = "okard"
REGRESSION_TEXT = (
    "t,3,k,2,l,1/4,b,4/9/9/4,b,4/9/9/3,B,RI,4/SC,3,K,3,T B1/SP1 0:0 play r ? 0 s 0 -- -"
)

#: Variants the random games mix in (okard.md, the options).
VARIANTS = [
    "",
    "board=8",
    "board=10",
    "ap=round",
    "ap=fixed fixed_ap=4",
    "sacrifice=removed",
    "drops=anywhere",
    "end=points",
    "end=home target=6",
    "end=all board=8",
    "turns=12",
    "stones=B,G,K,X:222000001-222222123 army=60",
]


def test_perft_from_the_start_of_the_pick_phase() -> None:
    text = game().new_state().text()
    assert [native.perft(NAME, text, d) for d in range(4)] == [1, 8, 64, 512]
    assert native.perft(NAME, text, 5) == perft(game().new_state(), 5)


def test_perft_kings_only_by_hand() -> None:
    assert [native.perft(NAME, KINGS_ONLY, d) for d in (1, 2, 3)] == [11, 16, 10 * 6 + 99]
    assert native.perft(NAME, KINGS_ONLY, 5) == perft(game().parse(KINGS_ONLY), 5)


@pytest.mark.parametrize(("options", "text", "depth", "count"), AP_MODE_CASES)
def test_perft_by_ap_mode(options: str, text: str, depth: int, count: int) -> None:
    loaded = game(options)
    assert native.perft(loaded, text, depth) == count
    assert native.perft(loaded, text, depth + 2) == perft(loaded.parse(text), depth + 2)


def test_perft_regression_values() -> None:
    assert [native.perft(NAME, REGRESSION_TEXT, d) for d in range(1, 4)] == REGRESSION
    assert native.divide(NAME, REGRESSION_TEXT, 2) == [
        (str(move), count)
        for move, count in spieltisch.core.divide(game().parse(REGRESSION_TEXT), 2)
    ]


@pytest.mark.parametrize("options", VARIANTS)
def test_random_games_agree(options: str) -> None:
    assert random_games(game(options), 2, seed=len(options)) > 10


def test_positions_set_up_by_hand_agree() -> None:
    loaded = game()
    for text in (
        KINGS_ONLY,
        REGRESSION_TEXT,
        "4,k,4/9/9/9/9/9/9/9/4,K,4 B2/T1 7:3 play b 3 2 p 41 -- -",
    ):
        compare_children(loaded, loaded.parse(text, reachable=False), reachable=False)


def test_text_the_native_reader_refuses_goes_through_the_python_reader() -> None:
    # Extra blanks and split empty runs: the Python reader's canonical text.
    text = "4,k,4/9/9/9/9/9/9/9/4,K,2,2  -/-  0:0 play r 2 0 s 0 -- -"
    assert native.legal_moves(NAME, text) == native.legal_moves(NAME, KINGS_ONLY)
    with pytest.raises(PositionError, match="11 fields"):
        native.perft(NAME, "9/9 -/-", 1)
    with pytest.raises(PositionError, match="KING_REQUIRED"):
        native.perft(NAME, "9/9/9/9/9/9/9/9/9 B1/K1 0:0 place r 0 0 s 0 -- -", 1)


def test_play_and_illegal_moves() -> None:
    state = game().parse(KINGS_ONLY)
    state.play(state.parse_move("e1-e3"))
    assert native.play(NAME, KINGS_ONLY, "e1-e3") == state.text()
    # The draft's notation (shogi squares) is read by the Python game.
    assert native.play(NAME, KINGS_ONLY, "5i-5g") == state.text()
    with pytest.raises(IllegalMoveError) as info:
        native.play(NAME, KINGS_ONLY, "e1-e4")
    assert info.value.rule == "ACTION_POINTS"


def test_search_takes_the_koenig() -> None:
    text = "9/9/9/9/9/9/9/4,k,4/4,K,4 -/- 0:0 play r 1 0 s 0 -- -"
    result = search(NAME, text, depth=2)
    assert result.best == "e1-e2"
    after = native.play(NAME, text, "e1-e2")
    assert native.outcome(NAME, after) == (0, "KING_CAPTURED", ((19, 0), (0, 0)))


def test_options_the_native_engine_cannot_hold_make_it_unavailable() -> None:
    # 15 stone kinds on 10x10: more moves than the engine's move buffer could take.
    codes = ["K", *(chr(ord("A") + i) * 2 for i in range(14))]
    stones = ",".join(code if code == "K" else f"{code}:222222221" for code in codes)
    wide = spieltisch.load(NAME, f"board=10 stones={stones}")
    assert native.available(NAME)
    assert native.available(game("board=10"))
    assert not native.available(wide)
    with pytest.raises(NativeUnavailableError, match="does not play these options"):
        native.perft(wide, wide.new_state().text(), 1)


def test_schachogi_with_other_draw_rules_is_unavailable() -> None:
    assert native.available(spieltisch.load("schachogi"))
    assert not native.available(spieltisch.load("schachogi", "repetitions=0"))


@pytest.mark.slow
@pytest.mark.parametrize("options", VARIANTS)
def test_many_random_games_agree(options: str) -> None:
    random_games(game(options), 300, seed=17)


def test_the_evaluation_counts_threats_the_opponent_can_pay_for() -> None:
    """Blue's Turm on a9 to roll: a red stone on a5 is 4 AP away (a die of 4 or more takes
    it), on a2 7 AP (beyond any die); the evaluation.py port sees neither."""
    from spieltisch import _native

    loaded = game("stones=K,T,X:111111111")
    config = native.config(loaded)
    assert config is not None

    def value(square: str, evaluation: str = "") -> int:
        ranks = {"a5": "t,7,k/9/9/9/X,8/9/9/9/7,K,1", "a2": "t,7,k/9/9/9/9/9/9/X,8/7,K,1"}
        text = f"{ranks[square]} -/- 0:0 play b ? 0 s 1 -- -"
        loaded.parse(text)
        return _native.okard.evaluate(text, 0, config + evaluation)

    assert value("a5") < value("a2")
    assert value("a5", " eval=0") == value("a2", " eval=0")


def test_the_evaluation_sees_a_koenig_line_that_sacrifices_open() -> None:
    """Blue to roll, its Turm on e9 behind its own Läufer on e7, red's König on e2: blue
    sacrifices the Läufer (2 AP) and its Bauer (1 AP) and needs a die of 5 for the eight AP
    of the line (six steps, the König's capture 2). The exact König threat (`eval=2`, and
    the fitted default built on it) sees the threat; `eval=1` (the first occupied square
    only) does not."""
    from spieltisch import _native

    config = native.config(game())
    assert config is not None

    def text(king: str, ap: str) -> str:
        stones = {"e9": "t", "e7": "l", "a9": "b", "i9": "k", king: "K"}
        return f"{board_text(stones)} -/- 0:0 play b {ap} 0 s 1 -- -"

    def value(king: str, evaluation: str = "") -> int:
        game().parse(text(king, "?"), reachable=False)
        return _native.okard.evaluate(text(king, "?"), 0, config + evaluation)

    assert _native.okard.king_need(text("e2", "1"), 1, 6, config) == 5
    # Blue moves next: its König threat counts whole, 150 points times 2 sixths, in tenths.
    first_square = value("h2", " eval=1") - value("e2", " eval=1")
    threat = (value("h2", " eval=2") - value("e2", " eval=2")) - first_square
    assert threat == 150 * 2 * 10 // 6
    assert value("h2") - value("e2") > first_square


def captures_king_this_turn(state: OkardState) -> bool:
    """The referee for `king_need`: whether the mover, at the start of its turn, captures the
    other König with sacrifices in any order and one line move (every such turn tried)."""
    mover = state.to_move
    seen = {state.text()}
    stack = [state]
    while stack:
        here = stack.pop()
        for move in here.legal_moves():
            notation = str(move)
            if "-" in notation:
                child = here.copy()
                child.play(move)
                if child.is_over() and child.outcome().winner == mover:  # type: ignore[union-attr]
                    return True
            elif notation.startswith("SA "):
                child = here.copy()
                child.play(move)
                if child.text() not in seen:
                    seen.add(child.text())
                    stack.append(child)
    return False


def few_stones(rng: random.Random, kings: int = 1) -> dict[str, str]:
    """`kings` Könige a side (one in every position the rules reach) and up to six other
    stones a side, anywhere (lines open and blocked)."""
    codes = ["B", "SP", "SC", "RI", "L", "T", "G"]
    squares = rng.sample([f + str(r) for f in "abcdefghi" for r in range(1, 10)], 12 + 2 * kings)
    stones = {
        square: "K" if index % 2 == 0 else "k" for index, square in enumerate(squares[: 2 * kings])
    }
    for index, square in enumerate(squares[2 * kings : 2 * kings + rng.randrange(2, 13)]):
        code = rng.choice(codes)
        if code != "G" and rng.random() < 0.25:  # the General has no back side
            code += "+"
        stones[square] = code if index % 2 == 0 else code.lower()
    return stones


@pytest.mark.parametrize(
    ("count", "kings"),
    [
        pytest.param(40, 1, id="fast"),
        pytest.param(400, 1, marks=pytest.mark.slow, id="slow"),
        pytest.param(100, 2, id="two-koenige"),
    ],
)
def test_king_need_is_the_least_ap_that_captures_the_king(count: int, kings: int) -> None:
    """`king_need` (the evaluation's König threat) against every sacrifice order and line
    move the rules allow: with the AP it names the mover captures the König, with one less
    it cannot (okard.md, "A turn", 2-3: a line passes its own stones once sacrificed and
    goes on after a capture). With two Könige a side (a text set up by hand; capturing
    either ends the game) `king_need`, which walks only the line toward a side's one
    König, must walk them all."""
    from spieltisch import _native

    config = native.config(game())
    assert config is not None
    rng = random.Random(12)
    reachable = unreachable = 0
    for _ in range(count):
        ranks = board_text(few_stones(rng, kings))
        mover = rng.choice("rb")
        sac = rng.choice([0, 0, 2, 5])
        texts = [f"{ranks} -/- 0:0 play {mover} {ap} {sac} s 3 -- -" for ap in range(13)]
        need = _native.okard.king_need(texts[0], "rb".index(mover), 6 - sac, config)
        if need > 12:
            assert not captures_king_this_turn(game().parse(texts[12], reachable=False))
            unreachable += 1
            continue
        reachable += 1
        assert captures_king_this_turn(game().parse(texts[max(need, 0)], reachable=False))
        if need >= 1:
            assert not captures_king_this_turn(game().parse(texts[need - 1], reachable=False))
    # With two Könige far fewer positions have no line to either.
    assert reachable > count // 4 and unreachable > count // (10 * kings)


def scattered(options: str, rng: random.Random) -> str:
    """A play-phase position set up by hand: any stones anywhere (each side's König on the
    board), hands, AP, sacrificed AP, stage, turn near the limit, captured values."""
    loaded = game(options)
    t = loaded.lookup
    n = t.n
    cells: dict[str, str] = {}
    squares = rng.sample(range(t.nn), rng.randrange(2, 2 + t.nn // 3))
    for index, sq in enumerate(squares):
        kind = t.king if index < 2 else rng.randrange(t.kinds)
        stone = t.stones[kind]
        code = stone.code if index % 2 == 0 else stone.code.lower()
        if kind != t.king and stone.back is not None and rng.random() < 0.3:
            code += "+"
        cells["abcdefghij"[sq % n] + str(sq // n + 1)] = code
    ranks = board_text(cells, n)
    hands = "/".join(
        "".join(f"{s.code}{rng.randrange(1, 3)}" for s in t.stones if rng.random() < 0.2) or "-"
        for _ in range(2)
    )
    options_ = loaded.options
    roll = options_.ap.value != "fixed" and rng.random() < 0.2
    mover = rng.choice("rb")
    if roll and options_.ap.value == "round":
        mover = "r"
    ap = "?" if roll else str(rng.randrange(0, options_.max_ap + 7))
    stage = "s" if roll else rng.choice("smpd")
    sac = 0 if roll else rng.randrange(0, 7)
    turn = rng.choice([0, 7, options_.turns - 1])
    die = str(rng.randrange(1, 7)) if options_.ap.value == "round" else "-"
    captured = f"{rng.randrange(0, 40)}:{rng.randrange(0, 40)}"
    return f"{ranks} {hands} {captured} play {mover} {ap} {sac} {stage} {turn} -- {die}"


def scattered_positions(options: str, count: int, seed: int) -> list[tuple[str, OkardState]]:
    """Of `count` texts of `scattered` (from `seed`), those the Python reader takes
    (`reachable=False`), each with its state."""
    loaded = game(options)
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        text = scattered(options, rng)
        try:
            found.append((text, loaded.parse(text, reachable=False)))
        except PositionError:
            continue
    return found


@pytest.mark.parametrize(
    "options",
    [
        "",
        "board=8 sacrifice=removed",
        "ap=round end=points",
        "ap=fixed end=home drops=anywhere",
        "end=all board=10 turns=9",
    ],
)
def test_positions_scattered_by_hand_agree(options: str) -> None:
    loaded = game(options)
    positions = scattered_positions(options, 60, len(options))
    for text, state in positions:
        compare_children(loaded, state, reachable=False)
        assert native._call(loaded, "text", text) == state.text()
    assert len(positions) > 30


@pytest.mark.parametrize("options", ["", "board=8", "board=10 ap=round", "end=points"])
def test_the_koenig_zone_term_is_evaluation_py_king_threats(options: str) -> None:
    """The evaluation's König-zone term (the feature `king_zone`, read off the walks of the
    capture lines that price each capture) against evaluation.py's `king_threats`: the
    other side's stones whose line reaches the zone of one's König, on play-phase positions
    with stones anywhere."""
    from spieltisch import _native
    from spieltisch.games.okard.evaluation import king_threats

    loaded = game(options)
    config = native.config(loaded)
    assert config is not None
    zone = _native.okard.feature_names.index("king_zone")
    positions = scattered_positions(options, 80, 31 + len(options))
    threatened = 0
    for text, state in positions:
        for player in (0, 1):
            expected = king_threats(state, 1 - player) - king_threats(state, player)
            assert _native.okard.features(text, player, config)[zone] == expected, text
            threatened += expected != 0
    assert len(positions) > 40 and threatened > len(positions) // 2


def test_the_native_reader_takes_no_text_the_python_reader_refuses() -> None:
    """Mutated position texts: what the native reader takes, the Python reader
    (`reachable=False`) takes too, as the same position."""
    from spieltisch import _native

    rng = random.Random(4)
    alphabet = "0123456789/,:+-?=rbmspdkKBTLGSCPRIaz \t"
    for options in ("", "board=8 ap=round", "end=points turns=20"):
        loaded = game(options)
        config = native.config(loaded)
        assert config is not None
        state = loaded.new_state()
        texts: list[str] = []
        while not state.is_over() and len(texts) < 120:
            texts.append(state.text())
            state.push(rng.choice(state.legal_moves()))
        for text in texts:
            i = rng.randrange(len(text) + 1)
            mutated = text[:i] + rng.choice(alphabet) + text[i + rng.randrange(2) :]
            try:
                native_text = _native.okard.text(mutated, config)
            except ValueError:
                continue
            assert loaded.parse(mutated, reachable=False).text() == native_text, mutated
