"""The competition codec: a game's seam to the Software-Challenge XML protocol.

A game that was played in the Software-Challenge (Ostseeschach 2022, Hase und Igel 2018)
returns its codec from `Game.competition()`; the server and the bot protocol speak to
competition bots through it alone, without knowing the game. The codec knows the game
type name, the `<state>` and `<move>` XML, and the score parts of a finished game; the
game-independent packets (join, room, welcome, move request, result) are `core.sc_xml`,
and reading outside XML safely is `core.xml_reading`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeVar

from spieltisch.core.sc_xml import Fragment, PlayerScore

S = TypeVar("S")
M = TypeVar("M")


@dataclass(frozen=True)
class CompetitionResult:
    """What the server reports at the end of a game (`<data class="result">`).

    `definition` names the score parts with their aggregation, `scores` holds each
    player's entry in player order (team name as the protocol writes it, the parts, cause
    and reason), `winner` is the winning player (0 or 1) or None for a draw.
    """

    definition: tuple[Fragment, ...]
    scores: tuple[PlayerScore, PlayerScore]
    winner: int | None

    @property
    def winner_team(self) -> str | None:
        """The winner's team name as the protocol writes it, None for a draw."""
        return None if self.winner is None else self.scores[self.winner].team


@dataclass(frozen=True)
class Forfeit:
    """An end the rules did not decide: `seat` lost with the official `cause`
    (`RULE_VIOLATION`, `SOFT_TIMEOUT`, `HARD_TIMEOUT`, `LEFT`) and a `reason` text."""

    seat: int
    cause: str
    reason: str


class CompetitionCodec(Protocol[S, M]):
    """A game's competition XML: states and moves both ways, and the result.

    Readers take untrusted text: they raise `PositionError` (states) or `NotationError`
    (moves) for anything they cannot read, never another exception.
    """

    @property
    def game_type(self) -> str:
        """The game type name as the server writes it (`swc_2022_ostseeschach`)."""
        ...

    def state_to_xml(self, state: S, memento: bool = False) -> str:
        """The `<state>` element as the official server prints it; `memento=True` adds
        `class="state"` as inside `<data class="memento">`."""
        ...

    def state_from_xml(self, text: str) -> S:
        """A state from `<state>`, standalone or inside a memento or room packet."""
        ...

    def move_to_xml(self, move: M) -> str:
        """The `<move>` element as a client sends it outside a room packet."""
        ...

    def move_from_xml(self, text: str) -> M:
        """A move from `<move>`, `<data class="move">` or a room packet holding one."""
        ...

    def result(self, state: S) -> CompetitionResult:
        """The result data of a finished game (`ValueError` while it goes on)."""
        ...

    # --- what a server sends (the packets differ between the competition years) -------

    @property
    def teams(self) -> tuple[str, str]:
        """The colours of the welcome message (`ONE`/`TWO`, `red`/`blue`)."""
        ...

    @property
    def move_request(self) -> str:
        """The `class` of the move request's `<data>` element."""
        ...

    @property
    def error_original(self) -> str:
        """The element of the error packet that carries the refused move."""
        ...

    @property
    def close_connection(self) -> str:
        """The element the server sends before it closes a client's stream itself (the
        CloseConnection class under its name: it was never registered as an alias)."""
        ...

    def move_lines(self, move: M, tag: str = "move", attrs: str = "") -> list[str]:
        """The lines of a move element named `tag` with `attrs` (e.g. ` class="move"`)."""
        ...

    def memento_lines(self, state: S, names: tuple[str, str]) -> list[str]:
        """`<data class="memento">` holding the state, as the server sends it."""
        ...

    def result_lines(
        self, state: S, names: tuple[str, str], forfeit: Forfeit | None = None
    ) -> list[str]:
        """`<data class="result">` at the end: the game's own end, or `forfeit`."""
        ...
