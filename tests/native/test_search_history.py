"""The game's history in the native search: the positions played before the searched one
reach the search (as the moves since the text the game began from), so that a third
repetition is scored as the rules score it (Schachogi: a draw) and the winning side avoids
it. Without the history the search sees the searched position alone and walks into it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import spieltisch
from spieltisch import _native, native
from spieltisch.ai.agent import Budget
from spieltisch.ai.native_agent import NativeAgent
from spieltisch.ai.spec import make_agent
from spieltisch.cli.engine import UciEngine
from spieltisch.core.game import State
from spieltisch.native.search import game_line, search

SCHACHOGI = spieltisch.load("schachogi")
#: White (Rock e2, Slotser g4, Brrbrr f4, Pflöck e1) against the bare black Pflöck, Black
#: to move.
START = "4p3/8/8/8/5BS1/8/4R3/4P3 b 1 1"
#: Twice round the cycle Pf8, Rf2, Pe8, Re2: the position after Re2 (START) has stood on
#: the board twice; White is to move with the Rock on f2.
CYCLE = ("e8f8", "e2f2", "f8e8", "f2e2", "e8f8", "e2f2", "f8e8")
#: The move back to the position seen twice: a third repetition, a draw by the rules.
REPEATING = "f2e2"
#: At this depth the search without the history prefers REPEATING (the default
#: evaluation's Rock stands best on e2, and it sees no draw); with the history it keeps
#: the win. (The position was found by searching for one where this holds, with the
#: default evaluation and switches: an evaluation that values progress more, or a search
#: that prunes otherwise, may walk on even blind.)
DEPTH = 3


def cycled() -> State[object]:
    state: State[object] = SCHACHOGI.parse(START, reachable=False)
    for text in CYCLE:
        state.play(state.parse_move(text))
    return state


def test_the_repeating_move_is_a_draw_by_the_rules() -> None:
    state = cycled()
    assert state.text() == "4p3/8/8/8/5BS1/8/5R2/4P3 w 8 5 r2"
    state.play(state.parse_move(REPEATING))
    outcome = state.outcome()
    assert outcome is not None and outcome.winner is None and outcome.reason == "REPETITION"


def test_with_the_history_the_winning_side_avoids_a_third_repetition() -> None:
    state = cycled()
    blind = search(SCHACHOGI, state.text(), depth=DEPTH)
    assert blind.best == REPEATING  # the position text alone: it throws the win away
    assert blind.score > 1000
    seeing = search(SCHACHOGI, START, depth=DEPTH, moves=CYCLE)
    assert seeing.best != REPEATING
    assert seeing.score > 1000  # still winning
    # The repeating move, forced by a history in which it is the only one searched
    # deeper, is worth a draw: the search's own terminal value at the third repetition.
    drawn = search(SCHACHOGI, START, depth=1, moves=(*CYCLE, REPEATING))
    assert drawn.best is None and drawn.score == 0


def test_game_line_gives_the_start_and_the_moves_where_the_rules_look_back() -> None:
    state = cycled()
    assert native.looks_back(SCHACHOGI)
    text, moves = game_line(state)
    assert text == SCHACHOGI.parse(START, reachable=False).text()
    assert moves == CYCLE
    assert search(SCHACHOGI, text, depth=DEPTH, moves=moves).best != REPEATING
    for name in ("ostseeschach", "hase-und-igel", "okard"):  # no repetition rule
        assert not native.looks_back(name)
        other = spieltisch.load(name).new_state(3)
        other.play(other.legal_moves()[0])
        assert game_line(other) == (other.text(), ())


def test_the_native_agent_gives_the_search_the_history() -> None:
    agent = NativeAgent(Budget(depth=DEPTH))
    assert str(agent.select(cycled())) != REPEATING
    blind = make_agent(f"native:depth={DEPTH},history=off", SCHACHOGI)
    assert isinstance(blind, NativeAgent) and blind.spec.endswith("history=off")
    assert str(blind.select(cycled())) == REPEATING


def test_uci_position_moves_reach_the_search() -> None:
    lines: list[str] = []

    class Out:
        def write(self, text: str) -> None:
            lines.extend(text.splitlines())

        def flush(self) -> None:
            pass

    engine = UciEngine(SCHACHOGI, Out())  # type: ignore[arg-type]
    session = [
        f"position fen {START} moves {' '.join(CYCLE)}",
        f"go depth {DEPTH}",
        "isready",
        f"position fen {cycled().text()}",
        f"go depth {DEPTH}",
    ]
    engine.run(iter(line + "\n" for line in session))  # type: ignore[arg-type]
    best = [line.removeprefix("bestmove ") for line in lines if line.startswith("bestmove ")]
    assert len(best) == 2
    assert best[0] != REPEATING  # the moves of `position ... moves` are the history
    assert best[1] == REPEATING  # a bare position text has none


def test_the_search_keys_of_a_line_equal_the_keys_of_its_positions_texts() -> None:
    """The keys the search holds for the history (made move by move) are the keys of the
    same positions read from their texts: a position of the game and the same position
    on the search's line are one position to the repetition rule."""
    rng = random.Random(28)
    state = SCHACHOGI.new_state()
    start = state.text()
    texts = [start]
    for _ in range(80):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))
        texts.append(state.text())
    moves = [str(move) for move in state.history()]
    keys = _native.schachogi.line_keys(start, moves)
    assert keys == [_native.schachogi.hash_key(text) for text in texts]
    # The cycle: equal positions, equal keys, four plies apart.
    cycle = _native.schachogi.line_keys(START, list(CYCLE))
    assert cycle[0] == cycle[4] and cycle[3] == cycle[7] and len(set(cycle)) == 4


def test_a_history_move_that_is_not_legal_is_refused() -> None:
    with pytest.raises(ValueError, match="move 2 of the history"):
        search(SCHACHOGI, START, depth=1, moves=("e8f8", "d5e6"))


def test_the_native_engine_ends_a_game_by_repetition_where_the_python_rules_do() -> None:
    """Games of Pflöck and Rock moves only (no capture: every position may come again),
    from a start that has stood on the board before (`r2`): after every move the search,
    given the game's moves, finds the game over exactly where the Python state does."""
    rng = random.Random(2028)
    start = "4p3/8/8/3R4/8/2S5/8/4P3 b 1 1 r2"
    # A few squares to walk on, never a capture: positions come back often.
    SQUARES = {"e8", "f8", "d8", "d5", "d4", "e1", "f1"}
    ended = 0
    for _ in range(12):
        state: Any = SCHACHOGI.parse(start, reachable=False)
        while not state.is_over() and len(state.history()) < 60:
            board = state.board
            still = [m for m in state.legal_moves() if board[m.dst] == 0]
            near = [m for m in still if str(m)[:2] in SQUARES and str(m)[2:4] in SQUARES]
            state.play(rng.choice(near or still))
            text, played = game_line(state)
            assert text == SCHACHOGI.parse(start, reachable=False).text()
            result = search(SCHACHOGI, text, depth=1, moves=played)
            assert (result.best is None) == state.is_over(), (played, state.outcome())
        outcome = state.outcome()
        ended += outcome is not None and outcome.reason == "REPETITION"
    assert ended >= 6  # most games end by repetition
