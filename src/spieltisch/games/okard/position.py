"""The one-line Okard position text, its writer and its strict reader.

Eleven fields separated by spaces:

    ranks hands captured phase mover ap sacrificed stage turn done die

- ranks: from the top row (blue's side) down to row 1, separated by `/`; in a rank,
  comma-separated items: a number of empty squares, or a stone code (red upper case, blue
  lower case) with `+` when its back side is up. `K,7,b+` = red König, 7 empty, blue Bauer
  promoted.
- hands: `red/blue`, each code + count in stone-list order (`B2K1`), `-` for none.
- captured: the values each player captured, `red:blue`.
- phase: `pick`, `place`, `play`, or `over-REASON` (king, points, home, all, turns).
- mover: `r` or `b` (whose pick, placement or turn it is); when over: the winner or `=`.
- ap: action points left, `?` while the die is still to be rolled.
- sacrificed: AP gained from sacrifices this turn; stage: `s` start, `m` moved,
  `p` promoted, `d` dropped; turn: play turns completed; done: who passed/finished in the
  pick or placement phase (`--`, `r-`, `-b`, `rb`); die: the round's die or `-`.

The board size and stone codes come from the game's options, so a position is read by a
game with the same options (`-o board=8` on the command line).

The reader refuses, besides malformed text, positions that cannot arise under the rules
where a cheap check can tell (reachable.py): the message starts with the rule broken.
Only ASCII counts: a look-alike letter (`ı`, `ſ`) or digit (`²`) is no part of the notation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from spieltisch.core.errors import PositionError, quote
from spieltisch.core.text import read_int
from spieltisch.games.okard.lookup import PLAYER_NAMES, RED
from spieltisch.games.okard.options import DIE_FACES, SACRIFICE_CAP, ApMode
from spieltisch.games.okard.phases import (
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_PLAY,
    REASON_NAMES,
    REASONS,
    STAGE_LETTERS,
)
from spieltisch.games.okard.reachable import check_reachable

if TYPE_CHECKING:
    from spieltisch.games.okard.game import Okard
    from spieltisch.games.okard.state import OkardState

FIELDS = "ranks hands captured phase mover ap sacrificed stage turn done die"
_FIELD = re.compile(r"[^ \t\r\n\f\v]+")
_HAND_ITEM = re.compile(r"([A-Z]{1,3})([0-9]+)")
_DIGITS = frozenset("0123456789")
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


@dataclass(slots=True)
class PositionFields:
    """The whole position as numbers, the way `OkardState.restore` takes it."""

    board: list[int]
    hands: tuple[list[int], list[int]]
    captured: tuple[int, int]
    phase: int
    mover: int
    ap: int  # -1 while the die is still to be rolled
    sacrificed: int
    stage: int
    turn: int
    done: int  # bit 0 red, bit 1 blue
    die: int  # 0 for none
    winner: int = -1  # -1 for a draw or a game that goes on
    reason: int = -1  # index into REASONS once over


def position_text(state: OkardState) -> str:
    """The one-line text of `state` (see the module docstring)."""
    t = state.t
    n = t.n
    b = state.board
    ranks = []
    for row in range(n - 1, -1, -1):
        items: list[str] = []
        empty = 0
        for sq in range(row * n, row * n + n):
            v = b[sq]
            if not v:
                empty += 1
                continue
            if empty:
                items.append(str(empty))
                empty = 0
            code = t.stones[t.kind_of[v]].code
            items.append((code if v > 0 else code.lower()) + ("+" if (abs(v) - 1) % 2 == 1 else ""))
        if empty:
            items.append(str(empty))
        ranks.append(",".join(items))
    hands = "/".join(
        "".join(f"{t.stones[k].code}{c}" for k, c in enumerate(hand) if c) or "-"
        for hand in state.hands
    )
    result = state.outcome()
    if result is not None:
        phase_text = "over-" + REASON_NAMES[REASONS.index(result.reason)]
        mover = "=" if result.winner is None else "rb"[result.winner]
    else:
        phase_text = state.phase
        mover = "rb"[state.mover]
    ap = "?" if state.awaiting_roll else str(state.action_points)
    red_done, blue_done = state.passed
    done = ("r" if red_done else "-") + ("b" if blue_done else "-")
    die = str(state.round_die) if state.round_die else "-"
    stage = STAGE_LETTERS[("start", "moved", "promoted", "dropped").index(state.stage)]
    captured = state.captured
    return (
        f"{'/'.join(ranks)} {hands} {captured[0]}:{captured[1]} {phase_text} {mover} "
        f"{ap} {state.sacrificed} {stage} {state.turn} {done} {die}"
    )


class _Reader:
    """The fields of a position text with their offsets, for errors that point at them."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts: list[int] = []
        self.fields: list[str] = []
        for match in _FIELD.finditer(text):
            self.starts.append(match.start())
            self.fields.append(match.group())

    def fail(self, message: str, field: int, offset: int = 0) -> PositionError:
        return PositionError(message, self.text, self.starts[field] + offset)

    def number(self, field: int, what: str, low: int, high: int, offset: int = 0) -> int:
        return self.number_in(self.fields[field], field, what, low, high, offset)

    def number_in(
        self, raw: str, field: int, what: str, low: int, high: int | None, offset: int = 0
    ) -> int:
        return read_int(
            raw,
            what,
            low=low,
            high=high,
            error=PositionError,
            text=self.text,
            position=self.starts[field] + offset,
        )


