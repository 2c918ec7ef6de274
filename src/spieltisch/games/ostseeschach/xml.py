"""The competition's XML for Ostseeschach (2022 server): `<state>` and `<move>`.

Writes exactly what the official XStream setup prints (two-space indent, `class="state"`
inside a memento, the ambers EnumMap with an entry per team that has moved), and reads it
back, also from inside `<room><data class="memento">` wrappers
(ostseeschach-protocol.md, section 3).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from spieltisch.core.competition import CompetitionResult, Forfeit
from spieltisch.core.errors import NotationError, PositionError, quote
from spieltisch.core.sc_xml import Fragment, PlayerScore, indent, result_data, room
from spieltisch.core.text import read_int
from spieltisch.core.xml_reading import read_move_element, read_state_element
from spieltisch.games.ostseeschach.board import (
    KIND_NAMES,
    OFFICIAL_TEAMS,
    code,
    height_of,
    kind_of,
    team_of,
)
from spieltisch.games.ostseeschach.moves import (
    COORD_HIGH,
    COORD_LOW,
    Move,
    coordinate_move,
    on_board,
)
from spieltisch.games.ostseeschach.position import check_reachable
from spieltisch.games.ostseeschach.state import OstseeschachState

if TYPE_CHECKING:
    from spieltisch.games.ostseeschach.game import Ostseeschach

GAME_TYPE = "swc_2022_ostseeschach"
#: The score parts of the result (ostseeschach-protocol.md, section 4).
DEFINITION = (
    Fragment("Siegpunkte", "SUM"),
    Fragment("Bernsteine", "AVERAGE"),
    Fragment("Leichtfiguren Vorne", "AVERAGE"),
)


def move_lines(move: Move, tag: str = "move", attrs: str = "") -> list[str]:
    """The lines of a move element (`move`, `lastMove`, or `data` with attributes)."""
    return [
        f"<{tag}{attrs}>",
        f'  <from x="{move.fx}" y="{move.fy}"/>',
        f'  <to x="{move.tx}" y="{move.ty}"/>',
        f"</{tag}>",
    ]


def move_to_xml(move: Move) -> str:
    """`<move>` as a player sends it outside a room packet."""
    return "\n".join(move_lines(move))


def move_to_room_xml(move: Move, room_id: str) -> str:
    """A move wrapped in a room packet, as a client sends it to the server."""
    return "\n".join(room(room_id, move_lines(move, "data", ' class="move"')))


def board_lines(state: OstseeschachState) -> list[str]:
    """The `<board>` element. Entries go by x, then y (the server's hash-map order
    means nothing)."""
    pieces = sorted(state.pieces())
    if not pieces:
        return ["<board>", "  <pieces/>", "</board>"]
    lines = ["<board>", "  <pieces>"]
    for x, y, kind, team, height in pieces:
        lines += [
            "    <entry>",
            f'      <coordinates x="{x}" y="{y}"/>',
            f'      <piece type="{KIND_NAMES[kind]}" team="{OFFICIAL_TEAMS[team]}"'
            f' count="{height}"/>',
            "    </entry>",
        ]
    return [*lines, "  </pieces>", "</board>"]


def board_to_xml(state: OstseeschachState) -> str:
    return "\n".join(board_lines(state))


def state_lines(state: OstseeschachState, memento: bool = False) -> list[str]:
    attrs = ' class="state"' if memento else ""
    lines = [f'<state{attrs} turn="{state.turn}">', '  <startTeam class="team">ONE</startTeam>']
    lines += indent(board_lines(state), 1)
    if state.last_move is not None:
        lines += indent(move_lines(state.last_move, "lastMove"), 1)
    ambers = state.ambers
    # The official EnumMap gets an entry for the current team on every move.
    teams = [t for t in (0, 1) if state.turn > t or ambers[t]]
    if teams:
        lines.append('  <ambers enum-type="team">')
        for team in teams:
            lines += [
                "    <entry>",
                f"      <team>{OFFICIAL_TEAMS[team]}</team>",
                f"      <int>{ambers[team]}</int>",
                "    </entry>",
            ]
        lines.append("  </ambers>")
    else:
        lines.append('  <ambers enum-type="team"/>')
    lines.append("</state>")
    return lines


def state_to_xml(state: OstseeschachState, memento: bool = False) -> str:
    """The `<state>` element; `memento=True` adds `class="state"` as inside a memento."""
    return "\n".join(state_lines(state, memento))


def memento_to_room_xml(state: OstseeschachState, room_id: str) -> str:
    inner = ['<data class="memento">', *indent(state_lines(state, memento=True), 1), "</data>"]
    return "\n".join(room(room_id, inner))


# --- reading ---------------------------------------------------------------------------


def _int_attr(
    element: ET.Element,
    name: str,
    error: type[NotationError],
    low: int = COORD_LOW,
    high: int = COORD_HIGH,
) -> int:
    """An attribute as a whole number in `low..high` (by default a Java int, as the
    official server reads it), through `read_int`: ASCII digits and a sign only."""
    raw = element.get(name)
    if raw is None:
        raise error(f"<{element.tag}> lacks the attribute {name}")
    return read_int(raw, f"<{element.tag} {name}=…>", low=low, high=high, signed=True, error=error)


def _read_move(element: ET.Element, error: type[NotationError]) -> Move:
    start = element.find("from")
    end = element.find("to")
    if start is None or end is None:
        raise error(f"<{element.tag}> needs a <from> and a <to> element")
    fx, fy = _int_attr(start, "x", error), _int_attr(start, "y", error)
    tx, ty = _int_attr(end, "x", error), _int_attr(end, "y", error)
    return coordinate_move(fx, fy, tx, ty)


def move_from_xml(text: str) -> Move:
    """Read `<move>`, `<data class="move">` or a room packet holding one."""
    return _read_move(read_move_element(text), NotationError)


def state_from_xml(game: Ostseeschach, text: str, *, reachable: bool = True) -> OstseeschachState:
    """Read a `<state>` (standalone, with `class="state"`, or inside a memento/room).

    A position no game can reach is refused as in the position text
    (`position.check_reachable`), unless `reachable=False`.
    """
    element = read_state_element(text)
    turn = _int_attr(element, "turn", PositionError)
    if turn < 0:
        raise PositionError(f"turn {turn} is negative")
    start = element.find("startTeam")
    if start is not None and (start.text or "").strip() != "ONE":
        raise PositionError(f"startTeam {quote(start.text or '')}: the start team is always ONE")
    board = [0] * 64
    pieces = element.find("board/pieces")
    if element.find("board") is None:
        raise PositionError("the <state> has no <board>")
    for entry in pieces if pieces is not None else []:
        where = entry.find("coordinates")
        piece = entry.find("piece")
        if where is None or piece is None:
            raise PositionError("a board <entry> needs <coordinates> and <piece>")
        x, y = _int_attr(where, "x", PositionError), _int_attr(where, "y", PositionError)
        if not on_board(x, y):
            raise PositionError(f"a piece stands off the board at ({x},{y})")
        kind_name = piece.get("type")
        team_name = piece.get("team")
        if kind_name not in KIND_NAMES:
            raise PositionError(f"unknown piece type {quote(kind_name or '')} at ({x},{y})")
        if team_name not in OFFICIAL_TEAMS:
            raise PositionError(f"unknown team {quote(team_name or '')} at ({x},{y})")
        count = _int_attr(piece, "count", PositionError) if piece.get("count") is not None else 1
        if count not in (1, 2):
            raise PositionError(
                f"stack of {count} at ({x},{y}): only heights 1 and 2 can stand on a board"
            )
        if board[y * 8 + x]:
            raise PositionError(f"two pieces on ({x},{y})")
        board[y * 8 + x] = code(KIND_NAMES.index(kind_name), OFFICIAL_TEAMS.index(team_name), count)
    ambers = [0, 0]
    ambers_element = element.find("ambers")
    for entry in ambers_element if ambers_element is not None else []:
        team_text = (entry.findtext("team") or "").strip()
        count_text = (entry.findtext("int") or "").strip()
        if team_text not in OFFICIAL_TEAMS:
            raise PositionError(f"unknown team {quote(team_text)} in <ambers>")
        ambers[OFFICIAL_TEAMS.index(team_text)] = read_int(
            count_text, f"the amber count of {team_text}", low=0, error=PositionError
        )
    last = element.find("lastMove")
    last_move = _read_move(last, PositionError) if last is not None else None
    if reachable:
        check_reachable(board, turn, (ambers[0], ambers[1]), last_move)
    return OstseeschachState(game, board, turn, (ambers[0], ambers[1]), last_move)


def result(state: OstseeschachState) -> CompetitionResult:
    """The result of a finished game: per team the three score parts of `Outcome.scores`
    (points 2/1/0, ambers, the front light piece's distance); a regular end has an empty
    reason (ostseeschach-protocol.md, section 4)."""
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("the game is not over: there is no result yet")
    red, blue = (PlayerScore(OFFICIAL_TEAMS[i], outcome.scores[i]) for i in (0, 1))
    return CompetitionResult(DEFINITION, (red, blue), outcome.winner)


def result_to_room_xml(
    state: OstseeschachState, room_id: str, names: tuple[str, str] = ("", "")
) -> str:
    """The result packet the server sends at the end; `names` are the display names."""
    found = result(state)
    scores = [
        PlayerScore(score.team, score.parts, name=name)
        for score, name in zip(found.scores, names, strict=True)
    ]
    return "\n".join(room(room_id, result_data(found.definition, scores, found.winner_team)))


def forfeit_scores(state: OstseeschachState, forfeit: Forfeit) -> tuple[PlayerScore, PlayerScore]:
    """Both teams' scores after `forfeit`: the offender 0 points with its cause and reason,
    the other 2 (the 2022 server's `Game.getScoreFor`); ambers and the front light piece
    as they stand."""
    scores = []
    for team in (0, 1):
        light = state.light_distances(team)
        points = 0 if team == forfeit.seat else 2
        parts = (points, state.ambers[team], light[0] if light else 0)
        if team == forfeit.seat:
            scores.append(
                PlayerScore(OFFICIAL_TEAMS[team], parts, "", forfeit.cause, forfeit.reason)
            )
        else:
            scores.append(PlayerScore(OFFICIAL_TEAMS[team], parts))
    return (scores[0], scores[1])


def result_lines(
    state: OstseeschachState, names: tuple[str, str], forfeit: Forfeit | None = None
) -> list[str]:
    """`<data class="result">`: the game's own end, or the end `forfeit` describes."""
    if forfeit is None:
        found = result(state)
        scores, winner = found.scores, found.winner_team
    else:
        scores, winner = forfeit_scores(state, forfeit), OFFICIAL_TEAMS[1 - forfeit.seat]
    named = [
        PlayerScore(score.team, score.parts, name, score.cause, score.reason)
        for score, name in zip(scores, names, strict=True)
    ]
    return result_data(DEFINITION, named, winner)


class OstseeschachCodec:
    """Ostseeschach's competition codec (`core.competition.CompetitionCodec`)."""

    game_type = GAME_TYPE
    teams = OFFICIAL_TEAMS
    move_request = "moveRequest"
    error_original = "originalMessage"
    close_connection = "sc.protocol.CloseConnection"

    def move_lines(self, move: Move, tag: str = "move", attrs: str = "") -> list[str]:
        return move_lines(move, tag, attrs)

    def memento_lines(self, state: OstseeschachState, names: tuple[str, str]) -> list[str]:
        return ['<data class="memento">', *indent(state_lines(state, memento=True)), "</data>"]

    def result_lines(
        self, state: OstseeschachState, names: tuple[str, str], forfeit: Forfeit | None = None
    ) -> list[str]:
        return result_lines(state, names, forfeit)

    def __init__(self, game: Ostseeschach) -> None:
        self.game = game

    def state_to_xml(self, state: OstseeschachState, memento: bool = False) -> str:
        return state_to_xml(state, memento)

    def state_from_xml(self, text: str) -> OstseeschachState:
        return state_from_xml(self.game, text)

    def move_to_xml(self, move: Move) -> str:
        return move_to_xml(move)

    def move_from_xml(self, text: str) -> Move:
        return move_from_xml(text)

    def result(self, state: OstseeschachState) -> CompetitionResult:
        return result(state)


def piece_summary(value: int) -> tuple[str, str, int]:
    """(official type, official team, count) of a square code."""
    return (KIND_NAMES[kind_of(value)], OFFICIAL_TEAMS[team_of(value)], height_of(value))
