"""MultiPV and searchmoves in the native search, `spieltisch analyse` and `spieltisch uci`:
several principal variations with distinct first moves, ordered by score, and a root
restricted to the moves asked for."""

from __future__ import annotations

import re

import pytest

import spieltisch
from spieltisch.native.search import search
from tests.helpers.cli_process import run

#: A Schachogi mid-game (benchmarks/native_search.py): many moves of different worth.
MIDDLEGAME = "1rsi3r/bb1b1pbb/w3bb1w/2b5/1sS5/B3BB2/1BBB2BB/R1SIP1R1 w 2 13"
GAMES = {
    "schachogi": MIDDLEGAME,
    "ostseeschach": spieltisch.load("ostseeschach").new_state(0).text(),
    "hase-und-igel": spieltisch.load("hase-und-igel").new_state(0).text(),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_multipv_lines_are_distinct_and_ordered(name: str) -> None:
    text = GAMES[name]
    result = search(name, text, depth=4, multipv=3)
    assert len(result.lines) == 3
    firsts = [line.pv[0] for line in result.lines]
    assert len(set(firsts)) == 3  # distinct first moves
    scores = [line.score for line in result.lines]
    assert scores == sorted(scores, reverse=True)  # best first
    assert (
        result.best == firsts[0] and result.score == scores[0] and result.pv == result.lines[0].pv
    )
    legal = set(spieltisch.load(name).parse(text, reachable=False).legal_moves())
    assert {str(m) for m in legal} >= set(firsts)
    for it in result.iterations:
        assert len(it.lines) == 3
        assert [line.score for line in it.lines] == sorted(
            (line.score for line in it.lines), reverse=True
        )
    # Each line's score is the value of its first move searched alone (searchmoves), at
    # the same depth, with plain alpha-beta (no window or table effects between lines).
    plain = search(name, text, depth=3, multipv=3, plain=True)
    for line in plain.lines:
        alone = search(name, text, depth=3, plain=True, searchmoves=[line.pv[0]])
        assert alone.best == line.pv[0] and alone.score == line.score
    # The second line is the best of the moves the first leaves.
    rest = [str(m) for m in legal if str(m) != plain.lines[0].pv[0]]
    second = search(name, text, depth=3, plain=True, searchmoves=rest)
    assert second.score == plain.lines[1].score


def test_more_lines_than_moves_give_every_move_once() -> None:
    text = MIDDLEGAME
    only = ["a3a4", "e3e4"]
    result = search("schachogi", text, depth=3, multipv=5, searchmoves=only)
    assert sorted(line.pv[0] for line in result.lines) == sorted(only)


def test_searchmoves_restrict_the_root() -> None:
    full = search("schachogi", MIDDLEGAME, depth=4)
    others = [m for m in spieltisch.native.legal_moves("schachogi", MIDDLEGAME) if m != full.best]
    restricted = search("schachogi", MIDDLEGAME, depth=4, searchmoves=others[:5])
    assert restricted.best in others[:5]
    with pytest.raises(ValueError, match="searchmoves"):
        search("schachogi", MIDDLEGAME, depth=2, searchmoves=["a1a8"])


INFO = re.compile(r"info depth (\d+) multipv (\d) score (cp|mate) -?\d+ nodes \d+ .* pv (\S+)")


def test_analyse_and_uci_show_multipv_lines() -> None:
    result = run("analyse", "schachogi", "--position", MIDDLEGAME, "--depth", "4", "--multipv", "3")
    assert result.returncode == 0, result.stderr
    rows = [INFO.match(line) for line in result.stdout.splitlines() if "multipv" in line]
    last = [row for row in rows if row and row.group(1) == "4"]
    assert [row.group(2) for row in last] == ["1", "2", "3"]
    assert len({row.group(4) for row in last}) == 3
    assert result.stdout.splitlines()[-1] == f"bestmove {last[0].group(4)}"
    session = "\n".join(
        [
            "uci",
            "setoption name MultiPV value 2",
            f"position fen {MIDDLEGAME}",
            "go depth 3 searchmoves a3a4 e3e4 g2g3",
        ]
    )
    uci = run("uci", "schachogi", stdin=session + "\n")
    assert uci.returncode == 0, uci.stderr
    assert "option name MultiPV type spin default 1 min 1 max 16" in uci.stdout
    rows = [INFO.match(line) for line in uci.stdout.splitlines() if "multipv" in line]
    last = [row for row in rows if row and row.group(1) == "3"]
    assert [row.group(2) for row in last] == ["1", "2"]
    assert {row.group(4) for row in last} <= {"a3a4", "e3e4", "g2g3"}
    assert f"bestmove {last[0].group(4)}" in uci.stdout.splitlines()
