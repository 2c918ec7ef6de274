"""`spieltisch play`: records, resuming, seeded chance, commands, layout."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import spieltisch
from spieltisch.cli.play import play_loop
from spieltisch.core.record import load_record, replay_record
from tests.cli.run import last_moves_game, run

# Wieher out and back is impossible (it jumps forward only), so the Rocks shuffle:
# the position after the first two moves comes back after 6 and after 10 moves.
OPENING = ["b1c3", "b8c6"]
SHUFFLE = ["a1b1", "a8b8", "b1a1", "b8a8"]


def test_a_resumed_record_keeps_the_repetitions(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    first = run(
        *("play", "schachogi", "--opponent", "human", "--save", str(path)),
        stdin="\n".join([*OPENING, *SHUFFLE, "quit"]) + "\n",
    )
    assert first.returncode == 0, first.stderr
    assert f"record: {path}" in first.stdout
    assert load_record(path).moves == [*OPENING, *SHUFFLE]
    second = run(
        *("play", "schachogi", "--opponent", "human", "--record", str(path)),
        *("--db", str(tmp_path / "s.db")),
        stdin="\n".join(SHUFFLE) + "\n",
    )
    assert second.returncode == 0, second.stderr
    assert "game over: draw" in second.stdout
    record = load_record(path)
    assert record.finished and record.winner is None
    assert record.moves == [*OPENING, *SHUFFLE, *SHUFFLE]
    assert len(record.seconds) == len(record.moves)


def test_a_played_game_is_recorded_and_replays(tmp_path: Path) -> None:
    moves = last_moves_game("ostseeschach", 8)
    result = run(
        *("play", "ostseeschach", "--seed", "8", "--opponent", "human"),
        stdin="\n".join(moves) + "\n",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("game over:") == 1
    assert "victory points" in result.stdout  # the English score labels
    saved = sorted((tmp_path / "games").glob("ostseeschach-*.json"))
    assert len(saved) == 1
    record = load_record(saved[0])
    assert record.moves == moves and record.finished
    shown = run("replay", str(saved[0]), "--to-end")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.count("game over:") == 1


def test_commands_cannot_be_mistaken_for_moves(tmp_path: Path) -> None:
    """In Hase und Igel `b` is the short form of falling back and `h` nothing: both are
    tried as moves; the commands are full words or start with `:`."""
    result = run(
        *("play", "hase-und-igel", "--seed", "3", "--save", str(tmp_path / "h.json")),
        stdin="b\nh\n:board\nmoves\n:nosuch\n:quit\n",
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.count("not played:") == 2
    assert "unknown command ':nosuch'" in out
    assert "advance 1" in out and "commands (a line" not in out
    assert out.count("red to move") == 2  # the board, then `:board`
    assert out.rstrip().endswith("bye")
    assert "red> " in out  # the prompt stays on the input line


class Script:
    """Answers the play loop's prompts from a list, then ends the input."""

    def __init__(self, lines: list[str]) -> None:
        self.lines: Iterator[str] = iter(lines)

    def __call__(self, prompt: str) -> str:
        line = next(self.lines, None)
        if line is None:
            raise EOFError
        return line


def test_undo_cannot_reroll_the_dice() -> None:
    game = spieltisch.load("okard")
    state = game.new_state(3)
    rng = random.Random(1)
    while True:  # to the last move before a die roll
        move = state.random_move(rng)
        state.push(move)
        if state.is_chance():
            state.undo()
            break
    last = str(move)
    out: list[str] = []
    play_loop(game, state, {0, 1}, 42, Script([last, "undo", last, "undo", last]), out.append)
    rolls = [line for line in out if line.startswith("chance:")]
    assert len(rolls) == 3 and len(set(rolls)) == 1


def test_moves_in_columns_that_fit_100_characters() -> None:
    for name in ("hase-und-igel", "okard", "ostseeschach"):
        game = spieltisch.load(name)
        state = game.new_state(5)
        out: list[str] = []
        play_loop(game, state, {0, 1}, 1, Script(["moves"]), out.append)
        listing = out[1].splitlines()
        legal = state.legal_moves()
        assert all(len(line) <= 100 for line in listing)
        for move in legal:
            assert str(move) in out[1]
        if len(legal) > 4:
            assert len(listing) < len(legal)  # in columns, not one per line


def test_the_board_is_drawn_from_the_players_side(monkeypatch: pytest.MonkeyPatch) -> None:
    game = spieltisch.load("ostseeschach")
    state = game.new_state(2)

    def render(viewer: int | None = None) -> str:
        return f"board for {viewer}"

    monkeypatch.setattr(state, "render", render)
    out: list[str] = []
    play_loop(game, state, {1}, 7, Script(["board"]), out.append)
    assert out[0] == "board for 1"
    assert "board for 1" in out[2:]


def test_the_record_holds_every_roll_and_the_chance_seed(tmp_path: Path) -> None:
    path = tmp_path / "o.json"
    moves = "PI K\nPI -\nPL K e1\ne1-e2\nEND\nquit\n"
    result = run(
        *("play", "okard", "--seed", "3", "-o", "army=60", "--save", str(path)), stdin=moves
    )
    assert result.returncode == 0, result.stderr
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert data["meta"]["chance_seed"] == 3
    rolls = [move for move in data["moves"] if re.fullmatch(r"D[0-9]+", move)]
    assert rolls and len(rolls) == result.stdout.count("chance:")
    assert replay_record(load_record(path)).text()
