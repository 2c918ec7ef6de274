"""`play` in words, through the real command: every move played is echoed in words (the
person's too), `undo` says which moves it took back, and refusals name pieces by their
names (`red's Möwe`), not by letters."""

from __future__ import annotations

from pathlib import Path

from tests.cli.run import run


def _ostseeschach(pieces: dict[str, str], turn: int = 2) -> str:
    """A position text with `pieces` (square -> letter, a `2` for a tower) on the board."""
    ranks = []
    for rank in "87654321":
        row = ""
        for file in "abcdefgh":
            row += pieces.get(f"{file}{rank}", ".")
        ranks.append(row)
    return f"{'/'.join(ranks)} {turn} 0:0 -"


def _play(tmp_path: Path, *args: str, stdin: str) -> list[str]:
    """The lines of `play ARGS` that answer the person (not the board)."""
    result = run(
        "play",
        *args,
        "--opponent",
        "human",
        "--no-store",
        "--save",
        str(tmp_path / "g.json"),
        stdin=stdin,
    )
    assert result.returncode == 0, result.stderr
    prompts = tuple(f"{name}> " for name in ("red", "blue", "White", "Black"))
    return [
        line.split("> ", 1)[1] for line in result.stdout.splitlines() if line.startswith(prompts)
    ]


def test_ostseeschach_moves_undo_and_refusals_in_words(tmp_path: Path) -> None:
    position = _ostseeschach({"b2": "M", "c2": "s", "e5": "M2", "f5": "m", "h8": "r"})
    said = _play(
        tmp_path,
        *("ostseeschach", "--position", position),
        stdin="b2d2\nc2c3\nb2c2\nh8f7\ne5f5\nundo\nquit\n",
    )
    assert said[0].startswith("not played: INVALID_MOVEMENT: red's Möwe cannot move from b2 to d2")
    assert said[1].startswith(
        "not played: WRONG_COLOR: the start square c2 holds blue's Seestern; "
        "red must move one of its own pieces"
    )
    assert said[2] == "red plays b2c2 (Möwe b2 takes blue's Seestern on c2)"
    assert said[3] == "blue plays h8f7 (Robbe h8 to f7)"
    assert said[4] == (
        "red plays e5f5 (Möwe tower e5 takes blue's Möwe on f5, earns 1 amber and leaves the board)"
    )
    assert said[5] == (  # two people at the terminal: the last move
        "took back 1 move: red's e5f5 "
        "(Möwe tower e5 takes blue's Möwe on f5, earns 1 amber and leaves the board)"
    )


def test_an_own_piece_on_the_target_is_named(tmp_path: Path) -> None:
    position = _ostseeschach({"b2": "M", "c2": "S", "h8": "r"})
    said = _play(tmp_path, *("ostseeschach", "--position", position), stdin="b2c2\nquit\n")
    assert "the target c2 holds red's Seestern, red's own" in said[0]


def test_schachogi_refusals_name_the_piece(tmp_path: Path) -> None:
    said = _play(tmp_path, "schachogi", stdin="b1b3\nb1c3\nquit\n")
    assert said[0].startswith("not played: INVALID_MOVEMENT: White's Wieher cannot move from b1")
    assert said[1] == "White plays b1c3 (Wieher b1 to c3)"


def test_okard_refusals_name_the_stone(tmp_path: Path) -> None:
    said = _play(
        tmp_path, *("okard", "--seed", "2"), stdin="PI K\nPI K\nPI -\nPI -\nPL B e1\nquit\n"
    )
    assert said[0] == "red plays PI K (picks König (K, 19 points))"
    assert said[-2].startswith("not played: NOT_IN_HAND: red has no Bauer (B) left to place")


def test_undo_against_the_computer_names_both_moves(tmp_path: Path) -> None:
    result = run(
        *("play", "ostseeschach", "--seed", "3", "--no-store"),
        *("--save", str(tmp_path / "g.json")),
        stdin="a1b2\nundo\nquit\n",
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "red> red plays a1b2 (Herzmuschel a1 to b2)" in lines
    blue = next(line for line in lines if line.startswith("blue plays "))
    notation, words = blue.removeprefix("blue plays ").split(" ", 1)
    assert (
        f"red> took back 2 moves: red's a1b2 (Herzmuschel a1 to b2), blue's {notation} {words}"
        in lines
    )
