"""The broker choice of the multi-process server, measured: Redis publish/subscribe
against PostgreSQL's LISTEN/NOTIFY, carrying a table's frame from one connection to
another, on servers started here (Debian's redis-server and PostgreSQL, as the tests).

For each broker: a listener thread on its own connection records when each message
arrives; the publisher (another connection) sends
- one message at a time, waiting for it to arrive: the latency of one frame (p50, p99);
- a burst of messages as fast as it can: frames per second through the broker.
The payload is a frame of `size` bytes (a table's view is 5-15 kB; NOTIFY takes at most
7999 bytes, so its frames are cut to that, in its favour). Both run in this process,
one clock for both ends.

`python -m benchmarks.broker_latency` (seconds).
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import psycopg
import redis

from tests.cluster.redis import start_redis
from tests.store.postgres import start_server

#: NOTIFY's payload limit (bytes, less one).
NOTIFY_LIMIT = 7999


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


class Arrivals:
    """When each numbered message arrived (filled by the listener thread)."""

    def __init__(self) -> None:
        self.times: dict[int, float] = {}
        self.event = threading.Event()
        self.ready = threading.Event()

    def heard(self, payload: bytes | str) -> None:
        head = payload[:12]
        number = int(head.split(b":")[0] if isinstance(head, bytes) else head.split(":")[0])
        self.times[number] = time.perf_counter()
        self.event.set()


def _run(
    publish: Callable[[bytes], object], arrivals: Arrivals, size: int, count: int, burst: int
) -> dict[str, float]:
    pad = b"x" * size
    latencies = []
    for number in range(count):
        arrivals.event.clear()
        sent = time.perf_counter()
        publish(f"{number}:".encode() + pad)
        if not arrivals.event.wait(5):
            raise RuntimeError("a message did not arrive")
        latencies.append(arrivals.times[number] - sent)
    first = count
    started = time.perf_counter()
    for number in range(first, first + burst):
        publish(f"{number}:".encode() + pad)
    deadline = time.monotonic() + 60
    while len(arrivals.times) < first + burst and time.monotonic() < deadline:
        time.sleep(0.001)
    last = max(arrivals.times.values())
    return {
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "per_second": burst / (last - started),
    }


def redis_broker(url: str, size: int, count: int, burst: int) -> dict[str, float]:
    arrivals = Arrivals()
    listener = redis.Redis.from_url(url)
    pubsub = listener.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
    pubsub.subscribe("frames")

    def listen() -> None:
        arrivals.ready.set()
        try:
            for message in pubsub.listen():
                if message["type"] == "message":
                    arrivals.heard(message["data"])
        except (redis.RedisError, OSError):  # the server stopped at the end of the run
            return

    threading.Thread(target=listen, daemon=True).start()
    arrivals.ready.wait()
    publisher = redis.Redis.from_url(url)
    try:
        return _run(lambda data: publisher.publish("frames", data), arrivals, size, count, burst)
    finally:
        publisher.close()


def postgres_broker(url: str, size: int, count: int, burst: int) -> dict[str, float]:
    arrivals = Arrivals()
    plain = url.replace("postgresql+psycopg://", "postgresql://", 1)
    listener = psycopg.connect(plain, autocommit=True)
    listener.execute("LISTEN frames")

    def listen() -> None:
        arrivals.ready.set()
        try:
            for notice in listener.notifies():
                arrivals.heard(notice.payload)
        except psycopg.Error:  # the server stopped at the end of the run
            return

    threading.Thread(target=listen, daemon=True).start()
    arrivals.ready.wait()
    publisher = psycopg.connect(plain, autocommit=True)
    limit = min(size, NOTIFY_LIMIT - 12)

    def publish(data: bytes) -> None:
        publisher.execute("SELECT pg_notify('frames', %s)", (data[: limit + 10].decode(),))

    try:
        return _run(publish, arrivals, limit, count, burst)
    finally:
        publisher.close()


def measure(size: int = 8000, count: int = 300, burst: int = 3000) -> dict[str, Any]:
    server = start_server()
    broker = start_redis()
    try:
        return {
            "size": size,
            "redis": redis_broker(broker.url, size, count, burst),
            "postgres": postgres_broker(server.url(), size, count, burst),
        }
    finally:
        broker.stop()
        server.stop()


def report(result: dict[str, Any]) -> None:
    print(f"frames of {result['size']} bytes (NOTIFY: at most {NOTIFY_LIMIT}):")
    for name in ("redis", "postgres"):
        row = result[name]
        print(
            f"  {name:8} one frame p50 {row['p50_ms']:.3f} ms, p99 {row['p99_ms']:.3f} ms; "
            f"burst {row['per_second']:.0f} frames/s"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=8000)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--burst", type=int, default=3000)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))  # servers stopped too
    report(measure(args.size, args.count, args.burst))


if __name__ == "__main__":
    main()
