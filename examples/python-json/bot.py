"""A starter bot for spieltisch's JSON protocol over TCP (Python 3.8+, standard library only).

    python bot.py GAME [-h HOST] [-p PORT] [-r RESERVATION] [--name NAME]

It plays any of the four games: the server sends every legal move (`move_request`) and a
description of the position (`view`) that needs no knowledge of the game. This bot is
greedy in the simplest way: it takes an opponent's piece when it can, else it plays a
random legal move. Make it yours in `choose()`; everything else is plumbing.
"""

import argparse
import json
import random
import socket


def choose(view, seat, legal):
    """Pick one of the `legal` move notations. `view` is the game's view of the position
    (docs/view.md): cells, pieces with their owner, and every legal move with the path of
    cells a person would click. A move whose last click is a cell holding an opponent's
    piece captures it (in the grid games)."""
    moves = {m["notation"]: m for m in view["moves"]} if view else {}
    occupied = {p["cell"]: p["owner"] for p in view["pieces"]} if view else {}
    captures = [
        notation
        for notation in legal
        if notation in moves
        and moves[notation]["path"]
        and occupied.get(moves[notation]["path"][-1], seat) not in (seat, None)
    ]
    return random.choice(captures or legal)


def main():
    parser = argparse.ArgumentParser(add_help=False)  # -h is the host, as in the competition
    parser.add_argument("game", nargs="?", default="ostseeschach")
    parser.add_argument("-h", "--host", default="127.0.0.1")
    parser.add_argument("-p", "--port", type=int, default=13050)
    parser.add_argument("-r", "--reservation", help="the code of a prepared game's seat")
    parser.add_argument("--name", default="python starter bot")
    parser.add_argument("--help", action="help")
    args = parser.parse_args()

    with socket.create_connection((args.host, args.port)) as sock:
        stream = sock.makefile("rwb")

        def send(**message):
            """One JSON object per line."""
            stream.write(json.dumps(message).encode() + b"\n")
            stream.flush()

        if args.reservation:  # a seat the server (or `spieltisch duel`) prepared for us
            send(type="join", reservation=args.reservation, name=args.name)
        else:  # an open table of the game, or a new one that waits for an opponent
            send(type="join", game=args.game, name=args.name)

        seat, view = None, None
        for line in stream:
            message = json.loads(line)
            kind = message["type"]
            if kind == "joined":
                seat = message["seat"]
                print(f"joined table {message['table']} as seat {seat} ({message['player']})")
            elif kind == "view":
                view = message["view"]["state"]  # the game's view; the table's is around it
            elif kind == "move_request":
                send(type="move", move=choose(view, seat, message["legal"]))
            elif kind == "error":  # a refused move changes nothing: we are asked again
                print("error:", message.get("rule"), message["message"])
            elif kind == "over":
                winner = message["winner"]
                verdict = "draw" if winner is None else ("won" if winner == seat else "lost")
                print(f"game over: {verdict} ({message['reason']})")
                return


if __name__ == "__main__":
    main()
