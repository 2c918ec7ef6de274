"""Ostseeschach (Software-Challenge Germany 2022): the game description.

The position text is read and written by `position.py`, the competition XML by `xml.py`.
"""

from __future__ import annotations

import random

from spieltisch.core.errors import PositionError, quote
from spieltisch.core.game import Game
from spieltisch.core.options import NoOptions
from spieltisch.core.scores import ScoreScale
from spieltisch.core.xml_reading import looks_like_xml
from spieltisch.games.ostseeschach import evaluation
from spieltisch.games.ostseeschach.board import BLUE, KIND_LETTERS, LAST_TURN, RED, code
from spieltisch.games.ostseeschach.position import read_position
from spieltisch.games.ostseeschach.state import OstseeschachState
from spieltisch.games.ostseeschach.xml import OstseeschachCodec, state_from_xml

#: The eight pieces each team starts with (ostseeschach.md, "Board and orientation").
START_PIECES = "HHMMSSRR"

#: Every action id (source * 64 + target) with both squares turned by 180°.
_TURNED = tuple((63 - a // 64) * 64 + 63 - a % 64 for a in range(64 * 64))
#: Every action id with both squares' y flipped (y * 8 + x to (7 - y) * 8 + x).
_REFLECTED = tuple((a // 64 ^ 56) * 64 + (a % 64 ^ 56) for a in range(64 * 64))


class Ostseeschach(Game[OstseeschachState, NoOptions]):
    name = "ostseeschach"
    native_name = "ostseeschach"
    #: Native scores in thousandths of a piece; the evaluation's tanh scale (evaluation.py).
    score_scale = ScoreScale("piece", 1000.0, evaluation.SCALE)
    title = "Ostseeschach"
    summary = "Baltic-sea chess: stack your pieces into towers and carry ambers home."
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
            raise PositionError(
                f"a start line holds exactly two each of H, M, S, R, not {quote(line)}"
            )
        board = [0] * 64
        for i, letter in enumerate(line):
            kind = KIND_LETTERS.index(letter)
            board[i * 8 + 0] = code(kind, RED)
            board[(7 - i) * 8 + 7] = code(kind, BLUE)
        return OstseeschachState(self, board)

    def parse(self, text: str, *, reachable: bool = True) -> OstseeschachState:
        """Read the project's position text, or the official `<state>` XML (leading `<`).

        A position no game can reach is refused (`position.check_reachable`);
        `reachable=False` accepts it, for positions set up by hand to test a rule: the
        text must still be well-formed, and none of `check_reachable`'s rules is skipped
        that the engine needs (any board, turn, ambers and last move play on: the game
        ends at turn 60 at the latest, and the last move is only shown).
        """
        if looks_like_xml(text):
            return state_from_xml(self, text, reachable=reachable)
        return OstseeschachState(self, *read_position(text, reachable=reachable))

    def competition(self) -> OstseeschachCodec:
        """The 2022 server's XML (`swc_2022_ostseeschach`)."""
        return OstseeschachCodec(self)

    @property
    def num_actions(self) -> int:
        return 64 * 64

    def action_frame(self, player: int) -> tuple[int, ...] | None:
        """Blue's observation turns the board by 180°, so its ids turn both squares."""
        return None if player == RED else _TURNED

    def action_squares(self) -> int | None:
        """One plane: `src * 64 + dst`, squares numbered as the observation's cells."""
        return 1

    def reflection(self) -> tuple[int, tuple[int, ...]] | None:
        """Every move vector has its mirror across the forward axis (dy to -dy) and the
        ambers, the start columns and the final tie-break count along x only
        (ostseeschach.md), so flipping the side axis y (the observation's rows) keeps
        the rules; the ids flip both squares' y."""
        return (1, _REFLECTED)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (19, 8, 8)

    def observation_high(self) -> list[float]:
        """1 but for the amber planes (ambers / 2): a team has at most 3 ambers, one
        before its last move and two gained by it (ostseeschach.md, "Towers and ambers")."""
        high = [1.0] * (19 * 64)
        high[16 * 64 : 18 * 64] = [1.5] * (2 * 64)
        return high

    @property
    def max_game_length(self) -> int:
        return LAST_TURN
