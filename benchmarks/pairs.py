"""Paired games, the way every match of the tuning log is played: each pair of games
shares its start (`new_state` with the pair's seed), its chance outcomes and its first
OPENING random moves, with the seats swapped, so that luck and the opening even out
within a pair. Used by `evaluation_match`, `pruning_match` and `uci_match`; `result_text`
gives the result each of them (and `okard_armies`) prints; `Tally`, `play_tallied`,
`take_sprt` and `sprt_text` the progress lines and the sequential test of those with
`--sprt`."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from spieltisch.ai.agent import Agent
from spieltisch.arena.elo import MatchScore, format_elo
from spieltisch.arena.match import play_game
from spieltisch.arena.sprt import SPRT
from spieltisch.core.game import Game, State

#: How one game is played and judged: (the game, the agents in seat order, the start
#: seed, the chance seed) -> (the winning seat or None, the reason).
Referee = Callable[[Game[Any, Any], tuple[Agent, Agent], int, int], tuple[int | None, str]]


class Opening(Agent):
    """The first `plies` moves at random (the same in both games of a pair: drawn from
    `pair_seed`), then `agent`, which also draws every chance outcome."""

    def __init__(self, agent: Agent, plies: int) -> None:
        super().__init__(None)
        self.agent = agent
        self.spec = agent.spec
        self.plies = plies
        #: Set for each game pair: the seed of its random opening moves.
        self.pair_seed = 0

    def new_game(self) -> None:
        super().new_game()
        self.agent.new_game()

    def select(self, state: State[Any]) -> Any:
        ply = len(state.history())
        if ply < self.plies and not state.is_chance():
            return random.Random(self.pair_seed * 1000 + ply).choice(state.legal_moves())
        return self.agent.select(state)


def refereed(
    game: Game[Any, Any], agents: tuple[Agent, Agent], start_seed: int, chance_seed: int
) -> tuple[int | None, str]:
    """One game at a table, every move checked by the game's rules."""
    record = play_game(game, agents, start_seed=start_seed, chance_seed=chance_seed)
    return record.winner, record.reason


def play_pairs(
    game: Game[Any, Any],
    test: Agent,
    base: Agent,
    *,
    pairs: int,
    opening: int,
    seed: int,
    referee: Referee = refereed,
    report: Callable[[int, int, int | None, str], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> MatchScore:
    """TEST's wins, draws and losses against BASE over `pairs` game pairs (the pairs'
    seeds drawn from `seed`); `report(pair, test_seat, winner, reason)` after each game;
    no more pairs once `stop()` says so (asked after each pair)."""
    new, old = Opening(test, opening), Opening(base, opening)
    seeds = random.Random(seed)
    wins = draws = losses = 0
    for pair in range(pairs):
        chance_seed = seeds.randrange(2**62)
        new.pair_seed = old.pair_seed = seeds.randrange(2**30)
        for seat in (0, 1):
            agents: tuple[Agent, Agent] = (new, old) if seat == 0 else (old, new)
            winner, reason = referee(game, agents, new.pair_seed, chance_seed)
            if winner is None:
                draws += 1
            elif winner == seat:
                wins += 1
            else:
                losses += 1
            if report is not None:
                report(pair, seat, winner, reason)
        if stop is not None and stop():
            break
    return MatchScore(wins, draws, losses)


def result_text(score: MatchScore, interval_digits: int = 1) -> str:
    """The tuning log's result of a match: `W / D / L, score S (LOW..HIGH), Elo E (LOW ..
    HIGH)`, the score's interval with `interval_digits` decimals of a per cent."""
    low, high = score.score_interval()
    elo_low, elo_high = score.elo_interval()
    digits = interval_digits
    return (
        f"{score.wins} / {score.draws} / {score.losses}, score {score.score:.1%} "
        f"({low:.{digits}%}..{high:.{digits}%}), Elo {format_elo(score.elo())} "
        f"({format_elo(elo_low)} .. {format_elo(elo_high)})"
    )


class Tally:
    """Prints each game as it ends, so that a long match shows its progress, and feeds
    the pairs to the SPRT where there is one (`play_pairs`' `report` and `stop`)."""

    def __init__(self, sprt: SPRT | None) -> None:
        self.sprt = sprt
        self.points: list[float] = []

    def game(self, pair: int, seat: int, winner: int | None, reason: str) -> None:
        result = "draw" if winner is None else "TEST wins" if winner == seat else "BASE wins"
        print(f"pair {pair + 1} TEST as player {seat}: {result} ({reason})", flush=True)
        self.points.append(0.5 if winner is None else 1.0 if winner == seat else 0.0)
        if len(self.points) == 2:
            if self.sprt is not None:
                self.sprt.add_pair(*self.points)
                sprt = self.sprt
                print(f"  LLR {sprt.llr():+.2f} ({sprt.lower:.2f}, {sprt.upper:.2f})")
            self.points = []

    def decided(self) -> bool:
        return self.sprt is not None and self.sprt.verdict() is not None


def play_tallied(
    game: Game[Any, Any],
    test: Agent,
    base: Agent,
    *,
    pairs: int,
    opening: int,
    seed: int,
    sprt: SPRT | None,
) -> MatchScore:
    """`play_pairs` with each game printed as it ends and the pairs fed to `sprt`, where
    there is one, which stops the match at its verdict."""
    tally = Tally(sprt)
    return play_pairs(
        game,
        test,
        base,
        pairs=pairs,
        opening=opening,
        seed=seed,
        report=tally.game,
        stop=tally.decided,
    )


def take_sprt(argv: list[str], usage: str) -> tuple[SPRT | None, list[str]]:
    """`--sprt ELO0,ELO1` taken out of the arguments: the test (α = β = 0.05) and the rest."""
    if "--sprt" not in argv:
        return None, argv
    at = argv.index("--sprt")
    if at + 1 >= len(argv):
        raise SystemExit(usage)
    elo0, elo1 = (float(x) for x in argv[at + 1].split(","))
    return SPRT(elo0, elo1), argv[:at] + argv[at + 2 :]


def sprt_text(sprt: SPRT) -> str:
    """The verdict line: the bounds, H0 / H1 / undecided, the LLR, the pentanomial counts
    and the Elo estimate with its interval."""
    elo, elo_low, elo_high = sprt.elo()
    verdict = sprt.verdict() or "undecided"
    return (
        f"SPRT [{sprt.elo0:g}, {sprt.elo1:g}]: {verdict} after {sprt.pairs} pairs, "
        f"LLR {sprt.llr():+.2f} ({sprt.lower:.2f}, {sprt.upper:.2f}), pentanomial "
        f"{sprt.bins}, Elo {format_elo(elo)} ({format_elo(elo_low)} .. "
        f"{format_elo(elo_high)})"
    )
