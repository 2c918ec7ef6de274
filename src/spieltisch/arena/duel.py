"""The duel runner for bot writers (what the competition's test client did): games
between two bot programs on a bot server, each game prepared with reservation codes and
each bot started as a process with `-h HOST -p PORT -r CODE` added to its command (the
official clients' flags). Seats alternate, and each pair of games starts from the same
random position; every game is kept in the store.

The server runs in this process, in a thread of its own, on a free port of 127.0.0.1,
unless a server elsewhere is given (`RemoteServer`: games prepared and watched through
the JSON protocol's admin messages; that server keeps the games in its own store).
"""

from __future__ import annotations

import asyncio
import json
import shlex
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spieltisch.arena.elo import MatchScore
from spieltisch.bots.rooms import JoinError, Lobby, Room, StoreHost
from spieltisch.bots.server import BotServer
from spieltisch.core.errors import SpieltischError, quote
from spieltisch.store import Store
from spieltisch.tables.table import Status, derive_seed

__all__ = [
    "BotCommandError",
    "DuelGame",
    "DuelResult",
    "RemoteServer",
    "ServerThread",
    "bot_argv",
    "run_duel",
]

#: Seconds a game may take in all before it is cancelled (no result).
GAME_TIMEOUT = 600.0


class ServerThread:
    """A bot server on its own event loop in a daemon thread (for the duel and tests)."""

    def __init__(self, lobby: Lobby, host: str = "127.0.0.1", port: int = 0) -> None:
        self.loop = asyncio.new_event_loop()
        self.server = BotServer(lobby, host=host, port=port)
        self.lobby = lobby
        ready = threading.Event()
        errors: list[BaseException] = []

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            try:
                self.loop.run_until_complete(self.server.start())
            except BaseException as exc:
                errors.append(exc)
                ready.set()
                return
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, name="spieltisch-bot-server", daemon=True)
        self.thread.start()
        ready.wait()
        if errors:
            raise errors[0]
        self.port = self.server.port

    def call(self, function: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Run `function` on the server's loop and return its value."""

        async def wrapped() -> Any:
            return function()

        return asyncio.run_coroutine_threadsafe(wrapped(), self.loop).result(timeout)

    def stop(self) -> None:
        async def shut() -> None:
            await self.server.stop()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        try:
            asyncio.run_coroutine_threadsafe(shut(), self.loop).result(10.0)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5.0)


@dataclass
class DuelGame:
    """One game of a duel: which seat player 1 had, the room, the result as seen by
    player 1 (1 win, 0.5 draw, 0 loss, None: no result), the reason and score parts;
    for a game lost by a rule violation, a timeout or leaving: the player who lost it
    (0 player 1, 1 player 2), the official `cause` and the server's `detail`."""

    index: int
    seat_of_player1: int
    room: str
    seed: int
    score: float | None = None
    reason: str = ""
    scores: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    plies: int = 0
    forfeit_player: int | None = None
    cause: str = ""
    detail: str = ""


@dataclass
class DuelResult:
    """All games of a duel and the score of player 1."""

    game: str
    commands: tuple[str, str]
    games: list[DuelGame] = field(default_factory=list)

    def score(self) -> MatchScore:
        wins = sum(1 for g in self.games if g.score == 1.0)
        losses = sum(1 for g in self.games if g.score == 0.0)
        return MatchScore(wins, len(self.games) - wins - losses, losses)

    def unfinished(self) -> int:
        return sum(1 for g in self.games if g.score is None)


class BotCommandError(SpieltischError):
    """A bot's command line that cannot be read or whose program cannot be started."""


#: Programs a bot command may name without them being on PATH: this interpreter runs them.
_PYTHONS = ("python", "python3")


def bot_argv(command: str) -> list[str]:
    """The program and arguments of a bot's command line. `spieltisch …` is this
    spieltisch (`sys.executable -m spieltisch …`, found without PATH and the same
    version as the duel's); `python …` missing from PATH is this interpreter; any other
    program must be on PATH or a path to a program (`BotCommandError` otherwise)."""
    try:
        words = shlex.split(command)
    except ValueError as exc:
        raise BotCommandError(f"the bot command {quote(command)} cannot be read: {exc}") from None
    if not words:
        raise BotCommandError("a bot command is empty")
    program = words[0]
    if program == "spieltisch":
        return [sys.executable, "-m", "spieltisch", *words[1:]]
    if shutil.which(program) is None:
        if program in _PYTHONS:
            return [sys.executable, *words[1:]]
        raise BotCommandError(
            f"the bot command {quote(command)}: no program {quote(program)} "
            "(not on PATH, nor a file that can be run)"
        )
    return words


def bot_command(command: str, host: str, port: int, code: str) -> list[str]:
    """The bot's command line with the official clients' flags added."""
    return [*bot_argv(command), "-h", host, "-p", str(port), "-r", code]


