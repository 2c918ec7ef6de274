"""The two seats of a table: who sits there (a person, the AI at a level, a bot) and
the error for acting from the wrong seat."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from spieltisch.core.errors import SpieltischError

#: The longest display name a seat may have (a game record's limit too).
MAX_NAME_LENGTH = 200


class SeatError(SpieltischError):
    """An action the table refuses for the seat that asked: not its turn, the game over,
    no such seat, no offer to accept. `rule` names the broken table rule."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.detail = message


class SeatKind(StrEnum):
    """Who sits in a seat: a person (browser, terminal), the AI, a bot over the network."""

    PERSON = "person"
    AI = "ai"
    BOT = "bot"


@dataclass(frozen=True)
class Seat:
    """One seat: its kind, display name, the AI's agent spec, and the secret token that
    proves a person or bot sits here (None while the seat is free; never shown)."""

    kind: SeatKind
    name: str = ""
    agent: str | None = None
    token: str | None = None

    def __post_init__(self) -> None:
        if len(self.name) > MAX_NAME_LENGTH:
            raise SeatError(
                "NAME_TOO_LONG", f"a seat's name has at most {MAX_NAME_LENGTH} characters"
            )
        if (self.kind is SeatKind.AI) != (self.agent is not None):
            raise SeatError("AGENT_SPEC", "an AI seat, and only an AI seat, has an agent spec")

    @classmethod
    def person(cls, name: str = "", token: str | None = None) -> Seat:
        return cls(SeatKind.PERSON, name, None, token)

    @classmethod
    def ai(cls, agent: str, name: str | None = None) -> Seat:
        return cls(SeatKind.AI, agent if name is None else name, agent)

    @classmethod
    def bot(cls, name: str = "", token: str | None = None) -> Seat:
        return cls(SeatKind.BOT, name, None, token)

    @property
    def taken(self) -> bool:
        """An AI seat is always taken; a person's or bot's once it has a token."""
        return self.kind is SeatKind.AI or self.token is not None

    def public(self) -> dict[str, Any]:
        """The seat as anyone may see it (JSON-ready, without the token)."""
        return {"kind": str(self.kind), "name": self.name, "agent": self.agent, "taken": self.taken}
