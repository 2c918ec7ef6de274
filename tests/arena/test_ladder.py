"""The ladder's pairing rules (`arena.ladder.Book`) on their own: pairs of games with the
seats swapped and the seed shared, the owed return game first, the nearest rating, not
the same opponent twice in a row while another waits, the house levels in turn after a
wait alone."""

from __future__ import annotations

import random

import pytest

from spieltisch.arena import ladder
from spieltisch.arena.ladder import HOUSE, Book, Candidate

HOUSE_LEVELS = ["random", "easy"]


def _book(seed: int = 1) -> Book:
    return Book(random.Random(seed))


def test_a_pair_of_games_swaps_the_seats_and_shares_the_seed() -> None:
    book = _book()
    waiting = [Candidate("a", 0.0, 0.0), Candidate("b", 0.0, 1.0)]
    (first,) = book.pair(waiting, 2.0, 60.0, HOUSE_LEVELS)
    assert first.leg == 1 and set(first.seats) == {"a", "b"}
    (second,) = book.pair(waiting, 3.0, 60.0, HOUSE_LEVELS)
    assert second.leg == 2
    assert second.seats == (first.seats[1], first.seats[0])
    assert second.seed == first.seed
    (third,) = book.pair(waiting, 4.0, 60.0, HOUSE_LEVELS)
    assert third.leg == 1 and third.seed != first.seed  # a new pair of games


def test_seats_and_seeds_of_first_games_vary() -> None:
    book = _book(7)
    firsts = []
    for round_ in range(40):
        waiting = [Candidate("a", 0.0, 0.0), Candidate("b", 0.0, 1.0)]
        pairing = book.pair(waiting, float(round_), 60.0, [])[0]
        if pairing.leg == 1:
            firsts.append(pairing)
    assert len(firsts) == 20
    assert {p.seats[0] for p in firsts} == {"a", "b"}
    assert len({p.seed for p in firsts}) == 20


def test_the_owed_return_game_comes_before_any_other_pairing() -> None:
    book = _book()
    book.pair([Candidate("a", 0, 0), Candidate("b", 0, 0)], 1, 60, [])
    # c waited longest and is nearest to a in rating, yet a and b owe each other a game
    waiting = [Candidate("c", 0.0, -5.0), Candidate("a", 0.0, 2.0), Candidate("b", 50.0, 2.0)]
    games = book.pair(waiting, 3.0, 60.0, [])
    assert games[0].leg == 2 and set(games[0].seats) == {"a", "b"}
    assert len(games) == 1  # c waits (alone, not yet long enough for the house)


def test_nearest_rating_and_not_the_same_opponent_again_while_another_waits() -> None:
    book = _book()
    waiting = [
        Candidate("a", 10.0, 0.0),
        Candidate("far", 40.0, 1.0),
        Candidate("near", 11.0, 2.0),
        Candidate("mid", 25.0, 3.0),
    ]
    games = book.pair(waiting, 5.0, 60.0, [])
    assert {frozenset(g.seats) for g in games} == {
        frozenset({"a", "near"}),
        frozenset({"far", "mid"}),
    }
    book.pair(waiting, 6.0, 60.0, [])  # the return games
    games = book.pair(waiting, 7.0, 60.0, [])
    pairs = {frozenset(g.seats) for g in games}
    assert frozenset({"a", "near"}) not in pairs  # they just met: others wait
    assert all(g.leg == 1 for g in games)


def test_a_bot_alone_plays_the_house_levels_in_turn_each_in_a_pair() -> None:
    book = _book()
    alone = [Candidate("a", 0.0, 0.0)]
    assert book.pair(alone, 4.9, 5.0, HOUSE_LEVELS) == []  # not yet
    seen = []
    for step in range(4):
        (game,) = book.pair(alone, 5.0 + step, 5.0, HOUSE_LEVELS)
        house = next(k for k in game.seats if k != "a")
        seen.append((house, game.leg))
    assert seen == [
        (HOUSE + "random", 1),
        (HOUSE + "random", 2),
        (HOUSE + "easy", 1),
        (HOUSE + "easy", 2),
    ]
    assert book.pair(alone, 100.0, 5.0, []) == []  # no house levels: it waits


def test_the_book_forgets_the_oldest_return_games_past_its_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ladder, "OWED", 3)
    book = _book()
    for n in range(5):
        book.pair([Candidate(f"a{n}", 0, 0), Candidate(f"b{n}", 0, 0)], 1, 60, [])
    assert set(book.returns) == {frozenset({f"a{n}", f"b{n}"}) for n in (2, 3, 4)}
