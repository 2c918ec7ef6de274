"""Tournaments: many players, a schedule, every game stored, standings and a crosstable.

A tournament lives in the game store: its settings and schedule are written when it is
created, and each game is stored and linked to its place in the schedule as it finishes
(one transaction), so `Tournament.resume` after a crash plays exactly the games that had
not finished: none twice. Swiss rounds are scheduled one at a time, when the round
before is complete.

Seats alternate within every pair; the two games of a couple share their deal (the
start drawn from the deal's seed and the chance draws), so both players meet the same
luck. Standings rank by points (a win 1, a draw 1/2), then by the mean of each of the
game's competition score parts in their order (Ostseeschach: Siegpunkte, then the
amber average, as the Software-Challenge ranks), then by wins.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from spieltisch.arena import pairings
from spieltisch.arena.jobs import BOT_PREFIX, GameJob, Runner, derive, is_bot_command
from spieltisch.arena.pairings import Pairing
from spieltisch.arena.ratings import Rating, Result, bradley_terry
from spieltisch.core.errors import NotationError, OptionError, quote
from spieltisch.core.record import GameRecord
from spieltisch.core.registry import load

if TYPE_CHECKING:
    from spieltisch.store import Store
    from spieltisch.store.tournaments import ScheduledGame, StoredTournament

#: The most players of one tournament.
MAX_PLAYERS = 64
MAX_NAME = 60


@dataclass(frozen=True)
class Entrant:
    """A player of a tournament: a unique name and the agent spec that plays."""

    name: str
    spec: str

    @classmethod
    def parse(cls, text: str) -> Entrant:
        """`NAME=SPEC`, or a bare SPEC that is its own name."""
        name, sep, spec = text.partition("=")
        if not sep:
            name, spec = text, text
        name, spec = name.strip(), spec.strip()
        if not name or not spec:
            raise NotationError(f"a player is NAME=SPEC, not {quote(text)}")
        if len(name) > MAX_NAME or not name.isprintable():
            raise NotationError(f"a player's name: printable, at most {MAX_NAME} characters")
        return cls(name, spec)


@dataclass
class Standing:
    """One player's line of the standings."""

    player: int
    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    seat0: int = 0
    score_sums: list[float] = field(default_factory=list)

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws

    @property
    def score_means(self) -> list[float]:
        return [s / self.games if self.games else 0.0 for s in self.score_sums]

    def key(self) -> tuple[Any, ...]:
        return (-self.points, *(-m for m in self.score_means), -self.wins, self.name)


@dataclass(frozen=True)
class Progress:
    """What a finished game tells the caller: how many are done of how many scheduled."""

    done: int
    total: int
    number: int
    names: tuple[str, str]
    winner: int | None
    game_id: int


