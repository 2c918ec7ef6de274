"""A random bot for spieltisch's JSON bot protocol, standard library only.

python random_bot.py GAME [-h HOST] [-p PORT] [-r RESERVATION]
"""

import argparse
import json
import random
import socket


def main() -> None:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("game", nargs="?", default="ostseeschach")
    parser.add_argument("-h", "--host", default="127.0.0.1")
    parser.add_argument("-p", "--port", type=int, default=13050)
    parser.add_argument("-r", "--reservation")
    args = parser.parse_args()
    with socket.create_connection((args.host, args.port)) as sock:
        stream = sock.makefile("rwb")

        def send(**message: object) -> None:
            stream.write(json.dumps(message).encode() + b"\n")
            stream.flush()

        if args.reservation:
            send(type="join", reservation=args.reservation, name="random bot")
        else:
            send(type="join", game=args.game, name="random bot")
        for line in stream:
            message = json.loads(line)
            if message["type"] == "move_request":
                send(type="move", move=random.choice(message["legal"]))
            elif message["type"] == "error":
                print("error:", message["message"])
            elif message["type"] == "over":
                print("winner:", message["winner"], "reason:", message["reason"])
                return


if __name__ == "__main__":
    main()
