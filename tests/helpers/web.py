"""Start positions and options for the browser tests."""

from __future__ import annotations

#: Near-end starts, for the tests that only need some finished game quickly (the
#: screenshots: the `finished` fixture of tests/web/conftest.py).
SHORT = {
    # turn 48 of 60 of a random game, towers on the board
    "ostseeschach": {
        "position": "..M....h/......../.Mh2.rRs./.S2....../.S.....s/......../.H..R..m/..m....."
        " 48 0:0 g5h4"
    },
    "schachogi": {"quiet_plies": "6", "position": "r3p3/8/8/8/8/8/8/R3P3 w 0 1"},
    # round 25 of 30: the race's last rounds
    "hase-und-igel": {
        "position": "SCH12CHHCCLICHCI1C2IC2LCICHCC2I2HC1CHIH2CCLI2CC1CHIC2HCCILCCHH1CG"
        " 50 47/35/3/-/a4 51/49/4/-/a7 a7"
    },
    "okard": {"board": "8", "turns": "4"},
}


#: Okard's example position (docs/view.md): blue to move with 4 AP, a General in hand.
OKARD = "l,sp,5,g/5,g,k,1/8/8/8/8/B,2,L,4/K,4,SC,2 -/G1 0:0 play b 4 0 s 3 -- -"
