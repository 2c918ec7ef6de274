"""The engine subcommands: `analyse` (one line per completed depth, then the best move) and
`uci` (the engine over the UCI protocol, for engine testers such as cutechess-cli).

Moves are written in the game's own notation; a notation with spaces in it (Hase und
Igel's `advance 2, card EAT_SALAD`) is written in the game's compact spelling (`a2+E`)
where its moves have one, so that a move is one word of the protocol.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import Any, TextIO

import click

from spieltisch import native
from spieltisch.ai.agent import Budget
from spieltisch.ai.alphabeta import PROVEN as PYTHON_PROVEN
from spieltisch.ai.alphabeta import WIN as PYTHON_WIN
from spieltisch.ai.alphabeta import AlphaBetaAgent
from spieltisch.cli.common import (
    GAME,
    POSITION,
    POSITION_FILE,
    SEED,
    Seconds,
    WholeNumber,
    fail,
    load_state,
    user_errors,
)
from spieltisch.core import Game, SpieltischError, State, load
from spieltisch.core.errors import NotationError
from spieltisch.core.text import is_ascii_int, read_int
from spieltisch.native.search import (
    MAX_DEPTH,
    MAX_MULTIPV,
    Iteration,
    game_line,
    mate_in,
    search,
    stop_flag,
)

#: The most threads and table megabytes asked for.
MAX_THREADS = 64
MAX_HASH = 4096
#: The longest line the UCI reader takes (a position with a long game's moves fits).
MAX_LINE = 1_000_000
#: The words of a UCI `go` command that end its `searchmoves` list.
GO_WORDS = frozenset(
    [
        "searchmoves",
        "ponder",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "depth",
        "nodes",
        "mate",
        "movetime",
        "infinite",
    ]
)


def move_token(move: Any) -> str:
    """`move` as one word: its notation, or its compact code when the notation has spaces."""
    text = str(move)
    if not any(ch.isspace() for ch in text):
        return text
    code = getattr(move, "code", None)
    return code if isinstance(code, str) else "_".join(text.split())


def parse_token(state: State[Any], token: str) -> Any:
    """A move written as one word by `move_token`: its notation, or with `_` for the
    notation's spaces (Okard's `PI_K`)."""
    try:
        return state.parse_move(token)
    except NotationError:
        if "_" not in token:
            raise
        return state.parse_move(token.replace("_", " "))


def score_text(score: int) -> str:
    """A native score as UCI writes it: `cp N` for an estimate, `mate N` (moves) for a
    proven result, negative when the mover loses."""
    plies = mate_in(score)
    if plies is None:
        return f"cp {score}"
    moves = (abs(plies) + 1) // 2
    return f"mate {moves if plies > 0 else -moves}"


def _whole(raw: str, high: int) -> int | None:
    """`raw` as a whole number clamped to `0..high` (None if it is not ASCII digits)."""
    if not is_ascii_int(raw):
        return None
    return min(read_int(raw, "value", low=0), high)


def _line(state: State[Any], pv: tuple[str, ...]) -> str:
    """The principal variation in move tokens (each read in its own position)."""
    words = []
    twin = state.copy()
    for notation in pv:
        try:
            move = twin.parse_move(notation)
            twin.play(move)
        except SpieltischError:
            break
        words.append(move_token(move))
    return " ".join(words)


def info_line(state: State[Any], it: Iteration) -> str:
    """One UCI `info` line for a completed depth."""
    line = _line(state, it.pv)  # none before a die roll: the line depends on the roll
    return (
        f"info depth {it.depth} score {score_text(it.score)} nodes {it.nodes} nps {it.nps} "
        f"time {int(it.seconds * 1000)}" + (f" pv {line}" if line else "")
    )


def info_lines(state: State[Any], it: Iteration, multipv: int) -> list[str]:
    """The UCI `info` lines of a completed depth: one, or with MultiPV one per principal
    variation (`multipv K`, best first), as UCI engines print them."""
    if multipv <= 1 or len(it.lines) <= 1:
        return [info_line(state, it)]
    rows = []
    for index, variation in enumerate(it.lines, start=1):
        line = _line(state, variation.pv)
        rows.append(
            f"info depth {it.depth} multipv {index} score {score_text(variation.score)} "
            f"nodes {it.nodes} nps {it.nps} time {int(it.seconds * 1000)}"
            + (f" pv {line}" if line else "")
        )
    return rows


def _notations(state: State[Any], tokens: list[str]) -> list[str]:
    """Move tokens (`move_token`) as the notation the native search reads; a token that is
    not a legal move here raises the game's own error."""
    out = []
    for token in tokens:
        move = parse_token(state, token)
        state.check(move)
        out.append(str(move))
    return out


