"""Game-independent pieces of the Software-Challenge XML protocol (XStream style).

Pretty-printed with a two-space indent, as the official servers print them
(ostseeschach-protocol.md, sections 1, 2 and 4). Game states and moves come from each
game's own codec; this module wraps them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


def _escaped(text: str, attribute: bool) -> str:
    """XStream's `PrettyPrintWriter.writeText` (1.4.9 to 1.4.17, the writer of the 2018
    and 2022 servers): `& < > " '` and CR as entities, other control characters as
    `&#x…;` (lower-case hex); tab and line feed literally in element text, as
    references in an attribute value (where a parser would turn them into spaces)."""
    out = []
    for char in text:
        entity = _ENTITIES.get(char)
        if entity is not None:
            out.append(entity)
        elif char in "\t\n" and not attribute:
            out.append(char)
        elif char < " " or "\x7f" <= char <= "\x9f":
            out.append(f"&#x{ord(char):x};")
        else:
            out.append(char)
    return "".join(out)


_ENTITIES = {
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
    '"': "&quot;",
    "'": "&apos;",
    "\r": "&#xd;",
}


def escape(text: str) -> str:
    """Escape text for an XML attribute value, as the official servers' XStream does
    (`_escaped`): a line break becomes `&#xa;`."""
    return _escaped(text, attribute=True)


def escape_text(text: str) -> str:
    """Escape the text of an element, as the official servers' XStream does."""
    return _escaped(text, attribute=False)


def indent(lines: Sequence[str], depth: int = 1) -> list[str]:
    return ["  " * depth + line for line in lines]


def room(room_id: str, inner: Sequence[str]) -> list[str]:
    """A room packet around the lines of one `<data class=...>` element."""
    return [f'<room roomId="{escape(room_id)}">', *indent(inner), "</room>"]


def join(game_type: str | None = None) -> str:
    """`<join/>` (any open game) or `<join gameType="..."/>`."""
    return f'<join gameType="{escape(game_type)}"/>' if game_type else "<join/>"


def joined(room_id: str) -> str:
    return f'<joined roomId="{escape(room_id)}"/>'


def welcome(team: str) -> str:
    """The welcome message standalone; in a room it is `<data class="welcomeMessage" ...>`."""
    return f'<welcomeMessage color="{escape(team)}"/>'


def welcome_data(team: str) -> list[str]:
    return [f'<data class="welcomeMessage" color="{escape(team)}"/>']


def move_request_data() -> list[str]:
    return ['<data class="moveRequest"/>']


def left(room_id: str) -> str:
    return f'<left roomId="{escape(room_id)}"/>'


@dataclass(frozen=True)
class Fragment:
    """One score part of the result definition: a name and SUM or AVERAGE."""

    name: str
    aggregation: str = "SUM"
    relevant_for_ranking: bool = True


@dataclass(frozen=True)
class PlayerScore:
    """One player's entry in the result: team, display name, cause, reason, parts."""

    team: str
    parts: tuple[int, ...]
    name: str = ""
    cause: str = "REGULAR"
    reason: str = ""


def result_data(
    definition: Sequence[Fragment], scores: Sequence[PlayerScore], winner: str | None
) -> list[str]:
    """`<data class="result">` with definition, scores, and the winner if there is one."""
    lines = ['<data class="result">', "  <definition>"]
    for fragment in definition:
        relevant = "true" if fragment.relevant_for_ranking else "false"
        lines += [
            f'    <fragment name="{escape(fragment.name)}">',
            f"      <aggregation>{fragment.aggregation}</aggregation>",
            f"      <relevantForRanking>{relevant}</relevantForRanking>",
            "    </fragment>",
        ]
    lines += ["  </definition>", "  <scores>"]
    for score in scores:
        name = f'name="{escape(score.name)}" ' if score.name.strip() else ""
        lines += [
            "    <entry>",
            f'      <player {name}team="{escape(score.team)}"/>',
            f'      <score cause="{score.cause}" reason="{escape(score.reason)}">',
            *[f"        <part>{part}</part>" for part in score.parts],
            "      </score>",
            "    </entry>",
        ]
    lines.append("  </scores>")
    if winner is not None:
        lines.append(f'  <winner team="{escape(winner)}"/>')
    lines.append("</data>")
    return lines
