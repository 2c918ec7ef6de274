"""The `spieltisch` command in a child process with this process's import path, for the
tests of the engine commands (`analyse`, `uci`)."""

from __future__ import annotations

import os
import subprocess
import sys


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run(
        [sys.executable, "-m", "spieltisch", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        input=stdin,
        env=env,
    )
