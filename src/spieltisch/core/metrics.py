"""The server's measurements, in one registry that `/metrics` serves in Prometheus's
text format (prometheus_client: the reference client, kept by the Prometheus project).

Every layer records into the metrics defined here (the tables, the store, the AI
service, the sockets), so the names and their help texts are written down once. A
metric that is a count of live things (tables, connections) is a gauge its owner sets
or moves; durations are histograms in seconds.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

__all__ = [
    "AI_QUEUE_DEPTH",
    "AI_REPLY_SECONDS",
    "AI_SEARCHES",
    "AI_WAIT_SECONDS",
    "ANALYSIS_JOBS",
    "MOVES",
    "MOVE_SECONDS",
    "RATE_LIMITED",
    "REGISTRY",
    "REQUESTS",
    "STORE_ERRORS",
    "STORE_SECONDS",
    "TABLES_ADOPTED",
    "TABLES_ELSEWHERE",
    "TABLES_LIVE",
    "TABLES_LOST",
    "WEBSOCKETS",
    "WEBSOCKETS_DROPPED",
]

#: The registry `/metrics` serves (not the process-wide default one, so that tests and
#: several apps in one process do not collide on names).
REGISTRY = CollectorRegistry(auto_describe=True)

_FAST = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
_SLOW = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)

TABLES_LIVE = Gauge(
    "spieltisch_tables_live", "Live tables in memory, by status.", ["status"], registry=REGISTRY
)
MOVES = Counter(
    "spieltisch_moves_total",
    "Moves played and stored, by who played them.",
    ["by"],
    registry=REGISTRY,
)
MOVE_SECONDS = Histogram(
    "spieltisch_move_seconds",
    "Server time per move from its arrival to its acknowledgement (store commit included).",
    buckets=_FAST,
    registry=REGISTRY,
)
STORE_SECONDS = Histogram(
    "spieltisch_store_seconds",
    "Time of one store call, by operation.",
    ["operation"],
    buckets=_FAST,
    registry=REGISTRY,
)
STORE_ERRORS = Counter(
    "spieltisch_store_errors_total",
    "Store calls that failed, by operation.",
    ["operation"],
    registry=REGISTRY,
)
AI_QUEUE_DEPTH = Gauge(
    "spieltisch_ai_queue_depth", "AI questions waiting for a worker.", registry=REGISTRY
)
AI_SEARCHES = Gauge("spieltisch_ai_searches", "AI searches running now.", registry=REGISTRY)
ANALYSIS_JOBS = Gauge(
    "spieltisch_analysis_jobs",
    "Whole-game computer analyses waiting or running.",
    registry=REGISTRY,
)
LADDER_WAITING = Gauge(
    "spieltisch_ladder_waiting",
    "Bots waiting on the ladder for a game, by game.",
    ["game"],
    registry=REGISTRY,
)
LADDER_GAMES = Counter(
    "spieltisch_ladder_games",
    "Ladder games ended, by game and how (the result's reason, or abandoned).",
    ["game", "end"],
    registry=REGISTRY,
)
AI_WAIT_SECONDS = Histogram(
    "spieltisch_ai_wait_seconds",
    "Time an AI question waited for a worker.",
    buckets=_SLOW,
    registry=REGISTRY,
)
AI_REPLY_SECONDS = Histogram(
    "spieltisch_ai_reply_seconds",
    "Time from an AI question to its answer (waiting and thinking), by kind (move, analysis).",
    ["kind"],
    buckets=_SLOW,
    registry=REGISTRY,
)
WEBSOCKETS = Gauge(
    "spieltisch_websockets",
    "Open WebSocket connections, by path kind (table, bot).",
    ["kind"],
    registry=REGISTRY,
)
WEBSOCKETS_DROPPED = Counter(
    "spieltisch_websockets_dropped_total",
    "Watchers dropped because they did not keep up with their table.",
    registry=REGISTRY,
)
REQUESTS = Counter(
    "spieltisch_http_requests_total",
    "HTTP requests answered, by status class.",
    ["status"],
    registry=REGISTRY,
)
RATE_LIMITED = Counter(
    "spieltisch_rate_limited_total",
    "Requests and connections refused by a rate limit or cap.",
    ["limit"],
    registry=REGISTRY,
)

# --- several server processes (server/cluster.py) ----------------------------------------
TABLES_ADOPTED = Counter(
    "spieltisch_tables_adopted_total",
    "Tables this process took the lease of and rebuilt from the store (a dead or stopped "
    "owner's, or one nobody held).",
    registry=REGISTRY,
)
TABLES_LOST = Counter(
    "spieltisch_tables_lost_total",
    "Tables whose lease went to another process while this one held them.",
    registry=REGISTRY,
)
TABLES_ELSEWHERE = Gauge(
    "spieltisch_tables_elsewhere",
    "Tables owned by another process that connections here watch.",
    registry=REGISTRY,
)
