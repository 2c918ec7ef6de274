"""Okard perft positions and counts that both engines must meet."""

KINGS_ONLY = "4,k,4/9/9/9/9/9/9/9/4,K,4 -/- 0:0 play r 2 0 s 0 -- -"


REGRESSION = [6, 381, 6408]

#: (options, text, depth, count): perft by AP mode, both engines.
AP_MODE_CASES: list[tuple[str, str, int, int]] = [
    # Fixed 2 AP: after END blue has the 11 moves (mirror of red's), no chance node.
    ("ap=fixed fixed_ap=2", KINGS_ONLY, 2, 10 + 11),
    # One die per round: blue's turn starts with red's die, no chance node.
    ("ap=round", "4,k,4/9/9/9/9/9/9/9/4,K,4 -/- 0:0 play r 2 0 s 0 -- 2", 2, 10 + 11),
]
