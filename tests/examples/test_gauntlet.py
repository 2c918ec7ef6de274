"""`spieltisch gauntlet`: a starter kit against the house's levels in a real process
(per level wins, draws, losses, score and Elo with its interval; every game kept in the
store), and the games a bot loses by a rule violation or a timeout, each listed with the
official cause and the server's reason."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from spieltisch import load
from spieltisch.arena.gauntlet import GauntletError, gauntlet_levels, run_gauntlet
from spieltisch.store import Store

from ..bots.helpers import bot_env
from .kit_server import EXAMPLES

KIT = EXAMPLES / "python-json" / "bot.py"

#: An XML bot that answers its first move request with a move off the board.
OFF_THE_BOARD = """
import socket, sys
args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
sock = socket.create_connection((args["-h"], int(args["-p"])))
sock.sendall(f'<protocol><joinPrepared reservationCode="{args["-r"]}"/>'.encode())
seen = b""
while b"moveRequest" not in seen:
    seen += sock.recv(65536)
room = seen.split(b'roomId="')[1].split(b'"')[0].decode()
sock.sendall(f'<room roomId="{room}"><data class="move"><from x="0" y="0"/>'
             f'<to x="9" y="9"/></data></room>'.encode())
while sock.recv(65536):
    pass
"""

#: A JSON bot that thinks a second over every move.
SLOW = """
import json, socket, sys, time
args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
stream = socket.create_connection((args["-h"], int(args["-p"]))).makefile("rwb")
stream.write(json.dumps({"type": "join", "reservation": args["-r"]}).encode() + b"\\n")
stream.flush()
for line in stream:
    message = json.loads(line)
    if message["type"] == "move_request":
        time.sleep(1.0)
        stream.write(json.dumps({"type": "move", "move": message["legal"][0]}).encode() + b"\\n")
        stream.flush()
    elif message["type"] == "over":
        break
"""


def test_the_gauntlet_command_plays_a_starter_kit_against_two_levels(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    command = [sys.executable, "-m", "spieltisch", "gauntlet", "okard"]
    command += ["--bot", f"{sys.executable} {KIT} okard", "--games", "2"]
    command += ["--levels", "random,easy", "--db", str(db), "--name", "kit"]
    run = subprocess.run(
        command, env=bot_env(), capture_output=True, text=True, timeout=300, check=False
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    for level in ("random", "easy"):
        assert len(re.findall(rf"^{level}: game \d: kit moved (first|second): ", out, re.M)) == 2
        row = re.search(
            rf"^{level} +2 +(\d) +(\d) +(\d) +[\d.]+%  +\S+ \((\S+) \.\. (\S+)\)$", out, re.M
        )
        assert row is not None, out
        assert sum(int(row[i]) for i in (1, 2, 3)) == 2
    assert re.search(r"^all +4 ", out, re.M), out
    assert "no game lost by a timeout or a rule violation" in out
    store = Store.open(db)
    try:
        assert store.count_games(game="okard", player="kit") == 4
        assert store.count_games(game="okard", player="house easy") == 2
    finally:
        store.close()


def test_a_rule_violation_is_a_loss_listed_with_its_reason(tmp_path: Path) -> None:
    bot = tmp_path / "off_the_board.py"
    bot.write_text(OFF_THE_BOARD, encoding="utf-8")
    result = run_gauntlet(
        load("ostseeschach"), f"{sys.executable} {bot}", 2, asked=["random"], db=None
    )
    (level,) = result.levels
    assert level.score().losses == 2
    lost = level.forfeits()
    assert [g.cause for g in lost] == ["RULE_VIOLATION", "RULE_VIOLATION"]
    assert all(g.detail for g in lost), lost
    assert {g.seat_of_player1 for g in lost} == {0, 1}  # seats swapped


def test_a_slow_bot_loses_on_time_and_the_house_never_does(tmp_path: Path) -> None:
    bot = tmp_path / "slow.py"
    bot.write_text(SLOW, encoding="utf-8")
    result = run_gauntlet(
        load("okard"),
        f"{sys.executable} {bot}",
        2,
        asked=["random"],
        soft_timeout=0.3,
        hard_timeout=5.0,
    )
    (level,) = result.levels
    assert [g.cause for g in level.forfeits()] == ["SOFT_TIMEOUT", "SOFT_TIMEOUT"]
    assert all(g.forfeit_player == 0 for g in level.duel.games)


def test_levels_are_checked_and_default_to_every_house_level() -> None:
    game = load("ostseeschach")
    assert gauntlet_levels(game) == ["easy", "medium", "hard", "max"]
    assert gauntlet_levels(game, ["random", "easy", "random"]) == ["random", "easy"]
    try:
        gauntlet_levels(game, ["grandmaster"])
    except GauntletError as exc:
        assert "grandmaster" in str(exc)
    else:
        raise AssertionError("an unknown level was accepted")


def test_an_unknown_level_or_a_missing_program_is_one_error_line(tmp_path: Path) -> None:
    base = [sys.executable, "-m", "spieltisch", "gauntlet", "okard", "--db", str(tmp_path / "g")]
    for extra, words in (
        (["--bot", f"{sys.executable} {KIT}", "--levels", "grandmaster"], "no level"),
        (["--bot", "no-such-program-here --fast"], "no program"),
    ):
        run = subprocess.run(
            [*base, *extra], env=bot_env(), capture_output=True, text=True, timeout=60, check=False
        )
        assert run.returncode == 2, run.stderr
        assert run.stderr.startswith("error: ") and words in run.stderr, run.stderr
        assert len(run.stderr.strip().splitlines()) == 1


def test_a_bot_that_dies_at_once_costs_no_game_timeout(tmp_path: Path) -> None:
    """A bot program that ends before it joins (a wrong class path, a crash) leaves its
    seat empty for good: the game is given up after a moment, not after --game-timeout,
    and the exit status is the reason shown."""
    bot = tmp_path / "crash.py"
    bot.write_text("import sys\nsys.exit(3)\n", encoding="utf-8")
    result = run_gauntlet(
        load("okard"), f"{sys.executable} {bot}", 1, asked=["random"], game_timeout=600.0
    )
    (game,) = result.levels[0].duel.games
    assert game.score is None
    assert game.reason == "player1 ended (exit status 3) before the first move"