class Tournament:
    """A tournament in a store (see the module docstring)."""

    def __init__(self, store: Store, tournament_id: int) -> None:
        self.store = store
        self.id = tournament_id
        self.info: StoredTournament = store.tournament(tournament_id)
        settings = self.info.settings
        self.entrants = [Entrant(p["name"], p["spec"]) for p in settings["players"]]
        self.format: str = self.info.format
        self.rounds: int = settings["rounds"]
        self.games_per_pair: int = settings["games_per_pair"]
        self.seed: int = settings["seed"]
        self.time_per_move: float | None = settings.get("time_per_move")
        self.game = load(self.info.game, self.info.options or None)

    @classmethod
    def create(
        cls,
        store: Store,
        game: str,
        entrants: Sequence[Entrant],
        *,
        format: str = "round-robin",
        rounds: int | None = None,
        games_per_pair: int = 2,
        seed: int = 0,
        time_per_move: float | None = None,
        options: str = "",
        name: str = "",
    ) -> Tournament:
        """A new tournament in `store` with its schedule (Swiss: the first round)."""
        if format not in pairings.FORMATS:
            raise OptionError(f"the format is one of {', '.join(pairings.FORMATS)}")
        if rounds is None:
            rounds = max(1, math.ceil(math.log2(len(entrants)))) if format == "swiss" else 1
        tournament = cls.create_empty(
            store,
            game,
            entrants,
            format=format,
            rounds=rounds,
            games_per_pair=games_per_pair,
            seed=seed,
            time_per_move=time_per_move,
            options=options,
            name=name,
        )
        if format == "round-robin":
            plan = pairings.round_robin(len(entrants), games_per_pair, rounds)
        elif format == "gauntlet":
            plan = pairings.gauntlet(len(entrants), games_per_pair, rounds)
        else:
            plan = tournament._next_swiss_round([])
        tournament._schedule(plan, 0)
        return tournament

    @classmethod
    def create_empty(
        cls,
        store: Store,
        game: str,
        entrants: Sequence[Entrant],
        *,
        format: str,
        rounds: int = 1,
        games_per_pair: int = 2,
        seed: int = 0,
        time_per_move: float | None = None,
        options: str = "",
        name: str = "",
        extra: dict[str, Any] | None = None,
    ) -> Tournament:
        """A new tournament in `store` with nothing scheduled yet; `extra` settings are
        kept with the others (an SPRT's bounds)."""
        from spieltisch.ai.spec import make_agent

        loaded = load(game, options or None)
        if not 2 <= len(entrants) <= MAX_PLAYERS:
            raise OptionError(f"a tournament has 2..{MAX_PLAYERS} players")
        if not (1 <= rounds <= 10_000 and 1 <= games_per_pair <= 10_000):
            raise OptionError("rounds and games per pair: 1..10000")
        names = [e.name for e in entrants]
        if len(set(names)) != len(names):
            repeated = next(n for n in names if names.count(n) > 1)
            raise OptionError(f"two players are called {quote(repeated)}: give each a name")
        for entrant in entrants:
            if is_bot_command(entrant.spec):
                if not entrant.spec.removeprefix(BOT_PREFIX).strip():
                    raise OptionError(f"player {quote(entrant.name)}: cmd: needs a command")
                continue
            make_agent(entrant.spec, loaded)  # a bad spec fails before anything is stored
        settings = {
            "players": [{"name": e.name, "spec": e.spec} for e in entrants],
            "rounds": rounds,
            "games_per_pair": games_per_pair,
            "seed": seed,
            "time_per_move": time_per_move,
            **(extra or {}),
        }
        title = name or f"{loaded.title} {format}, {len(entrants)} players, seed {seed}"
        tournament_id = store.create_tournament(
            title, loaded.name, loaded.options.text(), format, settings
        )
        return cls(store, tournament_id)

    @classmethod
    def resume(cls, store: Store, tournament_id: int) -> Tournament:
        return cls(store, tournament_id)

    # --- the schedule ----------------------------------------------------------------------

    def _schedule(self, plan: Sequence[Pairing], first_number: int) -> None:
        self.store.schedule(
            self.id,
            [
                (first_number + k, p.round, p.seats[0], p.seats[1], p.deal)
                for k, p in enumerate(plan)
            ],
        )

    def schedule(self) -> list[ScheduledGame]:
        return self.store.scheduled_games(self.id)

    def _next_swiss_round(self, played: Sequence[ScheduledGame]) -> list[Pairing]:
        """The next Swiss round from the games played so far (all of them finished)."""
        points: dict[int, float] = {}
        met: Counter[tuple[int, int]] = Counter()
        seat0: Counter[int] = Counter()
        byes: Counter[int] = Counter()
        rounds_seen = set()
        present: dict[int, set[int]] = {}
        meetings = {(g.round, g.pair) for g in played}
        for _, pair in meetings:
            met[pair] += 1
        for g in played:
            a, b = g.seats
            seat0[a] += 1
            seat0[b] -= 1
            rounds_seen.add(g.round)
            present.setdefault(g.round, set()).update(g.seats)
            for seat, player in enumerate(g.seats):
                points[player] = points.get(player, 0.0) + _points(g, seat)
        for number in rounds_seen:
            for player in range(len(self.entrants)):
                if player not in present[number]:
                    byes[player] += 1
                    # a bye scores as if every game of the round was won
                    points[player] = points.get(player, 0.0) + self.games_per_pair
        plan, _ = pairings.swiss_round(
            len(self.entrants),
            points,
            met,
            round_number=len(rounds_seen),
            games_per_pair=self.games_per_pair,
            first_deal=max((g.deal for g in played), default=-1) + 1,
            byes=byes,
            seat_balance=seat0,
        )
        return plan

    # --- playing ---------------------------------------------------------------------------

    def job(self, planned: ScheduledGame) -> GameJob:
        a, b = planned.seats
        return GameJob(
            number=planned.number,
            game=self.info.game,
            options=self.info.options,
            specs=(self.entrants[a].spec, self.entrants[b].spec),
            names=(self.entrants[a].name, self.entrants[b].name),
            start_seed=derive(self.seed, "start", planned.deal),
            chance_seed=derive(self.seed, "chance", planned.deal),
            agent_seeds=(
                derive(self.seed, "agent", planned.number, 0),
                derive(self.seed, "agent", planned.number, 1),
            ),
            time_per_move=self.time_per_move,
        )

    def total_games(self) -> int:
        """The games the whole tournament plays (Swiss: rounds × its pairs)."""
        if self.format != "swiss":
            return len(self.schedule())
        return self.rounds * (len(self.entrants) // 2) * self.games_per_pair

    def run(
        self,
        runner: Runner,
        on_game: Callable[[Progress], None] | None = None,
        *,
        rate: bool = True,
    ) -> list[Standing]:
        """Play every game not yet played (Swiss: round after round), store and link each
        as it finishes, and update the live ratings; the final standings."""
        total = self.total_games()
        while True:
            schedule = self.schedule()
            done = sum(1 for g in schedule if g.played)
            waiting = [g for g in schedule if not g.played]
            if waiting:
                for job, record in runner.play([self.job(g) for g in waiting]):
                    game_id = self.store_game(job, record)
                    if rate:
                        self.store.rate_game(game_id)
                    done += 1
                    if on_game is not None:
                        on_game(
                            Progress(done, total, job.number, job.names, record.winner, game_id)
                        )
                continue
            rounds_played = len({g.round for g in schedule})
            if self.format == "swiss" and rounds_played < self.rounds:
                self._schedule(self._next_swiss_round(schedule), len(schedule))
                continue
            break
        self.store.finish_tournament(self.id)
        self.info = self.store.tournament(self.id)
        return self.standings()

    def store_game(self, job: GameJob, record: GameRecord) -> int:
        """Store the played game of `job` and link it to its place in the schedule."""
        record.meta["tournament"] = self.id
        record.meta["tournament_game"] = job.number
        return self.store.store_tournament_game(self.id, job.number, record)

    # --- results ---------------------------------------------------------------------------

    def standings(self) -> list[Standing]:
        """Every player's line, best first (see the module docstring for the order)."""
        parts = len(self.game.score_names)
        lines = [Standing(i, e.name, score_sums=[0.0] * parts) for i, e in enumerate(self.entrants)]
        for g in self.schedule():
            if g.status not in ("finished", "abandoned"):
                continue
            for seat, player in enumerate(g.seats):
                line = lines[player]
                line.games += 1
                line.seat0 += seat == 0
                result = _points(g, seat)
                if result == 1.0:
                    line.wins += 1
                elif result == 0.0:
                    line.losses += 1
                else:
                    line.draws += 1
                for k, value in enumerate(g.scores[seat][:parts]):
                    line.score_sums[k] += value
        return sorted(lines, key=Standing.key)

    def crosstable(self) -> list[list[tuple[float, int]]]:
        """`table[i][j]`: (points of player i against j, games between them)."""
        n = len(self.entrants)
        table = [[(0.0, 0) for _ in range(n)] for _ in range(n)]
        for g in self.schedule():
            if g.status not in ("finished", "abandoned"):
                continue
            for seat, player in enumerate(g.seats):
                other = g.seats[1 - seat]
                points, games = table[player][other]
                table[player][other] = (points + _points(g, seat), games + 1)
        return table

    def ratings(self) -> list[Rating]:
        """Bradley–Terry ratings from this tournament's games alone."""
        results = [
            Result(self.entrants[g.seats[0]].name, self.entrants[g.seats[1]].name, _points(g, 0))
            for g in self.schedule()
            if g.status in ("finished", "abandoned")
        ]
        return bradley_terry(results)


def _points(g: ScheduledGame, seat: int) -> float:
    """The points of the player in `seat` (an abandoned game counts as a draw)."""
    if g.status != "finished" or g.winner is None:
        return 0.5
    return 1.0 if g.winner == seat else 0.0


def format_crosstable(tournament: Tournament, standings: Sequence[Standing]) -> list[str]:
    """The crosstable as text lines, players in the order of the standings."""
    table = tournament.crosstable()
    order = [s.player for s in standings]
    width = max(6, *(len(s.name) for s in standings))
    head = f"{'#':>2} {'player':{width}} " + " ".join(f"{k + 1:>7}" for k in range(len(order)))
    lines = [head + f" {'points':>8}"]
    for rank, s in enumerate(standings, 1):
        cells = []
        for other in order:
            if other == s.player:
                cells.append(f"{'·':>7}")
                continue
            points, games = table[s.player][other]
            cells.append(f"{_half(points)}/{games}".rjust(7) if games else f"{'':7}")
        lines.append(
            f"{rank:>2} {s.name:{width}} " + " ".join(cells) + f" {_half(s.points):>4}/{s.games}"
        )
    return lines


def format_standings(tournament: Tournament, standings: Sequence[Standing]) -> list[str]:
    """The standings with the tie-break columns (the game's score parts) and ratings."""
    ratings = {r.name: r for r in tournament.ratings()}
    names = tournament.game.score_labels or tournament.game.score_names
    width = max(6, *(len(s.name) for s in standings))
    heads = [("∅ " + n)[:24] for n in names]
    widths = [max(8, len(h)) for h in heads]
    extra = "".join(f" {h:>{w}}" for h, w in zip(heads, widths, strict=True))
    lines = [
        f"{'#':>2} {'player':{width}} {'games':>5} {'+':>4} {'=':>4} {'-':>4} {'points':>6}"
        f"{extra} {'Elo':>6} {'95%':>8}"
    ]
    for rank, s in enumerate(standings, 1):
        rating = ratings.get(s.name)
        elo = f"{rating.rating:+6.0f} {'±' + format(rating.error, '.0f'):>8}" if rating else ""
        means = "".join(f" {m:{w}.2f}" for m, w in zip(s.score_means, widths, strict=False))
        lines.append(
            f"{rank:>2} {s.name:{width}} {s.games:5d} {s.wins:4d} {s.draws:4d} {s.losses:4d} "
            f"{_half(s.points):>6}{means} {elo}"
        )
    return lines


def _half(value: float) -> str:
    return f"{value:g}" if value != int(value) else f"{int(value)}"
