"""The Schachogi perft positions and counts that both engines must meet, and random
positions (reached by play, or scattered) to compare them on."""

from __future__ import annotations

import random

from spieltisch.games.schachogi import Schachogi

GAME = Schachogi()

START = "rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1"


#: name -> (position, perft counts from depth 1). Every count below depth 4 is recomputed
#: by the simple generator in `test_simple_generator_agrees`; the depth-4 counts were
#: cross-checked the same way when written (too slow to repeat here for all of them).
POSITIONS: dict[str, tuple[str, tuple[int, ...]]] = {
    "start": (START, (12, 144, 1920, 25600)),
    # a mid-game after 24 random plies
    "middlegame": (
        "1rsi3r/bb1b1pbb/w3bb1w/2b5/1sS5/B3BB2/1BBB2BB/R1SIP1R1 w 2 13",
        (25, 601, 14387, 347317),
    ),
    # promotions pending on both sides: optional ones, forced Brrbrr and Wieher ones
    "promotions": (
        "4p3/1B2B1B1/W3R3/2s5/5S2/3r3w/1b3b2/4P3 w 0 30",
        (32, 947, 27404, 768539),
    ),
    # every promoted form of both colours on the board
    "promoted": (
        "+r3p2+s/8/2+W5/3+i4/4+B3/1+S6/5+w2/+RP5+b w 12 40",
        (34, 1753, 60100, 2999000),
    ),
    # White boxed in the corner: two moves
    "cornered": ("P+B+B+B+B+B+B1/BBBBBBBB/8/8/8/8/8/4p3 w 0 60", (2, 10, 20, 136)),
    # the 100-ply counter at 98: the tree is cut at ply 2 on quiet lines
    "quiet98": (
        "r1s1p2r/b1bbi1bb/1b1sb2w/1W4W1/Bw3bB1/2B2B2/1B1BB1RB/R1SIPS2 w 98 13",
        (19, 438, 6844, 170857),
    ),
    # Pflöck captures end lines of the tree
    "pfloeck_in_reach": ("3ip3/8/2W5/8/1s2R3/8/3+b4/4P3 b 0 20", (21, 421, 8791, 180280)),
}


def random_game_positions(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    texts: list[str] = []
    while len(texts) < count:
        state = GAME.new_state()
        for _ in range(rng.randrange(1, 160)):
            moves = state.legal_moves()
            if not moves:
                break
            state.push(rng.choice(moves))
        texts.append(GAME.parse(state.text().split(" r")[0]).text())
    return texts


def random_scatter(rng: random.Random) -> str:
    """A random well-formed position: both Pflöcks and up to 20 other pieces anywhere
    allowed (not necessarily one a game can reach)."""
    board: dict[int, str] = {}
    squares = rng.sample(range(64), 22)
    board[squares[0]] = "P"
    board[squares[1]] = "p"
    for square in squares[2 : 2 + rng.randrange(21)]:
        white = rng.random() < 0.5
        letter = rng.choice("IRSWB")
        rank = square // 8 if white else 7 - square // 8
        dead = (letter == "B" and rank == 7) or (letter == "W" and rank >= 6)
        promoted = dead or rng.random() < 0.3
        cell = ("+" if promoted else "") + letter
        board[square] = cell if white else cell.lower()
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            piece = board.get(r * 8 + f)
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece
        rows.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {rng.choice('wb')} {rng.randrange(99)} {rng.randrange(1, 80)}"
