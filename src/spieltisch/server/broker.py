"""The broker between the server processes: Redis publish/subscribe.

One connection subscribes (this process's channels: its own node channel, the request
channels of the tables it owns, the frame channels of the tables it watches for others)
and hands every message to one callback on the event loop; one more connection
publishes, in the order things were published (a queue drained by one task, several
messages at a time in one round trip), so a table's frames leave in the order the table
made them. Publishing answers how many processes heard it: none means the table's owner
is not listening (gone).

Why Redis and not PostgreSQL's LISTEN/NOTIFY: measured in `benchmarks/broker_latency.py`
(docs/measurements/cluster.md): Redis carries a frame from one process to another in a
fraction of NOTIFY's time, and NOTIFY goes through the database's commit path (one
global lock per notifying commit, 8000-byte payloads, a connection held LISTENing per
process), load the store does not need next to every move's own commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit

log = logging.getLogger(__name__)

__all__ = ["Broker", "BrokerError", "check_broker"]

#: Messages published in one round trip at most.
BATCH = 256


class BrokerError(Exception):
    """The broker cannot be reached."""


def shown(url: str) -> str:
    """`url` without its password (for messages and logs)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[-1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


def check_broker(url: str) -> None:
    """Ping the broker at `url` once (before the server starts); `BrokerError` saying
    why it cannot be used."""
    try:
        import redis
        from redis.exceptions import RedisError
    except ImportError:
        raise BrokerError(
            "the broker needs the redis client: pip install 'spieltisch[cluster]'"
        ) from None
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
        try:
            client.ping()
        finally:
            client.close()
    except (RedisError, OSError, ValueError) as exc:
        raise BrokerError(f"the broker at {shown(url)} cannot be reached: {exc}") from None


class Broker:
    """Redis pub/sub at `url`; `heard(channel, data)` gets every message of the channels
    subscribed (on the event loop, in the order they came)."""

    def __init__(self, url: str, heard: Callable[[str, bytes], None]) -> None:
        try:  # the `cluster` extra: a server alone needs no Redis client installed
            import redis.asyncio as redis
            from redis.exceptions import RedisError
        except ImportError:
            raise BrokerError(
                "the broker needs the redis client: pip install 'spieltisch[cluster]'"
            ) from None
        self.url = url
        self.heard = heard
        #: What a broken or refused connection raises.
        self.failures: tuple[type[BaseException], ...] = (RedisError, OSError)
        self._client = redis.Redis.from_url(url, socket_keepalive=True)
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        self._outbox: asyncio.Queue[tuple[str, bytes, asyncio.Future[int] | None]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._channels: set[str] = set()

    async def start(self, channel: str) -> None:
        """Connect, subscribe to `channel` (this process's own), start reading."""
        try:
            await self._client.ping()
            await self._pubsub.subscribe(channel)
        except self.failures as exc:
            raise BrokerError(f"the broker at {shown(self.url)} cannot be reached: {exc}") from None
        self._channels.add(channel)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._read()), loop.create_task(self._publish())]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        with contextlib.suppress(Exception):
            await self._client.aclose()

    async def subscribe(self, channel: str) -> None:
        if channel not in self._channels:
            self._channels.add(channel)
            await self._pubsub.subscribe(channel)

    async def unsubscribe(self, channel: str) -> None:
        if channel in self._channels:
            self._channels.discard(channel)
            with contextlib.suppress(*self.failures):
                await self._pubsub.unsubscribe(channel)

    async def put(self, key: str, data: bytes, seconds: float) -> None:
        """Keep `data` under `key` for `seconds` (this process's lobby, say)."""
        await self._client.set(key, data, px=max(1, int(seconds * 1000)))

    async def get_all(self, prefix: str) -> dict[str, bytes]:
        """Every value kept under a key starting with `prefix`, by key."""
        keys = [key async for key in self._client.scan_iter(match=prefix + "*", count=500)]
        if not keys:
            return {}
        values = await self._client.mget(keys)
        return {
            (key.decode() if isinstance(key, bytes) else str(key)): (
                value if isinstance(value, bytes) else str(value).encode()
            )
            for key, value in zip(keys, values, strict=True)
            if value is not None
        }

    def send(self, channel: str, data: bytes) -> None:
        """Publish `data` on `channel` soon, after everything sent before it."""
        self._outbox.put_nowait((channel, data, None))

    async def publish(self, channel: str, data: bytes) -> int:
        """Publish `data` on `channel` (after everything sent before it); how many
        subscribers heard it."""
        heard: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._outbox.put_nowait((channel, data, heard))
        return await heard

    async def _publish(self) -> None:
        while True:
            batch = [await self._outbox.get()]
            while len(batch) < BATCH and not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            try:
                if len(batch) == 1:
                    counts = [await self._client.publish(batch[0][0], batch[0][1])]
                else:
                    pipe = self._client.pipeline(transaction=False)
                    for channel, data, _ in batch:
                        pipe.publish(channel, data)
                    counts = await pipe.execute()
            except self.failures as exc:
                log.warning("the broker refused %d messages: %s", len(batch), exc)
                for _, _, heard in batch:
                    if heard is not None and not heard.done():
                        heard.set_exception(BrokerError(str(exc)))
                await asyncio.sleep(0.2)
                continue
            for (_, _, heard), count in zip(batch, counts, strict=True):
                if heard is not None and not heard.done():
                    heard.set_result(int(count))

    async def _read(self) -> None:
        while True:
            try:
                async for message in self._pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    channel = message["channel"]
                    if isinstance(channel, bytes):
                        channel = channel.decode()
                    try:
                        self.heard(channel, message["data"])
                    except Exception:
                        log.exception("a broker message on %s", channel)
            except self.failures as exc:  # reconnects and subscribes again
                log.warning("the broker connection broke: %s", exc)
                await asyncio.sleep(0.5)
