"""Okard's precomputed lookups for one set of options: players, directions, stone codes,
rays and moves (called "lookups" here: in spieltisch a *table* is a game in progress).

Squares are numbered `row * n + col` on an n x n board; `a1` is col 0, row 0, red's
bottom-left corner. Red's setup rows are at the bottom, blue's at the top. A direction is
"N = towards the opponent" for the stone's owner, so blue's stones use the directions
turned by 180° (okard.md, "Stones").

A square holds a signed code: 0 empty, > 0 red, < 0 blue, `abs(code) = 1 + 2 * kind + side`
(kind = index in the game's stone list, side 1 = back side up). Lookup indexed by a code
have `4 * kinds + 1` entries, so blue's negative codes index their own upper half.
"""

from __future__ import annotations

import random
from functools import cached_property
from itertools import pairwise

from spieltisch.core.errors import NotationError
from spieltisch.games.okard.moves import (
    DROP,
    END,
    END_MOVE,
    LINE,
    PICK,
    PICK_PASS,
    PLACE,
    PLACE_DONE,
    PROMOTE,
    ROLL,
    ROLLS,
    SACRIFICE,
    Move,
    square_name,
)
from spieltisch.games.okard.options import DropZone, EndCondition, OkardOptions
from spieltisch.games.okard.stones import KING, Stone

RED, BLUE = 0, 1
PLAYER_NAMES = ("red", "blue")

#: Absolute direction deltas (dx, dy) in the order N NE E SE S SW W NW, from red's side.
DELTAS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


