"""Who plays whom: round-robin, gauntlet and Swiss pairings with balanced seats.

A pairing names the two players of a game by their index in the tournament's player list,
the first in seat 0. The games of one pair come in couples that share a *deal* (the
random start and the chance draws) with the seats swapped, so both players meet the same
luck; with an odd number of games per pair the last game stands alone.

Round robin and gauntlet are fixed in advance; a Swiss round depends on the scores so
far and is made one round at a time (`swiss_round`): players of equal score meet, and no
pair meets twice while another pairing of the round avoids it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

FORMATS = ("round-robin", "gauntlet", "swiss")


@dataclass(frozen=True)
class Pairing:
    """One game of a tournament: `seats[0]` plays in seat 0; games with the same `deal`
    share the start position and the chance draws."""

    round: int
    seats: tuple[int, int]
    deal: int

    @property
    def pair(self) -> tuple[int, int]:
        """The two players, lower index first (the same for both seatings)."""
        a, b = self.seats
        return (a, b) if a < b else (b, a)


def circle_rounds(players: int) -> list[list[tuple[int, int]]]:
    """The rounds of a single round robin by the circle method: every pair exactly once,
    each player at most one game per round (a bye when `players` is odd)."""
    ids: list[int | None] = list(range(players))
    if players % 2:
        ids.append(None)
    count = len(ids)
    rounds: list[list[tuple[int, int]]] = []
    for _ in range(count - 1):
        games = []
        for k in range(count // 2):
            a, b = ids[k], ids[count - 1 - k]
            if a is not None and b is not None:
                games.append((a, b) if a < b else (b, a))
        rounds.append(games)
        ids = [ids[0], ids[-1], *ids[1:-1]]  # turn every seat but the first
    return rounds


def _pair_games(
    pair: tuple[int, int], games_per_pair: int, round_number: int, first_deal: int, flip: bool
) -> list[Pairing]:
    """`games_per_pair` games of `pair`, seats alternating, couples sharing a deal."""
    a, b = pair
    if flip:
        a, b = b, a
    return [
        Pairing(round_number, (a, b) if k % 2 == 0 else (b, a), first_deal + k // 2)
        for k in range(games_per_pair)
    ]


def _deals(games_per_pair: int) -> int:
    return (games_per_pair + 1) // 2


def round_robin(players: int, games_per_pair: int = 2, cycles: int = 1) -> list[Pairing]:
    """Every pair meets `games_per_pair` times per cycle. With an odd number of games per
    pair, the pair that starts in seat 0 changes from one cycle to the next, and across
    the pairs of one player it alternates, so seats stay balanced."""
    schedule: list[Pairing] = []
    deal = 0
    rounds = circle_rounds(players)
    for cycle in range(cycles):
        for number, games in enumerate(rounds):
            for a, b in games:
                flip = (cycle + a + b) % 2 == 1
                schedule += _pair_games(
                    (a, b), games_per_pair, cycle * len(rounds) + number, deal, flip
                )
                deal += _deals(games_per_pair)
    return schedule


def gauntlet(players: int, games_per_pair: int = 2, cycles: int = 1) -> list[Pairing]:
    """Player 0 meets every other player `games_per_pair` times per cycle, one opponent a
    round; the others do not meet each other."""
    schedule: list[Pairing] = []
    deal = 0
    for cycle in range(cycles):
        for opponent in range(1, players):
            flip = (cycle + opponent) % 2 == 0
            round_number = cycle * (players - 1) + opponent - 1
            schedule += _pair_games((0, opponent), games_per_pair, round_number, deal, flip)
            deal += _deals(games_per_pair)
    return schedule


def swiss_round(
    players: int,
    points: Mapping[int, float],
    met: Mapping[tuple[int, int], int],
    *,
    round_number: int,
    games_per_pair: int = 2,
    first_deal: int = 0,
    byes: Mapping[int, int] | None = None,
    seat_balance: Mapping[int, int] | None = None,
) -> tuple[list[Pairing], int | None]:
    """The games of Swiss round `round_number` and the player with the bye (None if the
    number of players is even).

    Players are ranked by `points` (then by index); the bye goes to the lowest-ranked
    player with the fewest byes. The rest are paired so that as few pairs as possible
    meet again (`met`: pairings counted per pair, lower index first) and, among those
    pairings, players meet the nearest-ranked opponents (`_match`). With one game per
    pair, seat 0 goes to the player who has had it less often than seat 1
    (`seat_balance`: games in seat 0 minus games in seat 1)."""
    byes = byes or {}
    seat_balance = seat_balance or {}
    ranked = sorted(range(players), key=lambda p: (-points.get(p, 0.0), p))
    bye: int | None = None
    if players % 2:
        bye = min(reversed(ranked), key=lambda p: byes.get(p, 0))
        ranked.remove(bye)
    found = _match(ranked, met)
    schedule: list[Pairing] = []
    deal = first_deal
    for a, b in found:
        flip = (seat_balance.get(a, 0), a) > (seat_balance.get(b, 0), b)
        schedule += _pair_games((a, b), games_per_pair, round_number, deal, flip)
        deal += _deals(games_per_pair)
    return schedule, bye


def _match(ranked: Sequence[int], met: Mapping[tuple[int, int], int]) -> list[tuple[int, int]]:
    """The pairing of all of `ranked` (in rank order) with the fewest repeated meetings
    (a pair that met k times counts k), then the smallest sum of rank distances: a
    branch-and-bound search over top-down pairings, each player first tried against the
    nearest-ranked opponent; after `_NODES` steps the best pairing found so far is kept."""
    rank = {player: k for k, player in enumerate(ranked)}
    best: list[tuple[int, int]] = []
    best_cost = (math.inf, math.inf)
    nodes = 0

    def search(rest: list[int], chosen: list[tuple[int, int]], repeats: int, spread: int) -> None:
        nonlocal best, best_cost, nodes
        nodes += 1
        if (repeats, spread) >= best_cost or nodes > _NODES:
            return
        if not rest:
            best, best_cost = list(chosen), (repeats, spread)
            return
        first, others = rest[0], rest[1:]
        for index, other in enumerate(others):
            pair = (first, other) if first < other else (other, first)
            chosen.append((first, other))
            search(
                [*others[:index], *others[index + 1 :]],
                chosen,
                repeats + met.get(pair, 0),
                spread + rank[other] - rank[first],
            )
            chosen.pop()

    search(list(ranked), [], 0, 0)
    return best


#: How many search steps one Swiss pairing may take.
_NODES = 200_000


def pair_counts(schedule: Sequence[Pairing]) -> Counter[tuple[int, int]]:
    """How often each pair (lower index first) plays in `schedule`."""
    return Counter(p.pair for p in schedule)


def seat_counts(schedule: Sequence[Pairing]) -> Counter[int]:
    """How often each player sits in seat 0 in `schedule`."""
    return Counter(p.seats[0] for p in schedule)
