"""docs/bots.md: the random bot it shows is examples/random_bot.py, under 50 lines of
standard-library Python, and two of them play a whole game on a server."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from .helpers import running_server

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "random_bot.py"


def test_the_documented_bot_is_the_example_file() -> None:
    code = EXAMPLE.read_text(encoding="utf-8")
    assert f"```python\n{code}```" in (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    assert len(code.splitlines()) < 50
    modules = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            modules |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module.split(".")[0])
    assert modules <= set(sys.stdlib_module_names), modules


def test_two_random_bots_play_a_game(tmp_path: Path) -> None:
    with running_server(tmp_path / "g.db") as server:
        command = [sys.executable, str(EXAMPLE), "schachogi", "-p", str(server.port)]
        first = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        second = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        outputs = [process.communicate(timeout=60)[0] for process in (first, second)]
    assert all("winner:" in output for output in outputs), outputs
    assert first.returncode == second.returncode == 0
