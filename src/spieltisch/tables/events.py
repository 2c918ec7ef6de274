"""What a table tells its subscribers: small frozen values, delivered in order."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Started:
    """Both seats are taken and the game runs (clocks start)."""

    ply: int


@dataclass(frozen=True)
class SeatTaken:
    seat: int
    name: str
    kind: str


@dataclass(frozen=True)
class MovePlayed:
    """`seat` made move number `ply` (0-based, chance outcomes counted) in `seconds`
    (since its turn began); `think` is the part an AI spent searching (None for people
    and bots), so that `seconds - think` is what serving the AI cost."""

    ply: int
    notation: str
    seat: int
    seconds: float
    description: str = ""
    think: float | None = None


@dataclass(frozen=True)
class ChanceDrawn:
    """The table drew the chance outcome at `ply` (from the chance seed and the ply)."""

    ply: int
    notation: str
    description: str = ""


@dataclass(frozen=True)
class TakebackOffered:
    seat: int


@dataclass(frozen=True)
class TakebackDeclined:
    seat: int


@dataclass(frozen=True)
class TookBack:
    """`plies` moves were taken back; `seat` is to move again at `ply`."""

    seat: int
    plies: int
    ply: int


@dataclass(frozen=True)
class DrawOffered:
    seat: int


@dataclass(frozen=True)
class DrawDeclined:
    seat: int


@dataclass(frozen=True)
class ThinkingChanged:
    """The AI in `seat` started (True) or stopped (False) thinking."""

    seat: int
    thinking: bool


@dataclass(frozen=True)
class ClockFlag:
    """`seat`'s time ran out."""

    seat: int


@dataclass(frozen=True)
class GameOver:
    """The end: the winner (None for a draw), the reason and each seat's score parts."""

    winner: int | None
    reason: str
    scores: tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class Abandoned:
    reason: str


@dataclass(frozen=True)
class Reverted:
    """The table went back to an earlier moment (`Table.rewind`): what happened since was
    not stored, so it did not happen. `ply` is the number of moves now."""

    ply: int
    reason: str


Event = (
    Started
    | SeatTaken
    | MovePlayed
    | ChanceDrawn
    | TakebackOffered
    | TakebackDeclined
    | TookBack
    | DrawOffered
    | DrawDeclined
    | ThinkingChanged
    | ClockFlag
    | GameOver
    | Abandoned
    | Reverted
)
