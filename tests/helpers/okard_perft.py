"""Okard perft positions and counts that both engines must meet."""

KINGS_ONLY = "4,k,4/9/9/9/9/9/9/9/4,K,4 -/- 0:0 play r 2 0 s 0 -- -"


REGRESSION = [6, 381, 6408]