def parse_position(game: Okard, text: str, *, reachable: bool = True) -> OkardState:
    """Read a position text (see the module docstring); raises `PositionError` for text
    that is malformed or describes a position the rules cannot reach (with
    `reachable=False`: only what the game needs to go on, see `check_reachable`)."""
    fields = read_fields(game, text)
    state = game.new_state()
    state.restore(fields)
    check_reachable(state, text, reachable=reachable)
    return state


def read_fields(game: Okard, text: str) -> PositionFields:
    """The eleven fields read and range-checked one by one."""
    reader = _Reader(text)
    if len(reader.fields) != 11:
        raise PositionError(
            f"an Okard position has 11 fields ({FIELDS}), found {len(reader.fields)}", text
        )
    t = game.lookup
    options = t.options
    raw = reader.fields
    board = _read_ranks(game, reader)
    hands = _read_hands(game, reader)

    red, sep, blue = raw[2].partition(":")
    if not sep:
        raise reader.fail(f"captured values {quote(raw[2])} must look like 12:0", 2)
    captured = (
        reader.number_in(red, 2, "the captured values of red", 0, None),
        reader.number_in(blue, 2, "the captured values of blue", 0, None, len(red) + 1),
    )

    phase_text = raw[3]
    winner = reason = -1
    if phase_text.startswith("over-"):
        reason_name = phase_text[5:]
        if reason_name not in REASON_NAMES:
            raise reader.fail(f"an end reason is one of {', '.join(REASON_NAMES)}", 3)
        if reason_name not in ("turns", options.end.value):
            raise reader.fail(
                f"a game with end={options.end.value} ends by {options.end.value} or turns, "
                f"not {reason_name}",
                3,
            )
        phase = PHASE_OVER
        reason = REASON_NAMES.index(reason_name)
        if raw[4] not in ("r", "b", "="):
            raise reader.fail("the winner of a finished game is r, b or =", 4)
        winner = -1 if raw[4] == "=" else "rb".index(raw[4])
        mover = max(winner, RED)
    elif phase_text in PHASE_NAMES[:3]:
        phase = PHASE_NAMES.index(phase_text)
        if raw[4] not in ("r", "b"):
            raise reader.fail(f"the player to move is r or b, not {quote(raw[4])}", 4)
        mover = "rb".index(raw[4])
    else:
        raise reader.fail("the phase is pick, place, play or over-REASON", 3)

    max_ap = options.max_ap + SACRIFICE_CAP
    if raw[5] == "?":
        if phase != PHASE_PLAY or options.ap is ApMode.FIXED:
            raise reader.fail("'?' (die to roll) only in the play phase with dice", 5)
        if options.ap is ApMode.ROUND and mover != RED:
            raise reader.fail("with one die per round, only red's turn starts with a roll", 5)
        ap = -1
    else:
        ap = reader.number(5, "the action points", 0, max_ap)
    sacrificed = reader.number(6, "the sacrificed AP", 0, SACRIFICE_CAP)
    if raw[7] not in tuple(STAGE_LETTERS):
        raise reader.fail(f"the stage is one of {', '.join(STAGE_LETTERS)}", 7)
    stage = STAGE_LETTERS.index(raw[7])
    turn = reader.number(8, "the turn", 0, options.turns)
    if turn >= options.turns and phase != PHASE_OVER:
        raise reader.fail(f"turn {turn} is past the limit of {options.turns}", 8)
    done_text = raw[9]
    if len(done_text) != 2 or done_text[0] not in "r-" or done_text[1] not in "b-":
        raise reader.fail("done flags are two characters: r or -, then b or -", 9)
    done = (1 if done_text[0] == "r" else 0) | (2 if done_text[1] == "b" else 0)
    die = 0 if raw[10] == "-" else reader.number(10, "the round's die", 1, DIE_FACES)
    return PositionFields(
        board, hands, captured, phase, mover, ap, sacrificed, stage, turn, done, die, winner, reason
    )


