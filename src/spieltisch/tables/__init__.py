"""Tables: a running game with its seats, clocks, chance draws, record and events; the
one game loop every front end (CLI, matches, web app, bot server) drives."""

from spieltisch.tables.clock import ClockSettings
from spieltisch.tables.events import (
    Abandoned,
    ChanceDrawn,
    ClockFlag,
    DrawDeclined,
    DrawOffered,
    Event,
    GameOver,
    MovePlayed,
    Reverted,
    SeatTaken,
    Started,
    TakebackDeclined,
    TakebackOffered,
    ThinkingChanged,
    TookBack,
)
from spieltisch.tables.seats import Seat, SeatError, SeatKind
from spieltisch.tables.table import (
    AGREED_DRAW,
    RESIGNATION,
    TIME,
    Checkpoint,
    Listener,
    Status,
    Table,
)

__all__ = [
    "AGREED_DRAW",
    "RESIGNATION",
    "TIME",
    "Abandoned",
    "ChanceDrawn",
    "Checkpoint",
    "ClockFlag",
    "ClockSettings",
    "DrawDeclined",
    "DrawOffered",
    "Event",
    "GameOver",
    "Listener",
    "MovePlayed",
    "Reverted",
    "Seat",
    "SeatError",
    "SeatKind",
    "SeatTaken",
    "Started",
    "Status",
    "Table",
    "TakebackDeclined",
    "TakebackOffered",
    "ThinkingChanged",
    "TookBack",
]
