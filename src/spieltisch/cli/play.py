"""The `play` subcommand: a game at the terminal against a random mover, the AI or a
second person, recorded move by move so that it can be replayed or resumed.

Chance outcomes (dice) are drawn from the game's seed and the ply (`core.chance`), so
`undo` and the same step again give the same roll. Every game is written to a record
after each move (`games/GAME-YYYYmmdd-HHMMSS.json` or `--save PATH`); `--record PATH`
resumes it from its start and every move, so rules that look at the history (Schachogi's
repetitions) still see it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from spieltisch.ai.agent import Agent
from spieltisch.ai.spec import make_agent
from spieltisch.cli.common import (
    GAME,
    GAME_OVER,
    OPTIONS,
    POSITION,
    POSITION_FILE,
    SEED,
    WholeNumber,
    board,
    columns,
    fail,
    load_state,
    one_line,
    print_result,
    user_errors,
)
from spieltisch.cli.keep import keep, open_store, store_options
from spieltisch.cli.prompt import MAX_LINE, Ask, ask_line
from spieltisch.core import Game, SpieltischError, State, load
from spieltisch.core.chance import MAX_SEED, chance_rng
from spieltisch.core.errors import quote
from spieltisch.core.record import GameRecord, load_record
from spieltisch.tables import ChanceDrawn, Event, MovePlayed, Seat, Status, Table

PLAY_HELP = """commands (a line that reads as a move is played; `:word` is always a command):
  <move>      make a move in the game's notation
  moves       list the legal moves (also `?`)
  undo        take back your last move and the moves made since
  board       show the board again
  position    print the position text
  help        this text
  quit        leave the game (its record stays; `play GAME --record FILE` resumes it)"""

COMMANDS = {
    "moves": "moves",
    "legal": "moves",
    "?": "moves",
    "undo": "undo",
    "board": "board",
    "position": "position",
    "text": "position",
    "help": "help",
    "quit": "quit",
    "exit": "quit",
}

#: Called after every change of the game at the table (to save its record).
OnChange = Callable[[Table], None]


@click.command()
@GAME
@click.option(
    "--opponent",
    type=click.Choice(["random", "human"]),
    default="random",
    show_default=True,
    help="Who plays the other side.",
)
@click.option(
    "--ai",
    "ai",
    metavar="LEVEL",
    default=None,
    help="Play against the AI: a level (easy, medium, hard, max) or an agent spec "
    "such as mcts:iterations=400 or alphabeta:depth=3.",
)
@click.option(
    "--seat",
    type=WholeNumber(0, 1),
    default=0,
    show_default=True,
    help="Your seat: 0 moves first, 1 second.",
)
@POSITION
@POSITION_FILE
@SEED
@OPTIONS
@click.option(
    "--record",
    "record_path",
    type=click.Path(path_type=Path),
    default=None,
    help="Resume the game in this record (its start and every move) and keep writing it.",
)
@click.option(
    "--save",
    "save_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the game's record to this file (default: games/GAME-YYYYmmdd-HHMMSS.json).",
)
@store_options
def play(
    game: str,
    opponent: str,
    ai: str | None,
    seat: int,
    position: str | None,
    position_file: Path | None,
    seed: int | None,
    options: tuple[str, ...],
    record_path: Path | None,
    save_path: Path | None,
    database: str,
    no_store: bool,
) -> None:
    """Play in the terminal against a random mover, the AI (--ai LEVEL) or another human.

    Type moves in the game's notation; `moves` lists the legal ones, `help` the commands.
    Dice and other chance events are drawn from the seed and shown. Every game is saved
    as a record after each move; `--record FILE` resumes it. A game played to its end
    also goes to the game store (--db, default spieltisch.db; not with --no-store), where
    `spieltisch ratings GAME` counts it.
    """
    with user_errors():
        if record_path is not None:
            if position is not None or position_file is not None or seed is not None or options:
                fail(
                    "--record holds the game's options, start and seed: "
                    "give no --position, --position-file, --seed or -o with it"
                )
            record = load_record(record_path)
            if record.game != game:
                fail(f"the record holds a game of {record.game}, not {game}")
            loaded = record.load_game()
            chance_seed = _chance_seed(record)
            target = save_path or record_path
        else:
            loaded = load(game, options)
            if seed is None:
                seed = random.SystemRandom().randrange(1 << 30)
            chance_seed = seed
            target = save_path or _default_path(game)
        agent = make_agent(ai, loaded, seed=chance_seed) if ai is not None else None
        humans = {0, 1} if opponent == "human" and agent is None else {seat}
        seats = _seats(humans, agent.spec if agent is not None else "random")
        if record_path is not None:
            record.meta.pop("abandoned", None)  # resuming an abandoned game goes on with it
            table = Table.from_record(
                record, seats=seats, chance_seed=chance_seed, clock=time.perf_counter
            )
        elif position is not None or position_file is not None:
            start = load_state(loaded, position, position_file, seed)
            table = Table(loaded, seats, state=start, chance_seed=seed, clock=time.perf_counter)
        else:
            table = Table(loaded, seats, seed=seed, clock=time.perf_counter)
        writer = RecordWriter(target)
        writer(table)
        over_before = table.outcome is not None
        store = open_store(database, no_store)
    click.echo(f"{loaded.title} (seed {chance_seed})")
    if agent is not None:
        click.echo(f"AI: {ai} = {agent.spec}")
    click.echo(f"record: {target}")
    with user_errors():
        try:
            run_table(table, humans, ask_line(), click.echo, agent, writer)
            if store is not None and table.outcome is not None and not over_before:
                kinds = [
                    "person" if seat.agent is None else f"ai:{seat.agent}" for seat in table.seats
                ]
                game_id = keep(store, table.record, kinds)
                click.echo(f"stored as game {game_id} in {database}")
        finally:
            if store is not None:
                store.close()


def _seats(humans: set[int], other: str) -> list[Seat]:
    """The person at the terminal in the seats of `humans`, `other` (an agent spec) in
    the rest."""
    return [
        Seat.person("human", token="terminal") if index in humans else Seat.ai(other)
        for index in (0, 1)
    ]


def _chance_seed(record: GameRecord) -> int:
    """The seed of the chance draws of a recorded game (a new one if it has none)."""
    value = record.meta.get("chance_seed", record.seed)
    if value is None:
        return random.SystemRandom().randrange(1 << 30)
    if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEED):
        fail(f"record field 'meta.chance_seed': expected a whole number 0..{MAX_SEED}")
    return value


def _default_path(game: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    path = Path("games") / f"{game}-{stamp}.json"
    number = 1
    while path.exists():
        number += 1
        path = Path("games") / f"{game}-{stamp}-{number}.json"
    return path


class RecordWriter:
    """Keeps the record of a table in its file, written whole after every change."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, table: Table) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_name(self.path.name + ".part")
        partial.write_text(table.record.to_json() + "\n", encoding="utf-8")
        partial.replace(self.path)


