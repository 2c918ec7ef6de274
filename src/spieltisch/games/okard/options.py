"""Okard options: every variant setting of okard.md marked **option**, with its defaults."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from spieltisch.core.errors import OptionError
from spieltisch.core.options import GameOptions
from spieltisch.games.okard.stones import KING, Stone, StoneError, stone_list

#: Board size -> (recommended army points, setup rows) (okard.md, "Setup").
BOARDS = {8: (100, 2), 9: (150, 3), 10: (200, 3)}
#: At most this many AP per turn come from sacrifices (okard.md, "A turn", 2).
SACRIFICE_CAP = 6
DIE_FACES = 6


class ApMode(enum.Enum):
    """How action points are set (okard.md, "A turn", 1)."""

    TURN = "turn"  # each player rolls a die at the start of its own turn (default)
    ROUND = "round"  # one die per round for both players, rolled before red's turn
    FIXED = "fixed"  # `fixed_ap` every turn, no dice


class SacrificeTo(enum.Enum):
    """Where a sacrificed stone goes (okard.md, "A turn", 2)."""

    OPPONENT = "opponent"
    REMOVED = "removed"


class DropZone(enum.Enum):
    """Where hand stones may be dropped (okard.md, "A turn", 5)."""

    SETUP = "setup"
    ANYWHERE = "anywhere"


class EndCondition(enum.Enum):
    """How the game is won before the turn limit (okard.md, "End of the game")."""

    KING = "king"
    POINTS = "points"
    HOME = "home"
    ALL = "all"


@dataclass(frozen=True)
class OkardOptions(GameOptions):
    """Okard variant settings; `army=none` and `target=none` take the rules' defaults."""

    board: int = 9
    army: int | None = None
    ap: ApMode = ApMode.TURN
    fixed_ap: int = 3
    sacrifice: SacrificeTo = SacrificeTo.OPPONENT
    drops: DropZone = DropZone.SETUP
    end: EndCondition = EndCondition.KING
    target: int | None = None
    stones: tuple[str, ...] = ()
    turns: int = 200

    def __post_init__(self) -> None:
        if self.board not in BOARDS:
            raise OptionError(f"option board: Okard is played on 8, 9 or 10, not {self.board}")
        try:
            allowed = stone_list(self.stones)
        except StoneError as exc:
            raise OptionError(f"option stones: {exc}") from None
        king = next(stone for stone in allowed if stone.code == KING)
        if self.army is not None and not 1 <= self.army <= 1000:
            raise OptionError(f"option army: the army size is 1..1000 points, not {self.army}")
        if self.army_points < king.value:
            raise OptionError(
                f"option army: no stone list can fill an army of {self.army_points} points: "
                f"it must hold the König, worth {king.value} points"
            )
        if not 1 <= self.fixed_ap <= 20:
            raise OptionError(f"option fixed_ap: 1..20 action points, not {self.fixed_ap}")
        if self.target is not None:
            if self.end not in (EndCondition.POINTS, EndCondition.HOME):
                raise OptionError("option target: only end=points and end=home have a target")
            if not 1 <= self.target <= 10_000:
                raise OptionError(f"option target: 1..10000 points, not {self.target}")
        if not 1 <= self.turns <= 10_000:
            raise OptionError(f"option turns: the turn limit is 1..10000, not {self.turns}")

    @property
    def army_points(self) -> int:
        """The army size in points (default: the board's recommendation)."""
        return self.army if self.army is not None else BOARDS[self.board][0]

    @property
    def setup_rows(self) -> int:
        return BOARDS[self.board][1]

    @property
    def stone_list(self) -> tuple[Stone, ...]:
        return stone_list(self.stones)

    @property
    def target_points(self) -> int:
        """The win target: half the army for victory points (okard.md), a quarter of the
        army for bringing stones home (project decision); 0 for other end conditions."""
        if self.target is not None:
            return self.target
        if self.end is EndCondition.POINTS:
            return max(1, self.army_points // 2)
        if self.end is EndCondition.HOME:
            return max(1, self.army_points // 4)
        return 0

    @property
    def max_ap(self) -> int:
        """The most AP a turn starts with."""
        return self.fixed_ap if self.ap is ApMode.FIXED else DIE_FACES

    def native_config(self) -> str | None:
        """These options as the native engine's config (native/okard/lookup.hpp): the
        numbers, then the stone list in full. The native core may still refuse a config it
        cannot hold (too many stone kinds); `spieltisch.native` asks it."""
        numbers = (
            self.board,
            self.army_points,
            (ApMode.TURN, ApMode.ROUND, ApMode.FIXED).index(self.ap),
            self.fixed_ap,
            (SacrificeTo.OPPONENT, SacrificeTo.REMOVED).index(self.sacrifice),
            (DropZone.SETUP, DropZone.ANYWHERE).index(self.drops),
            (EndCondition.KING, EndCondition.POINTS, EndCondition.HOME, EndCondition.ALL).index(
                self.end
            ),
            self.target_points,
            self.turns,
        )
        stones = (f"{stone.code}:{stone.text()}" for stone in self.stone_list)
        return " ".join([*(str(number) for number in numbers), *stones])
