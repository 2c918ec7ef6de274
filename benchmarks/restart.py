"""How long a restart of the web app takes over a store full of stale games, and how much
memory it holds after (issue 22, finding 7: 1,327 stale games, 8.6 s and 220 MB).

The store gets `--stale` games nobody will finish (tables against the AI nobody moved
in, waiting tables nobody joined, old games with moves, all two hours to eight days old)
and `--live` games of today, in a SQLite file; then `Hub.restore()` (what `spieltisch
serve` runs at its start) is timed, with the process's resident memory before and after.

    PYTHONPATH=src python benchmarks/restart.py --stale 1300 --live 5
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import update

from spieltisch.core.registry import load
from spieltisch.server.hub import Hub
from spieltisch.store import Player, Store
from spieltisch.store.models import GameRow

PEOPLE = [Player("you", "person"), Player("?", "person")]
VERSUS_AI = [Player("you", "person"), Player("AI (easy)", "ai:easy")]


def _meta(kinds: tuple[str, str], holders: list[str | None]) -> dict[str, object]:
    return {
        "seats": [
            {"kind": kinds[0], "name": "you", "agent": None},
            {"kind": kinds[1], "name": "AI" if kinds[1] == "ai" else "", "agent": "easy"}
            if kinds[1] == "ai"
            else {"kind": kinds[1], "name": "", "agent": None},
        ],
        "holders": holders,
    }


def fill(db: Path, stale: int, live: int) -> None:
    """The games of the measurement, written straight to the store."""
    rng = random.Random(1)
    game = load("schachogi")
    with Store.open(db) as store:
        old: list[int] = []
        for n in range(stale):
            if n % 13 == 0:  # an old game with moves
                state = game.new_state(n)
                gid = store.create_game(
                    "schachogi",
                    [Player("ann", "person"), Player("bob", "person")],
                    seed=n,
                    meta=_meta(("person", "person"), ["a", "b"]),
                )
                for ply in range(40):
                    if state.is_over():
                        break
                    move = rng.choice(state.legal_moves())
                    store.add_move(gid, ply, str(move), 1.0, state.to_move)
                    state.play(move)
            elif n % 4 == 0:  # a waiting table nobody joined
                gid = store.create_game(
                    "schachogi", PEOPLE, seed=n, meta=_meta(("person", "person"), ["a", None])
                )
            else:  # a table against the AI nobody moved in
                gid = store.create_game(
                    "schachogi", VERSUS_AI, seed=n, meta=_meta(("person", "ai"), ["a", None])
                )
            old.append(gid)
        for n in range(live):
            store.create_game(
                "schachogi",
                [Player("ann", "person"), Player("bob", "person")],
                seed=n,
                meta=_meta(("person", "person"), ["a", "b"]),
            )
        with store.engine.begin() as connection:
            for index, gid in enumerate(old):
                age = timedelta(hours=2) if index % 13 else timedelta(days=8)
                connection.execute(
                    update(GameRow)
                    .where(GameRow.id == gid)
                    .values(updated_at=datetime.now(UTC) - age)
                )


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--stale", type=int, default=1300)
    parser.add_argument("--live", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.db"
        fill(db, args.stale, args.live)
        store = Store.open(db)
        hub = Hub(store)
        before = rss_mb()
        started = time.perf_counter()
        rebuilt = hub.restore()
        seconds = time.perf_counter() - started
        after = rss_mb()
        store.close()
    print(
        f"restore: {seconds:.2f} s, {rebuilt} tables rebuilt of {args.stale + args.live} "
        f"running games, resident memory {before:.0f} -> {after:.0f} MB"
    )


if __name__ == "__main__":
    main()
