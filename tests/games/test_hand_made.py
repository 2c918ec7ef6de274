"""`Game.parse(text, reachable=False)` in every game: a well-formed position no game can
reach is refused by default and read when set up by hand, the API checks hold along a
playout from it, and the checks the engine needs stay on either way."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.core.errors import PositionError
from tests.games.playout import check_from

OSTSEE = "R......r/S......h/H......m/H......s/H......r/H......h/R......s/M......m"
OSTSEE_START = spieltisch.load("ostseeschach").new_state(1).text().split()[0]
OKARD_PLAY = "6,ri,k,1/9/3,g,5/9/9/9/2,K,4,L,1/9/3,SC,5 -/SP3 0:0 play r ? 0 s 0"
HUI_BOARD = spieltisch.load("hase-und-igel").new_state().text().split()[0]

#: (game, a well-formed position no game reaches, a word of the rule it breaks)
UNREACHABLE = [
    ("ostseeschach", f"{OSTSEE} 0 0:0 -", "Herzmuschel"),  # four red Herzmuscheln
    ("ostseeschach", f"{OSTSEE_START} 0 0:0 a1b3", "last move"),  # a last move at turn 0
    ("schachogi", "P+B+B+B+B+B+B1/BBBBBBBB/8/8/8/8/8/4p3 w 0 60", "Brrbrr"),
    ("schachogi", "1P6/6+Wp/8/3i4/8/8/8/8 w 79 2", "100-ply counter"),
    # the official tests' set-up: nobody has moved, yet red is on 63 and blue on 61
    ("hase-und-igel", "canonical 0 63/1/0/TEHF/- 61/0/0/TEHF/- -", "NOT_MOVED"),
    ("hase-und-igel", "canonical 12 20/5000/5/TEHF/- 30/68/5/TEHF/- -", "CARROTS"),
    ("okard", f"{OKARD_PLAY} rb -", "PHASE_ORDER"),  # done flags in the play phase
    ("okard", OKARD_PLAY.replace("0:0", "0:700") + " -- -", "CAPTURED_VALUE"),
    # stones on the board in the pick phase: the picks keep room for the König in hand
    ("okard", "9/9/9/9/9/9/9/9/G,G,G,G,G,4 -/- 0:0 pick r 0 0 s 0 -- -", "PHASE_ORDER"),
]

#: (game, a position refused with reachable=False too, the rule): what the engine needs.
NEEDED = [
    ("schachogi", "PP6/8/8/8/8/8/8/4p3 w 0 1", "Pflöcks"),
    ("hase-und-igel", f"{HUI_BOARD[:-1]}C 0 0/68/5/TEHF/- 0/68/5/TEHF/- -", "BOARD_ENDS"),
    ("hase-und-igel", "canonical 3 5/60/5/TEHF/s 0/68/5/TEHF/- -", "LAST_ACTION"),
    ("okard", "9/9/9/9/9/9/9/9/9 B1/B1 0:0 place r 0 0 s 0 -- -", "KING_REQUIRED"),
    ("okard", "9/9/9/9/9/9/9/9/9 B1/B1 0:0 pick r 0 0 s 0 r- -", "KING_REQUIRED"),
]


@pytest.mark.parametrize(("name", "text", "rule"), UNREACHABLE)
def test_an_unreachable_position_is_refused_unless_set_up_by_hand(
    name: str, text: str, rule: str
) -> None:
    game = spieltisch.load(name)
    with pytest.raises(PositionError, match=rule):
        game.parse(text)
    state = game.parse(text, reachable=False)
    assert game.parse(state.text(), reachable=False) == state
    for seed in range(3):
        check_from(game, state.copy(), seed=seed, plies=12, reachable=False)


@pytest.mark.parametrize(("name", "text", "rule"), NEEDED)
def test_what_the_engine_needs_is_checked_either_way(name: str, text: str, rule: str) -> None:
    game = spieltisch.load(name)
    for reachable in (True, False):
        with pytest.raises(PositionError, match=rule):
            game.parse(text, reachable=reachable)


def test_the_xml_readers_take_the_switch_too() -> None:
    for name in ("ostseeschach", "hase-und-igel"):
        game = spieltisch.load(name)
        codec = game.competition()
        assert codec is not None
        text = UNREACHABLE[0 if name == "ostseeschach" else 4][1]
        xml = codec.state_to_xml(game.parse(text, reachable=False))
        with pytest.raises(PositionError):
            game.parse(xml)
        assert game.parse(xml, reachable=False).text() == game.parse(text, reachable=False).text()


def _mutated_okard_texts(options: str, count: int, seed: int) -> list[str]:
    """Positions of random Okard games with one to three fields replaced by hand."""
    game = spieltisch.load("okard", options)
    rng = random.Random(seed)
    choices = {
        1: ["-/-", "K1/K1", "B2/-", "K1B1/B1"],
        2: ["0:0", "50:3", "700:0"],
        3: ["pick", "place", "play"],
        4: ["r", "b"],
        5: ["0", "3", "?", "9"],
        6: ["0", "2", "6"],
        7: ["s", "m", "p", "d"],
        8: ["0", "5", "150"],
        9: ["--", "r-", "-b", "rb"],
        10: ["-", "3", "6"],
    }
    texts = []
    for _ in range(count):
        state = game.new_state()
        for _ in range(rng.randrange(120)):
            if state.is_over():
                break
            state.push(state.random_move(rng))
        fields = state.text().split()
        for _ in range(rng.randrange(1, 4)):
            field = rng.randrange(1, 11)
            fields[field] = rng.choice(choices[field])
        texts.append(" ".join(fields))
    return texts


@pytest.mark.parametrize("options", ["", "end=all"])
def test_every_okard_position_read_by_hand_plays_on(options: str) -> None:
    """Whatever `reachable=False` reads, the game goes on from it: the playout checks hold
    and every position on the way is read back the same way."""
    game = spieltisch.load("okard", options)
    read = 0
    for index, text in enumerate(_mutated_okard_texts(options, 20, seed=7)):
        try:
            state = game.parse(text, reachable=False)
        except PositionError:
            continue
        check_from(game, state, seed=index, plies=30, reachable=False)
        read += 1
    assert read >= 10


def test_every_hase_und_igel_position_read_by_hand_plays_on() -> None:
    game = spieltisch.load("hase-und-igel")
    rng = random.Random(5)
    lasts = ["-", "a3", "e", "b", "x10", "T20@1", "E@0", "H@1", "F@0", "a70", "T0@0"]

    def player() -> str:
        cards = "".join(card for card in "TEHF" if rng.random() < 0.6) or "-"
        return f"{rng.randrange(65)}/{rng.randrange(200)}/{rng.randrange(6)}/{cards}/" + (
            rng.choice(lasts)
        )

    for index in range(30):
        text = f"canonical {rng.randrange(61)} {player()} {player()} -"
        state = game.parse(text, reachable=False)
        check_from(game, state, seed=index, plies=30, reachable=False)
