"""Game records: one finished (or abandoned) game as JSON that can be replayed.

A record names the game and its options, how the start was made (the `new_state` seed, or
a position text), the players, every move in the game's notation (chance outcomes too),
the thinking time of each move and the outcome. Games played with `spieltisch play` keep
the seed of their chance draws in `meta.chance_seed` (see `core.chance`), so that a
resumed game draws as it would have. Every field is checked on load.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypedDict, cast

from spieltisch.core.chance import MAX_SEED
from spieltisch.core.errors import IllegalMoveError, NotationError, quote
from spieltisch.core.files import read_text_file
from spieltisch.core.game import Game, State
from spieltisch.core.registry import game_names, load

FORMAT = "spieltisch-record/1"
#: The longest move text and player name a record may hold.
MAX_MOVE_LENGTH = 200
MAX_NAME_LENGTH = 200


class RecordMeta(TypedDict, total=False):
    """What a record keeps beside the moves, each key written by one part of spieltisch.
    Every key is optional; a record read from a file may hold others (kept, not typed)."""

    #: The seed of the chance draws (`core.chance`): a resumed game draws as it would have.
    chance_seed: int
    #: Each seat's kind as the store names it (`person`, `ai:SPEC`, `bot:NAME`, ...).
    kinds: list[str]
    #: The seats of a table (`tables.table`): kind, name and agent of each.
    seats: list[dict[str, Any]]
    #: The clock settings of a table with clocks (`tables.ClockSettings.to_json`).
    clock: dict[str, Any]
    #: The tokens of the people holding each seat of a web table (`server.hub`).
    holders: list[str | None]
    #: When the game was created and ended (ISO 8601), as the store keeps it.
    created: str
    ended: str
    #: Why a game was abandoned (not played to its end).
    abandoned: str
    #: The tournament and the game's number in it (`arena.tournament`).
    tournament: int
    tournament_game: int
    #: The game's number in a match and the seat of the match's first agent (`arena.match`).
    match_game: int
    seat_of_a: int
    #: Where a game kept by the command line comes from (`cli.keep`: `cli`).
    origin: str
    #: Set on a record imported from outside (`server.imports`): never rated.
    imported: bool
    #: Set on a table the bot server opened (`tables.lifecycle.BOT_ROOM`): a restart ends it.
    room: str


_META_TYPES: dict[str, type | tuple[type, ...]] = {
    "chance_seed": int,
    "kinds": list,
    "seats": list,
    "clock": dict,
    "holders": list,
    "created": str,
    "ended": str,
    "abandoned": str,
    "tournament": int,
    "tournament_game": int,
    "match_game": int,
    "seat_of_a": int,
    "origin": str,
    "imported": bool,
    "room": str,
}


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
    meta: RecordMeta = field(default_factory=lambda: RecordMeta())

    def to_json(self) -> str:
        data = {"format": FORMAT, **asdict(self)}
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record, checking every field's type and range (`NotationError` naming
        the field); moves are checked against the rules only when replayed."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise NotationError(
                f"a game record is JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
                text,
                exc.pos,
            ) from None
        except ValueError as exc:  # a number of more than 4300 digits
            raise NotationError(f"a game record with an unreadable value: {exc}") from None
        except RecursionError:
            raise NotationError("a game record nested too deeply to be read") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise NotationError(f"not a game record (expected format {FORMAT!r})")
        return cls(**_checked_fields(data))

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
    """The record in the file at `path` (see `read_text_file` for the file's checks)."""
    return GameRecord.from_json(read_text_file(path, "the record"))


def replay_record(record: GameRecord, plies: int | None = None) -> State[Any]:
    """The position after the first `plies` moves of the record (all when None);
    every move is checked, an illegal or unreadable one raises with its number."""
    moves = record.moves if plies is None else record.moves[:plies]
    state = record.start_state()
    for index, text in enumerate(moves):
        try:
            state.play(state.parse_move(text))
        except (NotationError, IllegalMoveError) as exc:
            raise NotationError(
                f"the record, move {index + 1} ({quote(text, 30)}): {exc}"
            ) from None
    return state


def _checked_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The constructor arguments of a record from its JSON object, every field checked."""
    unknown = sorted(set(data) - _FIELDS - {"format"})
    if unknown:
        raise NotationError(f"the record has an unknown field {quote(unknown[0])}")
    for name in ("game", "options", "start", "players"):
        if name not in data:
            raise NotationError(f"the record has no field {name!r}")
    fields: dict[str, Any] = {}
    for name in ("game", "options", "start", "reason"):
        if name in data:
            fields[name] = _string(data[name], name)
    if fields["game"] not in game_names():
        raise NotationError(f"record field 'game': unknown game {quote(fields['game'])}")
    seed = data.get("seed")
    if seed is not None and not (_is_int(seed) and 0 <= seed <= MAX_SEED):
        raise NotationError(f"record field 'seed': expected null or a whole number 0..{MAX_SEED}")
    fields["seed"] = seed
    players = data["players"]
    if not (isinstance(players, list) and len(players) == 2):
        raise NotationError("record field 'players': expected a list of exactly two names")
    fields["players"] = (_string(players[0], "players"), _string(players[1], "players"))
    if any(len(name) > MAX_NAME_LENGTH for name in fields["players"]):
        raise NotationError(
            f"record field 'players': a name has at most {MAX_NAME_LENGTH} characters"
        )
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise NotationError("record field 'moves': expected a list of moves in notation")
    fields["moves"] = [_string(move, f"moves[{index}]") for index, move in enumerate(moves)]
    for index, move in enumerate(fields["moves"]):
        if len(move) > MAX_MOVE_LENGTH:
            raise NotationError(
                f"record field 'moves[{index}]': a move has at most {MAX_MOVE_LENGTH} characters"
            )
    seconds = data.get("seconds", [])
    if not isinstance(seconds, list) or len(seconds) not in (0, len(moves)):
        raise NotationError(
            "record field 'seconds': expected a list of one time per move, or an empty list"
        )
    for index, spent in enumerate(seconds):
        if not (_is_number(spent) and math.isfinite(spent) and spent >= 0):
            raise NotationError(
                f"record field 'seconds[{index}]': expected a non-negative number of seconds"
            )
    fields["seconds"] = [float(spent) for spent in seconds]
    winner = data.get("winner")
    if winner is not None and not (_is_int(winner) and winner in (0, 1)):
        raise NotationError("record field 'winner': expected null, 0 or 1")
    fields["winner"] = winner
    scores = data.get("scores", [[], []])
    if not (isinstance(scores, list) and len(scores) == 2):
        raise NotationError("record field 'scores': expected two lists of whole numbers")
    checked: list[tuple[int, ...]] = []
    for part in scores:
        if not (isinstance(part, list) and len(part) <= 16 and all(_is_int(v) for v in part)):
            raise NotationError("record field 'scores': expected two lists of whole numbers")
        if any(abs(v) > MAX_SEED for v in part):
            raise NotationError(f"record field 'scores': a value beyond ±{MAX_SEED}")
        checked.append(tuple(part))
    fields["scores"] = (checked[0], checked[1])
    finished = data.get("finished", False)
    if not isinstance(finished, bool):
        raise NotationError("record field 'finished': expected true or false")
    fields["finished"] = finished
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise NotationError("record field 'meta': expected an object")
    for key, kinds in _META_TYPES.items():
        value = meta.get(key)
        if value is not None and (not isinstance(value, kinds) or isinstance(value, bool)):
            raise NotationError(f"record field 'meta.{key}': expected {_kind_of(kinds)}")
    fields["meta"] = cast(RecordMeta, meta)
    return fields


_FIELDS = frozenset(
    ("game", "options", "start", "seed", "players", "moves", "seconds", "winner", "reason")
)
_FIELDS |= {"scores", "finished", "meta"}


def _string(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise NotationError(f"record field {name!r}: expected a string, not {_kind(value)}")
    return value


def _kind_of(kinds: type | tuple[type, ...]) -> str:
    names = {int: "a whole number", str: "a string", list: "a list", dict: "an object"}
    return names.get(kinds, "a value") if isinstance(kinds, type) else "a value"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _kind(value: object) -> str:
    kinds = {bool: "true/false", int: "a number", float: "a number", list: "a list"}
    if value is None:
        return "null"
    return kinds.get(type(value), "an object")