def _python_analyse(state: State[Any], seconds: float | None, depth: int | None) -> str | None:
    """The Python alpha-beta, one completed depth per line; returns the best move token."""
    agent = AlphaBetaAgent(shuffle=False, seed=0)
    start = time.perf_counter()
    best: str | None = None
    limit = depth if depth is not None else 64
    for current in range(1, limit + 1):
        remaining = None if seconds is None else seconds - (time.perf_counter() - start)
        if remaining is not None and remaining <= 0:
            break
        agent.budget = Budget(depth=current, seconds=remaining)
        move = agent.select(state)
        stats = agent.stats
        if stats["depth"] < current:
            break  # the time ran out inside this depth
        best = move_token(move)
        elapsed = time.perf_counter() - start
        value = float(stats["value"])
        if abs(value) >= PYTHON_PROVEN:
            plies = int(PYTHON_WIN - abs(value))
            moves = (plies + 1) // 2
            score = f"mate {moves if value > 0 else -moves}"
        else:
            score = f"cp {round(value * 10)}"
        nps = int(stats["nodes"] / stats["seconds"]) if stats["seconds"] > 0 else 0
        click.echo(
            f"info depth {current} score {score} nodes {stats['nodes']} nps {nps} "
            f"time {int(elapsed * 1000)} pv {best}"
        )
        if abs(value) >= PYTHON_PROVEN:
            break
    return best


@click.command("analyse")
@GAME
@POSITION
@POSITION_FILE
@SEED
@click.option("--time", "seconds", type=Seconds(0.001, 86_400.0), help="Think this many seconds.")
@click.option("--depth", type=WholeNumber(1, MAX_DEPTH), help="Search to this depth.")
@click.option(
    "--engine",
    type=click.Choice(["native", "python"]),
    default=None,
    help="The native search (default where the game has one) or the Python alpha-beta.",
)
@click.option("--threads", type=WholeNumber(1, MAX_THREADS), default=1, show_default=True)
@click.option(
    "--multipv",
    type=WholeNumber(1, MAX_MULTIPV),
    default=1,
    show_default=True,
    help="Principal variations to show, each with another first move, best first (native).",
)
@click.option(
    "--searchmove",
    "searchmoves",
    multiple=True,
    metavar="MOVE",
    help="Search only this move at the root (repeat for several; native).",
)
def analyse(
    game: str,
    position: str | None,
    position_file: Path | None,
    seed: int | None,
    seconds: float | None,
    depth: int | None,
    engine: str | None,
    threads: int,
    multipv: int,
    searchmoves: tuple[str, ...],
) -> None:
    """Search a position: one line per completed depth (depth, score, nodes, nodes per
    second, principal variation) as UCI engines print them, then `bestmove`; with
    --multipv N, N lines per depth (`multipv 1..N`), each with another first move.

    Without --time or --depth the search runs for one second.
    """
    with user_errors():
        loaded = load(game)
        state = load_state(loaded, position, position_file, seed)
        if state.is_over():
            fail("the game is over: there is nothing to analyse")
        if seconds is None and depth is None:
            seconds = 1.0
        engine = engine or ("native" if native.available(loaded) else "python")
        if engine == "python":
            if threads != 1 or multipv != 1 or searchmoves:
                fail("--threads, --multipv and --searchmove are for the native engine")
            if state.is_chance():
                fail(
                    "the position waits for a chance event (a die roll): the Python engine "
                    "analyses positions where a player moves; the native engine values the roll"
                )
            best = _python_analyse(state, seconds, depth)
        else:
            text, moves = game_line(state)
            only = _notations(state, list(searchmoves))
            result = search(
                loaded,
                text,
                moves=moves,
                time=seconds,
                depth=depth,
                threads=threads,
                multipv=multipv,
                searchmoves=only,
                report=lambda it: click.echo("\n".join(info_lines(state, it, multipv))),
            )
            best = None if result.best is None else move_token(state.parse_move(result.best))
        click.echo(f"bestmove {best or '(none)'}")


