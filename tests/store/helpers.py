"""Random games to store in the tests."""

from __future__ import annotations

import random
from typing import Any

from spieltisch.core import State, load
from spieltisch.core.record import GameRecord
from spieltisch.store import Player, Store


def play_random(
    store: Store,
    game: str,
    seed: int,
    plies: int,
    *,
    players: tuple[str, str] = ("ann", "bob"),
    finish: bool = True,
) -> tuple[int, State[Any]]:
    """A game of random moves from `new_state(seed)`, every move stored as it is made
    (at most `plies` of them), finished in the store when the game ends and `finish`."""
    loaded = load(game)
    state = loaded.new_state(seed)
    game_id = store.create_game(
        game, [Player(players[0]), Player(players[1], "ai:easy")], seed=seed, chance_seed=seed
    )
    rng = random.Random(seed)
    for ply in range(plies):
        if state.is_over():
            break
        seat = state.to_move
        move = state.random_move(rng)
        state.play(move)
        store.add_move(game_id, ply, str(move), round(rng.random(), 3), seat)
    outcome = state.outcome()
    if finish and outcome is not None:
        store.finish_game(game_id, outcome)
    return game_id, state


def random_record(game: str, seed: int, plies: int) -> tuple[GameRecord, State[Any]]:
    """A record of a game of random moves from `new_state(seed)`, made in memory."""
    loaded = load(game)
    state = loaded.new_state(seed)
    record = GameRecord(game, loaded.options.text(), state.text(), seed, ("ann", "bob"))
    rng = random.Random(seed)
    while len(record.moves) < plies and not state.is_over():
        move = state.random_move(rng)
        state.play(move)
        record.moves.append(str(move))
        record.seconds.append(round(rng.random(), 3))
    return record, state
