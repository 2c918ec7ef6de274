"""The CLI commands of the AI: match, replay, levels, play --ai."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from spieltisch.cli import main


def test_match_writes_records_and_a_table(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "m"
    result = runner.invoke(
        main,
        [
            *("match", "ostseeschach", "mcts:iterations=20", "random"),
            *("--games", "4", "--seed", "1", "--out", str(out), "--db", str(tmp_path / "s.db")),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "wins" in result.output and "Elo difference A - B" in result.output
    assert "95% interval" in result.output
    records = sorted(out.glob("game-*.json"))
    assert len(records) == 4
    shown = runner.invoke(main, ["replay", str(records[1]), "--to-end"])
    assert shown.exit_code == 0, shown.output
    assert "game over" in shown.output
    first = runner.invoke(main, ["replay", str(records[1]), "--ply", "2"])
    assert first.exit_code == 0 and "after move 2" in first.output
    stepping = runner.invoke(main, ["replay", str(records[1])], input="\n\np\nq\n")
    assert stepping.exit_code == 0 and "move 2:" in stepping.output


def test_bad_input_gives_one_error_line(tmp_path: Path) -> None:
    runner = CliRunner()
    bad = runner.invoke(main, ["match", "ostseeschach", "wizard", "random", "--games", "2"])
    assert bad.exit_code == 2
    assert bad.output.strip().startswith("error: unknown agent 'wizard'")
    missing = runner.invoke(main, ["replay", str(tmp_path / "none.json"), "--to-end"])
    assert missing.exit_code == 2 and "error:" in missing.output
    junk = tmp_path / "junk.json"
    junk.write_text("nope", encoding="utf-8")
    broken = runner.invoke(main, ["replay", str(junk)])
    assert broken.exit_code == 2 and "error:" in broken.output


def test_levels_and_play_against_the_ai(tmp_path: Path) -> None:
    runner = CliRunner()
    listed = runner.invoke(main, ["levels", "ostseeschach"])
    assert listed.exit_code == 0 and "hard" in listed.output
    played = runner.invoke(
        main,
        [
            *("play", "ostseeschach", "--ai", "easy", "--seat", "1", "--seed", "4"),
            *("--save", str(tmp_path / "g.json")),
        ],
        input="quit\n",
    )
    assert played.exit_code == 0, played.output
    assert "red plays" in played.output and "bye" in played.output
