"""The one-line Okard position text and its reader.

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
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from spieltisch.core.errors import PositionError
from spieltisch.games.okard.board import BLUE, RED
from spieltisch.games.okard.options import DIE_FACES, SACRIFICE_CAP, ApMode
from spieltisch.games.okard.state import (
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_PICK,
    PHASE_PLAY,
    REASON_NAMES,
    STAGE_LETTERS,
    OkardState,
)

if TYPE_CHECKING:
    from spieltisch.games.okard.game import Okard

FIELDS = "ranks hands captured phase mover ap sacrificed stage turn done die"
_HAND_ITEM = re.compile(r"([A-Z]{1,3})([0-9]+)")
_NUMBER = re.compile(r"[0-9]{1,6}")


def _is_number(text: str) -> bool:
    """ASCII digits only (str.isdigit also accepts '²', which int() refuses)."""
    return _NUMBER.fullmatch(text) is not None


def position_text(state: OkardState) -> str:
    t = state.t
    n = t.n
    b = state._b
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
        for hand in state._hand
    )
    phase = state._phase
    if phase == PHASE_OVER:
        phase_text = "over-" + REASON_NAMES[state._reason]
        mover = "=" if state._winner < 0 else "rb"[state._winner]
    else:
        phase_text = PHASE_NAMES[phase]
        mover = "rb"[state._mover]
    ap = "?" if state._ap < 0 else str(state._ap)
    done = ("r" if state._done & 1 else "-") + ("b" if state._done & 2 else "-")
    die = str(state._die) if state._die else "-"
    return (
        f"{'/'.join(ranks)} {hands} {state._cap[0]}:{state._cap[1]} {phase_text} {mover} "
        f"{ap} {state._sac} {STAGE_LETTERS[state._stage]} {state._turn} {done} {die}"
    )


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.starts: list[int] = []
        self.fields: list[str] = []
        for match in re.finditer(r"\S+", text):
            self.starts.append(match.start())
            self.fields.append(match.group())

    def fail(self, message: str, field: int, offset: int = 0) -> PositionError:
        return PositionError(message, self.text, self.starts[field] + offset)


def _number(reader: _Reader, field: int, what: str, low: int, high: int) -> int:
    raw = reader.fields[field]
    if not _is_number(raw) or not low <= int(raw) <= high:
        raise reader.fail(f"{what} must be a whole number {low}..{high}, not {raw!r}", field)
    return int(raw)


def parse_position(game: Okard, text: str) -> OkardState:
    """Read a position text (see the module docstring); raises `PositionError`."""
    reader = _Reader(text)
    if len(reader.fields) != 11:
        raise PositionError(
            f"an Okard position has 11 fields ({FIELDS}), found {len(reader.fields)}", text
        )
    state = OkardState(game)
    t = state.t
    options = t.options
    n = t.n
    fields = reader.fields

    ranks = fields[0].split("/")
    if len(ranks) != n:
        raise reader.fail(
            f"expected {n} ranks separated by '/' for the {n}x{n} board of this game "
            f"(options: board={options.board}), found {len(ranks)}",
            0,
        )
    offset = 0
    for index, rank in enumerate(ranks):
        row = n - 1 - index
        col = 0
        item_offset = offset
        for item in rank.split(","):
            if _is_number(item):
                count = int(item)
                if count < 1:
                    raise reader.fail("an empty run counts at least 1 square", 0, item_offset)
                col += count
            else:
                promoted = item.endswith("+")
                code = item[:-1] if promoted else item
                if not code.isalpha() or not (code.isupper() or code.islower()):
                    raise reader.fail(
                        f"{item!r} is neither a count of empty squares nor a stone code "
                        "(upper case red, lower case blue, + for the back side)",
                        0,
                        item_offset,
                    )
                k = t.codes.get(code.upper())
                if k is None:
                    known = " ".join(t.codes)
                    raise reader.fail(
                        f"unknown stone {code!r} (this game's stones: {known})", 0, item_offset
                    )
                if promoted and t.stones[k].back is None:
                    raise reader.fail(f"stone {code} has no back side", 0, item_offset)
                if col >= n:
                    raise reader.fail(f"rank {row + 1} has more than {n} squares", 0, item_offset)
                magnitude = 1 + 2 * k + (1 if promoted else 0)
                state._b[row * n + col] = magnitude if code.isupper() else -magnitude
                col += 1
            item_offset += len(item) + 1
        if col != n:
            raise reader.fail(f"rank {row + 1} has {col} squares, not {n}", 0, offset)
        offset += len(rank) + 1

    hand_texts = fields[1].split("/")
    if len(hand_texts) != 2:
        raise reader.fail("hands are red/blue, e.g. B2K1/- ('-' for an empty hand)", 1)
    for player, hand_text in enumerate(hand_texts):
        if hand_text == "-":
            continue
        pos = 0
        last = -1
        for match in _HAND_ITEM.finditer(hand_text):
            if match.start() != pos:
                break
            code, count = match.group(1), int(match.group(2))
            k = t.codes.get(code)
            if k is None or count < 1 or k <= last:
                raise reader.fail(
                    f"hand item {match.group()!r}: a known code in stone-list order and a "
                    "count of at least 1",
                    1,
                    pos,
                )
            state._hand[player][k] = count
            last = k
            pos = match.end()
        if pos != len(hand_text) or pos == 0:
            raise reader.fail(f"hand {hand_text!r} must look like B2K1 or -", 1)

    red, sep, blue = fields[2].partition(":")
    if not sep or not _is_number(red) or not _is_number(blue):
        raise reader.fail(f"captured values {fields[2]!r} must look like 12:0", 2)
    state._cap = [int(red), int(blue)]

    phase_text = fields[3]
    if phase_text.startswith("over-"):
        reason = phase_text[5:]
        if reason not in REASON_NAMES:
            raise reader.fail(f"an end reason is one of {', '.join(REASON_NAMES)}", 3)
        if reason not in ("turns", options.end.value):
            raise reader.fail(
                f"a game with end={options.end.value} ends by {options.end.value} or turns, "
                f"not {reason}",
                3,
            )
        state._phase = PHASE_OVER
        state._reason = REASON_NAMES.index(reason)
        if fields[4] not in ("r", "b", "="):
            raise reader.fail("the winner of a finished game is r, b or =", 4)
        state._winner = -1 if fields[4] == "=" else "rb".index(fields[4])
        state._mover = max(state._winner, RED)
    elif phase_text in PHASE_NAMES[:3]:
        state._phase = PHASE_NAMES.index(phase_text)
        if fields[4] not in ("r", "b"):
            raise reader.fail(f"the player to move is r or b, not {fields[4]!r}", 4)
        state._mover = "rb".index(fields[4])
    else:
        raise reader.fail("the phase is pick, place, play or over-REASON", 3)

    max_ap = options.max_ap + SACRIFICE_CAP
    if fields[5] == "?":
        if state._phase != PHASE_PLAY or options.ap is ApMode.FIXED:
            raise reader.fail("'?' (die to roll) only in the play phase with dice", 5)
        if options.ap is ApMode.ROUND and state._mover != RED:
            raise reader.fail("with one die per round, only red's turn starts with a roll", 5)
        state._ap = -1
    else:
        state._ap = _number(reader, 5, "the action points", 0, max_ap)
    state._sac = _number(reader, 6, "the sacrificed AP", 0, SACRIFICE_CAP)
    if fields[7] not in tuple(STAGE_LETTERS):
        raise reader.fail(f"the stage is one of {', '.join(STAGE_LETTERS)}", 7)
    state._stage = STAGE_LETTERS.index(fields[7])
    state._turn = _number(reader, 8, "the turn", 0, options.turns)
    if state._turn >= options.turns and state._phase != PHASE_OVER:
        raise reader.fail(f"turn {state._turn} is past the limit of {options.turns}", 8)
    done = fields[9]
    if len(done) != 2 or done[0] not in "r-" or done[1] not in "b-":
        raise reader.fail("done flags are two characters: r or -, then b or -", 9)
    state._done = (1 if done[0] == "r" else 0) | (2 if done[1] == "b" else 0)
    if fields[10] == "-":
        state._die = 0
    else:
        state._die = _number(reader, 10, "the round's die", 1, DIE_FACES)

    if state._phase == PHASE_PICK:
        if any(state._b):
            raise PositionError("no stone stands on the board in the pick phase", text)
        for player in (RED, BLUE):
            army = state.army_points(player)
            if army > options.army_points:
                raise reader.fail(
                    f"{'rb'[player]}'s picks are worth {army} points, above the army size "
                    f"{options.army_points}",
                    1,
                )
            if state._hand[player][t.king] > 1:
                raise reader.fail("an army holds exactly one König", 1)
    state.rehash()
    return state
