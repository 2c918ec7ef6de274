"""The native search's pruning (null move, late-move reductions, aspiration windows,
quiescence) must not cost a forced result: in sparse endings, where having to move can
hurt, it plays a forced win whenever the exhaustive solver finds one within 3 plies, and
a move that survives 2 plies whenever the solver finds one among losing moves."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import spieltisch
from spieltisch.core import State
from spieltisch.core.errors import SpieltischError
from spieltisch.native.search import PROVEN, search
from tests.ai.solver import loses_within, winning_moves


def sparse_position(name: str, rng: random.Random) -> State[Any]:
    """A random ending: a few pieces a side (Schachogi: both Pflöcke and up to two more)."""
    board = [["."] * 8 for _ in range(8)]
    if name == "ostseeschach":
        pieces = [rng.choice("RHMS") for _ in range(rng.randrange(1, 5))]
        pieces += [rng.choice("rhms") for _ in range(rng.randrange(1, 5))]
    else:
        pieces = ["P", "p"] + [rng.choice("RWSIB") for _ in range(rng.randrange(0, 3))]
        pieces += [rng.choice("rwsib") for _ in range(rng.randrange(0, 3))]
    for piece, cell in zip(pieces, rng.sample(range(64), len(pieces)), strict=True):
        board[cell // 8][cell % 8] = piece
    rows = "/".join("".join(row) for row in board)
    if name == "ostseeschach":
        text = f"{rows} {rng.randrange(30, 59)} {rng.randrange(2)}:{rng.randrange(2)} -"
    else:
        rows = re.sub(r"\.+", lambda m: str(len(m.group())), rows)
        text = f"{rows} {rng.choice('wb')} 0 1"
    state: State[Any] = spieltisch.load(name).parse(text)
    return state


@pytest.mark.parametrize("name", ["ostseeschach", "schachogi"])
def test_no_forced_result_is_pruned_away_in_endings(name: str) -> None:
    rng = random.Random(11)
    wins = safes = tried = 0
    while (wins < 10 or safes < 10) and tried < 2000:
        tried += 1
        try:
            state = sparse_position(name, rng)
        except SpieltischError:
            continue  # a random board the rules do not allow (a Brrbrr on the last rank)
        if state.is_over():
            continue
        result = search(name, state.text(), depth=6)
        winners = {str(m) for m in winning_moves(state, 3)}
        if winners:
            wins += 1
            assert result.best in winners and result.score >= PROVEN, state.text()
            continue
        me = state.to_move
        moves = state.legal_moves()
        safe = set()
        for move in moves:
            state.push(move)
            if not loses_within(state, me, 2):
                safe.add(str(move))
            state.undo()
        if safe and len(safe) < len(moves):
            safes += 1
            assert result.best in safe, state.text()
    assert wins >= 10 and safes >= 10
