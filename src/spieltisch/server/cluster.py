"""Several `spieltisch serve` processes on one database: table owners, the broker
between them, watchers on every process, and failover (docs/hosting.md, "Several
processes").

Every live table has exactly one owner process at a time, which holds the table in
memory, plays it and stores its moves: a lease row in the store (`store.leases`), taken
when the process makes or rebuilds the table, renewed every third of `lease_seconds`
and checked by every write of the table's moves (a process that lost its lease stores
nothing more). A browser whose WebSocket lands on another process watches a
`RemoteTable` there: its actions go to the owner over the broker (`act:<id>`, answered
on the asking process's own channel), and the owner publishes each new moment of the
table (a `Frame`, `view:<id>`) to every process that has watchers of it, which renders
it for each of them exactly as the owner renders it for its own.

When the owner dies its leases expire; the first process to notice (a browser asking
for the table, or the sweep every third of `lease_seconds`) takes the lease, rebuilds
the table from the store (every acknowledged move is there: a move is acknowledged
after its commit) and closes the connections it had proxied, so that their browsers
reconnect (the web client does so by itself) and watch the table where it lives now.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import parse_qs, urlsplit

from spieltisch.bots.outbox import Outbox
from spieltisch.core.errors import IllegalMoveError, NotationError, SpieltischError
from spieltisch.core.metrics import TABLES_ADOPTED, TABLES_ELSEWHERE, TABLES_LOST
from spieltisch.core.settings import Settings
from spieltisch.server.broker import Broker, BrokerError, shown
from spieltisch.store import IMPORTED, NotFoundError, StoreError, StoreUnavailable
from spieltisch.tables import SeatError, SeatKind
from spieltisch.tables.lifecycle import stale_reason
from spieltisch.tables.recorder import NotSaved, store_call

if TYPE_CHECKING:
    from spieltisch.server.chat import Chats
    from spieltisch.server.hub import Frame, Hub, LiveTable

__all__ = ["Cluster", "Elsewhere", "OwnerGone", "RemoteTable"]

log = logging.getLogger(__name__)

#: Seconds the owner has to answer a request (an action waits for its commit).
ANSWER_SECONDS = 10.0
#: Seconds a new watcher waits for the owner's first frame.
HELLO_SECONDS = 2.0
#: Tables whose expired lease the sweep takes over at once, at most.
SWEEP_TABLES = 20


class Elsewhere(SpieltischError):
    """The table is owned by another server process (`owner`)."""

    def __init__(self, game_id: int, owner: str | None) -> None:
        super().__init__(f"table {game_id} is owned by the server process {owner}")
        self.owner = owner


class OwnerGone(StoreUnavailable):
    """The owner of a table does not answer (it died, or is moving the table): the same
    call may succeed in a few seconds, once another process has taken the table over."""

    rule = "OWNER_GONE"


class Refused(SpieltischError):
    """An action the owner process refused (its rule and message, as the owner said)."""

    def __init__(self, rule: str | None, message: str) -> None:
        super().__init__(message)
        self.rule = rule


def channel_prefix(url: str) -> str:
    """The prefix of this installation's channels and keys: Redis's publish/subscribe
    channels are shared by all its databases, so the database's number is part of every
    name (two installations on one Redis, each with a database of its own, never hear
    each other)."""
    parts = urlsplit(url)
    database = parse_qs(parts.query).get("db", [""])[0]
    if not database and parts.scheme != "unix":
        database = parts.path.strip("/")
    return f"spieltisch:{database or '0'}:"


def node_name() -> str:
    """This process's name among the servers: host, process id, and a random part (a
    restarted process with the same id is a new owner)."""
    return f"{socket.gethostname()[:48]}:{os.getpid()}:{secrets.token_hex(4)}"


class RemoteTable:
    """A table owned by another process, as its watchers on this process see it: the
    owner's last frame, rendered per watcher; actions are sent to the owner."""

    def __init__(self, cluster: Cluster, game_id: int) -> None:
        self.cluster = cluster
        self.id = game_id
        self.sockets: dict[Outbox, str | None] = {}
        self.frame: Frame | None = None
        #: The owner whose frames these are and its version of the last one.
        self.owner: str | None = None
        self.owner_version = -1
        #: The version this process sends its watchers (counts on across owners).
        self.version = 0
        self.made = time.monotonic()

    def held(self, token: str | None) -> list[int]:
        from spieltisch.server.hub import held_seats

        return [] if self.frame is None else held_seats(self.frame.holders, token)

    def seat_name(self, seat: int) -> str | None:
        """The name on `seat`, as the owner's last frame says."""
        seats = [] if self.frame is None else self.frame.head.get("seats") or []
        name = seats[seat].get("name") if 0 <= seat < len(seats) else None
        return name if isinstance(name, str) else None

    def message(self, tokens: list[str | None]) -> dict[str | None, str]:
        if self.frame is None:
            raise OwnerGone(f"table {self.id}: its owner process has not answered")
        return self.frame.render(tokens, version=self.version)

    def deliver(self, owner: str, frame: Frame) -> None:
        """A frame from the owner: keep it if newer, send it to every watcher here."""
        version = int(frame.head.get("version", 0))
        if owner == self.owner and version <= self.owner_version:
            return  # an older one, overtaken
        self.owner, self.owner_version, self.frame = owner, version, frame
        self.version += 1
        sockets = list(self.sockets.items())
        if not sockets:
            return
        texts = self.message([token for _, token in sockets])
        encoded = {token: text.encode("utf-8") for token, text in texts.items()}
        for outbox, token in sockets:
            outbox.send(encoded[token])

    async def act(self, token: str | None, data: dict[str, Any]) -> None:
        """Carry out a browser's action at the owner; raises what the owner refused.
        When no owner hears it (it stopped or died), this process tries to take the
        table over at once (its watchers here then reconnect to it)."""
        try:
            await self.cluster.request(self.id, "act", token=token, data=data)
        except OwnerGone:
            with contextlib.suppress(Elsewhere, StoreError):
                await self.cluster.adopt(self.id)
            raise

    async def flush(self) -> None:
        """Nothing to do: the owner publishes the new frame itself."""


