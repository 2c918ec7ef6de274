"""Hase und Igel (Software-Challenge 2018): the game description.

Positions are read from the project's position text (`position.py`) or the competition's
`<state>` XML (`xml.py`, a leading `<`); both refuse positions that cannot arise.
"""

from __future__ import annotations

from spieltisch.core.game import Game
from spieltisch.core.options import NoOptions
from spieltisch.core.scores import ScoreScale
from spieltisch.core.xml_reading import looks_like_xml
from spieltisch.games.haseundigel.board import CANONICAL_2018, Board, random_fields
from spieltisch.games.haseundigel.moves import NUM_ACTIONS, Action
from spieltisch.games.haseundigel.position import parse_position
from spieltisch.games.haseundigel.state import LAST_TURN, HaseUndIgelState
from spieltisch.games.haseundigel.xml import HaseUndIgelCodec, state_from_xml


class HaseUndIgel(Game[HaseUndIgelState, NoOptions]):
    name = "hase-und-igel"
    native_name = "haseundigel"
    #: Native scores are the race estimate's expected result in ten-thousandths.
    score_scale = ScoreScale("", 10000.0)
    title = "Hase und Igel"
    summary = "The hare and the hedgehog: race along 65 fields, pay in carrots, eat your salads."
    player_names = ("red", "blue")
    score_names = ("Gewinner", "∅ Feldnummer", "∅ Karotten")
    score_labels = ("winner", "field", "carrots")
    options_type = NoOptions

    def new_state(self, seed: int | None = None) -> HaseUndIgelState:
        """The start on the canonical board (seed None) or a board drawn from the seed."""
        fields = CANONICAL_2018 if seed is None else random_fields(seed)
        return HaseUndIgelState(self, Board(fields))

    def state_on(self, fields: tuple[int, ...]) -> HaseUndIgelState:
        """The start position on an explicit board of 65 field-type codes."""
        return HaseUndIgelState(self, Board(fields))

    def parse(self, text: str, *, reachable: bool = True) -> HaseUndIgelState:
        """Read the project's position text, or the official `<state>` XML (leading `<`).

        A position that cannot arise is refused with the rule it breaks
        (`position.check_position`). `reachable=False` reads a position set up by hand
        and keeps only `position.check_form` (the board's start and goal, no skip as a
        last action), which the engine relies on.
        """
        if looks_like_xml(text):
            return state_from_xml(self, text, reachable=reachable)
        return parse_position(self, text, reachable=reachable)

    def competition(self) -> HaseUndIgelCodec:
        """The 2018 server's XML (`swc_2018_hase_und_igel`)."""
        return HaseUndIgelCodec(self)

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (12, 65)

    def observation_high(self) -> list[float]:
        """1 but for the carrots (/ 100, entry 0 of planes 10 and 11), which have no
        fixed cap: a bound from the rules, 68 at the start plus per own move at most 10 per
        field fallen back (63), 30 for a salad, 20 from a card and 30 on a position field,
        over at most 31 own moves. Games reach a few hundred carrots, far below it."""
        high = [1.0] * (12 * 65)
        most = (68 + 31 * (10 * 63 + 30 + 20 + 30)) / 100
        high[10 * 65] = high[11 * 65] = most
        return high

    @property
    def max_game_length(self) -> int:
        return LAST_TURN


__all__ = ["Action", "HaseUndIgel"]