def play_loop(
    game: Game[Any, Any],
    state: State[Any],
    humans: set[int],
    chance_seed: int,
    ask: Ask,
    out: Callable[[str], None],
    agent: Agent | None = None,
    on_change: OnChange | None = None,
    seconds: list[float] | None = None,
) -> None:
    """Play `state` (its history counts as played, `seconds` per move) at a table to
    its end or until the person quits; see `run_table`."""
    seats = _seats(humans, agent.spec if agent is not None else "random")
    table = Table(
        game, seats, state=state, seconds=seconds, chance_seed=chance_seed, clock=time.perf_counter
    )
    run_table(table, humans, ask, out, agent, on_change)


def run_table(
    table: Table,
    humans: set[int],
    ask: Ask,
    out: Callable[[str], None],
    agent: Agent | None = None,
    on_change: OnChange | None = None,
) -> None:
    """Play at `table` to the end or until the person quits (starting it if it waits).

    `ask(prompt)` reads a line (EOFError ends the game); `out` prints. The table draws
    the chance outcomes; the seats not in `humans` are played by `agent`, or by a random
    mover drawn from the chance seed and the ply (so undo and the same step again give
    the same outcome). `on_change` hears of every change of the game.
    """
    game = table.game
    state = table.state
    names = game.player_names
    single = next(iter(humans)) if len(humans) == 1 else None
    pending: list[Event] = []
    shown = True  # the board on screen is the current position

    def viewer() -> int | None:
        if single is not None:
            return single
        return state.to_move if state.to_move in (0, 1) else None

    def flush() -> None:
        """Report what the table did (outside its event delivery, so that an error in
        printing or saving reaches the person)."""
        nonlocal shown
        if not pending:
            return
        for event in pending:
            if isinstance(event, ChanceDrawn):
                out(f"chance: {event.description or event.notation}")
            elif isinstance(event, MovePlayed):
                out(f"{names[event.seat]} plays {_in_words(event, names[event.seat])}")
            if isinstance(event, ChanceDrawn | MovePlayed):
                shown = False
        pending.clear()
        if on_change is not None:
            on_change(table)

    unsubscribe = table.subscribe(pending.append)
    try:
        out(board(state, viewer()))
        if table.status is Status.WAITING:
            table.start()
        flush()
        while (player := table.turn) is not None:
            if player not in humans:
                if agent is not None:
                    move = agent.select(state)
                else:
                    move = chance_rng(table.chance_seed, table.ply).choice(state.legal_moves())
                table.play(player, move)
                flush()
                continue
            if not shown:  # once before a person's turn, not after every step of the opponent
                out(board(state, viewer()))
                shown = True
            try:
                line = ask(f"{names[player]}> ").strip()
            except EOFError:
                out("bye")
                return
            if not line:
                continue
            if len(line) > MAX_LINE:
                out(f"not read: a line has at most {MAX_LINE} characters")
                continue
            command = _command(line, state)
            if command == "quit":
                out("bye")
                return
            if command == "help":
                out(PLAY_HELP)
            elif command == "moves":
                out(columns([str(move) for move in state.legal_moves()]))
            elif command == "board":
                out(board(state, viewer()))
            elif command == "position":
                out(state.text())
            elif command == "undo":
                _undo_turn(table, single, out)
                flush()
                out(board(state, viewer()))
            elif command is not None:
                out(f"unknown command {quote(line)}; `help` lists the commands")
            else:
                try:
                    table.play(player, line)
                except SpieltischError as exc:
                    out(f"not played: {one_line(str(exc))} (`moves` lists the legal moves)")
                    continue
                flush()
    finally:
        unsubscribe()
    final = board(state, viewer())
    if not shown:
        out(final)
    result = table.outcome
    if result is not None and not state.is_over():  # an end the table decided (time, resigning)
        verdict = "draw" if result.winner is None else f"{names[result.winner]} wins"
        out(f"{GAME_OVER} {verdict} ({result.reason})")
    print_result(game, state, out, final)