def _read_ranks(game: Okard, reader: _Reader) -> list[int]:
    t = game.lookup
    n = t.n
    board = [0] * t.nn
    ranks = reader.fields[0].split("/")
    if len(ranks) != n:
        raise reader.fail(
            f"expected {n} ranks separated by '/' for the {n}x{n} board of this game "
            f"(options: board={t.options.board}), found {len(ranks)}",
            0,
        )
    offset = 0
    for index, rank in enumerate(ranks):
        row = n - 1 - index
        col = 0
        item_offset = offset
        for item in rank.split(","):
            if item and set(item) <= _DIGITS:
                count = reader.number_in(item, 0, "an empty run", 0, n, item_offset)
                if count < 1:
                    raise reader.fail("an empty run counts at least 1 square", 0, item_offset)
                col += count
            else:
                promoted = item.endswith("+")
                code = item[:-1] if promoted else item
                if not (
                    code
                    and len(code) <= 3
                    and set(code) <= _LETTERS
                    and (code.isupper() or code.islower())
                ):
                    raise reader.fail(
                        f"{quote(item)} is neither a count of empty squares nor a stone code "
                        "(upper case red, lower case blue, + for the back side)",
                        0,
                        item_offset,
                    )
                k = t.codes.get(code.upper())
                if k is None:
                    known = " ".join(t.codes)
                    raise reader.fail(
                        f"unknown stone {quote(code)} (this game's stones: {known})",
                        0,
                        item_offset,
                    )
                if promoted and t.stones[k].back is None:
                    raise reader.fail(f"stone {code} has no back side", 0, item_offset)
                if col >= n:
                    raise reader.fail(f"rank {row + 1} has more than {n} squares", 0, item_offset)
                magnitude = 1 + 2 * k + (1 if promoted else 0)
                board[row * n + col] = magnitude if code.isupper() else -magnitude
                col += 1
            if col > n:
                raise reader.fail(f"rank {row + 1} has more than {n} squares", 0, item_offset)
            item_offset += len(item) + 1
        if col != n:
            raise reader.fail(f"rank {row + 1} has {col} squares, not {n}", 0, offset)
        offset += len(rank) + 1
    return board


def _read_hands(game: Okard, reader: _Reader) -> tuple[list[int], list[int]]:
    t = game.lookup
    # No more stones than both armies can hold (each stone is worth at least min_value).
    most = max(1, 2 * t.options.army_points // t.min_value)
    hands: tuple[list[int], list[int]] = ([0] * t.kinds, [0] * t.kinds)
    hand_texts = reader.fields[1].split("/")
    if len(hand_texts) != 2:
        raise reader.fail("hands are red/blue, e.g. B2K1/- ('-' for an empty hand)", 1)
    start = 0
    for player, hand_text in enumerate(hand_texts):
        if hand_text != "-":
            pos = 0
            last = -1
            for match in _HAND_ITEM.finditer(hand_text):
                if match.start() != pos:
                    break
                code = match.group(1)
                k = t.codes.get(code)
                if k is None or k <= last:
                    raise reader.fail(
                        f"hand item {quote(match.group())}: a known code in stone-list order "
                        "and a count of at least 1",
                        1,
                        start + pos,
                    )
                hands[player][k] = reader.number_in(
                    match.group(2),
                    1,
                    f"the count of {code} in {PLAYER_NAMES[player]}'s hand",
                    1,
                    most,
                    start + match.start(2),
                )
                last = k
                pos = match.end()
            if pos != len(hand_text) or pos == 0:
                raise reader.fail(f"hand {quote(hand_text)} must look like B2K1 or -", 1, start)
        start += len(hand_text) + 1
    return hands
