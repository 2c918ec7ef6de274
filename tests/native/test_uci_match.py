"""The sparring harness against an external UCI engine (benchmarks/uci_match.py): whole
games refereed by our rules against a real engine process (`spieltisch uci`), and an
engine that answers an illegal move loses that game with the reason."""

from __future__ import annotations

import shlex
import sys
from io import StringIO
from pathlib import Path

import pytest

import spieltisch
from benchmarks import agent_uci, uci_match
from spieltisch import native
from spieltisch.cli.engine import move_token

pytestmark = pytest.mark.skipif(not native.built(), reason="the native engines are not built")

ENGINE = f"{shlex.quote(sys.executable)} -m spieltisch uci schachogi"

#: A UCI engine that always answers the same move (legal only at the start).
STUBBORN = """
import sys
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "uci":
        print("id name stubborn"); print("uciok", flush=True)
    elif word == "isready":
        print("readyok", flush=True)
    elif word == "go":
        print("info depth 1 score cp 0"); print("bestmove b1c3", flush=True)
    elif word == "quit":
        break
"""


def test_whole_games_against_a_uci_process(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["schachogi", "--engine-cmd", ENGINE, "--ours", "native:depth=2", "--depth", "1"]
    assert uci_match.main([*argv, "--pairs", "1", "--opening", "2", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    games = [line for line in out.splitlines() if line.startswith("pair ")]
    assert len(games) == 2
    assert "2 games:" in out and "Elo" in out
    assert "engine: " in out and "depth 1.0" in out


def test_an_illegal_answer_forfeits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "stubborn.py"
    script.write_text(STUBBORN)
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"
    argv = ["schachogi", "--engine-cmd", command, "--ours", "native:depth=1", "--depth", "1"]
    assert uci_match.main([*argv, "--pairs", "1", "--opening", "0"]) == 0
    out = capsys.readouterr().out
    assert "engine forfeits: bestmove b1c3" in out
    assert "2 / 0 / 0" in out


#: A UCI engine whose rules never see a legal move (as Fairy-Stockfish with a royal Pflöck
#: when every move leaves it attacked).
NO_MOVE = STUBBORN.replace(
    'print("bestmove b1c3", flush=True)', 'print("bestmove (none)", flush=True)'
)


def test_no_move_answer_plays_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`bestmove (none)`: a legal move is played for the engine and the game ends by our
    rules, not by a forfeit; the count is printed."""
    script = tmp_path / "none.py"
    script.write_text(NO_MOVE)
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"
    argv = ["schachogi", "--engine-cmd", command, "--ours", "native:depth=2", "--depth", "1"]
    assert uci_match.main([*argv, "--pairs", "1", "--opening", "0"]) == 0
    out = capsys.readouterr().out
    assert "forfeits" not in out
    assert "the engine saw no legal move" in out
    games = [line for line in out.splitlines() if line.startswith("pair ")]
    assert len(games) == 2 and all("ours wins" in line for line in games)


def test_our_agent_behind_uci_as_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    """`benchmarks/agent_uci.py` (the front for an older build's agent) in a real process:
    whole Hase und Igel games from our start texts (`--position fen`), every answer legal."""
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "agent_uci.py"
    command = (
        f"{shlex.quote(sys.executable)} {shlex.quote(str(script))} hase-und-igel native:depth=2"
    )
    argv = ["hase-und-igel", "--engine-cmd", command, "--ours", "native:depth=2"]
    assert uci_match.main([*argv, "--pairs", "1", "--opening", "0", "--position", "fen"]) == 0
    out = capsys.readouterr().out
    assert "forfeits" not in out
    assert len([line for line in out.splitlines() if line.startswith("pair ")]) == 2
    assert "engine: " in out and "depth 2.0" in out


def test_agent_uci_session() -> None:
    """The front answers the UCI handshake, plays the agent's move for the position it was
    told (after moves, in our tokens) and stops reading at `quit`."""
    game = spieltisch.load("hase-und-igel")
    state = game.new_state(3)
    first = state.legal_moves()[0]
    state.play(first)
    commands = "\n".join(
        [
            "uci",
            "isready",
            "ucinewgame",
            f"position fen {game.new_state(3).text()} moves {move_token(first)}",
            "go movetime 100",
            "quit",
            "go movetime 100",  # after quit: not read
        ]
    )
    out = StringIO()
    agent_uci.serve("hase-und-igel", "native:depth=3", StringIO(commands + "\n"), out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("id name spieltisch") and lines[1] == "uciok"
    assert lines[2] == "readyok"
    assert lines[3] == "info depth 3"
    assert lines[4].startswith("bestmove ") and len(lines) == 5
    answer = lines[4].split(maxsplit=1)[1]
    assert answer in {move_token(move) for move in state.legal_moves()}