class RemoteServer:
    """A bot server elsewhere, driven through the JSON protocol's admin messages: each
    game prepared with `prepare`, its end heard by watching the table."""

    def __init__(self, host: str, port: int, password: str) -> None:
        self.host = host
        self.port = port
        self.password = password

    def prepare(
        self, game: str, names: tuple[str, str], options: str, seed: int, timeouts: bool
    ) -> tuple[socket.socket, Any, str, list[str]]:
        """A prepared game: the watching connection, its reader, the table, the codes."""
        sock = socket.create_connection((self.host, self.port), timeout=30)
        stream = sock.makefile("rwb")
        request = {
            "type": "prepare",
            "password": self.password,
            "game": game,
            "options": options,
            "names": list(names),
            "seed": seed,
            "timeouts": timeouts,
        }
        stream.write(json.dumps(request).encode() + b"\n")
        stream.flush()
        answer = json.loads(stream.readline() or b"{}")
        if answer.get("type") != "prepared":
            sock.close()
            raise JoinError(f"the server refused to prepare a game: {answer.get('message')}")
        stream.write(json.dumps({"type": "watch", "table": answer["table"]}).encode() + b"\n")
        stream.flush()
        return sock, stream, str(answer["table"]), list(answer["reservations"])


def _remote_game(
    remote: RemoteServer,
    game: str,
    commands: tuple[str, str],
    names: tuple[str, str],
    options: str,
    seed: int,
    first: int,
    timeouts: bool,
    game_timeout: float,
    output: Callable[[str], None] | None,
) -> tuple[str, dict[str, Any] | None]:
    """One game on a remote server: (table id, the `over` message or None)."""
    sock, stream, table, codes = remote.prepare(game, names, options, seed, timeouts)
    order = (0, 1) if first == 0 else (1, 0)
    try:
        processes = launch_bots(
            [(commands[p], codes[order[p]]) for p in (0, 1)], output, remote.host, remote.port
        )
    except BotCommandError:
        sock.close()
        raise
    over: dict[str, Any] | None = None
    sock.settimeout(game_timeout)
    try:
        for line in stream:
            message = json.loads(line)
            if message.get("type") == "over":
                over = message
                break
    except (OSError, ValueError):
        over = None
    finally:
        sock.close()
        _stop(processes)
    return table, over


