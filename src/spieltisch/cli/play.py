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
from spieltisch.arena.record import GameRecord, load_record, replay_record
from spieltisch.cli.common import (
    GAME,
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
from spieltisch.cli.prompt import MAX_LINE, Ask, ask_line
from spieltisch.core import Game, SpieltischError, State, load
from spieltisch.core.chance import MAX_SEED, chance_rng, draw_chance
from spieltisch.core.errors import quote

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

#: Called after every change of the game with the state and the seconds of each move.
OnChange = Callable[[State[Any], list[float]], None]


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
) -> None:
    """Play in the terminal against a random mover, the AI (--ai LEVEL) or another human.

    Type moves in the game's notation; `moves` lists the legal ones, `help` the commands.
    Dice and other chance events are drawn from the seed and shown. Every game is saved
    as a record after each move; `--record FILE` resumes it.
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
            state = replay_record(record)
            chance_seed = _chance_seed(record)
            seconds = list(record.seconds) or [0.0] * len(record.moves)
            target = save_path or record_path
        else:
            loaded = load(game, options)
            if seed is None:
                seed = random.SystemRandom().randrange(1 << 30)
            from_text = position is not None or position_file is not None
            state = load_state(loaded, position, position_file, seed)
            chance_seed = seed
            record = GameRecord(
                game=loaded.name,
                options=loaded.options.text(),
                start=state.text(),
                seed=None if from_text else seed,
                players=("", ""),
            )
            seconds = []
            target = save_path or _default_path(game)
        agent = make_agent(ai, loaded, seed=chance_seed) if ai is not None else None
        humans = {0, 1} if opponent == "human" and agent is None else {seat}
        other = agent.spec if agent is not None else "random"
        record.players = ("human" if 0 in humans else other, "human" if 1 in humans else other)
        record.meta["chance_seed"] = chance_seed
        writer = RecordWriter(record, target)
        writer(state, seconds)
    click.echo(f"{loaded.title} (seed {chance_seed})")
    if agent is not None:
        click.echo(f"AI: {ai} = {agent.spec}")
    click.echo(f"record: {target}")
    with user_errors():
        play_loop(
            loaded, state, humans, chance_seed, ask_line(), click.echo, agent, writer, seconds
        )


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
    """Keeps the record of a game in play up to date in its file after every change."""

    def __init__(self, record: GameRecord, path: Path) -> None:
        self.record = record
        self.path = path

    def __call__(self, state: State[Any], seconds: list[float]) -> None:
        record = self.record
        record.moves = [str(move) for move in state.history()]
        record.seconds = [round(spent, 4) for spent in seconds]
        result = state.outcome()
        record.finished = result is not None
        record.winner = None if result is None else result.winner
        record.reason = "" if result is None else result.reason
        record.scores = ((), ()) if result is None else result.scores
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_name(self.path.name + ".part")
        partial.write_text(record.to_json() + "\n", encoding="utf-8")
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
    """Play `state` to its end or until the person quits.

    `ask(prompt)` reads a line (EOFError ends the game); `out` prints. Chance outcomes
    and the random mover's choices are drawn from `chance_seed` and the ply, so undo and
    the same step again give the same outcome. `seconds` (one per move in the state's
    history) grows with the moves; `on_change` hears of every change.
    """
    names = game.player_names
    times = seconds if seconds is not None else [0.0] * len(state.history())
    single = next(iter(humans)) if len(humans) == 1 else None

    def viewer() -> int | None:
        if single is not None:
            return single
        return state.to_move if state.to_move in (0, 1) else None

    def changed() -> None:
        del times[len(state.history()) :]
        if on_change is not None:
            on_change(state, times)

    out(board(state, viewer()))
    shown = True  # the board on screen is the current position
    while not state.is_over():
        player = state.to_move
        ply = len(state.history())
        if state.is_chance():
            move = draw_chance(state, chance_seed, ply)
            out(f"chance: {state.describe_move(move)}")
            state.push(move)
            times.append(0.0)
            changed()
            shown = False
            continue
        if player not in humans:
            started = time.perf_counter()
            if agent is not None:
                move = agent.select(state)
            else:
                move = chance_rng(chance_seed, ply).choice(state.legal_moves())
            spent = time.perf_counter() - started
            described = state.describe_move(move)
            detail = f"  ({described})" if described != str(move) else ""
            out(f"{names[player]} plays {move}{detail}")
            state.play(move)
            times.append(spent)
            changed()
            shown = False
            continue
        if not shown:  # once before a person's turn, not after every step of the opponent
            out(board(state, viewer()))
            shown = True
        started = time.perf_counter()
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
            _undo_turn(state, humans, out)
            changed()
            out(board(state, viewer()))
        elif command is not None:
            out(f"unknown command {quote(line)}; `help` lists the commands")
        else:
            try:
                state.play(state.parse_move(line))
            except SpieltischError as exc:
                out(f"not played: {one_line(str(exc))} (`moves` lists the legal moves)")
                continue
            times.append(time.perf_counter() - started)
            changed()
            shown = False
    final = board(state, viewer())
    if not shown:
        out(final)
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


def _undo_turn(state: State[Any], humans: set[int], out: Callable[[str], None]) -> None:
    """Take back moves until a person is to move again after at least one move."""
    if not state.history():
        out("nothing to undo")
        return
    while state.history():
        state.undo()
        if state.to_move in humans and not state.is_chance():
            break
