"""Round-robin, gauntlet and Swiss pairings: every pair as often as asked, seats
balanced, couples sharing a deal with the seats swapped, no Swiss repeat until it must."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from spieltisch.arena.pairings import (
    Pairing,
    circle_rounds,
    gauntlet,
    pair_counts,
    round_robin,
    seat_counts,
    swiss_round,
)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 8])
def test_circle_rounds_meet_every_pair_once(players: int) -> None:
    rounds = circle_rounds(players)
    pairs = [pair for games in rounds for pair in games]
    assert sorted(pairs) == list(itertools.combinations(range(players), 2))
    for games in rounds:
        seen = [p for pair in games for p in pair]
        assert len(seen) == len(set(seen))  # nobody plays twice in a round


def _couples_share_deals(schedule: list[Pairing]) -> None:
    by_deal: dict[int, list[Pairing]] = {}
    for p in schedule:
        by_deal.setdefault(p.deal, []).append(p)
    for games in by_deal.values():
        assert len(games) <= 2
        if len(games) == 2:
            assert games[0].seats == games[1].seats[::-1]


@pytest.mark.parametrize(("players", "per_pair", "cycles"), [(4, 2, 1), (5, 4, 2), (3, 1, 2)])
def test_round_robin(players: int, per_pair: int, cycles: int) -> None:
    schedule = round_robin(players, per_pair, cycles)
    counts = pair_counts(schedule)
    assert set(counts) == set(itertools.combinations(range(players), 2))
    assert set(counts.values()) == {per_pair * cycles}
    # each pair's seats: equal when its games are even, off by at most one otherwise
    for pair in counts:
        first = sum(1 for p in schedule if p.pair == pair and p.seats[0] == pair[0])
        assert abs(2 * first - per_pair * cycles) <= (per_pair * cycles) % 2 + (per_pair % 2)
    seats = seat_counts(schedule)
    games = Counter(x for p in schedule for x in p.seats)
    for player in range(players):
        assert abs(2 * seats[player] - games[player]) <= players  # seats balanced overall
    _couples_share_deals(schedule)


def test_round_robin_even_games_balance_seats_exactly() -> None:
    schedule = round_robin(6, 2, 1)
    seats = seat_counts(schedule)
    assert set(seats.values()) == {5}  # 10 games each, 5 in seat 0


def test_gauntlet() -> None:
    schedule = gauntlet(5, 4, 1)
    counts = pair_counts(schedule)
    assert counts == {(0, k): 4 for k in range(1, 5)}
    assert seat_counts(schedule)[0] == 8
    assert [p.round for p in schedule] == [r for r in range(4) for _ in range(4)]
    _couples_share_deals(schedule)


def _play_swiss(players: int, rounds: int, per_pair: int, seed: int) -> list[list[Pairing]]:
    rng = random.Random(seed)
    points: dict[int, float] = {}
    met: Counter[tuple[int, int]] = Counter()
    byes: Counter[int] = Counter()
    seat0: Counter[int] = Counter()
    played = []
    deal = 0
    for number in range(rounds):
        games, bye = swiss_round(
            players,
            points,
            met,
            round_number=number,
            games_per_pair=per_pair,
            first_deal=deal,
            byes=byes,
            seat_balance=seat0,
        )
        if bye is not None:
            byes[bye] += 1
        for game in games:
            met[game.pair] += 1
            seat0[game.seats[0]] += 1
            seat0[game.seats[1]] -= 1
            winner = game.seats[rng.randrange(2)]
            points[winner] = points.get(winner, 0.0) + 1
            deal = max(deal, game.deal + 1)
        played.append(games)
    return played


def _fewest_repeats(players: list[int], met: Counter[tuple[int, int]]) -> int:
    """By brute force: the fewest repeated meetings any pairing of `players` has."""
    if not players:
        return 0
    first, rest = players[0], players[1:]
    return min(
        met[(min(first, o), max(first, o))] + _fewest_repeats([*rest[:k], *rest[k + 1 :]], met)
        for k, o in enumerate(rest)
    )


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (6, 2), (7, 3), (8, 4)])
def test_swiss_repeats_no_pair_until_it_must(players: int, seed: int) -> None:
    played = _play_swiss(players, players + 2, 2, seed)
    met: Counter[tuple[int, int]] = Counter()
    first_repeat = None
    for number, games in enumerate(played):
        pairs = {g.pair for g in games}
        assert len(pairs) == players // 2
        assert all(len([g for g in games if g.pair == p]) == 2 for p in pairs)
        present = sorted(x for p in pairs for x in p)
        assert len(present) == len(set(present))
        repeats = sum(met[p] for p in pairs)
        assert repeats == _fewest_repeats(present, met)
        if repeats and first_repeat is None:
            first_repeat = number
        met.update(pairs)
    # the first repeat comes no earlier than a round robin's length minus a round or two
    assert first_repeat is not None
    assert first_repeat >= players - 3


def test_swiss_repeats_only_when_it_must() -> None:
    """Four players, six rounds: every pair meets twice, none three times."""
    played = _play_swiss(4, 6, 1, 5)
    counts = Counter(g.pair for games in played for g in games)
    assert set(counts.values()) == {2}


def test_swiss_byes_and_seats() -> None:
    played = _play_swiss(5, 5, 1, 7)
    byes: Counter[int] = Counter()
    for games in played:
        present = {x for g in games for x in g.seats}
        (bye,) = set(range(5)) - present
        byes[bye] += 1
    assert set(byes.values()) == {1}  # five rounds, five different byes
    balance: Counter[int] = Counter()
    for games in played:
        for g in games:
            balance[g.seats[0]] += 1
            balance[g.seats[1]] -= 1
    assert all(abs(b) <= 2 for b in balance.values())
    assert sum(abs(b) for b in balance.values()) <= 4


def test_swiss_pairs_equal_scores() -> None:
    games, bye = swiss_round(4, {0: 2.0, 1: 0.0, 2: 2.0, 3: 0.0}, {}, round_number=1)
    assert bye is None
    assert {g.pair for g in games} == {(0, 2), (1, 3)}
