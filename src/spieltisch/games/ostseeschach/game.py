"""Ostseeschach (Software-Challenge Germany 2022): the game description and position text.

Position text: eight ranks from y = 7 down to y = 0, separated by `/`, each the eight
squares x = 0..7 (`.` empty; H M S R red, h m s r blue; a `2` after the letter marks a
tower of two), then the turn counter, the ambers `red:blue`, and the last move (`-` before
the first move). Example start: `R......r/S......h/.../H......s 0 0:0 -`.
"""

from __future__ import annotations

import random

from spieltisch.core.errors import NotationError, PositionError
from spieltisch.core.game import Game
from spieltisch.core.options import NoOptions
from spieltisch.core.xml_reading import looks_like_xml
from spieltisch.games.ostseeschach.board import (
    BLUE,
    KIND_LETTERS,
    RED,
    code,
    parse_move,
)
from spieltisch.games.ostseeschach.state import LAST_TURN, OstseeschachState
from spieltisch.games.ostseeschach.xml import OstseeschachCodec, state_from_xml

#: The eight pieces each team starts with (ostseeschach.md, "Board and orientation").
START_PIECES = "HHMMSSRR"


class Ostseeschach(Game[OstseeschachState, NoOptions]):
    name = "ostseeschach"
    title = "Ostseeschach"
    player_names = ("red", "blue")
    score_names = ("Siegpunkte", "Bernsteine", "Leichtfiguren Vorne")
    score_labels = ("victory points", "ambers", "light pieces ahead")
    options_type = NoOptions

    def new_state(self, seed: int | None = None) -> OstseeschachState:
        """A random start drawn from `random.Random(seed)` (seed None means seed 0)."""
        order = list(START_PIECES)
        random.Random(0 if seed is None else seed).shuffle(order)
        return self.from_start_line("".join(order))

    def from_start_line(self, line: str) -> OstseeschachState:
        """The start with red's piece `line[i]` on (0, i) and blue's copy on (7, 7 - i)."""
        if sorted(line) != sorted(START_PIECES):
            raise PositionError(f"a start line holds exactly two each of H, M, S, R, not {line!r}")
        board = [0] * 64
        for i, letter in enumerate(line):
            kind = KIND_LETTERS.index(letter)
            board[i * 8 + 0] = code(kind, RED)
            board[(7 - i) * 8 + 7] = code(kind, BLUE)
        return OstseeschachState(self, board)

    def parse(self, text: str) -> OstseeschachState:
        """Read the project's position text, or the official `<state>` XML (leading `<`)."""
        if looks_like_xml(text):
            return state_from_xml(self, text)
        return _parse_text(self, text)

    def competition(self) -> OstseeschachCodec:
        """The 2022 server's XML (`swc_2022_ostseeschach`)."""
        return OstseeschachCodec(self)

    @property
    def num_actions(self) -> int:
        return 64 * 64

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (19, 8, 8)

    @property
    def max_game_length(self) -> int:
        return LAST_TURN


def _parse_text(game: Ostseeschach, text: str) -> OstseeschachState:
    fields = text.split()
    if len(fields) != 4:
        raise PositionError(
            "an Ostseeschach position has 4 fields: ranks, turn, ambers red:blue, last move",
            text,
        )
    ranks_text, turn_text, ambers_text, last_text = fields
    ranks = ranks_text.split("/")
    if len(ranks) != 8:
        raise PositionError(f"expected 8 ranks separated by '/', found {len(ranks)}", text)
    board = [0] * 64
    offset = text.index(ranks_text)
    for rank_index, rank in enumerate(ranks):
        y = 7 - rank_index
        x = 0
        i = 0
        while i < len(rank):
            char = rank[i]
            where = offset + i
            if x >= 8:
                raise PositionError(f"rank {y + 1} has more than 8 squares", text, where)
            if char == ".":
                x += 1
                i += 1
                continue
            upper = char.upper()
            if upper not in KIND_LETTERS:
                raise PositionError(
                    f"unknown piece letter {char!r} (use H M S R, lower case for blue, . empty)",
                    text,
                    where,
                )
            height = 1
            if i + 1 < len(rank) and rank[i + 1].isdigit():
                if rank[i + 1] != "2":
                    raise PositionError(
                        f"tower height {rank[i + 1]}: only towers of 2 stand on a board",
                        text,
                        where + 1,
                    )
                height = 2
                i += 1
            board[y * 8 + x] = code(
                KIND_LETTERS.index(upper), RED if char.isupper() else BLUE, height
            )
            x += 1
            i += 1
        if x != 8:
            raise PositionError(f"rank {y + 1} has {x} squares, not 8", text, offset)
        offset += len(rank) + 1
    if not turn_text.isdigit():
        raise PositionError(f"the turn {turn_text!r} is not a whole number ≥ 0", text)
    red, sep, blue = ambers_text.partition(":")
    if not sep or not red.isdigit() or not blue.isdigit():
        raise PositionError(f"ambers {ambers_text!r} must look like 1:0", text)
    last = None
    if last_text != "-":
        try:
            last = parse_move(last_text)
        except NotationError:
            raise PositionError(f"the last move {last_text!r} is not a move", text) from None
    return OstseeschachState(game, board, int(turn_text), (int(red), int(blue)), last)
