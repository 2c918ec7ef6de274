"""The end of a connection as the official Java clients close it. On `left` they call
`XStreamClient.stop`: the CloseConnection packet in one write, then `close()` writes
`</protocol>` in another. The official servers never closed first, so both writes found
the socket open; a server that closes its socket right after `left` answers the first
write with a reset, and the second fails (the 2018 Java player then logs "Failed to close
OUT … Broken pipe" after every game). The server half-closes instead: the client reads
`\\n</protocol>` and the end of the stream at once, as before, and its goodbye is read
and dropped until it closes (or LINGER seconds pass)."""

from __future__ import annotations

import time

import pytest

from .helpers import XmlClient, running_server

SEASONS = {
    "2022": (
        "swc_2022_ostseeschach",
        "moveRequest",
        "<sc.protocol.CloseConnection/>",
    ),
    "2018": (
        "swc_2018_hase_und_igel",
        "sc.framework.plugins.protocol.MoveRequest",
        "<sc.protocol.responses.CloseConnection/>",
    ),
}


def _ended_game(port: int, game_type: str, move_request: str) -> tuple[XmlClient, XmlClient]:
    """Two players of a game that the first ends at once with an unreadable move; the
    second has read everything up to `left`."""
    first = XmlClient(port)
    first.send(f'<join gameType="{game_type}"/>')
    room = first.until("joined")[-1][1].get("roomId")
    second = XmlClient(port)
    second.send(f'<join gameType="{game_type}"/>')
    first.until(move_request)
    first.send(f'<room roomId="{room}"><data class="move"><nonsense/></data></room>')
    second.until("left")
    return first, second


@pytest.mark.parametrize("season", sorted(SEASONS))
def test_the_java_clients_goodbye_in_two_writes_finds_the_socket_open(season: str) -> None:
    game_type, move_request, close = SEASONS[season]
    with running_server() as server:
        first, second = _ended_game(server.port, game_type, move_request)
        try:
            second.send(f"\n  {close}")  # XStreamClient.stop: send(CloseConnection), flushed
            time.sleep(0.2)  # (a reset, if the server had closed, arrives meanwhile)
            second.send("\n</protocol>")  # close(): the end of its object stream
            assert second.closed(5.0)
            assert second.raw.endswith(b'"/>\n</protocol>')
        finally:
            first.close()
            second.close()


def test_a_client_that_never_says_goodbye_is_closed_all_the_same() -> None:
    game_type, move_request, _ = SEASONS["2022"]
    with running_server() as server:
        first, second = _ended_game(server.port, game_type, move_request)
        try:
            assert second.closed(5.0)  # the end of the stream comes at once
            deadline = time.monotonic() + 10.0
            while server.server.connections and time.monotonic() < deadline:
                time.sleep(0.05)
            assert not server.server.connections  # and the server let go of the sockets
        finally:
            first.close()
            second.close()