class Lookup:
    """Everything about a board size and stone list that never changes during a game."""

    def __init__(self, options: OkardOptions) -> None:
        n = options.board
        self.n = n
        self.nn = n * n
        self.options = options
        self.stones: tuple[Stone, ...] = options.stone_list
        stones = self.stones
        k = len(stones)
        self.kinds = k
        self.codes = {stone.code: i for i, stone in enumerate(stones)}
        self.king = self.codes[KING]
        self.values = tuple(stone.value for stone in stones)
        self.front_strength = tuple(stone.front.strength for stone in stones)
        self.min_value = min(self.values)
        rows = options.setup_rows
        self.setup_rows = rows
        #: SETUP[player]: the squares of the player's setup rows.
        self.setup: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(range(rows * n)),
            tuple(range((n - rows) * n, n * n)),
        )
        in_setup = [[False] * self.nn, [False] * self.nn]
        for player in (RED, BLUE):
            for sq in self.setup[player]:
                in_setup[player][sq] = True
        self.in_setup = in_setup
        anywhere = options.drops is DropZone.ANYWHERE
        self.drop_squares = (
            (tuple(range(self.nn)), tuple(range(self.nn))) if anywhere else self.setup
        )
        self.king_line_stops = options.end is EndCondition.KING

        size = 4 * k + 1
        self.size = size
        strength = [0] * size
        kind_of = [-1] * size
        back_of = [0] * size  # code after promotion, 0 if none
        raydirs: list[tuple[tuple[int, int], ...]] = [()] * size
        for i, stone in enumerate(stones):
            for side in (0, 1):
                face = stone.back if side else stone.front
                if face is None:
                    continue
                m = 1 + 2 * i + side
                for sign, turn in ((1, 0), (-1, 4)):
                    code = sign * m
                    strength[code] = face.strength
                    kind_of[code] = i
                    if side == 0 and stone.back is not None:
                        back_of[code] = sign * (m + 1)
                    raydirs[code] = tuple(
                        ((d + turn) % 8, value) for d, value in enumerate(face.dirs) if value
                    )
        self.strength = strength
        self.kind_of = kind_of
        self.back_of = back_of
        self.raydirs = raydirs

        # RAYS[sq][absdir]: the squares from sq in that direction; LINES: the moves.
        rays: list[tuple[tuple[int, ...], ...]] = []
        lines: list[tuple[tuple[Move, ...], ...]] = []
        for sq in range(self.nn):
            x, y = sq % n, sq // n
            sq_rays = []
            sq_lines = []
            for dx, dy in DELTAS:
                ray = []
                moves = []
                tx, ty = x + dx, y + dy
                while 0 <= tx < n and 0 <= ty < n:
                    ray.append(ty * n + tx)
                    moves.append(Move(LINE, "", x, y, tx, ty))
                    tx += dx
                    ty += dy
                sq_rays.append(tuple(ray))
                sq_lines.append(tuple(moves))
            rays.append(tuple(sq_rays))
            lines.append(tuple(sq_lines))
        self.rays = tuple(rays)
        self.lines = tuple(lines)
        self.sacrifices = tuple(Move(SACRIFICE, "", sq % n, sq // n) for sq in range(self.nn))
        self.promotions = tuple(Move(PROMOTE, "", sq % n, sq // n) for sq in range(self.nn))
        self.picks = tuple(Move(PICK, stone.code) for stone in stones)
        self.places = tuple(
            tuple(Move(PLACE, stone.code, sq % n, sq // n) for sq in range(self.nn))
            for stone in stones
        )
        self.drops = tuple(
            tuple(Move(DROP, stone.code, sq % n, sq // n) for sq in range(self.nn))
            for stone in stones
        )

        # The fixed action space (see `action_id`).
        self.a_pick = 9
        self.a_place = self.a_pick + k
        self.a_sac = self.a_place + k * self.nn
        self.a_promote = self.a_sac + self.nn
        self.a_drop = self.a_promote + self.nn
        self.a_line = self.a_drop + k * self.nn
        self.num_actions = self.a_line + self.nn * 8 * (n - 1)

        # Zobrist keys: ZOBRIST[sq][code] (XORed per stone on the board) and
        # HAND_KEYS[player][kind] (added once per stone in hand). Fixed seed: same keys always.
        rng = random.Random(0x0CA4D)
        self.zobrist = tuple(
            tuple(rng.getrandbits(64) if code else 0 for code in range(size))
            for _ in range(self.nn)
        )
        self.hand_keys = tuple(tuple(rng.getrandbits(64) for _ in range(k)) for _ in range(2))

    def on_board(self, x: int, y: int) -> bool:
        return 0 <= x < self.n and 0 <= y < self.n

    def name(self, sq: int) -> str:
        return square_name(sq % self.n, sq // self.n)

    def line_shape(self, move: Move) -> tuple[int, int, int] | None:
        """(source square, absolute direction, length) of a line move, or None when the
        squares are off the board or not on one straight line."""
        if not (self.on_board(move.x, move.y) and self.on_board(move.tx, move.ty)):
            return None
        dx, dy = move.tx - move.x, move.ty - move.y
        length = max(abs(dx), abs(dy))
        if length == 0 or (dx and dy and abs(dx) != abs(dy)):
            return None
        step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        return move.y * self.n + move.x, DELTAS.index(step), length

    def action_id(self, move: Move) -> int:
        """Offsets: rolls 1..6 at 0..5, END 6, PI - 7, PL - 8, then picks, placements,
        sacrifices, promotions, drops and line moves (source, direction, length)."""
        kind = move.kind
        if kind == ROLL:
            if 1 <= move.x <= 6:
                return move.x - 1
        elif kind == END:
            return 6
        elif kind == PICK:
            if not move.stone:
                return 7
            if move.stone in self.codes:
                return self.a_pick + self.codes[move.stone]
        elif kind == PLACE and not move.stone:
            return 8
        elif self.on_board(move.x, move.y):
            sq = move.y * self.n + move.x
            if kind == SACRIFICE:
                return self.a_sac + sq
            if kind == PROMOTE:
                return self.a_promote + sq
            if kind in (PLACE, DROP) and move.stone in self.codes:
                base = self.a_place if kind == PLACE else self.a_drop
                return base + self.codes[move.stone] * self.nn + sq
            if kind == LINE:
                shape = self.line_shape(move)
                if shape is not None:
                    src, direction, length = shape
                    return self.a_line + (src * 8 + direction) * (self.n - 1) + length - 1
        raise NotationError(f"the move {move} has no action id in this game")

    @cached_property
    def turned_actions(self) -> tuple[int, ...]:
        """Every action id with the board turned by 180° (`Game.action_frame`): a
        square `sq` becomes `nn - 1 - sq`, a line's direction its opposite; the rolls,
        END, the passes and the picks stay."""
        nn, steps = self.nn, self.n - 1
        turned = list(range(self.a_place))
        # Placements, sacrifices, promotions and drops: blocks of nn squares (per kind).
        blocks = (self.a_place, self.a_sac, self.a_promote, self.a_drop, self.a_line)
        for base, end in pairwise(blocks):
            for action in range(base, end):
                kind, sq = divmod(action - base, nn)
                turned.append(base + kind * nn + nn - 1 - sq)
        for action in range(self.a_line, self.num_actions):
            rest, step = divmod(action - self.a_line, steps)
            src, direction = divmod(rest, 8)
            turned.append(self.a_line + ((nn - 1 - src) * 8 + (direction + 4) % 8) * steps + step)
        return tuple(turned)

    def action_move(self, action: int) -> Move:
        if not 0 <= action < self.num_actions:
            raise NotationError(f"action {action} is outside 0..{self.num_actions - 1}")
        if action < 6:
            return ROLLS[action + 1]
        if action < 9:
            return (END_MOVE, PICK_PASS, PLACE_DONE)[action - 6]
        if action < self.a_place:
            return self.picks[action - self.a_pick]
        if action < self.a_sac:
            kind, sq = divmod(action - self.a_place, self.nn)
            return self.places[kind][sq]
        if action < self.a_promote:
            return self.sacrifices[action - self.a_sac]
        if action < self.a_drop:
            return self.promotions[action - self.a_promote]
        if action < self.a_line:
            kind, sq = divmod(action - self.a_drop, self.nn)
            return self.drops[kind][sq]
        rest, step = divmod(action - self.a_line, self.n - 1)
        src, direction = divmod(rest, 8)
        dx, dy = DELTAS[direction]
        x, y = src % self.n + dx * (step + 1), src // self.n + dy * (step + 1)
        if not self.on_board(x, y):
            raise NotationError(f"action {action} is a line leaving the board")
        return self.lines[src][direction][step]
