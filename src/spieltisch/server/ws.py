"""The WebSocket of a table: the server sends the whole table view after every change;
the browser sends moves and actions. A refused action is answered with an error
message on the same socket, which stays open."""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from spieltisch.core.chance import MAX_SEED
from spieltisch.core.errors import IllegalMoveError, NotationError, SpieltischError
from spieltisch.core.text import read_int
from spieltisch.server.hub import COOKIE, LiveTable, holder
from spieltisch.store import NotFoundError, StoreError, StoreUnavailable
from spieltisch.tables import SeatError, SeatKind

#: The longest message a browser may send.
MAX_MESSAGE = 10_000


def _act(live: LiveTable, token: str | None, data: dict[str, Any]) -> None:
    """Carry out one action of the browser holding `token` (raises what the table refuses)."""
    table = live.table
    kind = data.get("type")
    seat = live.acting_seat(token)
    if kind == "move":
        notation = data.get("notation")
        if not isinstance(notation, str):
            raise NotationError("a move is sent as its notation")
        table.play(seat, notation)
    elif kind == "resign":
        table.resign(seat)
    elif kind == "takeback":
        held = live.held(token)
        if len(held) == 2:  # both seats on this screen: the last mover takes back at once
            movers = [m for m in table.movers() if m in (0, 1)]
            if not movers:
                raise SeatError("NOTHING_TO_TAKE_BACK", "no move to take back")
            table.take_back(movers[-1])
        else:
            table.offer_takeback(seat)
    elif kind == "accept_takeback":
        table.accept_takeback(_answering(live, token, table.takeback_offer))
    elif kind == "decline_takeback":
        table.decline_takeback(_answering(live, token, table.takeback_offer))
    elif kind == "offer_draw":
        if table.seats[1 - seat].kind is not SeatKind.AI and len(live.held(token)) == 2:
            raise SeatError("ONE_SCREEN", "two players on one screen agree on a draw by resigning")
        table.offer_draw(seat)
    elif kind == "accept_draw":
        table.accept_draw(_answering(live, token, table.draw_offer))
    elif kind == "decline_draw":
        table.decline_draw(_answering(live, token, table.draw_offer))
    elif kind == "claim":  # the win, the other player having left
        if live.life is None:
            raise SeatError("NO_CLAIM", "this table has no claims")
        claimer = next((s for s in live.held(token) if live.life.claimable(s)), seat)
        live.life.claim(claimer)
    else:
        raise SeatError("NO_SUCH_ACTION", f"unknown action {str(kind)[:30]!r}")


def _answering(live: LiveTable, token: str | None, offer: int | None) -> int:
    held = live.held(token)
    others = [seat for seat in held if seat != offer]
    if not others:
        raise SeatError("NO_OFFER", "there is no offer for you to answer")
    return others[0]


async def table_socket(socket: WebSocket) -> None:
    hub = socket.app.state.hub
    try:
        game_id = read_int(socket.path_params["id"], "the table id", low=1, high=MAX_SEED)
        live = await hub.get(game_id)
    except (NotationError, NotFoundError):
        await socket.close(code=4404)
        return
    except StoreUnavailable:
        await socket.close(code=1013)  # try again later
        return
    origin = socket.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != socket.headers.get("host"):
        await socket.close(code=4403)  # another site's page may not act with our cookie
        return
    secret = socket.cookies.get(COOKIE)
    token = holder(secret) if secret else None
    await socket.accept()
    hub.watch(live, socket, token)
    try:
        await socket.send_text(live.message([token])[token])
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:  # a binary frame: read as UTF-8 text where it is
                raw = (message.get("bytes") or b"").decode("utf-8", "replace")
            started = time.perf_counter()
            try:
                if len(raw) > MAX_MESSAGE:
                    raise NotationError(f"a message has at most {MAX_MESSAGE} characters")
                try:
                    data = json.loads(raw)
                except ValueError:
                    raise NotationError("a message is a JSON object") from None
                if not isinstance(data, dict):
                    raise NotationError("a message is a JSON object")
                _act(live, token, data)
                if live.recorder is not None:
                    await live.recorder.settle()  # acknowledged once stored (NotSaved)
            except (SpieltischError, IllegalMoveError, StoreError) as exc:
                rule = getattr(exc, "rule", None)
                await socket.send_text(
                    json.dumps({"type": "error", "rule": rule, "message": str(exc)})
                )
                continue
            await live.flush()
            if data.get("type") == "move":
                hub.move_seconds.append(time.perf_counter() - started)
    except WebSocketDisconnect:
        pass
    finally:
        hub.unwatch(live, socket)
