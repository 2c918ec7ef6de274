"""Hase und Igel's turns to the goal counted on the board (the native default evaluation's,
`haseundigel/finish.cpp`): the native table against a shortest-path search over the same
moves written here independently, on the canonical board and on seeded boards, and a few
values worked out by hand."""

from __future__ import annotations

import heapq
import random

import pytest

import spieltisch
from spieltisch import _native

NAME = "hase-und-igel"
START = "canonical 0 0/68/5/TEHF/- 0/68/5/TEHF/- -"
#: The table's cap on carrots and its value where the goal cannot be reached.
CAP = 255
UNREACHABLE = 200
GOAL = 64


def board_of(text: str) -> str:
    """The board's field letters (S start, C carrot, H hare, L salad, I hedgehog, 1 and 2
    the position fields, G the goal) of a position text, 65 of them."""
    state = spieltisch.load(NAME).parse(text)
    board: str = state.text().split()[0]
    return board


def reference_turns(board: str, field: int, carrots: int, salads: int) -> int:
    """Dijkstra from the state to the goal over the moves the table counts: an advance by d
    for d(d+1)/2 carrots (not onto a hedgehog; a hare field as any other; a salad field
    only with a salad left and then a second turn eating it for 20 carrots, the goal only
    with no salad and at most 10 carrots left), on a carrot field 10 carrots taken or given,
    a fall back to the last hedgehog behind for 10 carrots a field; carrots capped at 255."""
    start = (field, min(carrots, CAP), salads)
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        turns, (f, c, s) = heapq.heappop(queue)
        if turns > best[(f, c, s)]:
            continue
        steps: list[tuple[int, tuple[int, int, int]]] = []
        d = 1
        while d * (d + 1) // 2 <= c and f + d <= GOAL:
            left = c - d * (d + 1) // 2
            target = f + d
            kind = board[target]
            if target == GOAL:
                if s == 0 and left <= 10:
                    return turns + 1
            elif kind == "L":
                if s > 0:
                    steps.append((2, (target, min(left + 20, CAP), s - 1)))
            elif kind != "I":
                steps.append((1, (target, left, s)))
            d += 1
        if board[f] == "C":
            steps.append((1, (f, min(c + 10, CAP), s)))
            if c >= 10:
                steps.append((1, (f, c - 10, s)))
        behind = [i for i in range(1, f) if board[i] == "I"]
        if behind:
            h = behind[-1]
            steps.append((1, (h, min(c + 10 * (f - h), CAP), s)))
        for cost, state in steps:
            if turns + cost < best.get(state, UNREACHABLE):
                best[state] = turns + cost
                heapq.heappush(queue, (turns + cost, state))
    return UNREACHABLE


def boards() -> list[str]:
    texts = [START]
    for seed in (1, 2):
        texts.append(spieltisch.load(NAME).new_state(seed=seed).text())
    return texts


@pytest.mark.parametrize("text", boards(), ids=["canonical", "seed1", "seed2"])
def test_the_table_equals_a_shortest_path_search(text: str) -> None:
    board = board_of(text)
    rng = random.Random(text)
    states = [(0, 68, 5), (63, 11, 0), (63, 30, 0), (40, 300, 2)]
    while len(states) < 12:
        field = rng.randrange(GOAL)
        if board[field] == "I" and rng.random() < 0.5:
            continue
        states.append((field, rng.randrange(0, 260), rng.randrange(0, 6)))
    for field, carrots, salads in states:
        got = _native.haseundigel.finish_turns(text, field, carrots, salads)
        want = reference_turns(board, field, carrots, salads)
        assert got == want, (board, field, carrots, salads)


def test_values_by_hand() -> None:
    """On the canonical board (fields 56-63: hedgehog, salad, hare, carrot, position 1,
    carrot, hare, carrot): one step into the goal with at most 11 carrots; with 30, two
    exchanges of 10 first; nothing moves from the start without carrots; the goal itself
    needs nothing."""
    turns = _native.haseundigel.finish_turns
    assert board_of(START)[56:65] == "ILHC1CHCG"
    assert turns(START, 63, 11, 0) == 1
    assert turns(START, 63, 30, 0) == 3
    assert turns(START, 0, 0, 0) == UNREACHABLE
    assert turns(START, 64, 50, 0) == 0
    # A salad still held on field 63: back to the hedgehog (+70), onto the salad, eat it
    # (100 carrots), then 7 fields and 90 carrots too many to shed: more than those 3 turns.
    assert turns(START, 63, 11, 1) > 3
    # Two fields to go with 3 carrots: one advance by 2.
    assert turns(START, 62, 3, 0) == 1
