"""A match between one of our agents and an external UCI engine, refereed move by move by
our rules: the sparring harness for the engines (Fairy-Stockfish for Schachogi, or any
program that speaks UCI in our games' move notation).

    python -m benchmarks.uci_match GAME --engine-cmd "CMD" [--ours native:time=1]
        [--movetime 1.0 | --depth N] [--pairs 10] [--opening 4] [--seed 2026]
        [--engine-option NAME=VALUE ...] [--position startpos|fen]

Every pair of games starts from the same position (`new_state(seed)` with the pair's
seed, then OPENING random moves, the same in both games) with the seats swapped. The
engine is told the game as `position startpos moves ...` (or `position fen TEXT moves
...` with our start text, for a game whose start the engine cannot know) and asked with
`go movetime MS` (or `go depth N`); its `bestmove` must be a legal move in our notation,
else it loses that game and the reason is printed. An engine whose own rules leave it
no move (`bestmove (none)`: Fairy-Stockfish's royal Pflöck when every move leaves it
attacked, which our rules allow and which loses it at once) gets our first legal move
played for it, so that the game ends by our rules; the count is printed. Our agent gets
the whole game (its history: the native search scores repetitions as the rules do).

It prints each game, then our wins, draws and losses, the score with its 95 % interval,
the Elo difference with its interval, and both sides' mean seconds and depth per move.
To measure ourselves against ourselves (and to test this harness), the external engine
can be `spieltisch uci GAME`.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import spieltisch
from benchmarks.pairs import play_pairs, refereed, result_text
from spieltisch.ai.agent import Agent
from spieltisch.ai.spec import make_agent
from spieltisch.arena.elo import MatchScore
from spieltisch.cli.engine import move_token, parse_token
from spieltisch.core.errors import NotationError
from spieltisch.core.game import Game, State

#: A UCI engine's `bestmove` when it sees no legal move.
NO_MOVE = ("(none)", "0000")


class EngineForfeit(Exception):
    """The engine answered with something that is not a legal move, or not at all."""


@dataclass
class Thinking:
    """Seconds and depths of one side's moves."""

    seconds: list[float] = field(default_factory=list)
    depths: list[int] = field(default_factory=list)

    def line(self) -> str:
        moves = len(self.seconds)
        if not moves:
            return "no moves"
        mean = sum(self.seconds) / moves
        depth = f", depth {sum(self.depths) / len(self.depths):.1f}" if self.depths else ""
        return f"{moves} moves, {mean:.3f} s a move{depth}"