def run_duel(
    game: str,
    commands: tuple[str, str],
    games: int,
    *,
    db: str | Path | None = None,
    seed: int = 0,
    options: str = "",
    names: tuple[str, str] = ("player1", "player2"),
    soft_timeout: float = 2.0,
    hard_timeout: float = 10.0,
    can_timeout: bool | tuple[bool, bool] = True,
    game_timeout: float = GAME_TIMEOUT,
    output: Callable[[str], None] | None = None,
    on_game: Callable[[DuelGame], None] | None = None,
    remote: RemoteServer | None = None,
) -> DuelResult:
    """Play `games` games between the two bot commands (see the module); on `remote`,
    a server elsewhere, instead of one started here. `can_timeout`: whether the bots'
    slots can time out, both or each (player 1, player 2; a server elsewhere takes one
    value for both: the first)."""
    timeouts = can_timeout if isinstance(can_timeout, tuple) else (can_timeout, can_timeout)
    for command in commands:  # a command that cannot start fails before any game
        bot_argv(command)
    if remote is not None:
        return _run_remote(
            remote,
            game,
            commands,
            games,
            seed,
            options,
            names,
            timeouts[0],
            game_timeout,
            output,
            on_game,
        )
    store = Store.open(db) if db is not None else None
    lobby = Lobby(
        StoreHost(store), default_game=game, soft_timeout=soft_timeout, hard_timeout=hard_timeout
    )
    server = ServerThread(lobby)
    result = DuelResult(game, commands)
    try:
        for index in range(games):
            pair_seed = derive_seed(seed, "duel", index // 2) & 0x7FFFFFFF
            first = index % 2  # player 1 takes seat 0 in even games, seat 1 in odd ones
            seat_names = (names[0], names[1]) if first == 0 else (names[1], names[0])

            seat_timeouts = timeouts if first == 0 else (timeouts[1], timeouts[0])

            def prepare(
                seat_names: tuple[str, str] = seat_names,
                pair_seed: int = pair_seed,
                seat_timeouts: tuple[bool, bool] = seat_timeouts,
            ) -> tuple[Room, list[str]]:
                return lobby.prepare(
                    game,
                    seat_names,
                    can_timeout=seat_timeouts,
                    options=options,
                    seed=pair_seed,
                )

            room, codes = server.call(prepare)
            order = (0, 1) if first == 0 else (1, 0)
            processes = launch_bots(
                [(commands[p], codes[order[p]]) for p in (0, 1)], output, "127.0.0.1", server.port
            )
            gone: list[int] = []
            played = await_room(server, room, processes, game_timeout, gone)
            table = room.table
            outcome = table.outcome
            entry = DuelGame(index, first, room.id, pair_seed, plies=table.ply)
            if not played:
                entry.reason = _why_not(processes, gone, table.ply > 0)
            if played and outcome is not None:
                if outcome.winner is None:
                    entry.score = 0.5
                else:
                    entry.score = 1.0 if outcome.winner == first else 0.0
                entry.reason = outcome.reason
                entry.scores = outcome.scores
                if room.forfeit is not None:
                    entry.forfeit_player = 0 if room.forfeit.seat == first else 1
                    entry.cause, entry.detail = room.forfeit.cause, room.forfeit.reason
            result.games.append(entry)
            if on_game is not None:
                on_game(entry)
    finally:
        server.stop()
        if store is not None:
            store.close()
    return result


def _run_remote(
    remote: RemoteServer,
    game: str,
    commands: tuple[str, str],
    games: int,
    seed: int,
    options: str,
    names: tuple[str, str],
    timeouts: bool,
    game_timeout: float,
    output: Callable[[str], None] | None,
    on_game: Callable[[DuelGame], None] | None,
) -> DuelResult:
    result = DuelResult(game, commands)
    for index in range(games):
        pair_seed = derive_seed(seed, "duel", index // 2) & 0x7FFFFFFF
        first = index % 2
        seat_names = (names[0], names[1]) if first == 0 else (names[1], names[0])
        table, over = _remote_game(
            remote,
            game,
            commands,
            seat_names,
            options,
            pair_seed,
            first,
            timeouts,
            game_timeout,
            output,
        )
        entry = DuelGame(index, first, table, pair_seed)
        if over is not None and over.get("status") == "over":
            winner = over.get("winner")
            entry.score = 0.5 if winner is None else (1.0 if winner == first else 0.0)
            entry.reason = str(over.get("reason") or "")
            scores = over.get("scores") or [[], []]
            entry.scores = (tuple(scores[0]), tuple(scores[1]))
            forfeit = over.get("forfeit")
            if isinstance(forfeit, dict):
                entry.forfeit_player = 0 if forfeit.get("seat") == first else 1
                entry.cause = str(forfeit.get("cause") or "")
                entry.detail = str(forfeit.get("reason") or "")
        result.games.append(entry)
        if on_game is not None:
            on_game(entry)
    return result


def launch_bot(
    command: str, code: str, output: Callable[[str], None] | None, host: str, port: int
) -> subprocess.Popen[bytes]:
    """Start a bot program as the official clients are started (`-h HOST -p PORT -r CODE`
    added); its output goes to `output`'s terminal, or nowhere when `output` is None."""
    argv = bot_command(command, host, port, code)
    try:
        return subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL if output is None else None,
            stderr=subprocess.DEVNULL if output is None else None,
        )
    except OSError as exc:
        raise BotCommandError(
            f"the bot command {quote(command)} cannot be started: {exc.strerror or exc}"
        ) from None


def launch_bots(
    started: Sequence[tuple[str, str]],
    output: Callable[[str], None] | None,
    host: str,
    port: int,
) -> list[subprocess.Popen[bytes]]:
    """Start every (command, reservation code) bot; if one cannot start, the ones
    already running are stopped before the error goes on."""
    processes: list[subprocess.Popen[bytes]] = []
    try:
        for command, code in started:
            processes.append(launch_bot(command, code, output, host, port))
    except BotCommandError:
        for process in processes:
            process.kill()
            process.wait()
        raise
    return processes


def await_room(
    server: ServerThread,
    room: Room,
    processes: Sequence[subprocess.Popen[bytes]],
    timeout: float,
    gone: list[int] | None = None,
) -> bool:
    """Wait until the room is over (True) or cancelled after `timeout`, after both bots
    ended without finishing it, or after one ended before the game began (its seat can
    never be taken then) (False); the bots are stopped in any case. `gone` gets the
    indices of the bots that had ended by themselves when the room was given up."""
    deadline = time.monotonic() + timeout
    gone_since: float | None = None
    finished = False
    while True:
        if room.closed:
            finished = True
            break
        now = time.monotonic()
        ended = [process.poll() is not None for process in processes]
        # all bots gone, or one gone before the game began (its seat stays empty for good)
        if all(ended) or (any(ended) and room.table.status is Status.WAITING):
            gone_since = gone_since if gone_since is not None else now
            if now - gone_since > 2.0:
                break
        if now > deadline:
            break
        time.sleep(0.02)
    if not room.closed:
        if gone is not None:
            gone += [i for i, process in enumerate(processes) if process.poll() is not None]
        server.call(room.cancel)
    _stop(processes)
    return finished and room.table.outcome is not None


def _why_not(processes: Sequence[subprocess.Popen[bytes]], gone: list[int], moved: bool) -> str:
    """Why a game has no result, as far as the bots' processes tell: those that had
    ended by themselves (`gone`) when it was given up (`moved`: any move was made)."""
    ended = [
        f"player{index + 1} ended (exit status {processes[index].returncode})" for index in gone
    ]
    if ended:
        return "; ".join(ended) + ("" if moved else " before the first move")
    return "no result in time"


def _stop(processes: Sequence[subprocess.Popen[bytes]]) -> None:
    """Wait a little for the bots to end, then end them."""
    for process in processes:
        try:
            process.wait(5.0)
        except subprocess.TimeoutExpired:
            process.terminate()
            try:
                process.wait(2.0)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
