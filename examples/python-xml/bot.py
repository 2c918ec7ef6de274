"""A starter bot for Ostseeschach in the Software-Challenge 2022 XML protocol (Python 3.8+,
standard library only). It plays on `spieltisch server` as on the official server.

    python bot.py [-h HOST] [-p PORT] [-r RESERVATION]

The XML protocol sends no legal moves: the bot keeps the board of each `memento` and finds
its moves itself (`moves()`, the rules of shared/rules/ostseeschach.md). It is greedy:
ambers first, captures next, then forward, never onto a square the opponent attacks
unless it gains an amber there. Make it yours in `value()`.
"""

import argparse
import random
import socket
import xml.etree.ElementTree as ET

# How each piece steps, for team ONE (moving towards x = 7); team TWO mirrors dx.
STEPS = {
    "Herzmuschel": [(1, 1), (1, -1)],
    "Moewe": [(1, 0), (-1, 0), (0, 1), (0, -1)],
    "Seestern": [(1, 1), (1, -1), (-1, 1), (-1, -1), (1, 0)],
    "Robbe": [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)],
}


def moves(board, team):
    """Every legal move of `team` as ((x, y), (x2, y2)). `board` maps (x, y) to
    (type of the top piece, team, height)."""
    forward = 1 if team == "ONE" else -1
    for (x, y), (kind, owner, _) in board.items():
        if owner != team:
            continue
        for dx, dy in STEPS[kind]:
            to = (x + forward * dx, y + dy)
            if 0 <= to[0] < 8 and 0 <= to[1] < 8 and board.get(to, ("", "", 0))[1] != team:
                yield (x, y), to


def value(board, team, move):
    """How good `move` looks at one glance (higher is better)."""
    start, to = move
    kind, _, height = board[start]
    target = board.get(to)
    ambers = (height + (target[2] if target else 0) >= 3) + (
        kind != "Robbe" and to[0] == (7 if team == "ONE" else 0)
    )
    score = 100 * ambers + (10 * target[2] if target else 0)
    score += (to[0] - start[0]) * (1 if team == "ONE" else -1)  # forward is good
    if not ambers:  # would the opponent take the piece (a tower: an amber for them)?
        after = dict(board)
        after[to] = (kind, team, height + (target[2] if target else 0))
        del after[start]
        other = "TWO" if team == "ONE" else "ONE"
        if any(t == to for _, t in moves(after, other)):
            score -= 20 * after[to][2]
    return score + random.random()  # random among equals


def read_board(state):
    """The board of a memento's <state>."""
    board = {}
    for entry in state.iter("entry"):
        at, piece = entry.find("coordinates"), entry.find("piece")
        if at is not None and piece is not None:  # (the ambers map has entries too)
            board[int(at.get("x")), int(at.get("y"))] = (
                piece.get("type"),
                piece.get("team"),
                int(piece.get("count")),
            )
    return board


def main():
    parser = argparse.ArgumentParser(add_help=False)  # -h is the host, as in the competition
    parser.add_argument("-h", "--host", default="127.0.0.1")
    parser.add_argument("-p", "--port", type=int, default=13050)
    parser.add_argument("-r", "--reservation", help="the code of a prepared game's seat")
    parser.add_argument("--help", action="help")
    args = parser.parse_args()

    sock = socket.create_connection((args.host, args.port))
    send = lambda text: sock.sendall(text.encode())  # noqa: E731
    if args.reservation:
        send(f'<protocol><joinPrepared reservationCode="{args.reservation}"/>')
    else:
        send('<protocol><join gameType="swc_2022_ostseeschach"/>')

    # The server writes one endless <protocol> document; each packet is a child of it.
    parser = ET.XMLPullParser(events=("start", "end"))
    depth, room, team, board = 0, None, None, {}
    while True:
        data = sock.recv(65536)
        if not data:
            break
        parser.feed(data)
        for event, element in parser.read_events():
            depth += 1 if event == "start" else -1
            if event == "start" and depth == 1:
                protocol = element
            if event != "end" or depth != 1:  # a packet is complete when it ends at depth 1
                continue
            protocol.remove(element)  # forget packets once read
            if element.tag == "joined":
                room = element.get("roomId")
            elif element.tag == "left":  # the game is over: close our side too
                send("</protocol>")
                sock.close()
                return
            elif element.tag == "room":
                message = element.find("data")
                kind = message.get("class")
                if kind == "welcomeMessage":
                    team = message.get("color")
                    print("playing as", team)
                elif kind == "memento":
                    board = read_board(message.find("state"))
                elif kind == "moveRequest":
                    (x, y), (x2, y2) = max(moves(board, team), key=lambda m: value(board, team, m))
                    send(
                        f'<room roomId="{room}"><data class="move"><from x="{x}" y="{y}"/>'
                        f'<to x="{x2}" y="{y2}"/></data></room>'
                    )
                elif kind == "error":
                    print("error:", message.get("message"))
                elif kind == "result":
                    winner = message.find("winner")
                    print("winner:", "draw" if winner is None else winner.get("team"))


if __name__ == "__main__":
    main()