class UciEngine:
    """The UCI protocol on two text streams, for one game (the native search)."""

    def __init__(self, game: Game[Any, Any], out: TextIO) -> None:
        self.game = game
        self.out = out
        self.state: State[Any] = game.new_state(0)
        self.threads = 1
        self.hash_mb = 16
        self.multipv = 1
        self.worker: threading.Thread | None = None
        self.stop: Any = None
        self.infinite = False
        self.lock = threading.Lock()

    def send(self, line: str) -> None:
        with self.lock:
            self.out.write(line + "\n")
            self.out.flush()

    def run(self, lines: TextIO) -> None:
        for raw in lines:
            line = raw[:MAX_LINE].strip()
            if not line:
                continue
            command, _, rest = line.partition(" ")
            if command == "quit":
                self.finish()
                return
            try:
                self.handle(command, rest.strip())
            except SpieltischError as exc:
                self.send(f"info string error: {' '.join(str(exc).split())[:200]}")
        # The input ended (a piped session): a timed search still gives its move.
        self.finish(stop=self.infinite)

    def handle(self, command: str, rest: str) -> None:
        if command == "uci":
            self.send(f"id name spieltisch {self.game.name}")
            self.send("id author spieltisch")
            self.send(f"option name Threads type spin default 1 min 1 max {MAX_THREADS}")
            self.send(f"option name Hash type spin default 16 min 1 max {MAX_HASH}")
            self.send(f"option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}")
            self.send("uciok")
        elif command == "isready":
            self.send("readyok")
        elif command == "ucinewgame":
            self.finish()
            self.state = self.game.new_state(0)
        elif command == "setoption":
            self.set_option(rest)
        elif command == "position":
            self.finish(stop=False)
            self.set_position(rest)
        elif command == "go":
            self.finish(stop=False)
            self.go(rest)
        elif command == "stop":
            self.finish()
        else:
            self.send(f"info string unknown command {command[:40]}")

    def set_option(self, rest: str) -> None:
        words = rest.split()
        if len(words) >= 4 and words[0] == "name" and words[2] == "value":
            name, value = words[1].lower(), words[3]
            number = _whole(value, MAX_HASH)
            if name == "threads" and number is not None:
                self.threads = max(1, min(number, MAX_THREADS))
                return
            if name == "hash" and number is not None:
                self.hash_mb = max(1, number)
                return
            if name == "multipv" and number is not None:
                self.multipv = max(1, min(number, MAX_MULTIPV))
                return
        self.send(f"info string unknown option {rest[:60]}")

    def set_position(self, rest: str) -> None:
        head, _, moves = rest.partition(" moves ")
        if rest.endswith(" moves") or rest == "moves":
            head, moves = rest.removesuffix("moves").strip(), ""
        head = head.strip()
        if head == "startpos":
            state = self.game.new_state(0)
        elif head.startswith("fen "):
            state = self.game.parse(head[4:].strip())
        else:
            self.send("info string position startpos|fen TEXT [moves ...]")
            return
        for token in moves.split():
            state.play(parse_token(state, token))
        self.state = state

    def go(self, rest: str) -> None:
        words = rest.split()
        values: dict[str, int] = {}
        for key, value in zip(words, [*words[1:], ""], strict=True):
            number = _whole(value, 10**12)
            if number is not None:
                values[key] = number
        seconds: float | None = None
        depth = values.get("depth")
        self.infinite = "infinite" in words
        if "movetime" in values:
            seconds = max(values["movetime"], 1) / 1000
        elif "wtime" in values or "btime" in values:
            mine = "wtime" if self.state.to_move == 0 else "btime"
            increment = values.get("winc" if mine == "wtime" else "binc", 0)
            left = values.get(mine, 1000)
            moves_to_go = max(values.get("movestogo", 30), 1)
            seconds = max(min(left / moves_to_go + increment * 0.8, left * 0.5), 1) / 1000
        elif depth is None and "infinite" not in words:
            seconds = 1.0
        state = self.state.copy()
        only: list[str] = []
        if "searchmoves" in words:
            tokens = []
            for word in words[words.index("searchmoves") + 1 :]:
                if word in GO_WORDS:
                    break
                tokens.append(word)
            only = _notations(state.copy(), tokens)
        self.stop = stop_flag()
        stop = self.stop

        # The position and the moves that led to it (`position ... moves ...`): the search
        # scores repetitions of the game's earlier positions as the rules do.
        text, moves = game_line(state)
        multipv = self.multipv

        def report(it: Iteration) -> None:
            for row in info_lines(state, it, multipv):
                self.send(row)

        def think() -> None:
            result = search(
                self.game,
                text,
                moves=moves,
                time=seconds,
                depth=depth,
                threads=self.threads,
                hash_mb=self.hash_mb,
                report=report,
                stop=stop,
                multipv=multipv,
                searchmoves=only,
            )
            best = "(none)" if result.best is None else move_token(state.parse_move(result.best))
            self.send(f"bestmove {best}")

        self.worker = threading.Thread(target=think, daemon=True)
        self.worker.start()

    def finish(self, *, stop: bool = True) -> None:
        """Stop a running search (or let it run out) and wait for its `bestmove`."""
        if self.worker is not None:
            if stop and self.stop is not None:
                self.stop.set()
            self.worker.join()
            self.worker = None


@click.command("uci")
@GAME
def uci(game: str) -> None:
    """Run the native engine of GAME over the UCI protocol on standard input and output
    (`position startpos|fen TEXT moves …`, `go movetime|depth|wtime…|infinite`,
    `go … searchmoves M…`, `stop`, options Threads, Hash and MultiPV), in the game's own
    move notation.

    `startpos` is the game's start drawn with seed 0 (`spieltisch show GAME --seed 0`);
    `fen` takes the game's position text. When the input ends, a running timed search
    still prints its `bestmove`."""
    with user_errors():
        loaded = load(game)
        if not native.available(loaded):
            fail(f"{game} has no native engine (native engines: {', '.join(native.engines())})")
        UciEngine(loaded, sys.stdout).run(sys.stdin)
