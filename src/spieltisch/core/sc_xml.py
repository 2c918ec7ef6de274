"""Game-independent pieces of the Software-Challenge XML protocol (XStream style).

Pretty-printed with a two-space indent, as the official servers print them
(ostseeschach-protocol.md, sections 1, 2 and 4). Game states and moves come from each
game's own codec; this module wraps them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


def escape(text: str) -> str:
    """Escape text for an XML attribute value or element text. Line breaks and tabs become
    character references (`&#xa;`, as XStream writes them), so that they survive in an
    attribute value, where a parser would turn them into spaces."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("\n", "&#xa;")
        .replace("\r", "&#xd;")
        .replace("\t", "&#x9;")
    )


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
