"""A throwaway PostgreSQL server for the store's tests.

Debian's server binaries (`initdb`, `pg_ctl`, found on PATH or under
/usr/lib/postgresql/*/bin) start a cluster in a temporary directory that listens on a
free port of 127.0.0.1 and on a unix socket in that directory only, trusting local
connections. As root, the cluster runs as the `postgres` user (initdb refuses root).
`SPIELTISCH_TEST_POSTGRES=URL` uses a server of your own instead (the URL of a database
whose user may create databases).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

USER = "spieltisch"


class NoServer(Exception):
    """No PostgreSQL server can be started here; the message says why."""


def server_binaries() -> Path | None:
    """The folder holding `initdb` and `pg_ctl`, or None."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(os.path.realpath(found)).parent
    folders = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda path: int(Path(path).parent.name) if Path(path).parent.name.isdigit() else 0,
    )
    for folder in reversed(folders):
        if (Path(folder) / "pg_ctl").exists() and (Path(folder) / "initdb").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Server:
    """A running throwaway cluster; `url(database)` names a database on it."""

    folder: Path
    binaries: Path
    port: int
    runner: list[str] = field(default_factory=list)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{database}"

    def pause(self) -> None:
        """Stop the server as an outage would (connections cut), keeping its data."""
        self._ctl("-m", "fast", "-w", "stop")

    def resume(self) -> None:
        """Start the paused server again on the same port, with the same data."""
        settings = (
            f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60"
        )
        log = str(self.folder / "server.log")
        self._ctl("-l", log, "-w", "-t", "60", "-o", settings, "start")

    def _ctl(self, *args: str) -> None:
        done = subprocess.run(
            [*self.runner, str(self.binaries / "pg_ctl"), "-D", str(self.folder / "data"), *args],
            capture_output=True,
            text=True,
            check=False,
            timeout=90,
        )
        if done.returncode != 0:
            raise NoServer(f"pg_ctl {' '.join(args)} failed: {done.stderr or done.stdout}")

    def stop(self) -> None:
        subprocess.run(
            [
                *self.runner,
                str(self.binaries / "pg_ctl"),
                "-D",
                str(self.folder / "data"),
                "-m",
                "immediate",
                "-w",
                "stop",
            ],
            capture_output=True,
            check=False,
            timeout=60,
        )
        shutil.rmtree(self.folder, ignore_errors=True)


def start_server() -> Server:
    """Start a cluster (see the module docstring); `NoServer` says why it cannot."""
    binaries = server_binaries()
    if binaries is None:
        raise NoServer(
            "no PostgreSQL server binaries (initdb, pg_ctl) on PATH or in "
            "/usr/lib/postgresql/*/bin: install Debian's postgresql package"
        )
    # /tmp: short enough for the socket path, and open to the postgres user when root
    folder = Path(
        tempfile.mkdtemp(prefix="spieltisch-pg-", dir="/tmp" if Path("/tmp").is_dir() else None)
    )
    runner: list[str] = []
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            shutil.rmtree(folder, ignore_errors=True)
            raise NoServer(
                "running as root and there is no 'postgres' user to run initdb"
            ) from None
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        runner = ["runuser", "-u", "postgres", "--"]
    data = folder / "data"
    try:
        _run(
            [
                *runner,
                str(binaries / "initdb"),
                "-D",
                str(data),
                "-U",
                USER,
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
                "--no-sync",
            ],
            "initdb",
        )
        for attempt in range(3):
            port = _free_port()
            server = Server(folder, binaries, port, runner)
            settings = (
                f"-h 127.0.0.1 -p {port} -k {folder} -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60"
            )
            try:
                _run(
                    [
                        *runner,
                        str(binaries / "pg_ctl"),
                        "-D",
                        str(data),
                        "-l",
                        str(folder / "server.log"),
                        "-w",
                        "-t",
                        "60",
                        "-o",
                        settings,
                        "start",
                    ],
                    "pg_ctl start",
                )
                return server
            except NoServer:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise


def _run(command: list[str], what: str) -> None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise NoServer(f"{what} could not run: {exc}") from None
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise NoServer(f"{what} failed ({done.returncode}): {' | '.join(tail)}")
