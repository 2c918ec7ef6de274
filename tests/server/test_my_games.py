"""The lobby's people API through a real server: "my games" of a guest and of an account
(running, waiting, recent with the result from their side), the invite QR code, and a
nameless joiner's stand-in name (never "friend")."""

from __future__ import annotations

import io
import urllib.error
import urllib.request

import segno
from defusedxml import ElementTree

from tests.server.client import TableClient
from tests.serverproc import ServerProcess

SVG = "{http://www.w3.org/2000/svg}svg"


def new_guest(server: ServerProcess, name: str) -> str:
    status, answer, cookie = server.post("/api/account/guest", {"name": name})
    assert status == 200 and cookie is not None, answer
    return cookie


def create(server: ServerProcess, cookie: str, **body: object) -> int:
    status, answer, _ = server.post("/api/tables", body, cookie)
    assert status == 200, answer
    table_id: int = answer["id"]
    return table_id


def ids(entries: list[dict[str, object]]) -> list[object]:
    return [entry["id"] for entry in entries]


def test_my_games_of_a_guest(server: ServerProcess) -> None:
    ann = new_guest(server, "ann")
    ben = new_guest(server, "ben")
    vs_ai = create(server, ann, game="ostseeschach", opponent="ai", level="random")
    challenge = create(server, ann, game="okard", opponent="link")
    mine = server.get("/api/my/games", ann)
    assert mine["kind"] == "guest" and mine["name"] == "ann"
    assert ids(mine["running"]) == [vs_ai]
    assert ids(mine["waiting"]) == [challenge]
    theirs = server.get("/api/my/games", ben)
    assert vs_ai not in ids(theirs["running"]) and challenge not in ids(theirs["waiting"])
    # ann resigns: the game moves to her recent games, lost from her side
    client = TableClient(server, vs_ai, ann)
    try:
        client.send(type="resign")
        client.until(lambda t: t["status"] == "over")
    finally:
        client.close()
    mine = server.get("/api/my/games", ann)
    assert vs_ai not in ids(mine["running"])
    [entry] = [g for g in mine["recent"] if g["id"] == vs_ai]
    assert entry["seat"] == 0 and entry["result"] == "lost" and entry["url"] == f"/#/replay/{vs_ai}"
    assert vs_ai not in ids(server.get("/api/my/games", ben)["recent"])


def test_my_games_of_an_account_and_of_nobody(server: ServerProcess) -> None:
    status, answer, cookie = server.post(
        "/api/account/signup", {"username": "mygames1", "password": "a long password 1"}
    )
    assert status == 201 and cookie is not None, answer
    made = create(server, cookie, game="schachogi", opponent="ai", level="random", seat=1)
    mine = server.get("/api/my/games", cookie)
    assert mine["signed_in"] and mine["name"] == "mygames1"
    [entry] = mine["running"]
    assert entry["id"] == made and entry["seats"] == [1]
    nobody = server.get("/api/my/games")
    assert nobody == {
        "kind": "anonymous",
        "signed_in": False,
        "name": None,
        "running": [],
        "waiting": [],
        "recent": [],
    }


def test_invite_qr_code_is_an_svg_of_the_invite_link(server: ServerProcess) -> None:
    cookie = new_guest(server, "qr")
    table_id = create(server, cookie, game="hase-und-igel", opponent="link")
    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}/invite.svg") as response:
        assert response.headers["content-type"].startswith("image/svg+xml")
        body = response.read()
    root = ElementTree.fromstring(body)
    assert root.tag == SVG and any(e.tag == f"{SVG[:-3]}path" for e in root.iter())
    expected = segno.make(f"{server.url}/#/table/{table_id}/join", error="m", micro=False)
    # small enough to scan from a phone across the table
    assert isinstance(expected.version, int) and expected.version <= 4
    out = io.BytesIO()
    expected.save(out, kind="svg", scale=4, border=2, dark="#000", light="#fff", title="QR")
    assert body == out.getvalue()
    try:
        urllib.request.urlopen(f"{server.url}/api/tables/999999/invite.svg")
        raise AssertionError("a QR code for no table")
    except urllib.error.HTTPError as exc:
        assert exc.code == 404


def test_a_nameless_joiner_is_not_called_friend(server: ServerProcess) -> None:
    status, made, _ = server.post("/api/tables", {"game": "schachogi", "opponent": "link"})
    assert status == 200
    status, _, joiner = server.post(f"/api/tables/{made['id']}/join", {})
    assert status == 200 and joiner is not None
    seats = server.get(f"/api/tables/{made['id']}")["seats"]
    names = [seat["name"] for seat in seats]
    assert all(name.startswith("Guest-") and len(name) == 10 for name in names), names
    assert names[0] != names[1] and "friend" not in names and "you" not in names


def test_a_guest_names_itself_after_sitting_down(server: ServerProcess) -> None:
    host = new_guest(server, "hostess")
    table_id = create(server, host, game="ostseeschach", opponent="link")
    status, _, joiner = server.post(f"/api/tables/{table_id}/join", {})
    assert status == 200 and joiner is not None
    stand_in = server.get(f"/api/tables/{table_id}")["seats"][1]["name"]
    assert stand_in.startswith("Guest-")
    status, answer, _ = server.post("/api/my/name", {"name": "  Zoë  "}, joiner)
    assert status == 200 and answer["name"] == "Zoë" and answer["renamed_seats"] == 1
    names = [seat["name"] for seat in server.get(f"/api/tables/{table_id}")["seats"]]
    assert names == ["hostess", "Zoë"]
    stored = [p["name"] for p in server.get(f"/api/records/{table_id}")["players"]]
    assert stored == ["hostess", "Zoë"]  # the store has the new name too
    # a seat under a chosen name never changes: renaming again touches no seat
    status, answer, _ = server.post("/api/my/name", {"name": "Zoe2"}, joiner)
    assert status == 200 and answer["renamed_seats"] == 0
    assert server.get(f"/api/tables/{table_id}")["seats"][1]["name"] == "Zoë"
    status, answer, _ = server.post("/api/my/name", {"name": "\x00"}, host)
    assert status == 400 and answer["code"]
    status, _, account = server.post(
        "/api/account/signup", {"username": "mygames2", "password": "a long password 2"}
    )
    assert account is not None
    status, answer, _ = server.post("/api/my/name", {"name": "other"}, account)
    assert status == 409
