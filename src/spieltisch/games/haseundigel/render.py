"""The terminal picture of a Hase und Igel position: the track in rows of 13 fields, both
players' figures, and whose turn it is or how the game ended.

The track has no sides to turn, so a viewer is shown by a `*` after its own hare's letter
(R red, B blue) and `(you)` on its line; `viewer=None` draws the neutral picture.
"""

from __future__ import annotations

from spieltisch.games.haseundigel.board import FIELD_NAMES, FIELD_SYMBOLS, LAST_FIELD, NUM_FIELDS
from spieltisch.games.haseundigel.state import PLAYER_NAMES, HaseUndIgelState

#: Fields per row of the picture.
ROW = 13
LEGEND = "St start  Ca carrot  Ha hare  Sa salad  Ig hedgehog  P1/P2 position  Go goal"


def render(state: HaseUndIgelState, viewer: int | None = None) -> str:
    """The board as text; `viewer` (0 red, 1 blue, None nobody) marks whose view it is."""
    seen = f"  · {PLAYER_NAMES[viewer]}'s view" if viewer in (0, 1) else ""
    lines = [f"Hase und Igel  turn {state.turn} (round {state.round + 1} of 30){seen}"]
    fields = state.board.fields
    where = (state.player(0).index, state.player(1).index)
    for start in range(0, NUM_FIELDS, ROW):
        cells = []
        for i in range(start, min(start + ROW, NUM_FIELDS)):
            mark = "".join(
                letter + ("*" if who == viewer else "")
                for who, letter in enumerate("RB")
                if where[who] == i
            )
            # Two columns for the hares; "R*B" (both on start or goal) widens its row by one.
            cells.append(f"{i:2d}{FIELD_SYMBOLS[fields[i]]}{mark:<2}")
        lines.append(" ".join(cells).rstrip())
    lines.append(LEGEND)
    for i in (0, 1):
        player = state.player(i)
        cards = " ".join(player.card_names) or "none"
        at = player.index
        name = FIELD_NAMES[fields[at]].lower() if 0 <= at <= LAST_FIELD else "off"
        you = " (you)" if i == viewer else ""
        last = player.last[0] if player.last else "-"
        lines.append(
            f"{PLAYER_NAMES[i]:>4}{you}: field {at} ({name}), carrots {player.carrots}, "
            f"salads {player.salads}, last {last}"
        )
        lines.append(f"{'':>4}{' ' * len(you)}  cards: {cards}")
    result = state.outcome()
    if result is not None:
        who = "draw" if result.winner is None else f"{PLAYER_NAMES[result.winner]} wins"
        lines.append(f"game over: {who} ({result.reason})")
    else:
        lm = f" · last move {state.last_move}" if state.last_move else ""
        lines.append(f"{PLAYER_NAMES[state.turn & 1]} to move{lm}")
    return "\n".join(lines)
