"""The terminal picture of an Okard position and the long description of a move."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from spieltisch.core.render import grid_order
from spieltisch.games.okard.lookup import PLAYER_NAMES, RED
from spieltisch.games.okard.moves import (
    DROP,
    END,
    FILES,
    LINE,
    PICK,
    PLACE,
    PROMOTE,
    ROLL,
    SACRIFICE,
    Move,
    square_name,
)
from spieltisch.games.okard.options import SACRIFICE_CAP, ApMode, SacrificeTo

if TYPE_CHECKING:
    from spieltisch.games.okard.state import OkardState


def _hand_text(state: OkardState, player: int) -> str:
    t = state.t
    items = [f"{t.stones[k].code}x{c}" for k, c in enumerate(state.hands[player]) if c]
    return " ".join(items) or "-"


def _next_steps(state: OkardState) -> str:
    stage = state.stage
    steps = []
    if stage == "start":
        steps += ["SA <sq> sacrifice", "<from>-<to> move"]
    if stage != "dropped":
        steps.append("PR <sq> promote")
    steps += ["DR <code> <sq> drop", "END"]
    return " · ".join(steps)


def stone_chart(state: OkardState) -> list[str]:
    """The allowed stones with value and both sides drawn (O the stone, * move and capture,
    o move only; the top row points towards the opponent), eight stones per block."""
    t = state.t
    out = ["stones (front / back side; * move+capture, o move only, top = forward):"]
    width = 13
    for start in range(0, len(t.stones), 8):
        block = t.stones[start : start + 8]
        heads = "".join(f"{s.code + ' ' + str(s.value) + 'p':<{width}}" for s in block)
        out.append(("  " + heads).rstrip())
        for row in range(3):
            cells = []
            for s in block:
                front = s.front.diagram()[row]
                back = s.back.diagram()[row] if s.back else "     "
                cells.append(f"{front} {back}".ljust(width))
            out.append(("  " + "".join(cells)).rstrip())
        out.append(("  " + "".join(f"{s.name:<{width}}" for s in block)).rstrip())
    return out


def render(state: OkardState, viewer: int | None = None) -> str:
    """The board from `viewer`'s side (None: red's): blue sees it turned by 180°, its
    own setup rows at the bottom; then hands, stones and what the player to move may do."""
    t = state.t
    n = t.n
    options = t.options
    turned, cols, rows = grid_order(n, n, viewer)
    header = f"Okard {n}x{n} · army {options.army_points} · end by {options.end.value}"
    if viewer is not None:
        header += f" · seen by {PLAYER_NAMES[viewer]}"
    lines = [header]
    files = "    " + "".join(f" {FILES[x]}  " for x in cols)
    lines.append(files)
    board = state.board
    for row in rows:
        cells = []
        for col in cols:
            sq = row * n + col
            v = board[sq]
            if v:
                code = t.stones[t.kind_of[v]].code
                code = code if v > 0 else code.lower()
                code += "+" if (abs(v) - 1) % 2 == 1 else ""
                cells.append(f" {code:<3}")
            elif t.in_setup[RED][sq] or t.in_setup[1][sq]:
                cells.append(" -  ")
            else:
                cells.append(" .  ")
        lines.append(f"{row + 1:>3} " + "".join(cells) + f" {row + 1}")
    lines.append(files)
    if turned:
        lines.append("red = upper case (moves down), blue = lower case (moves up), + back side up")
    else:
        lines.append("red = upper case (moves up), blue = lower case (moves down), + back side up")
    lines.append("- marks the setup rows")
    for player in (0, 1):
        lines.append(
            f"{PLAYER_NAMES[player]:>5}: hand {_hand_text(state, player)} · "
            f"captured {state.captured[player]} · army {state.army_points(player)} points"
        )
    phase = state.phase
    if phase == "pick":
        lines.extend(stone_chart(state))
    else:
        stones = " · ".join(
            f"{s.code} {s.name} {s.value}p S{s.front.strength}"
            + (f"/{s.back.strength}" if s.back else "")
            for s in t.stones
        )
        lines.extend(
            textwrap.wrap(
                f"stones (code name value strength front/back): {stones}",
                width=100,
                subsequent_indent="  ",
            )
        )
    who = PLAYER_NAMES[state.mover]
    result = state.outcome()
    if result is not None:
        verdict = "draw" if result.winner is None else f"{PLAYER_NAMES[result.winner]} wins"
        lines.append(f"game over: {verdict} ({result.reason}) after {state.turn} turns")
    elif phase == "pick":
        army = state.army_points(state.mover)
        lines.append(f"pick phase: {who} picks (army {army}/{options.army_points} points)")
        lines.append("PI <code> picks a stone, PI - declares the army complete (König first)")
    elif phase == "place":
        lines.append(f"placement phase: {who} places")
        lines.append(
            "PL <code> <square> on an empty own setup square, "
            "PL - finishes (the König must stand on the board)"
        )
    elif state.awaiting_roll:
        lines.append(f"turn {state.turn + 1}/{options.turns}: {who} rolls the die")
    else:
        lines.append(
            f"turn {state.turn + 1}/{options.turns}: {who} to move · AP {state.action_points} · "
            f"sacrificed {state.sacrificed}/{SACRIFICE_CAP} · stage {state.stage}"
        )
        lines.append(f"steps: {_next_steps(state)}")
    return "\n".join(lines)


def describe(state: OkardState, move: Move) -> str:
    """A sentence about `move` played in `state` (before it is made)."""
    t = state.t
    who = PLAYER_NAMES[state.mover]
    kind = move.kind
    if state.phase == "over":
        return str(move)
    if kind == ROLL:
        shared = " for the round" if t.options.ap is ApMode.ROUND else ""
        return f"{who} rolls {move.x}{shared}: {move.x} action points"
    if kind == END:
        return f"{who} ends the turn ({state.action_points} unused AP are lost)"
    code_stone = t.stones[t.codes[move.stone]] if move.stone in t.codes else None
    if kind == PICK:
        if code_stone is None:
            return f"{who} declares the army complete"
        return f"{who} picks {code_stone.name} ({code_stone.code}, {code_stone.value} points)"
    if kind == PLACE:
        if code_stone is None:
            return f"{who} finishes the placement"
        return f"{who} places {code_stone.name} on {square_name(move.x, move.y)}"
    if kind == DROP and code_stone is not None:
        return (
            f"{who} drops {code_stone.name} on {square_name(move.x, move.y)} "
            f"for {code_stone.front.strength} AP"
        )
    if not t.on_board(move.x, move.y):
        return str(move)
    sq = move.y * t.n + move.x
    v = state.board[sq]
    if not v:
        return str(move)
    stone = t.stones[t.kind_of[v]]
    if kind == SACRIFICE:
        where = "the opponent's hand" if t.options.sacrifice is SacrificeTo.OPPONENT else "out"
        return (
            f"{who} sacrifices {stone.name} on {t.name(sq)} (+{t.strength[v]} AP, goes to {where})"
        )
    if kind == PROMOTE:
        return f"{who} promotes {stone.name} on {t.name(sq)}"
    if kind == LINE:
        shape = t.line_shape(move)
        if shape is None:
            return str(move)
        src, direction, length = shape
        taken = []
        cost = 0
        s = t.strength[v]
        for target in t.rays[src][direction][:length]:
            w = state.board[target]
            if w:
                taken.append(f"{t.stones[t.kind_of[w]].name} on {t.name(target)}")
                cost += 1 + max(0, t.strength[w] - s)
            else:
                cost += 1
        capture = f", capturing {', '.join(taken)}" if taken else ""
        return f"{who} moves {stone.name} {move}{capture} ({cost} AP)"
    return str(move)
