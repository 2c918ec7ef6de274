"""The native search against the Python alpha-beta and python-chess, measured in the same run.

For each game with a native engine: search positions per second (nodes of the native
search, one thread) next to the Python alpha-beta's nodes per second on the same
positions with the same time per position, their ratio, and the ratio to a plain
alpha-beta over python-chess (`reference.chess_search_rate`) measured in the same run.

Run: `python -m benchmarks.native_search`.
Target (issue 12), one core: the Ostseeschach search at least 1.5M positions per second
(a wall-clock figure, printed, not asserted); the ratio to the Python engine is asserted
by the slow test.
"""

from __future__ import annotations

import spieltisch
from benchmarks.reference import Rate, chess_search_rate
from spieltisch import native
from spieltisch.ai.agent import Budget
from spieltisch.ai.alphabeta import AlphaBetaAgent
from spieltisch.native.search import search

#: Seconds per position for each engine.
SECONDS = 1.0
#: The native search's positions per second the issue asks for (Ostseeschach, one core).
OSTSEESCHACH_TARGET = 1_500_000
#: The ratio the slow test asserts (the native search against the Python alpha-beta).
NATIVE_VS_PYTHON_TARGET = 10.0
#: A mid-game of tests/games/schachogi/test_perft.py.
SCHACHOGI_MIDDLEGAME = "1rsi3r/bb1b1pbb/w3bb1w/2b5/1sS5/B3BB2/1BBB2BB/R1SIP1R1 w 2 13"
#: The play-phase position of tests/games/okard/test_perft.py, before red's roll.
OKARD_PLAY = "t,3,k,2,l,1/4,b,4/9/9/4,b,4/9/9/3,B,RI,4/SC,3,K,3,T B1/SP1 0:0 play r ? 0 s 0 -- -"


def positions(name: str) -> list[str]:
    """The position texts searched: two starts, and a mid-game where there is one."""
    game = spieltisch.load(name)
    texts = [game.new_state(1).text(), game.new_state(2).text()]
    if name == "schachogi":
        texts[1] = SCHACHOGI_MIDDLEGAME
    if name == "okard":  # the start is the pick phase: add a turn of the play phase
        texts[1] = native.play(name, OKARD_PLAY, "D3")
    return texts


def native_rate(name: str, texts: list[str], seconds: float) -> Rate:
    nodes = 0
    elapsed = 0.0
    for text in texts:
        result = search(name, text, time=seconds)
        nodes += result.nodes
        elapsed += result.seconds
    return Rate(nodes, elapsed)


def python_rate(name: str, texts: list[str], seconds: float) -> Rate:
    game = spieltisch.load(name)
    nodes = 0
    elapsed = 0.0
    for text in texts:
        agent = AlphaBetaAgent(Budget(seconds=seconds), seed=0)
        agent.select(game.parse(text))
        nodes += agent.stats["nodes"]
        elapsed += agent.stats["seconds"]
    return Rate(nodes, elapsed)


def measure(seconds: float = SECONDS) -> dict[str, float]:
    """Run the measurements, print the table, return the ratios by `game.measure` key."""
    chess = chess_search_rate(seconds)
    print(f"python-chess alpha-beta: {chess.per_second:,.0f} positions/s (reference)")
    print(
        f"{'game':14} {'native nodes/s':>15} {'python nodes/s':>15} {'nat/py':>8} "
        f"{'nat/chess':>10}  target"
    )
    ratios: dict[str, float] = {}
    for name in native.engines():
        texts = positions(name)
        python = python_rate(name, texts, seconds)
        fast = native_rate(name, texts, seconds)
        ratio = fast.per_second / python.per_second
        ratios[f"{name}.search_vs_python"] = ratio
        ratios[f"{name}.search_nps"] = fast.per_second
        ratios[f"{name}.search_vs_chess"] = fast.per_second / chess.per_second
        target = f">= {OSTSEESCHACH_TARGET:,} nodes/s" if name == "ostseeschach" else ""
        print(
            f"{name:14} {fast.per_second:15,.0f} {python.per_second:15,.0f} {ratio:8.1f} "
            f"{fast.per_second / chess.per_second:10.1f}  {target}"
        )
    return ratios


if __name__ == "__main__":
    measure()
