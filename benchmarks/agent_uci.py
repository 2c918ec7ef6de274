"""One of our agents behind UCI, as the external engine of `benchmarks.uci_match`: to
measure today's engine against an older build of spieltisch (issue 28's goals are gains
over the `max` of the day the issue was filed).

    OLD/.venv/bin/python -m benchmarks.agent_uci GAME SPEC

Run from this checkout with an older build's Python (installed outside the repository),
it plays that build's agent SPEC (`max:time=0.2`): the module uses only what every build
since the native engines has (`spieltisch.load`, `make_agent`, the UCI move tokens of
`spieltisch.cli.engine`). Unlike `spieltisch uci`, which searches every position from an
empty table, the agent keeps what it learnt through a game, as it does in a match or on
the server; `ucinewgame` starts a new game. It thinks with the agent's own budget (the
`go` command's limits are not read) and answers `info depth D` and `bestmove MOVE`.

    python -m benchmarks.uci_match hase-und-igel --position fen --opening 0 \\
        --engine-cmd "OLD/.venv/bin/python -m benchmarks.agent_uci hase-und-igel max:time=0.2" \\
        --ours max:time=0.2 --movetime 0.2 --pairs 50
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

import spieltisch
from spieltisch.ai.spec import make_agent
from spieltisch.cli.engine import move_token, parse_token


def serve(game_name: str, spec: str, lines: TextIO, out: TextIO) -> None:
    """Answer the UCI commands of `lines` on `out` with agent `spec` of GAME."""
    game = spieltisch.load(game_name)
    agent = make_agent(spec, game, seed=0)
    state: Any = None

    def send(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    for raw in lines:
        words = raw.split()
        command = words[0] if words else ""
        if command == "uci":
            send(f"id name spieltisch {spieltisch.__version__} {spec}")
            send("uciok")
        elif command == "isready":
            send("readyok")
        elif command == "ucinewgame":
            agent.new_game()
        elif command == "position":
            head, _, moves = raw.strip()[len("position") :].partition(" moves ")
            head = head.strip()
            state = game.new_state(0) if head == "startpos" else game.parse(head[4:].strip())
            for token in moves.split():
                state.play(parse_token(state, token))
        elif command == "go":
            if state is None:
                send("info string position first")
                send("bestmove (none)")
                continue
            move = agent.select(state)
            send(f"info depth {int(getattr(agent, 'stats', {}).get('depth', 0) or 0)}")
            send(f"bestmove {move_token(move)}")
        elif command == "quit":
            break


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m benchmarks.agent_uci GAME SPEC", file=sys.stderr)
        return 2
    serve(argv[0], argv[1], sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
