"""`spieltisch analyse` and `spieltisch uci`, run as real processes (the UCI session piped)."""

from __future__ import annotations

import re

import spieltisch
from tests.helpers.cli_process import run
from tests.helpers.forced import AMBER_IN_3, ostsee

INFO = re.compile(r"info depth (\d+) score (cp|mate) -?\d+ nodes \d+ nps \d+ time \d+ pv \S+")


def test_analyse_prints_one_line_per_depth_then_the_best_move() -> None:
    result = run("analyse", "schachogi", "--depth", "5")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [INFO.match(line) is not None for line in lines[:-1]] == [True] * 5
    assert [int(INFO.match(line).group(1)) for line in lines[:-1]] == [1, 2, 3, 4, 5]  # type: ignore[union-attr]
    best = lines[-1].removeprefix("bestmove ")
    state = spieltisch.load("schachogi").new_state()
    assert best in [str(m) for m in state.legal_moves()]


def test_analyse_finds_the_forced_amber_win() -> None:
    text = ostsee(AMBER_IN_3, 40, "1:0").text()
    result = run("analyse", "ostseeschach", "--position", text, "--time", "0.3")
    assert result.returncode == 0, result.stderr
    assert "score mate" in result.stdout
    assert result.stdout.splitlines()[-1].startswith("bestmove ")


def test_analyse_with_the_python_engine() -> None:
    result = run("analyse", "ostseeschach", "--engine", "python", "--depth", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("info depth 1 ") and lines[1].startswith("info depth 2 ")
    assert lines[-1].startswith("bestmove ")


def test_analyse_okard_with_either_engine() -> None:
    text = "9/9/9/9/9/9/9/4,k,4/4,K,4 -/- 0:0 play r 1 0 s 0 -- -"
    for engine in ("native", "python"):
        result = run("analyse", "okard", "--position", text, "--engine", engine, "--depth", "2")
        assert result.returncode == 0, result.stderr
        assert result.stdout.splitlines()[-1] == "bestmove e1-e2"


def test_analyse_before_a_die_roll_names_no_move() -> None:
    text = "9/9/9/9/9/9/9/4,k,4/4,K,4 -/- 0:0 play r ? 0 s 0 -- -"
    result = run("analyse", "okard", "--position", text, "--depth", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("info depth 1 score ") and " pv" not in lines[0]
    assert lines[-1] == "bestmove (none)"
    refused = run("analyse", "okard", "--position", text, "--engine", "python", "--depth", "2")
    assert refused.returncode != 0
    assert "die roll" in refused.stderr and "Traceback" not in refused.stderr


def test_uci_okard_moves_are_one_word() -> None:
    session = "uci\nposition startpos moves PI_K\ngo depth 3\n"
    result = run("uci", "okard", stdin=session)
    assert result.returncode == 0, result.stderr
    best = result.stdout.splitlines()[-1].removeprefix("bestmove ")
    assert " " not in best
    state = spieltisch.load("okard").new_state(0)
    state.play(state.parse_move("PI K"))
    assert state.parse_move(best.replace("_", " ")) in state.legal_moves()


def test_uci_session() -> None:
    game = spieltisch.load("ostseeschach")
    state = game.new_state(0)
    first = state.legal_moves()[0]
    state.play(first)
    session = "\n".join(
        [
            "uci",
            "setoption name Threads value 2",
            "setoption name Hash value 8",
            "isready",
            "ucinewgame",
            f"position startpos moves {first}",
            "go movetime 100",
            "isready",
            f"position fen {state.text()}",
            "go depth 3",
        ]
    )
    result = run("uci", "ostseeschach", stdin=session + "\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:2] == ["id name spieltisch ostseeschach", "id author spieltisch"]
    assert "uciok" in lines and "readyok" in lines
    best = [line.removeprefix("bestmove ") for line in lines if line.startswith("bestmove ")]
    assert len(best) == 2
    legal = [str(m) for m in state.legal_moves()]
    assert best[0] in legal and best[1] in legal
    infos = [line for line in lines if line.startswith("info depth")]
    assert all(INFO.match(line) for line in infos)
    assert any(line.startswith("info depth 3 ") for line in infos)


def test_uci_hase_und_igel_moves_are_one_word() -> None:
    session = "uci\nposition startpos moves a2+E\ngo depth 3\n"
    result = run("uci", "hase-und-igel", stdin=session)
    assert result.returncode == 0, result.stderr
    best = result.stdout.splitlines()[-1].removeprefix("bestmove ")
    assert " " not in best
    state = spieltisch.load("hase-und-igel").new_state(0)
    state.play(state.parse_move("a2+E"))
    assert state.parse_move(best) in state.legal_moves()


def test_uci_stop_and_bad_input() -> None:
    session = "\n".join(
        ["position startpos moves zz99", "go infinite", "stop", "position fen nonsense", "quit"]
    )
    result = run("uci", "schachogi", stdin=session + "\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert sum(line.startswith("info string error") for line in lines) == 2
    assert sum(line.startswith("bestmove ") for line in lines) == 1


def test_uci_clock_time_control() -> None:
    session = "position startpos\ngo wtime 3000 btime 3000 winc 10 binc 10\n"
    result = run("uci", "schachogi", stdin=session)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1].startswith("bestmove ")
    # 3 s left with about 30 moves to go: about a tenth of a second, not the whole clock.
    times = [int(line.split(" time ")[1].split()[0]) for line in lines if " time " in line]
    assert times and max(times) <= 1000
