"""Every command line of the README, run as written (real processes in a scratch folder):
each `sh` block of the README is one test, its lines run in order, so that a block's
server is up for the bots that follow it and a tournament's games are in the store that
`ratings` reads. Only ports change (to free ones), and `spieltisch` and `python` are the
interpreter under test. A line this module does not know how to run fails the test, so a
new README command cannot go untested."""

from __future__ import annotations

import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest

import spieltisch
from tests.serverproc import free_port

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path(spieltisch.__file__).resolve().parents[1]
SH_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.MULTILINE | re.DOTALL)
PORT_FLAGS = ("--port", "-p", "--xml-port")
#: Seconds a command may take: the slowest (a 2-game duel, a tournament) take about 10 s.
LIMIT = 180


def readme_blocks() -> list[tuple[str, list[str]]]:
    """The heading of each `sh` block of the README and its command lines (continuations
    joined)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = []
    for match in SH_BLOCK.finditer(text):
        headings = re.findall(r"^## (.+)$", text[: match.start()], re.MULTILINE)
        lines = match[1].replace("\\\n", " ").splitlines()
        blocks.append((headings[-1], [line for line in lines if line.strip()]))
    return blocks


def make_targets() -> set[str]:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][\w-]*):", makefile, re.MULTILINE))


class Scratch:
    """A scratch folder to run README lines in: `examples/` linked in, `spieltisch` and
    `python` on the PATH as the interpreter under test, README ports mapped to free ones."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        (folder / "examples").symlink_to(ROOT / "examples")
        bin_dir = folder / "bin"
        bin_dir.mkdir()
        for name, run in (("spieltisch", "-m spieltisch"), ("python", "")):
            script = bin_dir / name
            script.write_text(f'#!/bin/sh\nexec "{sys.executable}" {run} "$@"\n')
            script.chmod(0o755)
        path = os.environ.get("PYTHONPATH")
        self.env = {
            **os.environ,
            "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(SOURCE), path])),
        }
        self.ports: dict[str, str] = {}

    def words(self, line: str) -> list[str]:
        """The line's words, its comment dropped and its ports mapped to free ones."""
        words = shlex.split(line, comments=True)
        for i, word in enumerate(words[:-1]):
            if word in PORT_FLAGS and words[i + 1].isdigit():
                words[i + 1] = self.ports.setdefault(words[i + 1], str(free_port()))
        return words

    def run(self, words: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            words,
            input=stdin,
            capture_output=True,
            text=True,
            cwd=self.folder,
            env=self.env,
            timeout=LIMIT,
            check=False,
        )
        assert done.returncode == 0, f"{shlex.join(words)}: {done.stderr[-2000:]}"
        return done

    @contextmanager
    def started(self, words: list[str]) -> Iterator[subprocess.Popen[str]]:
        process = subprocess.Popen(
            words,
            cwd=self.folder,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            yield process
        finally:
            process.terminate()
            try:
                process.communicate(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()


def option(words: list[str], name: str, default: str) -> str:
    return words[words.index(name) + 1] if name in words else default


def wait_for_port(port: int, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert process.poll() is None, f"the server ended: {process.communicate()[1]}"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing listens on port {port} after 30 s")


def test_the_readme_has_its_blocks() -> None:
    blocks = dict(readme_blocks())
    assert list(blocks) == [
        "Start",
        "I want to play",
        "I want to write a bot",
        "I want to do research",
        "I want to host a server",
    ]
    assert [line.split("#")[0].strip() for line in blocks["Start"]] == [
        "make serve",
        "make play",
        "make test",
    ]


@pytest.mark.parametrize(("heading", "block"), readme_blocks(), ids=[h for h, _ in readme_blocks()])
def test_readme_block_runs_as_written(heading: str, block: list[str], tmp_path: Path) -> None:
    scratch = Scratch(tmp_path)
    with ExitStack() as servers:
        for line in block:
            words = scratch.words(line)
            program, command = words[0], words[1] if len(words) > 1 else ""
            if program == "make":
                # `make test` is how the suite itself is run; the others install and
                # start what the lines below run directly. Each must be a real target.
                assert command in make_targets(), f"no make target {command!r}"
            elif program == "spieltisch" and command == "play":
                done = scratch.run(words, stdin="moves\nquit\n")
                assert done.stdout.rstrip().endswith("bye"), done.stdout[-500:]
                assert list((tmp_path / "games").glob(f"{words[2]}-*.json")), "no record"
            elif program == "spieltisch" and command == "serve":
                process = servers.enter_context(scratch.started(words))
                port = int(option(words, "--port", "8000"))
                wait_for_port(port, process)
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games") as answer:
                    assert answer.status == 200
                if "--xml-port" in words:
                    wait_for_port(int(option(words, "--xml-port", "")), process)
                assert (tmp_path / option(words, "--db", "spieltisch.db")).exists()
            elif program == "spieltisch" and command == "server":
                process = servers.enter_context(scratch.started(words))
                wait_for_port(int(option(words, "--port", "13050")), process)
            elif program == "python" and words[1] == "examples/random_bot.py":
                # A bot waits for an opponent: two of them play each other to the end.
                bots = [
                    subprocess.Popen(
                        words, cwd=tmp_path, env=scratch.env, stdout=subprocess.PIPE, text=True
                    )
                    for _ in range(2)
                ]
                outputs = [bot.communicate(timeout=LIMIT)[0] for bot in bots]
                assert all("winner:" in output for output in outputs), outputs
                assert all(bot.returncode == 0 for bot in bots)
            elif program == "spieltisch" and command == "duel":
                done = scratch.run(words)
                assert "score of player1" in done.stdout, done.stdout
            elif program == "spieltisch" and command == "match":
                done = scratch.run(words)
                assert f"{option(words, '--games', '10')} games" in done.stdout, done.stdout
            elif program == "spieltisch" and command == "tournament":
                done = scratch.run(words)
                assert "standings" in done.stdout, done.stdout
            elif program == "spieltisch" and command == "ratings":
                done = scratch.run(words)
                assert "medium" in done.stdout, done.stdout  # the tournament's games
            else:
                raise AssertionError(f"no test runs this README line: {line}")
