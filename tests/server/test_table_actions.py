"""The game page's actions over the table's WebSocket, with two real browsers' cookies:
abort until both moved, rematch offered / declined / accepted, a move with `think`."""

from __future__ import annotations

from spieltisch.tables.table import ABORTED_BY_PLAYER
from tests.server.client import TableClient
from tests.serverproc import ServerProcess


def seated(server: ServerProcess) -> tuple[int, TableClient, TableClient, str]:
    status, answer, alice = server.post(
        "/api/tables", {"game": "ostseeschach", "opponent": "link", "clock_minutes": 1}
    )
    assert status == 200 and alice is not None
    table_id = answer["id"]
    status, _, bob = server.post(f"/api/tables/{table_id}/join", {"name": "bob"})
    assert status == 200 and bob is not None
    first, second = TableClient(server, table_id, alice), TableClient(server, table_id, bob)
    for client in (first, second):
        client.until(lambda t: t["status"] == "running")
    return table_id, first, second, alice


def first_move(client: TableClient) -> str:
    notation: str = client.table["state"]["moves"][0]["notation"]
    return notation


def test_abort_until_both_moved(server: ServerProcess) -> None:
    _, alice, bob, _ = seated(server)
    assert alice.table["can_abort"] and bob.table["can_abort"]
    answer = alice.move(first_move(alice))
    assert answer["type"] == "table" and answer["clocks"][1]["ticking"] is False
    bob.until(lambda t: t["ply"] == 1)
    assert bob.move(first_move(bob))["ply"] == 2
    alice.until(lambda t: t["ply"] == 2)
    assert not alice.table["can_abort"]
    alice.send(type="abort")
    assert alice.receive("error")["rule"] == "NO_ABORT"
    alice.close()
    bob.close()
    _, alice, bob, _ = seated(server)
    bob.send(type="abort")  # before any move
    table = alice.until(lambda t: t["status"] == "abandoned")
    assert table["abandoned"] == ABORTED_BY_PLAYER and table["outcome"] is None
    alice.close()
    bob.close()


def test_a_rematch_is_offered_and_made_once_accepted(server: ServerProcess) -> None:
    table_id, alice, bob, cookie = seated(server)
    alice.send(type="move", notation=first_move(alice), think=0.4)
    alice.until(lambda t: t["ply"] == 1)
    alice.send(type="resign")
    bob.until(lambda t: t["status"] == "over")
    alice.send(type="rematch")
    offered = bob.until(lambda t: t["rematch_offer"] == 0)
    assert offered["can_answer_rematch"] and offered["rematch"] is None
    bob.send(type="decline_rematch")
    told = alice.until(lambda t: t["rematch_declined"])
    assert told["rematch_offer"] is None and told["rematch"] is None
    status, answer, _ = server.post(f"/api/tables/{table_id}/rematch", {}, cookie)
    assert status == 200 and answer == {"offered": True, "id": None}
    bob.until(lambda t: t["can_answer_rematch"])
    bob.send(type="rematch")  # accepting: the rematch is made, for both
    made = alice.until(lambda t: t["rematch"] is not None)["rematch"]
    assert bob.until(lambda t: t["rematch"] is not None)["rematch"] == made
    fresh = TableClient(server, made, cookie)
    assert fresh.table["held"] == [1] and fresh.table["status"] == "running"  # colours swapped
    for client in (alice, bob, fresh):
        client.close()
