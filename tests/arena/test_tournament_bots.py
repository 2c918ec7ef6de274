"""A bot program as a tournament player: started as a process for each of its games with
`-h HOST -p PORT -r CODE` (as `spieltisch duel` starts bots), its games stored with the
bot's kind."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from spieltisch.arena.jobs import LocalRunner
from spieltisch.arena.tournament import Entrant, Tournament
from spieltisch.core.errors import OptionError
from spieltisch.store import Store
from tests.cli.run import SOURCES


def test_a_bot_command_plays_its_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", SOURCES)
    command = (
        f"{shlex.quote(sys.executable)} -m spieltisch bot schachogi --level ab:depth=1 --quiet"
    )
    with Store.open(tmp_path / "bots.db") as store:
        players = [Entrant("botty", f"cmd:{command}"), Entrant("rand", "random")]
        tour = Tournament.create(store, "schachogi", players, games_per_pair=1, seed=1)
        standings = tour.run(LocalRunner(1))
        schedule = tour.schedule()
        assert [g.status for g in schedule] == ["finished"]
        kinds = set()
        for g in schedule:
            stored = store.game(g.game_id or 0)
            kinds |= {p.kind for p in stored.players}
            assert stored.players[g.seats.index(0)].name == "botty"
        assert kinds == {"bot:botty", "ai:random"}
        assert sum(s.points for s in standings) == 1
        with pytest.raises(OptionError, match="cmd: needs a command"):
            Tournament.create(store, "schachogi", [Entrant("x", "cmd: "), players[1]])


def test_a_bot_that_never_plays_leaves_an_abandoned_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot command that exits at once: the game is stored as abandoned, not as running."""
    import spieltisch.arena.duel as duel

    monkeypatch.setattr(duel, "GAME_TIMEOUT", 5.0)
    command = f"{shlex.quote(sys.executable)} -c pass"
    with Store.open(tmp_path / "gone.db") as store:
        players = [Entrant("gone", f"cmd:{command}"), Entrant("rand", "random")]
        tour = Tournament.create(store, "schachogi", players, games_per_pair=1)
        standings = tour.run(LocalRunner(1))
        (planned,) = tour.schedule()
        assert planned.status == "abandoned"
        assert [s.draws for s in standings] == [1, 1]
