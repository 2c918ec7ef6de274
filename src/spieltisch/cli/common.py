"""What every subcommand shares: the one-line error, parameter types, options, loading.

Errors in the user's input (a position, move, option, file, agent spec or command-line
value) end in one line `error: …` on standard error and exit status 2; the message quotes
at most a short excerpt of the input.
"""

from __future__ import annotations

import inspect
import socket
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import click

from spieltisch.ai.spec import AgentSpecError, read_float
from spieltisch.core import Game, SpieltischError, State, game_names
from spieltisch.core.chance import MAX_SEED
from spieltisch.core.errors import quote
from spieltisch.core.files import read_text_file
from spieltisch.core.text import read_int

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
#: The longest error line printed (the quotes inside are shorter still).
MAX_MESSAGE = 300
#: The width every output fits.
WIDTH = 100
#: How the line that announces the end of a game begins (the CLI's and the boards').
GAME_OVER = "game over:"


def one_line(message: str) -> str:
    """`message` on one line, cut to `MAX_MESSAGE` characters."""
    flat = " ".join(message.split())
    return flat if len(flat) <= MAX_MESSAGE else flat[: MAX_MESSAGE - 1] + "…"


def fail(message: str) -> NoReturn:
    """Print `error: message` on standard error and exit with status 2."""
    click.echo(f"error: {one_line(message)}", err=True)
    sys.exit(EXIT_USAGE)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn errors caused by the user's input into one line and exit status 2."""
    try:
        yield
    except SpieltischError as exc:
        fail(str(exc))
    except BrokenPipeError:
        raise  # the reader went away: the entry point ends quietly
    except OSError as exc:
        name = f"{quote(str(exc.filename))}: " if exc.filename else ""
        fail(f"{name}{exc.strerror or exc}")
    except RecursionError:
        fail("the input is nested too deeply to be read")


class WholeNumber(click.ParamType[int, str]):
    """A whole number in `low..high` read like every number of outside text (`read_int`)."""

    name = "integer"

    def __init__(self, low: int, high: int) -> None:
        self.low = low
        self.high = high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        try:
            return read_int(str(value), "value", low=self.low, high=self.high)
        except SpieltischError as exc:
            self.fail(str(exc).removeprefix("value: "), param, ctx)


class Seconds(click.ParamType[float, str]):
    """A time in seconds: a plain decimal number in a range (no nan, inf or exponent)."""

    name = "seconds"

    def __init__(self, low: float, high: float) -> None:
        self.low = low
        self.high = high

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        if isinstance(value, float):
            return value
        try:
            return read_float(str(value), "seconds", self.low, self.high)
        except AgentSpecError as exc:
            self.fail(str(exc).removeprefix("seconds="), param, ctx)


def _game_argument(_ctx: click.Context, _param: click.Parameter, name: str) -> str:
    if name not in game_names():
        fail(f"unknown game {quote(name)} (known games: {', '.join(game_names())})")
    return name


GAME = click.argument("game", callback=_game_argument)
OPTIONS = click.option(
    "-o",
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A game option (variant setting); repeat for several. See `spieltisch games -v`.",
)
POSITION = click.option(
    "--position", "position", metavar="TEXT", help="Start from this position text."
)
POSITION_FILE = click.option(
    "--position-file",
    "position_file",
    type=click.Path(path_type=Path),
    help="Read the start position from a file (position text or the game's XML).",
)
SETUP = click.option(
    "--setup",
    is_flag=True,
    help="The position is set up by hand: read it even if no game can reach it "
    "(it must still be well-formed and playable).",
)
SEED = click.option(
    "--seed",
    type=WholeNumber(0, MAX_SEED),
    default=None,
    help="Seed of the random set-up and of the chance draws (0 .. 2^63-1).",
)


def read_position(game: Game[Any, Any], path: Path, *, reachable: bool = True) -> State[Any]:
    """The position in the file at `path` (any encoding `read_text_file` accepts)."""
    text = read_text_file(path, "the position file").strip()
    state: State[Any] = game.parse(text, reachable=reachable)
    return state


def load_state(
    game: Game[Any, Any],
    position: str | None,
    position_file: Path | None,
    seed: int | None,
    *,
    setup: bool = False,
) -> State[Any]:
    """The start: a position text, a position file, or `new_state(seed)`. `setup`: the
    position was set up by hand (`Game.parse(reachable=False)`)."""
    if position is not None and position_file is not None:
        fail("give either --position or --position-file, not both")
    if setup and position is None and position_file is None:
        fail("--setup reads a hand-made --position or --position-file; give one")
    if position_file is not None:
        return read_position(game, position_file, reachable=not setup)
    if position is not None:
        parsed: State[Any] = game.parse(position, reachable=not setup)
        return parsed
    state: State[Any] = game.new_state(seed)
    return state


def board(state: State[Any], viewer: int | None) -> str:
    """The board drawn from player `viewer`'s side, where the game can turn it."""
    render: Callable[..., str] = state.render
    if "viewer" in inspect.signature(render).parameters:
        return render(viewer=viewer)
    return render()  # a game that draws one side only


def print_result(
    game: Game[Any, Any], state: State[Any], out: Callable[[str], None], shown: str = ""
) -> None:
    """The game-over line (unless the board just `shown` has it already: printed once)
    and each player's score parts under their English names."""
    names = game.player_names
    result = state.outcome()
    if result is None:
        return
    if GAME_OVER not in shown:
        verdict = "draw" if result.winner is None else f"{names[result.winner]} wins"
        out(f"{GAME_OVER} {verdict} ({result.reason})")
    labels = game.score_labels or game.score_names
    if labels:
        for index, name in enumerate(names):
            parts = ", ".join(
                f"{label} {value}"
                for label, value in zip(labels, result.scores[index], strict=True)
            )
            out(f"  {name}: {parts}")


def columns(items: list[str], width: int = WIDTH) -> str:
    """`items` in columns (top to bottom, then left to right) that fit `width`; items
    that contain spaces get a wider gap so that neighbours do not run together."""
    if not items:
        return "(none)"
    gap = 4 if any(" " in item for item in items) else 2
    cell = max(len(item) for item in items) + gap
    per_row = max(1, (width + gap) // cell)
    rows = -(-len(items) // per_row)
    lines = []
    for row in range(rows):
        line = "".join(item.ljust(cell) for item in items[row::rows])
        lines.append(line.rstrip())
    return "\n".join(lines)


def check_port(host: str, port: int) -> None:
    """Fail with one error line if no server could listen on `host`:`port` (another
    program holds the port, or the address is not this machine's), so that a command
    announces its address only once the port is free for it. Port 0 (any free port)
    always passes; the test binds as the servers do (SO_REUSEADDR, so a port with only
    closing connections left counts as free)."""
    if port == 0:
        return
    try:
        found = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (socket.gaierror, UnicodeError) as exc:
        fail(f"cannot listen on {quote(host)}: {exc}")
    family, kind, protocol, _name, address = found[0]
    with socket.socket(family, kind, protocol) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
            probe.listen()
        except OSError as exc:
            shown = f"[{host}]" if ":" in host else host
            fail(f"cannot listen on {shown}:{port}: {exc.strerror or exc}")
