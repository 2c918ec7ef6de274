"""Tournaments in a store: every scheduled game played once and stored, standings and
crosstable, an interrupted tournament resumed without replaying a game, SPRT engine
tests, and the commands."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.arena.engine_test import SPRTReport, create_test, run_test
from spieltisch.arena.jobs import GameJob, LocalRunner, derive
from spieltisch.arena.tournament import (
    Entrant,
    Progress,
    Tournament,
    format_crosstable,
    format_standings,
)
from spieltisch.cli import main
from spieltisch.core.errors import NotationError, OptionError
from spieltisch.core.record import GameRecord, replay_record
from spieltisch.store import Store
from tests.cli.run import assert_one_error_line, run

PLAYERS = [Entrant("r1", "random"), Entrant("r2", "random:seed=5"), Entrant("m", "ab:depth=1")]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "t.db") as opened:
        yield opened


class Interrupting:
    """A runner that plays `limit` games, then fails as Ctrl-C or a crash would."""

    def __init__(self, limit: int) -> None:
        self.limit = limit

    def play(self, jobs: Sequence[GameJob]) -> Iterator[tuple[GameJob, GameRecord]]:
        for count, job in enumerate(jobs):
            if count == self.limit:
                raise KeyboardInterrupt
            yield job, job.run()


def test_round_robin_plays_and_stores_every_game(store: Store) -> None:
    tour = Tournament.create(store, "schachogi", PLAYERS, games_per_pair=2, seed=3)
    seen: list[Progress] = []
    standings = tour.run(LocalRunner(1), seen.append)
    schedule = tour.schedule()
    assert len(schedule) == 6 == len(seen)
    assert [p.done for p in seen] == list(range(1, 7))
    assert all(p.total == 6 for p in seen)
    assert Counter(g.pair for g in schedule) == {(0, 1): 2, (0, 2): 2, (1, 2): 2}
    assert len({g.game_id for g in schedule}) == 6
    for g in schedule:
        assert g.game_id is not None
        stored = store.game(g.game_id)
        assert stored.status == "finished"
        assert [p.name for p in stored.players] == [tour.entrants[s].name for s in g.seats]
        assert stored.players[0].kind == f"ai:{tour.entrants[g.seats[0]].spec}"
        assert stored.meta["tournament"] == tour.id
        replay_record(store.record(g.game_id))  # every stored game replays
    # the twins of a deal start from the same position with the seats swapped
    twins: dict[int, list[int]] = {}
    for g in schedule:
        twins.setdefault(g.deal, []).append(g.game_id or 0)
    for first, second in twins.values():
        assert store.game(first).start == store.game(second).start
        assert store.game(first).players == store.game(second).players[::-1]
    assert sum(s.points for s in standings) == 6
    assert sum(s.games for s in standings) == 12
    assert all(s.seat0 == 2 for s in standings)
    assert store.tournament(tour.id).status == "finished"
    table = tour.crosstable()
    assert sum(table[i][j][1] for i in range(3) for j in range(3)) == 12
    assert len(format_crosstable(tour, standings)) == 4
    assert "Elo" in format_standings(tour, standings)[0]
    assert {e.player for e in store.leaderboard("schachogi")} == {"r1", "r2", "m"}


def test_standings_rank_by_points_then_the_score_parts(store: Store) -> None:
    tour = Tournament.create(store, "ostseeschach", PLAYERS, games_per_pair=2, seed=1)
    standings = tour.run(LocalRunner(1))
    keys = [(-s.points, *(-m for m in s.score_means)) for s in standings]
    assert keys == sorted(keys)
    assert len(standings[0].score_means) == 3  # Siegpunkte, Bernsteine, Leichtfiguren


def test_an_interrupted_tournament_resumes_without_playing_a_game_twice(store: Store) -> None:
    tour = Tournament.create(store, "schachogi", PLAYERS, games_per_pair=4, seed=9)
    with pytest.raises(KeyboardInterrupt):
        tour.run(Interrupting(5))
    first = {g.number: g.game_id for g in tour.schedule() if g.played}
    assert len(first) == 5
    assert store.count_games() == 5
    resumed = Tournament.resume(store, tour.id)
    played: list[int] = []
    resumed.run(LocalRunner(1), lambda p: played.append(p.number))
    assert sorted(played) == sorted(set(range(12)) - set(first))
    schedule = resumed.schedule()
    assert all(g.played for g in schedule)
    assert {g.number: g.game_id for g in schedule if g.number in first} == first
    assert store.count_games() == 12  # no game stored twice
    assert len({g.game_id for g in schedule}) == 12


def test_a_game_is_linked_once(store: Store) -> None:
    tour = Tournament.create(store, "schachogi", PLAYERS[:2], games_per_pair=1)
    (planned,) = tour.schedule()
    job = tour.job(planned)
    record = job.run()
    tour.store_game(job, record)
    from spieltisch.store import ConflictError

    with pytest.raises(ConflictError, match="already stored"):
        tour.store_game(job, record)
    assert store.count_games() == 1


def test_swiss_schedules_round_after_round(store: Store) -> None:
    players = [Entrant(f"p{k}", f"random:seed={k}") for k in range(5)]
    tour = Tournament.create(store, "schachogi", players, format="swiss", rounds=3)
    assert {g.round for g in tour.schedule()} == {0}
    tour.run(LocalRunner(1))
    schedule = tour.schedule()
    assert {g.round for g in schedule} == {0, 1, 2}
    assert len(schedule) == tour.total_games() == 3 * 2 * 2


def test_gauntlet_with_worker_processes(store: Store) -> None:
    tour = Tournament.create(store, "schachogi", PLAYERS, format="gauntlet", games_per_pair=2)
    tour.run(LocalRunner(2))
    assert Counter(g.pair for g in tour.schedule()) == {(0, 1): 2, (0, 2): 2}


def test_the_same_seed_plays_the_same_games(tmp_path: Path) -> None:
    moves = []
    for name in ("a.db", "b.db"):
        with Store.open(tmp_path / name) as store:
            tour = Tournament.create(store, "hase-und-igel", PLAYERS[:2], seed=4)
            tour.run(LocalRunner(1))
            moves.append([store.game(g.game_id or 0).moves for g in tour.schedule()])
    assert [[m.notation for m in game] for game in moves[0]] == [
        [m.notation for m in game] for game in moves[1]
    ]
    assert derive(1, "x") != derive(2, "x")


def test_bad_tournaments_are_refused(store: Store) -> None:
    with pytest.raises(OptionError, match="two players are called"):
        Tournament.create(store, "schachogi", [Entrant("a", "random")] * 2)
    with pytest.raises(OptionError, match=r"2\.\."):
        Tournament.create(store, "schachogi", PLAYERS[:1])
    with pytest.raises(NotationError):
        Tournament.create(store, "schachogi", [Entrant("a", "random"), Entrant("b", "nope")])
    with pytest.raises(OptionError, match="format"):
        Tournament.create(store, "schachogi", PLAYERS, format="knockout")
    for bad in ("=random", "a=", "", "x" * 61 + "=random"):
        with pytest.raises(NotationError):
            Entrant.parse(bad)
    assert Entrant.parse("easy") == Entrant("easy", "easy")
    assert store.tournaments() == []


def test_sprt_accepts_a_clearly_stronger_engine(store: Store) -> None:
    test = create_test(store, "schachogi", "random", "ab:depth=1", elo0=0, elo1=150, seed=2)
    reports: list[SPRTReport] = []
    report = run_test(test, LocalRunner(1), batch=2, on_batch=reports.append)
    assert report.verdict == "H1"
    assert report.llr >= report.upper
    assert report.elo[0] > 150
    assert [r.pairs for r in reports] == [2 * k for k in range(1, len(reports) + 1)]
    assert store.count_games() == 2 * report.pairs
    assert store.tournament(test.id).format == "sprt"


def _invoke(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the `spieltisch` command in this process: (status, output, errors)."""
    with pytest.raises(SystemExit) as ended:
        main.main(list(args), prog_name="spieltisch")
    out, err = capsys.readouterr()
    code = ended.value.code
    return (code if isinstance(code, int) else 0), out, err