def _command(line: str, state: State[Any]) -> str | None:
    """The command a line names, or None for a move: a bare word is a command only when
    it does not read as a move in this game (`:word` always is)."""
    word = line.lower()
    if word.startswith(":"):
        return COMMANDS.get(word[1:].strip(), "unknown")
    if word not in COMMANDS:
        return None
    try:
        state.parse_move(line)
    except SpieltischError:
        return COMMANDS[word]
    return None


def _in_words(event: MovePlayed, name: str) -> str:
    """A move as `play` echoes it: its notation and, where the game says more, the move
    in words (`b2c3 (Möwe b2 takes blue's Seestern on c3)`), without the mover's name
    again where the game's words begin with it."""
    words = event.description.removeprefix(f"{name} ")
    return event.notation if words == event.notation else f"{event.notation} ({words})"


def _undo_turn(table: Table, single: int | None, out: Callable[[str], None]) -> None:
    """Take back the person's last move and every move since (with two people at the
    terminal: the last move made), and say which moves went."""
    movers = table.movers()
    moved = [seat for seat in movers if seat in (0, 1)]
    seat = single if single is not None else (moved[-1] if moved else None)
    if seat is None or seat not in moved:
        out("nothing to undo")
        return
    plies = len(movers) - max(i for i, mover in enumerate(movers) if mover == seat)
    taken = table.record.moves[-plies:]
    table.take_back(seat)
    names = table.game.player_names
    state = table.state.copy()
    gone = []
    for mover, text in zip(movers[-plies:], taken, strict=True):
        move = state.parse_move(text)
        words = state.describe_move(move)
        state.play(move)
        if mover in (0, 1):
            words = words.removeprefix(f"{names[mover]} ")
            detail = "" if words == text else f" ({words})"
            gone.append(f"{names[mover]}'s {text}{detail}")
        else:
            gone.append(f"the chance draw {words}")
    out(f"took back {len(gone)} move{'' if len(gone) == 1 else 's'}: {', '.join(gone)}")