class UciEngine(Agent):
    """An external UCI engine as an agent (one process for the whole match)."""

    def __init__(
        self,
        command: str,
        *,
        movetime: float | None,
        depth: int | None,
        options: list[tuple[str, str]],
        fen: bool,
    ) -> None:
        super().__init__(None)
        self.spec = command
        self.movetime = movetime
        self.depth = depth
        self.fen = fen
        self.thinking = Thinking()
        self.last_depth = 0
        #: How often the engine answered that it had no move (`NO_MOVE`).
        self.no_move = 0
        self.process = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.wait_for("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, word: str) -> str:
        """Read lines until one starts with `word`; that line."""
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise EngineForfeit(f"the engine ended before {word!r}")
            if line.split(maxsplit=1)[:1] == [word]:
                return line.strip()
            words = line.split()
            if words[:1] == ["info"] and "depth" in words:
                at = words.index("depth") + 1
                if at < len(words) and words[at].isdigit():
                    self.last_depth = int(words[at])

    def new_game(self) -> None:
        super().new_game()
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def select(self, state: State[Any]) -> Any:
        if state.is_chance():
            return state.sample_chance(self.rng)
        start, moves = start_and_moves(state)
        head = f"fen {start.text()}" if self.fen else "startpos"
        tokens = " ".join(move_token(move) for move in moves)
        self.send(f"position {head}" + (f" moves {tokens}" if tokens else ""))
        go = f"go depth {self.depth}" if self.depth else f"go movetime {self.movetime_ms()}"
        self.last_depth = 0
        began = time.perf_counter()
        self.send(go)
        answer = self.wait_for("bestmove").split()
        self.thinking.seconds.append(time.perf_counter() - began)
        if self.last_depth:
            self.thinking.depths.append(self.last_depth)
        if len(answer) < 2:
            raise EngineForfeit("bestmove without a move")
        if answer[1] in NO_MOVE:
            # The engine's rules see no move (Fairy-Stockfish's royal Pflöck that may not step
            # into attack, when every move leaves it attacked); ours still ask for one, and
            # every one of them loses the Pflöck: the first legal move is played for it.
            self.no_move += 1
            return min(state.legal_moves(), key=str)
        try:
            move = parse_token(state, answer[1])
        except NotationError as exc:
            raise EngineForfeit(f"bestmove {answer[1]}: {exc}") from None
        if not state.is_legal(move):
            raise EngineForfeit(f"bestmove {answer[1]} is not legal here")
        return move

    def movetime_ms(self) -> int:
        return max(1, round((self.movetime or 1.0) * 1000))

    def close(self) -> None:
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


class Ours(Agent):
    """Our agent, its seconds and depths counted."""

    def __init__(self, agent: Agent) -> None:
        super().__init__(None)
        self.inner = agent
        self.spec = agent.spec
        self.thinking = Thinking()

    def new_game(self) -> None:
        super().new_game()
        self.inner.new_game()

    def select(self, state: State[Any]) -> Any:
        began = time.perf_counter()
        move = self.inner.select(state)
        self.thinking.seconds.append(time.perf_counter() - began)
        depth = self.inner.stats.get("depth")
        if isinstance(depth, int | float):
            self.thinking.depths.append(int(depth))
        return move


def start_and_moves(state: State[Any]) -> tuple[State[Any], list[Any]]:
    """The game's start position and the moves played from it (chance outcomes included)."""
    start = state.copy()
    moves = []
    while start.history():
        moves.append(start.undo())
    return start, moves[::-1]


def play_match(
    game: Game[Any, Any], ours: Ours, engine: UciEngine, *, pairs: int, opening: int, seed: int
) -> tuple[MatchScore, list[str]]:
    """Our score over `pairs` game pairs, and one line per game (printed as it ends)."""
    lines: list[str] = []

    def referee(
        game: Game[Any, Any], agents: tuple[Agent, Agent], start_seed: int, chance_seed: int
    ) -> tuple[int | None, str]:
        try:
            return refereed(game, agents, start_seed, chance_seed)
        except EngineForfeit as exc:  # the engine's seat loses
            ours_seat = 0 if getattr(agents[0], "agent", None) is ours else 1
            return ours_seat, f"engine forfeits: {exc}"

    def report(pair: int, seat: int, winner: int | None, reason: str) -> None:
        result = "draw" if winner is None else "ours wins" if winner == seat else "engine wins"
        lines.append(f"pair {pair + 1} ours as player {seat}: {result} ({reason})")
        print(lines[-1], flush=True)

    score = play_pairs(
        game, ours, engine, pairs=pairs, opening=opening, seed=seed, referee=referee, report=report
    )
    return score, lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.uci_match")
    parser.add_argument("game")
    parser.add_argument("--engine-cmd", required=True, help="the external UCI engine")
    parser.add_argument("--ours", default="native:time=1", help="our agent spec")
    parser.add_argument("--movetime", type=float, default=1.0, help="engine seconds a move")
    parser.add_argument("--depth", type=int, default=None, help="engine depth instead")
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--opening", type=int, default=4, help="random plies first")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--engine-option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--position", choices=("startpos", "fen"), default="startpos")
    parser.add_argument("--options", default=None, help="the game's options")
    args = parser.parse_args(argv)
    game = spieltisch.load(args.game, args.options)
    options = [tuple(text.split("=", 1)) for text in args.engine_option]
    if any(len(pair) != 2 for pair in options):
        parser.error("--engine-option NAME=VALUE")
    engine = UciEngine(
        args.engine_cmd,
        movetime=args.movetime,
        depth=args.depth,
        options=[(name, value) for name, value in options],
        fen=args.position == "fen",
    )
    ours = Ours(make_agent(args.ours, game, seed=args.seed))
    began = time.perf_counter()
    try:
        score, _lines = play_match(
            game, ours, engine, pairs=args.pairs, opening=args.opening, seed=args.seed
        )
    finally:
        engine.close()
    limit = f"depth {args.depth}" if args.depth else f"{args.movetime:g} s a move"
    print(
        f"{args.game}: {args.ours} against {args.engine_cmd} ({limit}), "
        f"{args.opening} random opening plies, {score.games} games: "
        f"{result_text(score)}, seed {args.seed}, "
        f"{time.perf_counter() - began:.0f} s"
    )
    print(f"  ours:   {ours.thinking.line()}")
    print(f"  engine: {engine.thinking.line()}")
    if engine.no_move:
        print(f"  the engine saw no legal move {engine.no_move} times (a move was played for it)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
