"""The conformance check every registered game must pass.

Plays many random games (chance events drawn with their probabilities from a seeded
`random.Random`) and checks, at every state on the way:

- the position text round-trips (`Game.parse(state.text()) == state`) and the parsed state
  agrees on the player to move and the legal moves;
- copies are equal and independent; `hash_key` agrees with equality; a state is not
  hashable (it is mutable: `hash_key` is the position key);
- the legal moves are distinct, their notation and action ids round-trip, and the action
  mask marks exactly them; `check` passes and `is_legal` holds for those played below;
- `legal_moves_from` splits the legal moves by their `source_square`, and gives nothing
  for a square that is the source of no legal move here (squares seen in the game so far);
- playing each legal move (checked and unchecked) and undoing it restores the state,
  and `history()` gains the move and loses it again;
- moves that were legal elsewhere but are not legal here are refused by `play` and `check`
  with `IllegalMoveError`, `is_legal` says no, and the state stays unchanged;
- chance outcomes are distinct and their probabilities are positive and sum to 1;
- a finished game has no moves, refuses every move, and has an outcome with zero-sum
  returns; an unfinished game has moves;
- every game ends within `Game.max_game_length` moves; `history()` lists its moves, and
  undoing them all returns them newest first and reaches the start again; replaying its
  moves from a new state with the same seed reaches the same position.

It raises `ConformanceError` at the first failure, naming the game, seed and move list.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spieltisch.core.errors import IllegalMoveError, NotationError
from spieltisch.core.game import CHANCE, TERMINAL, Game, State, replay


class ConformanceError(AssertionError):
    """A game broke the common API contract."""


@dataclass
class ConformanceReport:
    """What the check saw: games, moves, states, and how the games ended."""

    games: int = 0
    moves: int = 0
    states_checked: int = 0
    refused_checked: int = 0
    sources_checked: int = 0
    results: dict[str, int] = field(default_factory=dict)
    longest: int = 0


def _fail(game: Game[Any, Any], seed: int, moves: list[str], message: str) -> None:
    trail = " ".join(moves[-40:])
    raise ConformanceError(
        f"{game.name} (seed {seed}, after {len(moves)} moves, last: {trail}): {message}"
    )


def _check_state(
    game: Game[Any, Any],
    state: State[Any],
    rng: random.Random,
    seen_moves: list[Any],
    report: ConformanceReport,
    moves_per_state: int,
    fail: Callable[[str], None],
    seen_squares: set[str] | None = None,
) -> None:
    text = state.text()
    if "\n" in text:
        fail(f"position text has a line break: {text!r}")
    parsed = game.parse(text)
    if parsed != state or parsed.text() != text:
        fail(f"position text does not round-trip: {text!r} -> {parsed.text()!r}")
    if parsed.to_move != state.to_move:
        fail(f"parsed state has {parsed.to_move} to move, the state has {state.to_move}")
    if parsed.hash_key() != state.hash_key():
        fail("equal states have different hash keys")

    if type(state).__hash__ is not None:
        fail("a State is hashable; it is mutable, so `hash_key()` is its position key")

    twin = state.copy()
    if twin != state or twin.history() != state.history():
        fail("copy differs from the original")

    legal = state.legal_moves()
    if len(set(legal)) != len(legal):
        fail(f"legal moves repeat: {[str(m) for m in legal]}")
    if set(parsed.legal_moves()) != set(legal):
        fail("the parsed state has other legal moves")
    to_move = state.to_move
    if to_move not in (0, 1, CHANCE, TERMINAL):
        fail(f"to_move is {to_move}")

    if to_move == TERMINAL:
        if legal:
            fail("a finished game has legal moves")
        result = state.outcome()
        if result is None:
            fail("a finished game has no outcome")
        else:
            returns = state.returns()
            if returns[0] + returns[1] != 0 or returns[0] not in (-1.0, 0.0, 1.0):
                fail(f"returns {returns} are not zero-sum win/draw/loss")
            if len(result.scores[0]) != len(game.score_names) or len(result.scores[1]) != len(
                game.score_names
            ):
                fail(f"score parts {result.scores} do not match {game.score_names}")
        for move in seen_moves[-5:]:
            _expect_refused(state, move, fail)
        return

    if not legal:
        fail("an unfinished game has no legal moves")
    if state.outcome() is not None:
        fail("an unfinished game has an outcome")

    if to_move == CHANCE:
        outcomes = state.chance_outcomes()
        total = sum(p for _, p in outcomes)
        if abs(total - 1.0) > 1e-9 or any(p <= 0 for _, p in outcomes):
            fail(f"chance probabilities {[p for _, p in outcomes]} do not form a distribution")
        if [m for m, _ in outcomes] != legal:
            fail("chance outcomes differ from legal_moves at a chance node")
    elif state.chance_outcomes():
        fail("a player's node has chance outcomes")

    mask = state.legal_action_mask()
    if len(mask) != game.num_actions:
        fail(f"action mask has length {len(mask)}, not {game.num_actions}")
    ids = set()
    for move in legal:
        notation = str(move)
        try:
            again = state.parse_move(notation)
        except NotationError as exc:
            fail(f"notation {notation!r} of a legal move does not parse: {exc}")
            raise
        if again != move:
            fail(f"notation {notation!r} parses to another move {again!r}")
        action = state.action_id(move)
        if not 0 <= action < game.num_actions:
            fail(f"action id {action} of {notation} out of range")
        if state.action_move(action) != move:
            fail(f"action id {action} does not map back to {notation}")
        ids.add(action)
    if len(ids) != len(legal):
        fail("two legal moves share an action id")
    if sum(mask) != len(legal) or any(not mask[a] for a in ids):
        fail("the action mask does not mark exactly the legal moves")
    obs = state.observation()
    size = 1
    for dim in game.observation_shape:
        size *= dim
    if len(obs) != size:
        fail(f"observation has {len(obs)} values, shape {game.observation_shape} needs {size}")
    if state.to_move in (0, 1) and list(state.observation(state.to_move)) != list(obs):
        fail("observation(the player to move) differs from observation()")
    high = game.observation_high()
    for player in (0, 1):
        seen = state.observation(player)
        outside = [i for i, (v, h) in enumerate(zip(seen, high, strict=True)) if not 0 <= v <= h]
        if outside:
            i = outside[0]
            fail(
                f"observation entry {i} from player {player}'s side is {seen[i]}, "
                f"outside [0, {high[i]}] (Game.observation_high)"
            )

    _check_sources(state, legal, seen_squares if seen_squares is not None else set(), rng, fail)
    report.sources_checked += 1

    sample = legal if len(legal) <= moves_per_state else rng.sample(legal, moves_per_state)
    history = state.history()
    key = state.hash_key()
    for move in sample:
        _expect_legal(state, move, fail)
    if state.text() != text:
        fail("check or is_legal of a legal move changed the state")
    for move in sample:
        state.push(move)
        pushed = state.text()
        if state.history() != [*history, move]:
            fail(f"history() after pushing {move} does not end with it")
        undone = state.undo()
        if undone != move:
            fail(f"undo returned {undone} after pushing {move}")
        if state.text() != text or state.hash_key() != key:
            fail(f"push/undo of {move} does not restore the state")
        if state.history() != history:
            fail(f"history() after push/undo of {move} is not what it was")
        state.play(move)
        if state.text() != pushed:
            fail(f"play and push of {move} reach different states")
        state.undo()
    report.states_checked += 1

    legal_set = set(legal)
    for move in rng.sample(seen_moves, min(8, len(seen_moves))):
        if move not in legal_set:
            _expect_refused(state, move, fail, text)
            report.refused_checked += 1


def _expect_legal(state: State[Any], move: Any, fail: Callable[[str], None]) -> None:
    if not state.is_legal(move):
        fail(f"is_legal says no to the legal move {move}")
    try:
        state.check(move)
    except IllegalMoveError as exc:
        fail(f"check refuses the legal move {move}: {exc}")


def _expect_refused(
    state: State[Any], move: Any, fail: Callable[[str], None], before: str | None = None
) -> None:
    """`move` is refused by `play` and `check` naming a rule, and `is_legal` says no;
    the state stays as it was (its text `before`)."""
    if before is None:
        before = state.text()
    if state.is_legal(move):
        fail(f"is_legal says yes to the illegal move {move} in {before!r}")
    for name, attempt in (("check", state.check), ("play", state.play)):
        try:
            attempt(move)
        except IllegalMoveError as exc:
            if not exc.rule:
                fail(f"refusal of {move} by {name} names no rule")
        else:
            fail(f"illegal move {move} was accepted by {name} in {before!r}")
    if state.text() != before:
        fail(f"refused move {move} changed the state")


def _check_sources(
    state: State[Any],
    legal: list[Any],
    seen_squares: set[str],
    rng: random.Random,
    fail: Callable[[str], None],
) -> None:
    """`legal_moves_from(square)` is exactly the legal moves starting on `square`, in
    their order, and empty for squares no legal move starts on (two of each drawn)."""
    by_square: dict[str, list[Any]] = {}
    for move in legal:
        square = state.source_square(move)
        if square is None:
            continue
        if not isinstance(square, str) or not square:
            fail(f"source_square of {move} is {square!r}, not a square name or None")
        by_square.setdefault(square, []).append(move)
    squares = sorted(by_square)
    for square in squares if len(squares) <= 2 else rng.sample(squares, 2):
        moves = by_square[square]
        found = state.legal_moves_from(square)
        if found != moves:
            fail(
                f"legal_moves_from({square!r}) gives {[str(m) for m in found]}, "
                f"the legal moves from there are {[str(m) for m in moves]}"
            )
    others = sorted(seen_squares - by_square.keys())
    for square in others if len(others) <= 2 else rng.sample(others, 2):
        found = state.legal_moves_from(square)
        if found:
            fail(
                f"legal_moves_from({square!r}) gives {[str(m) for m in found]}, "
                "but no legal move starts there"
            )
    seen_squares.update(by_square)


def _check_undo_to_start(start: State[Any], state: State[Any], fail: Callable[[str], None]) -> None:
    """Undoing every move of `history()` returns them newest first and reaches `start`."""
    played = state.history()
    undone = [state.undo() for _ in played]
    if undone != played[::-1]:
        fail("undo does not return the moves of history() newest first")
    if state.history() or state != start:
        fail("undoing every move of history() does not reach the start again")


def check_game(
    game: Game[Any, Any],
    games: int = 100,
    seed: int = 0,
    moves_per_state: int = 1000,
    check_every: int = 1,
    seeded_setup: bool = True,
) -> ConformanceReport:
    """Play `games` random games of `game` and check the API contract on the way.

    `moves_per_state` caps how many legal moves are played and undone at each state;
    `check_every` checks every n-th state fully (the end state is always checked);
    `seeded_setup` starts game i from `new_state(seed + i)`, else from `new_state()`.
    """
    report = ConformanceReport()
    seen_moves: list[Any] = []
    seen_squares: set[str] = set()
    for index in range(games):
        game_seed = seed + index
        rng = random.Random(game_seed)
        start_seed = game_seed if seeded_setup else None
        state = game.new_state(start_seed)
        notation: list[str] = []

        def fail(message: str, _seed: int = game_seed, _moves: list[str] = notation) -> None:
            _fail(game, _seed, _moves, message)

        plies = 0
        while True:
            if plies % check_every == 0 or state.is_over():
                _check_state(
                    game, state, rng, seen_moves, report, moves_per_state, fail, seen_squares
                )
            if state.is_over():
                break
            if plies >= game.max_game_length:
                fail(f"no end after {plies} moves (max_game_length {game.max_game_length})")
            move = state.random_move(rng)
            notation.append(str(move))
            if len(seen_moves) < 5000:
                seen_moves.append(move)
            elif rng.random() < 0.1:
                seen_moves[rng.randrange(len(seen_moves))] = move
            state.play(move)
            plies += 1

        if [str(m) for m in state.history()] != notation:
            fail("history() does not list the moves played")
        fresh = replay(game.new_state(start_seed), notation)
        if fresh != state:
            fail("replaying the moves from a new state reaches another position")
        _check_undo_to_start(game.new_state(start_seed), state.copy(), fail)
        result = state.outcome()
        assert result is not None
        key = "draw" if result.winner is None else f"win{result.winner}"
        key = f"{key}:{result.reason}"
        report.results[key] = report.results.get(key, 0) + 1
        report.games += 1
        report.moves += plies
        report.longest = max(report.longest, plies)
    return report
