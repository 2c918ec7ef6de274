"""The project's AI as a network bot (`spieltisch bot`): it joins a game on a bot server
over the competition's XML protocol or the JSON protocol and plays until the game ends.

Plain blocking sockets: a bot is a process of its own with nothing else to do while it
waits. The XML side reads the server's stream with the same bounded splitter the server
uses and every packet with the hardened reader.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spieltisch.ai.agent import Agent
from spieltisch.ai.levels import levels
from spieltisch.ai.spec import make_agent
from spieltisch.bots.stream import PacketSplitter
from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import Game, State
from spieltisch.core.registry import load
from spieltisch.core.sc_xml import escape, join, room
from spieltisch.core.xml_reading import read_xml

__all__ = ["BotOutcome", "ProtocolError", "agent_for", "play_json", "play_xml"]

#: Seconds without a byte from the server before the bot gives up.
READ_TIMEOUT = 600.0


class ProtocolError(SpieltischError):
    """The server said something the bot cannot go on from (an error, a closed stream)."""


@dataclass
class BotOutcome:
    """How the bot's game went: its room and seat, the winner (None: a draw or no
    result), the result's causes, the moves it made and the errors it heard."""

    room: str = ""
    seat: int | None = None
    winner: int | None = None
    finished: bool = False
    causes: list[str] = field(default_factory=list)
    moves: int = 0
    errors: list[str] = field(default_factory=list)

    def summary(self) -> str:
        if not self.finished:
            return f"room {self.room}: no result ({'; '.join(self.errors) or 'closed'})"
        result = "a draw" if self.winner is None else f"player {self.winner + 1} won"
        mine = "" if self.seat is None else f", I played player {self.seat + 1}"
        causes = f" ({', '.join(self.causes)})" if self.causes else ""
        made = f"{self.moves} move{'' if self.moves == 1 else 's'} made"
        return f"room {self.room}: {result}{causes}{mine}, {made}"


def agent_for(game: Game[Any, Any], level: str, seed: int | None = None) -> Agent:
    """The agent of a level name (`easy`, …) or an agent spec (`random`, `mcts:…`)."""
    spec = levels(game).get(level, level)
    return make_agent(spec, game, seed=seed)


def _connect(host: str, port: int, timeout: float) -> socket.socket:
    sock = socket.create_connection((host, port), timeout=timeout)
    sock.settimeout(READ_TIMEOUT)
    return sock


def play_xml(
    game: Game[Any, Any],
    choose: Callable[[State[Any]], Any],
    *,
    host: str = "127.0.0.1",
    port: int = 13050,
    reservation: str | None = None,
    room_id: str | None = None,
    name: str = "",
    connect_timeout: float = 10.0,
) -> BotOutcome:
    """Play one game over the XML protocol; `choose` picks a move in a state."""
    codec = game.competition()
    if codec is None:
        raise ProtocolError(f"{game.title} has no competition XML: use --protocol json")
    outcome = BotOutcome()
    shown = f' displayName="{escape(name)}"' if name else ""
    if reservation is not None:
        request = f'<joinPrepared reservationCode="{escape(reservation)}"/>'
    elif room_id is not None:
        request = f'<joinRoom roomId="{escape(room_id)}"{shown}/>'
    else:
        request = join(codec.game_type)
        if name:
            request = request.replace("/>", f"{shown}/>")
    splitter = PacketSplitter()
    state: State[Any] | None = None
    with _connect(host, port, connect_timeout) as sock:
        sock.sendall(f"<protocol>\n{request}\n".encode())
        while True:
            data = sock.recv(65536)
            if not data:
                break
            for packet in splitter.feed(data):
                element = read_xml(packet.decode("utf-8"))
                tag = element.tag
                if tag == "joined":
                    outcome.room = element.get("roomId", "")
                elif tag == "errorpacket":
                    outcome.errors.append(element.get("message", ""))
                elif tag == "left":
                    return outcome
                elif tag == "room":
                    data_element = element.find("data")
                    kind = "" if data_element is None else data_element.get("class", "")
                    if kind == "welcomeMessage" and data_element is not None:
                        color = data_element.get("color", "")
                        if color in codec.teams:
                            outcome.seat = codec.teams.index(color)
                    elif kind == "memento":
                        state = codec.state_from_xml(packet.decode("utf-8"))
                    elif kind == codec.move_request:
                        if state is None:
                            raise ProtocolError("a move request before any state")
                        move = choose(state)
                        lines = codec.move_lines(move, "data", ' class="move"')
                        sock.sendall(("\n".join(room(outcome.room, lines)) + "\n").encode())
                        outcome.moves += 1
                    elif kind == "result" and data_element is not None:
                        _read_result(data_element, codec.teams, outcome)
                    elif kind == "error" and data_element is not None:
                        outcome.errors.append(data_element.get("message", ""))
            if splitter.closed:
                break
    return outcome


def _read_result(data: Any, teams: tuple[str, str], outcome: BotOutcome) -> None:
    outcome.finished = True
    upper = [team.upper() for team in teams]
    winner = data.find("winner")
    if winner is not None:
        team = (winner.get("team") or winner.get("color") or "").upper()
        outcome.winner = upper.index(team) if team in upper else None
    for score in data.iter("score"):
        cause = score.get("cause", "REGULAR")
        if cause != "REGULAR":
            outcome.causes.append(cause)


def play_json(
    choose: Callable[[State[Any]], Any],
    *,
    game: str | None = None,
    options: str = "",
    host: str = "127.0.0.1",
    port: int = 13050,
    reservation: str | None = None,
    table: str | None = None,
    name: str = "",
    connect_timeout: float = 10.0,
) -> BotOutcome:
    """Play one game over the JSON protocol (TCP, one object per line)."""
    outcome = BotOutcome()
    request: dict[str, Any] = {"type": "join", "name": name}
    if reservation is not None:
        request["reservation"] = reservation
    elif table is not None:
        request["table"] = table
    else:
        request.update(game=game, options=options)
    position: str | None = None
    loaded: Game[Any, Any] | None = None
    with _connect(host, port, connect_timeout) as sock, sock.makefile("rwb") as stream:
        stream.write(json.dumps(request).encode() + b"\n")
        stream.flush()
        for line in stream:
            message = json.loads(line)
            kind = message.get("type")
            if kind == "joined":
                outcome.room, outcome.seat = message["table"], message["seat"]
            elif kind == "view":
                view = message["view"]
                if loaded is None:
                    loaded = load(view["game"], view["options"] or None)
                position = view["position"]
            elif kind == "move_request":
                if loaded is None or position is None:
                    raise ProtocolError("a move request before any view")
                move = choose(loaded.parse(position))
                stream.write(json.dumps({"type": "move", "move": str(move)}).encode() + b"\n")
                stream.flush()
                outcome.moves += 1
            elif kind == "error":
                outcome.errors.append(message.get("message", ""))
                if message.get("rule") == "JOIN":
                    return outcome
            elif kind == "over":
                outcome.finished = message["status"] == "over"
                outcome.winner = message["winner"]
                forfeit = message.get("forfeit")
                if forfeit:
                    outcome.causes.append(forfeit["cause"])
                return outcome
    return outcome
