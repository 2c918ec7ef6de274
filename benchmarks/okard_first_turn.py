"""Okard's first turn (issue 28): how much of a match red's first turn decides.

Red (the first seat) rolls first in the play phase, and with up to six AP of sacrifices
on top of its die a line move can reach blue's König from red's setup rows. For each game
record of a match folder (`spieltisch match okard A B` writes them) this replays the game
to red's first roll and reads the least die with which red captures blue's König on that
turn (`need`: the native engine's `king_need`, the evaluation's exact König threat, with
every sacrifice the cap allows), the die red rolled, and how the game ended: red captured
the König on its first turn, red won later, blue won (or a draw). Blue's set-up decides
the need, so the needs of the games where the match's first agent (A) held blue measure
A's defence against the first shot and those where B held blue measure B's: with a need
of N blue outlives the shot N - 1 times in six.

    python -m benchmarks.okard_first_turn DIR [DIR ...]
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spieltisch import _native, native
from spieltisch.core.game import State
from spieltisch.core.record import GameRecord, load_record
from spieltisch.games.okard.moves import ROLL, parse_move_text

#: Needs above the die's faces (no die captures): shown as one column.
NO_DIE = 7


@dataclass(frozen=True)
class FirstTurn:
    """One game: red's least die that captures blue's König on its first turn (NO_DIE or
    more: none does), the die it rolled, the winner (None: a draw), whether the König fell
    on that turn, and the seat of the match's first agent."""

    need: int
    roll: int
    winner: int | None
    captured_at_once: bool
    seat_of_a: int

    @property
    def could_capture(self) -> bool:
        return self.roll >= self.need


def first_turn(record: GameRecord) -> FirstTurn | None:
    """The game's first turn, or None when it ended before red's first roll."""
    if record.game != "okard":
        raise ValueError(f"an Okard record is needed, not {record.game!r}")
    state: State[Any] = record.start_state()
    config = native.config(state.game)
    if config is None:
        raise ValueError("these Okard options have no native engine to read the need")
    for index, text in enumerate(record.moves):
        if state.is_chance() and state.text().split()[3] == "play":
            roll = state.parse_move(text)
            state.play(roll)
            need = _native.okard.king_need(state.text(), 0, 6, config)
            later_rolls = any(
                parse_move_text(move).kind == ROLL for move in record.moves[index + 1 :]
            )
            return FirstTurn(
                need=min(need, NO_DIE),
                roll=roll.x,
                winner=record.winner,
                captured_at_once=record.winner == 0 and not later_rolls,
                seat_of_a=int(record.meta.get("seat_of_a", 0)),
            )
        state.play(state.parse_move(text))
    return None


def summary(turns: Iterable[FirstTurn]) -> list[str]:
    """The report's lines: each agent's results by seat, how often red's first roll could
    capture and did, and the needs of blue's set-ups by the agent that placed them."""
    rows = list(turns)
    lines = [f"{len(rows)} games"]
    for seat, name in ((0, "red"), (1, "blue")):
        for agent in ("A", "B"):
            own = [r for r in rows if (r.seat_of_a == seat) == (agent == "A")]
            wins = sum(r.winner == seat for r in own)
            draws = sum(r.winner is None for r in own)
            lines.append(
                f"  {agent} as {name:4}: {wins} / {draws} / {len(own) - wins - draws} (W / D / L)"
            )
    could = [r for r in rows if r.could_capture]
    lines.append(
        f"  red's first roll could capture blue's König in {len(could)} games, "
        f"captured it in {sum(r.captured_at_once for r in could)}; "
        f"red won {sum(r.winner == 0 for r in rows if not r.could_capture)} "
        f"of the other {len(rows) - len(could)}"
    )
    faces = [*range(1, NO_DIE), NO_DIE]
    header = " ".join(f"{face if face < NO_DIE else 'none':>4}" for face in faces)
    lines.append(f"  red's need, by who set up blue:  {header}   blue outlives the shot")
    for agent in ("A", "B"):
        own = [r for r in rows if (r.seat_of_a == 1) == (agent == "A")]
        counts = Counter(r.need if r.need >= 1 else 1 for r in own)
        odds = sum(min(r.need, NO_DIE) - 1 for r in own if r.need >= 1) / 6 / max(1, len(own))
        cells = " ".join(f"{counts[face]:4}" for face in faces)
        lines.append(
            f"  {agent} blue {len(own):5} games               {cells}   {odds:.0%} on average"
        )
    return lines


def main(argv: list[str]) -> None:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return
    for folder in map(Path, argv):
        records = [load_record(path) for path in sorted(folder.glob("game-*.json"))]
        turns = [t for t in map(first_turn, records) if t is not None]
        print(folder.name)
        for line in summary(turns):
            print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
