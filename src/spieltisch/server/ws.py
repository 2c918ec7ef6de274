"""The WebSocket of a table: the server sends the whole table view after every change;
the browser sends moves and actions. A refused action is answered with an error
message on the same socket, which stays open."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocket, WebSocketDisconnect

from spieltisch.core.chance import MAX_SEED
from spieltisch.core.errors import IllegalMoveError, NotationError, SpieltischError
from spieltisch.core.settings import Settings
from spieltisch.core.text import read_int
from spieltisch.server.chat import CHAT_KINDS, chats_of
from spieltisch.server.cluster import RemoteTable
from spieltisch.server.hub import Hub, LiveTable
from spieltisch.server.identity import identify, track, untrack
from spieltisch.server.socket_outbox import socket_outbox
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
        table.play(seat, notation, lag=live.lag(data.get("think")))
    elif kind == "abort":  # until both players moved (or while waiting for the second)
        table.abort(seat)
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


async def act_here(hub: Hub, live: LiveTable, token: str | None, data: dict[str, Any]) -> None:
    """Do what a table message asks on the table this process owns (a move, an offer, a
    rematch, ...) and wait until it is stored: acknowledged once stored (NotSaved)."""
    kind = data.get("type")
    if kind == "rematch":  # offer, or accept the other's offer
        await hub.rematch(live, token or "")
    elif kind == "decline_rematch":
        hub.decline_rematch(live, token or "")
    else:
        _act(live, token, data)
    if live.recorder is not None:
        await live.recorder.settle()


def _answering(live: LiveTable, token: str | None, offer: int | None) -> int:
    held = live.held(token)
    others = [seat for seat in held if seat != offer]
    if not others:
        raise SeatError("NO_OFFER", "there is no offer for you to answer")
    return others[0]


async def table_socket(socket: WebSocket) -> None:
    """One browser at a table. Everything sent to it goes through its outbox: a bounded
    queue (`send_queue` messages) with its own writer task, so the table never waits for
    it; a browser that stops reading (the queue full, or a send taking `send_timeout`)
    is dropped and counted. Another site's page never gets here (`server/edge.py`)."""
    app = socket.app
    hub = app.state.hub
    settings: Settings = getattr(app.state, "settings", None) or Settings()
    try:
        game_id = read_int(socket.path_params["id"], "the table id", low=1, high=MAX_SEED)
        live = await hub.reach(game_id)  # here, or owned by another process
    except (NotationError, NotFoundError):
        await socket.close(code=4404)
        return
    except StoreUnavailable:
        await socket.close(code=1013)  # try again later
        return
    try:
        identity = await identify(socket)
    except (StoreError, SQLAlchemyError):
        await socket.close(code=1013)  # the store cannot say who this is: try again later
        return
    token = identity.key
    handler = asyncio.current_task()
    await socket.accept()
    track(socket, identity)

    def dropped() -> None:  # it does not read: it stops watching at once
        hub.unwatch(live, outbox)
        if handler is not None:
            handler.cancel()

    outbox = socket_outbox(socket, settings, dropped)
    hub.watch(live, outbox, token)
    try:
        outbox.send(live.message([token])[token].encode("utf-8"))
        while not outbox.closing:
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
                kind = data.get("type")
                if isinstance(kind, str) and kind in CHAT_KINDS:  # server/chat.py
                    await chats_of(app).handle(live, identity, outbox, data)
                    continue
                if isinstance(live, RemoteTable):
                    await live.act(token, data)  # at the owner process, once stored there
                else:
                    await act_here(hub, live, token, data)
            except (SpieltischError, IllegalMoveError, StoreError) as exc:
                rule = getattr(exc, "rule", None)
                answer = {"type": "error", "rule": rule, "message": str(exc)}
                outbox.send(json.dumps(answer).encode("utf-8"))
                continue
            await live.flush()
            if data.get("type") == "move":
                hub.move_seconds.append(time.perf_counter() - started)
    except WebSocketDisconnect:
        pass
    except asyncio.CancelledError:
        if not outbox.dropped or handler is None:
            raise
        handler.uncancel()  # dropped for not reading: this connection ends here
    finally:
        untrack(socket, identity)
        hub.unwatch(live, outbox)
        outbox.close()
        with contextlib.suppress(TimeoutError):  # what is queued goes out first
            await asyncio.wait_for(outbox.done.wait(), 1.0)