class Cluster:
    """This process's part in a server of several processes over one broker and store."""

    def __init__(self, hub: Hub, settings: Settings, node: str | None = None) -> None:
        if settings.broker_url is None:
            raise ValueError("a cluster needs the broker_url setting")
        self.hub = hub
        self.node = node or node_name()
        self.lease_seconds = settings.lease_seconds
        self.broker = Broker(settings.broker_url, self._heard)
        self.prefix = channel_prefix(settings.broker_url)
        self.remotes: dict[int, RemoteTable] = {}
        #: Per owned table: the other processes watching it, with their watchers' seat
        #: tokens and when they last said so.
        self.elsewhere: dict[int, dict[str, tuple[list[str | None], float]]] = {}
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._ids = itertools.count(1)
        #: Per table being adopted or looked up: a lock and how many wait for it.
        self._locks: dict[int, tuple[asyncio.Lock, list[int]]] = {}
        self._loop_task: asyncio.Task[None] | None = None
        #: The other processes' lobby entries (open and running tables), as they last
        #: published them.
        self.others_lobby: dict[str, list[dict[str, Any]]] = {"open": [], "running": []}
        self._serving: set[asyncio.Task[None]] = set()
        #: The chat rooms of this process's tables (`server.chat`, set by its `Chats`):
        #: the owner of a table keeps its rooms for every process.
        self.chats: Chats | None = None

    def _channel(self, kind: str, key: object) -> str:
        return f"{self.prefix}{kind}:{key}"

    # --- starting and stopping -----------------------------------------------------------

    async def start(self) -> None:
        await self.broker.start(self._channel("node", self.node))
        self._loop_task = asyncio.get_running_loop().create_task(self._keep())
        log.info("cluster node %s on the broker %s", self.node, shown(self.broker.url))

    async def stop(self) -> None:
        """Give up every lease (after the tables' writes settled: `Hub.stop`), so other
        processes take the tables over at once, and leave the broker."""
        if self._loop_task is not None:
            self._loop_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop_task
        store = self.hub.store
        with contextlib.suppress(StoreError, Exception):
            await store_call("release_leases", store.release_leases, self.node)
        await self.broker.close()

    @contextlib.asynccontextmanager
    async def _one_at_a_time(self, game_id: int) -> AsyncIterator[None]:
        """One adoption or lookup of table `game_id` at a time in this process (the lock
        forgotten when nobody holds or waits for it)."""
        entry = self._locks.get(game_id)
        if entry is None:
            entry = self._locks[game_id] = (asyncio.Lock(), [0])
        lock, users = entry
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if users[0] == 0:
                self._locks.pop(game_id, None)

    # --- owning tables -------------------------------------------------------------------

    @property
    def lease(self) -> tuple[str, float]:
        return (self.node, self.lease_seconds)

    async def claim_new(self, game_id: int) -> None:
        """Own the table of the game just made here (nobody else knows of it yet)."""
        store = self.hub.store
        await store_call("take_lease", store.take_lease, game_id, self.node, self.lease_seconds)

    def claim_new_now(self, game_id: int) -> None:
        """`claim_new` for a caller that cannot wait (the bot server's rooms)."""
        from spieltisch.tables.recorder import timed

        store = self.hub.store
        timed("take_lease", store.take_lease, game_id, self.node, self.lease_seconds)

    def adopted(self, live: LiveTable) -> None:
        """A table this process now owns: its writes fenced by the lease, its requests
        heard."""
        if live.recorder is not None:
            live.recorder.lease = self.lease
        self._spawn(self.broker.subscribe(self._channel("act", live.id)))

    async def adopt(self, game_id: int) -> LiveTable:
        """The table `game_id`, owned by this process from now on (its lease taken, the
        table rebuilt from the store); `Elsewhere` when another process owns it."""
        hub, store = self.hub, self.hub.store
        async with self._one_at_a_time(game_id):
            live = hub.tables.get(game_id)
            if live is not None:
                return live
            stored = await store_call("game", store.game, game_id)  # NotFoundError
            if any(player.kind == IMPORTED for player in stored.players):
                raise NotFoundError(
                    f"game {game_id} is an imported record, not a table: replay it instead"
                )
            taken = await store_call(
                "take_lease", store.take_lease, game_id, self.node, self.lease_seconds
            )
            if not taken:
                owner = await store_call("lease_owner", store.lease_owner, game_id)
                raise Elsewhere(game_id, owner)
            try:
                stored = await store_call("game", store.game, game_id)  # as of the lease
                reason = stale_reason(stored, hub.settings, datetime.now(UTC))
                if stored.status == "running" and reason is not None:
                    # over in all but name, as at a restart (a bot game: its bots were
                    # connected to the dead owner)
                    await store_call("abandon_games", store.abandon_games, [game_id], reason)
                    stored = await store_call("game", store.game, game_id)
                live = hub._resume(stored)
            except BaseException:
                with contextlib.suppress(Exception):
                    await store_call("release_leases", store.release_leases, self.node, [game_id])
                raise
            await self.broker.subscribe(self._channel("act", game_id))
            live.idle_since = time.monotonic()
            live.wake_ai()
            remote = self.remotes.pop(game_id, None)
            if remote is not None:  # watched here through the old owner: come again
                live.version = max(live.version, remote.version)
                await self.broker.unsubscribe(self._channel("view", game_id))
                for outbox in list(remote.sockets):
                    outbox.close()
            TABLES_ADOPTED.inc()
            log.info("table %s taken over by %s", game_id, self.node)
            return live

    def lost(self, live: LiveTable) -> None:
        """This process owns `live` no more (its lease was taken): forget the table and
        close its watchers' connections, so that they come again to the new owner."""
        if self.hub.tables.get(live.id) is not live:
            return
        log.warning("table %s: the lease went to another process", live.id)
        TABLES_LOST.inc()
        self.hub._forget(live, release=False)
        self.elsewhere.pop(live.id, None)
        self._spawn(self.broker.unsubscribe(self._channel("act", live.id)))
        for outbox in list(live.sockets):
            outbox.close()

    def released(self, live: LiveTable) -> None:
        """An ended table this process forgets: its lease given up."""
        self.elsewhere.pop(live.id, None)
        self._spawn(self.broker.unsubscribe(self._channel("act", live.id)))
        store = self.hub.store
        self._spawn(
            store_call("release_leases", store.release_leases, self.node, [live.id]),
        )

    # --- watching tables owned elsewhere -------------------------------------------------

    async def remote(self, game_id: int) -> RemoteTable:
        """The table `game_id` owned by another process, with the owner's frame (`OwnerGone`
        when the owner does not answer)."""
        async with self._one_at_a_time(game_id):
            remote = self.remotes.get(game_id)
            if remote is None:
                remote = RemoteTable(self, game_id)
                self.remotes[game_id] = remote
                await self.broker.subscribe(self._channel("view", game_id))
            if remote.frame is None or not remote.sockets:  # not kept up to date: ask
                try:
                    answer = await self.request(
                        game_id, "hello", timeout=HELLO_SECONDS, tokens=self._tokens(remote)
                    )
                except OwnerGone:
                    if not remote.sockets:
                        await self._drop_remote(remote)
                    raise
                remote.deliver(answer["owner"], _frame(answer["frame"]))
            return remote

    def watch(self, remote: RemoteTable, outbox: Outbox, token: str | None) -> None:
        remote.sockets[outbox] = token
        self._announce(remote)

    def unwatch(self, remote: RemoteTable, outbox: Outbox) -> None:
        if outbox in remote.sockets:
            del remote.sockets[outbox]
            if self.remotes.get(remote.id) is remote:  # not taken over here meanwhile
                self._announce(remote)
            remote.made = time.monotonic()  # dropped once nobody came back for a while

    def _tokens(self, remote: RemoteTable) -> list[str | None]:
        return list(remote.sockets.values())

    def _announce(self, remote: RemoteTable) -> None:
        """Tell the owner who watches its table here (their seats count as present)."""
        message = {
            "op": "watchers",
            "from": self.node,
            "table": remote.id,
            "tokens": self._tokens(remote),
        }
        self.broker.send(self._channel("act", remote.id), json.dumps(message).encode())

    async def _drop_remote(self, remote: RemoteTable) -> None:
        if self.remotes.get(remote.id) is remote:
            del self.remotes[remote.id]
            await self.broker.unsubscribe(self._channel("view", remote.id))

    # --- requests to owners --------------------------------------------------------------

    async def request(
        self, game_id: int, op: str, *, timeout: float = ANSWER_SECONDS, **fields: Any
    ) -> Any:
        """Ask the owner of table `game_id` to do `op`; its answer (`OwnerGone` when no
        owner hears or answers in time; the owner's refusal raised again here)."""
        rid = next(self._ids)
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[rid] = answer
        message = {"op": op, "rid": rid, "from": self.node, "table": game_id, **fields}
        try:
            try:
                heard = await self.broker.publish(
                    self._channel("act", game_id), json.dumps(message).encode()
                )
            except BrokerError as exc:
                raise OwnerGone(f"table {game_id}: the broker is unavailable ({exc})") from None
            if heard == 0:
                raise OwnerGone(f"table {game_id}: its owner process is gone; try again")
            try:
                reply = await asyncio.wait_for(answer, timeout)
            except TimeoutError:
                raise OwnerGone(f"table {game_id}: its owner process did not answer") from None
        finally:
            self._pending.pop(rid, None)
        if not reply.get("ok"):
            raise _refusal(reply.get("error") or {})
        return reply.get("result")

    # --- the broker's messages -----------------------------------------------------------

    def _heard(self, channel: str, data: bytes) -> None:
        kind = channel[len(self.prefix) :].split(":", 1)[0]
        if kind == "view":
            head, _, state = data.partition(b"\n")
            frame = json.loads(head)
            remote = self.remotes.get(int(frame["table"]))
            if remote is not None and "chat" in frame:  # a chat line of the owner's
                if self.chats is not None:
                    self.chats.deliver(remote, frame["chat"]["room"], frame["chat"]["line"])
            elif remote is not None:
                shared = {**frame["frame"], "state_json": state.decode()}
                remote.deliver(frame["owner"], _frame(shared))
            return
        message = json.loads(data)
        if kind == "node":
            waiting = self._pending.get(int(message.get("rid", 0)))
            if waiting is not None and not waiting.done():
                waiting.set_result(message)
        elif kind == "act":
            if message.get("op") == "watchers":
                live = self.hub.tables.get(int(message["table"]))
                if live is not None and message.get("from") != self.node:
                    self._watched_from(live, str(message["from"]), message.get("tokens") or [])
                return
            self._spawn(self._serve(message))

    async def _serve(self, message: dict[str, Any]) -> None:
        """Carry out a request for a table this process owns; answer the asker."""
        op, asker = message.get("op"), str(message.get("from"))
        reply: dict[str, Any] = {"rid": message.get("rid"), "ok": True}
        try:
            live = self.hub.tables.get(int(message["table"]))
            if live is None:
                raise OwnerGone(f"table {message['table']} is not owned here any more")
            token = message.get("token")
            if op == "hello":
                if asker != self.node:
                    self._watched_from(live, asker, message.get("tokens") or [])
                reply["result"] = {"owner": self.node, "frame": live.frame().to_json()}
            elif op == "act":
                from spieltisch.server.ws import act_here

                data = message.get("data")
                if not isinstance(data, dict):
                    raise NotationError("a message is a JSON object")
                await act_here(self.hub, live, token, data)  # acknowledged once stored
                await live.flush()
            elif op == "join":
                reply["result"] = await self.hub.join(live, str(token), str(message["name"]))
            elif op in ("chat", "chat_history"):
                if self.chats is None:
                    raise OwnerGone(f"table {live.id}: no chat here")
                room: Literal["players", "spectators"] = (
                    "players" if message.get("room") == "players" else "spectators"
                )
                if op == "chat_history":
                    reply["result"] = self.chats.history(live, room)
                else:
                    seat = message.get("seat")
                    reply["result"] = self.chats.post(
                        live,
                        room,
                        str(message.get("name")),
                        seat if isinstance(seat, int) else None,
                        str(message.get("text")),
                    )
            elif op == "rematch":
                fresh = await self.hub.rematch(live, str(token or ""))
                reply["result"] = None if fresh is None else fresh.id
            else:
                raise NotationError(f"unknown request {str(op)[:20]!r}")
        except (SpieltischError, IllegalMoveError, StoreError) as exc:
            reply = {"rid": message.get("rid"), "ok": False, "error": _error(exc)}
        except Exception as exc:
            log.exception("a request for table %s", message.get("table"))
            reply = {"rid": message.get("rid"), "ok": False, "error": _error(exc)}
        self.broker.send(self._channel("node", asker), json.dumps(reply).encode())

    def watched_elsewhere(self, live: LiveTable) -> bool:
        return bool(self.elsewhere.get(live.id))

    def publish(self, live: LiveTable, frame: Frame) -> None:
        """Send `frame` to the processes watching `live`: a line of JSON, then the game's
        view as the JSON text it already is (never escaped into a string and parsed
        again: it is most of the frame)."""
        shared = frame.to_json()
        state = shared.pop("state_json")
        message = {"table": live.id, "owner": self.node, "frame": shared}
        data = json.dumps(message, separators=(",", ":")) + "\n" + state
        self.broker.send(self._channel("view", live.id), data.encode())

    def publish_chat(self, live: LiveTable, room: str, line: dict[str, Any]) -> None:
        """Send a chat line of `live`'s `room` to the processes watching it (on the
        frames' channel, so that it comes in order with them)."""
        message = {"table": live.id, "owner": self.node, "chat": {"room": room, "line": line}}
        self.broker.send(self._channel("view", live.id), json.dumps(message).encode())

    def _watched_from(self, live: LiveTable, node: str, tokens: list[Any]) -> None:
        """Process `node` watches `live` with `tokens` now: the table's spectators and
        the players' presence follow."""
        clean: list[str | None] = [t if isinstance(t, str) else None for t in tokens]
        nodes = self.elsewhere.setdefault(live.id, {})
        before = nodes.get(node, ([], 0.0))[0]
        if clean:
            nodes[node] = (clean, time.monotonic())
        else:
            nodes.pop(node, None)
        if sorted(before, key=str) != sorted(clean, key=str):  # not just "still here"
            self._recount(live, before, clean)

    def _recount(self, live: LiveTable, before: list[str | None], after: list[str | None]) -> None:
        table = live.table
        spectators = sum(1 for token in after if not live.held(token))
        spectators -= sum(1 for token in before if not live.held(token))
        for _ in range(max(0, spectators)):
            table.join()
        for _ in range(max(0, -spectators)):
            table.leave()
        if live.life is not None:
            tokens = list(live.sockets.values())
            for watched in self.elsewhere.get(live.id, {}).values():
                tokens.extend(watched[0])
            present = {seat for token in tokens for seat in live.held(token)}
            for index, seat in enumerate(table.seats):
                if seat.kind is SeatKind.PERSON and seat.taken:
                    live.life.present(index, index in present)
        live.idle_since = None if (live.sockets or self.elsewhere.get(live.id)) else live.idle_since
        if live.idle_since is None:
            live.wake_ai()
        live.schedule_push()

    # --- the lease keeper ----------------------------------------------------------------

    async def _keep(self) -> None:
        """Every third of the lease: renew this process's leases (dropping the tables
        whose lease went elsewhere), tell owners who watches here, forget watchers of
        processes gone quiet, and take over tables whose owner died."""
        store = self.hub.store
        for round_ in itertools.count():
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                if round_ % 30 == 29:  # the leases of ended games, now and then
                    await store_call("drop_expired_leases", store.drop_expired_leases)
                held = list(self.hub.tables.values())  # before: a table made meanwhile is ours
                owned = await store_call(
                    "renew_leases", store.renew_leases, self.node, self.lease_seconds
                )
                for live in held:
                    if live.id not in owned and not (live.recorder and live.recorder.busy):
                        self.lost(live)
                now = time.monotonic()
                TABLES_ELSEWHERE.set(len(self.remotes))
                for remote in list(self.remotes.values()):
                    if remote.sockets:
                        self._announce(remote)
                    elif now - remote.made > self.lease_seconds:
                        await self._drop_remote(remote)
                for game_id, nodes in list(self.elsewhere.items()):
                    owned_here = self.hub.tables.get(game_id)
                    for node, (_tokens, seen) in list(nodes.items()):
                        if now - seen > 2 * self.lease_seconds and owned_here is not None:
                            self._watched_from(owned_here, node, [])
                await self._share_lobby()
                for game_id in await store_call(
                    "orphaned_tables", store.orphaned_tables, SWEEP_TABLES
                ):
                    if game_id not in self.hub.tables:
                        with contextlib.suppress(Elsewhere, NotFoundError):
                            await self.adopt(game_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # the store or broker away for a moment: next round
                log.exception("cluster upkeep")

    # --- one lobby for all processes -----------------------------------------------------

    async def _share_lobby(self) -> None:
        """Publish this process's tables for the others' lobbies (kept for three rounds)
        and read theirs."""
        mine = self.hub.lobby(local=True)
        await self.broker.put(
            self._channel("lobby", self.node), json.dumps(mine).encode(), 3 * self.lease_seconds
        )
        merged: dict[str, list[dict[str, Any]]] = {"open": [], "running": []}
        for key, raw in (await self.broker.get_all(self._channel("lobby", ""))).items():
            if key == self._channel("lobby", self.node):
                continue
            theirs = json.loads(raw)
            for part in merged:
                merged[part].extend(theirs.get(part) or [])
        self.others_lobby = merged

    def lobby(
        self, open_tables: list[dict[str, Any]], running: list[dict[str, Any]]
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """This process's lobby entries with the other processes', newest first."""
        here = {entry["id"] for entry in open_tables} | {entry["id"] for entry in running}

        def merged(mine: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> list[Any]:
            rows = mine + [entry for entry in theirs if entry.get("id") not in here]
            return sorted(rows, key=lambda entry: -int(entry.get("id", 0)))

        return (
            merged(open_tables, self.others_lobby["open"]),
            merged(running, self.others_lobby["running"]),
        )

    def _spawn(self, job: Any) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._serving.add(task)
        task.add_done_callback(self._serving.discard)


def _frame(data: dict[str, Any]) -> Frame:
    from spieltisch.server.hub import Frame

    return Frame.from_json(data)


def _error(exc: BaseException) -> dict[str, Any]:
    kind = "seat" if isinstance(exc, SeatError) else "saved" if isinstance(exc, NotSaved) else ""
    if isinstance(exc, StoreUnavailable):
        kind = "unavailable"
    if isinstance(exc, SeatError):
        return {"kind": kind, "rule": exc.rule, "message": exc.detail}
    return {"kind": kind, "rule": getattr(exc, "rule", None), "message": str(exc)}


def _refusal(error: dict[str, Any]) -> Exception:
    """The owner's refusal as the exception this process's front ends answer."""
    kind, rule, message = error.get("kind"), error.get("rule"), str(error.get("message"))
    if kind == "seat":
        return SeatError(str(rule), message)
    if kind == "saved":
        return NotSaved(message)
    if kind == "unavailable":
        return OwnerGone(message)
    return Refused(rule if isinstance(rule, str) else None, message)
