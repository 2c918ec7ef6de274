"""Okard (a 2012 draft, played by the rules of okard.md): the game description."""

from __future__ import annotations

from typing import ClassVar

from spieltisch.core.game import Game
from spieltisch.core.scores import ScoreScale
from spieltisch.games.okard import evaluation
from spieltisch.games.okard.evaluation import observation_planes
from spieltisch.games.okard.lookup import PLAYER_NAMES, RED, Lookup
from spieltisch.games.okard.options import DIE_FACES, SACRIFICE_CAP, EndCondition, OkardOptions
from spieltisch.games.okard.position import parse_position
from spieltisch.games.okard.state import OkardState


class Okard(Game[OkardState, OkardOptions]):
    name = "okard"
    native_name = "okard"
    max_chance_outcomes = DIE_FACES
    #: Native scores in tenths of a stone point, an expectation over the dice: shown as
    #: the expected result through the evaluation's tanh scale (evaluation.py).
    score_scale = ScoreScale("", 10.0 * evaluation.SCALE, 1.0)
    title = "Okard"
    summary = "Build an army of stones, roll for action points, promote, sacrifice and drop."
    player_names = PLAYER_NAMES
    score_names = ("captured value", "home points")
    score_labels = ("captured value", "home points")
    options_type = OkardOptions
    #: Fixed depths for `medium` (two plies) and `hard` (four): time buys Okard's search
    #: little (a ply is a step of a turn, and every die roll multiplies the tree), so
    #: `max` at a tenth of its time scored only 54% against a fifth-of-a-second `hard`,
    #: but 88.8% against four plies, which beat two 84%; two plies beat `easy` 94%
    #: (docs/ai.md, "Native engine"). Since both pick nine Bauern, four plies beat two
    #: only 74.4% (160 games), so `medium` plays one move in twenty at random: `hard` beats
    #: it 87.5% and it beats `easy` 80.0% (80 games each; the tuning log, "Okard's Generals").
    native_levels: ClassVar[dict[str, str]] = {
        "medium": "native:depth=2,time=1,random=0.05",
        "hard": "native:depth=4,time=2",
    }

    def __init__(self, options: OkardOptions | None = None) -> None:
        super().__init__(options)
        self.lookup = Lookup(self.options)

    def new_state(self, seed: int | None = None) -> OkardState:
        """The empty board before the pick phase; Okard has no random set-up (the dice are
        chance nodes), so `seed` does not matter."""
        return OkardState(self)

    def parse(self, text: str, *, reachable: bool = True) -> OkardState:
        """Read a position text of a game with these options (`position.py`). A position
        the rules cannot reach is refused (`reachable.check_reachable`); `reachable=False`
        reads one set up by hand, keeping the checks the game needs to go on (each
        player's König in the set-up phases, a legal move for the player to move)."""
        return parse_position(self, text, reachable=reachable)

    @property
    def num_actions(self) -> int:
        return self.lookup.num_actions

    def action_frame(self, player: int) -> tuple[int, ...] | None:
        """Blue's observation turns the board by 180°, so its ids turn their squares
        and a line's direction (`Lookup.turned_actions`)."""
        return None if player == RED else self.lookup.turned_actions

    @property
    def observation_shape(self) -> tuple[int, ...]:
        n = self.options.board
        return (observation_planes(self.lookup.kinds), n, n)

    def observation_high(self) -> list[float]:
        """The bound of every plane of `evaluation.observation` (okard.md, "A turn"): a
        hand holds at most every stone of a kind both armies can field (army points /
        value each) / 4; a turn's AP at most its start (`max_ap`) plus the sacrifices'
        cap, / 12; the sacrifices at most the cap, / 6; the captured value, which grows
        as captured stones are dropped and taken again, at most the dearest stone times
        the captures of every step (a line of n - 1) of every own turn, / army points
        (with `end=points`: the target less one plus one line, as reaching it ends).
        Every other plane lies in [0, 1]."""
        t = self.lookup
        options = self.options
        n = options.board
        nn = n * n
        k = t.kinds
        army = max(1, options.army_points)
        per_plane = [1.0] * observation_planes(k)
        for i, value in enumerate(t.values):
            most = 2 * (army // max(1, value)) / 4.0
            per_plane[4 * k + i] = per_plane[5 * k + i] = most
        scalars = 6 * k
        per_plane[scalars] = (options.max_ap + SACRIFICE_CAP) / 12.0
        per_plane[scalars + 1] = SACRIFICE_CAP / 6.0
        line = max(t.values) * (n - 1)  # the most one line move can capture
        if options.end is EndCondition.POINTS:  # the capture that reaches the target ends
            captured = (options.target_points - 1 + line) / army
        else:
            steps = options.max_ap + SACRIFICE_CAP
            captured = line * steps * ((options.turns + 1) // 2) / army
        per_plane[scalars + 7] = per_plane[scalars + 8] = max(1.0, captured)
        return [bound for bound in per_plane for _square in range(nn)]

    @property
    def max_game_length(self) -> int:
        """Picks and placements are bounded by the army size over the cheapest stone;
        a turn holds at most a roll, sacrifices worth <= 6 AP (each >= 1), steps costing
        >= 1 AP each out of max_ap + 6, and END."""
        t = self.lookup
        stones = self.options.army_points // t.min_value + 1
        setup = 2 * stones + 2 * stones
        turn = 1 + SACRIFICE_CAP + (self.options.max_ap + SACRIFICE_CAP) + 1
        return setup + self.options.turns * turn
