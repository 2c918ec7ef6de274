"""Schachogi (Dietmayer-Kräutler and Staberhofer, 2003): chess board, shogi promotions.

The position text is read and written by `position.py`, the options live in `options.py`.
"""

from __future__ import annotations

import sys
from typing import ClassVar

from spieltisch.core.game import Game
from spieltisch.core.scores import ScoreScale
from spieltisch.games.schachogi import evaluation
from spieltisch.games.schachogi.board import WHITE
from spieltisch.games.schachogi.options import SchachogiOptions
from spieltisch.games.schachogi.position import START, read_position
from spieltisch.games.schachogi.state import SchachogiState

#: Irreversible plies (they reset the 100-ply counter) any game can hold: at most 63
#: captures, 64 Brrbrrs with 7 steps each, 64 promotions.
_MAX_RESETS = 63 + 64 * 7 + 64
#: Stand-in for "no finite bound" when both draw rules are off.
UNBOUNDED = sys.maxsize

#: Every action id (promote * 4096 + source * 64 + target) with both squares mirrored
#: top to bottom.
_MIRRORED = tuple(
    a // 4096 * 4096 + ((a // 64) % 64 ^ 56) * 64 + (a % 64 ^ 56) for a in range(2 * 64 * 64)
)

#: Every action id with both squares mirrored left to right (file x to 7 - x).
_FILES_MIRRORED = tuple(
    a // 4096 * 4096 + ((a // 64) % 64 ^ 7) * 64 + (a % 64 ^ 7) for a in range(2 * 64 * 64)
)


class Schachogi(Game[SchachogiState, SchachogiOptions]):
    name = "schachogi"
    native_name = "schachogi"
    nnue = "spieltisch.games.schachogi.nnue"
    #: Native scores in hundredths of a Brrbrr (the pawn); the evaluation's tanh scale.
    score_scale = ScoreScale("brrbrr", 100.0, evaluation.SCALE)
    title = "Schachogi"
    summary = (
        "Chess meets shogi: shogi-like moves, promotion on the last two ranks, capture the Pflöck."
    )
    player_names = ("White", "Black")
    score_names = ()
    score_labels = ()
    options_type = SchachogiOptions
    #: `hard` keeps half a second: measured there against `medium` (91.7%) and under `max`
    #: (97.5% at a tenth of the budgets); docs/ai.md, "Native engine".
    native_levels: ClassVar[dict[str, str]] = {"hard": "native:time=0.5"}

    def new_state(self, seed: int | None = None) -> SchachogiState:
        """The start position (fixed; the seed is ignored)."""
        return self.parse(START)

    def parse(self, text: str, *, reachable: bool = True) -> SchachogiState:
        """Read the position text; errors name the character where the problem is.

        A position no game can reach is refused (`position.check_reachable`);
        `reachable=False` accepts it, for positions set up by hand to test a rule. The
        checks the engine needs stay on either way: one Pflöck a side, only the side to
        move without one (the game ended when it was taken), and no unpromoted Brrbrr or
        Wieher where it could never move again.
        """
        fields = read_position(text, self.options, self.max_game_length, reachable=reachable)
        return SchachogiState(self, *fields)

    @property
    def num_actions(self) -> int:
        return 2 * 64 * 64

    def action_frame(self, player: int) -> tuple[int, ...] | None:
        """Black's observation mirrors the board top to bottom, so its ids mirror both
        squares (the promotion flag stays)."""
        return None if player == WHITE else _MIRRORED

    def action_squares(self) -> int | None:
        """Two planes, the second for promoting: `promote * 4096 + src * 64 + dst`."""
        return 2

    def reflection(self) -> tuple[int, tuple[int, ...]] | None:
        """Every piece moves alike to both sides (no castling; schachogi.md), so a
        position mirrored left to right (the observation's files, axis 2) is worth the
        same; the ids mirror both squares' files."""
        return (2, _FILES_MIRRORED)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (24, 8, 8)

    @property
    def max_game_length(self) -> int:
        """A true upper bound on a game's plies. Between two irreversible plies at most
        `quiet_plies` plies pass; with only the repetition rule each position can occur
        `repetitions - 1` times (at most 2 * 23**64 positions). With both rules off a game
        can go on for ever: `UNBOUNDED` (sys.maxsize) stands for "no finite bound"."""
        options = self.options
        if options.quiet_plies:
            return (_MAX_RESETS + 1) * options.quiet_plies
        if options.repetitions:
            return (_MAX_RESETS + 1) * (options.repetitions - 1) * 2 * 23**64
        return UNBOUNDED
