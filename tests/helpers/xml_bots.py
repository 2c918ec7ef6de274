"""Exchanges of the competition's XML protocol shared by the bot tests: a prepared pair
of clients, answering move requests until the end, the causes of a result."""

from __future__ import annotations

from typing import Any

from spieltisch.core.registry import load
from spieltisch.core.sc_xml import room
from spieltisch.core.xml_reading import read_xml
from tests.bots.helpers import XmlClient, kind

OSTSEE = "swc_2022_ostseeschach"


def answer(client: XmlClient, game: str, room_id: str, memento: str, pick: int = 0) -> Any:
    """Send a legal move (the `pick`-th) for the state of `memento`."""
    codec = load(game).competition()
    assert codec is not None
    state = codec.state_from_xml(memento)
    move = state.legal_moves()[pick % len(state.legal_moves())]
    client.send("\n".join(room(room_id, codec.move_lines(move, "data", ' class="move"'))))
    return move


def play_out(clients: list[XmlClient], game: str, room_id: str) -> dict[int, list[str]]:
    """Answer every move request until both have the result; every packet by client."""
    seen: dict[int, list[str]] = {0: [], 1: []}
    memento = ["", ""]
    done = [False, False]
    codec = load(game).competition()
    assert codec is not None
    while not all(done):
        for index, client in enumerate(clients):
            if done[index]:
                continue
            try:
                text, element = client.packet(timeout=0.05)
            except TimeoutError:
                continue
            seen[index].append(text)
            what = kind(element)
            if what == "memento":
                memento[index] = text
            elif what == codec.move_request:
                answer(client, game, room_id, memento[index])
            elif what == "left":
                done[index] = True
    return seen


def prepared_pair(server: Any, game: str = OSTSEE) -> tuple[str, list[XmlClient]]:
    found, codes = server.call(lambda: server.lobby.prepare(game))
    clients = [XmlClient(server.port) for _ in codes]
    for client, code in zip(clients, codes, strict=True):
        client.send(f'<joinPrepared reservationCode="{code}"/>')
        client.packet()
    return found.id, clients


def causes(result: str) -> list[str]:
    element = read_xml(result)
    return [score.get("cause", "") for score in element.iter("score")]