def test_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "c.db")
    result = run(
        "tournament", "schachogi", "-p", "a=random", "-p", "b=random:seed=3",
        "--games-per-pair", "2", "--db", db,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "crosstable" in result.stdout and "standings" in result.stdout
    assert "tournament 1:" in result.stdout
    code, out, err = _invoke(capsys, "tournament", "schachogi", "--resume", "1", "--db", db)
    assert code == 0, err
    assert "0 games in" in out
    code, out, _ = _invoke(capsys, "ratings", "schachogi", "--db", db)
    assert code == 0 and " a " in out
    code, out, _ = _invoke(capsys, "ratings", "schachogi", "--db", db, "--live")
    assert code == 0 and "sigma" in out
    code, out, err = _invoke(
        capsys, "sprt", "schachogi", "--base", "random", "--test", "ab:depth=1",
        "--elo0", "0", "--elo1", "200", "--db", db, "--max-pairs", "3",
    )  # fmt: skip
    assert code == 0, err
    assert "LLR" in out


@pytest.mark.parametrize(
    "args",
    [
        ["tournament", "schachogi", "-p", "a=random"],
        ["tournament", "schachogi", "-p", "a=random", "-p", "a=random"],
        ["tournament", "schachogi", "-p", "a=random", "-p", "b=bogus"],
        ["tournament", "schachogi", "-p", "a=random", "-p", "b=random", "--rounds", "0"],
        ["sprt", "schachogi", "--base", "random", "--test", "random", "--elo0", "5"],
        ["sprt", "schachogi", "--base", "random", "--test", "random", "--elo1", "1e3"],
        ["sprt", "schachogi", "--base", "random", "--test", "random", "--alpha", "0.9"],
        ["tournament", "schachogi", "--resume", "7"],
        ["tournament", "schachogi", "-p", "a=random", "-p", "b=random", "--ray", " "],
    ],
)
def test_bad_commands(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _invoke(capsys, *args, "--db", str(tmp_path / "e.db"))
    assert code == 2, (out, err)
    assert out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err


def test_a_bad_command_as_a_process(tmp_path: Path) -> None:
    assert_one_error_line(run("tournament", "schachogi", "--db", str(tmp_path / "p.db")))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_player_texts_read_or_refused(text: str) -> None:
    """Any text is a player or one NotationError, never another exception."""
    try:
        entrant = Entrant.parse(text)
    except NotationError:
        return
    assert entrant.name and entrant.spec and len(entrant.name) <= 60


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_decimal_options_read_or_refused(text: str) -> None:
    """The SPRT's numbers: a value in range or click's usage error, nothing else."""
    import click

    from spieltisch.cli.tournaments import Decimal

    try:
        value = Decimal(-2000, 2000).convert(text, None, None)
    except click.BadParameter:
        return
    assert -2000 <= value <= 2000
