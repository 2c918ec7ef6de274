"""Game records: one finished (or abandoned) game as JSON that can be replayed.

A record names the game and its options, how the start was made (the `new_state` seed, or
a position text), the players, every move in the game's notation (chance outcomes too),
the thinking time of each move and the outcome.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from spieltisch.core.errors import IllegalMoveError, NotationError
from spieltisch.core.game import Game, State, replay
from spieltisch.core.registry import load

FORMAT = "spieltisch-record/1"


@dataclass
class GameRecord:
    """Everything needed to replay one game and to score it."""

    game: str
    options: str
    start: str
    seed: int | None
    players: tuple[str, str]
    moves: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    winner: int | None = None
    reason: str = ""
    scores: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    finished: bool = False
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        data = {"format": FORMAT, **asdict(self)}
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise NotationError(f"a game record is JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise NotationError(f"not a game record (expected format {FORMAT!r})")
        data.pop("format")
        try:
            scores = data.get("scores", [[], []])
            data["scores"] = (tuple(scores[0]), tuple(scores[1]))
            data["players"] = tuple(data["players"])
            return cls(**data)
        except (TypeError, KeyError, IndexError) as exc:
            raise NotationError(f"a game record with a missing or bad field: {exc}") from None

    def save(self, path: Path) -> None:
        path.write_text(self.to_json() + "\n", encoding="utf-8")

    def load_game(self) -> Game[Any, Any]:
        return load(self.game, self.options or None)

    def start_state(self) -> State[Any]:
        """The position the game started from."""
        game = self.load_game()
        state: State[Any] = (
            game.new_state(self.seed) if self.seed is not None else game.parse(self.start)
        )
        return state


def load_record(path: Path) -> GameRecord:
    return GameRecord.from_json(path.read_text(encoding="utf-8"))


def replay_record(record: GameRecord, plies: int | None = None) -> State[Any]:
    """The position after the first `plies` moves of the record (all when None);
    every move is checked, an illegal or unreadable one raises with its number."""
    moves = record.moves if plies is None else record.moves[:plies]
    try:
        return replay(record.start_state(), moves)
    except (NotationError, IllegalMoveError) as exc:
        raise NotationError(f"the record: {exc}") from None
