"""Two sets of the native search's selectivity switches against each other, for the tuning
log (docs/measurements/tuning.md).

The switches (`spieltisch.native.search.PRUNE_SWITCHES`: seeq, seep, rfp, lmp, mdp, fut,
raz, imp, lmr, cmh, caph, iir, se, thr, evo, ctt, nmr, qev, chk) are written joined by `+`
(`mdp+rfp`), `none` for all off, `default` for the game's defaults, and `default+a+b` for
the defaults with more on; a last word `unit=N` sets the unit of the pruning margins in
evaluation points (`default+unit=2500`; without it the game's own,
`spieltisch.native.search.prune_unit`), and a last word `eval=E` the evaluation (an
evaluation variant's number for measuring a candidate, `classic` or `nnue`: docs/ai.md's
`eval=`; `default+eval=9`; without it the game's default). As `benchmarks.evaluation_match`
does: paired games, seats swapped, the same start (`new_state` with the pair's seed) and
chance outcomes in both games of a pair, the first OPENING moves random and the same in
both, the Python state refereeing; BUDGET is a depth (`6`), a time a move (`0.05s`) or a
number of positions a move (`20000n`: a measure that does not depend on the machine's load,
though it does not charge a switch for a slower rate). Each search gets the game's history
(`game_line`), as the native agent does. It prints a line for each game as it ends, then
TEST's wins, draws and losses, its score with the 95% interval and the Elo difference.

With `--sprt ELO0,ELO1` the pairs also feed a sequential probability ratio test
(`spieltisch.arena.sprt`, α = β = 0.05, pentanomial): the match stops as soon as it
accepts H0 (TEST at most ELO0 better) or H1 (at least ELO1), PAIRS being the most it
plays; it prints the LLR after each pair and the verdict at the end.

    python -m benchmarks.pruning_match GAME PAIRS BUDGET OPENING BASE TEST [SEED] [--sprt E0,E1]
    python -m benchmarks.pruning_match schachogi 20 0.05s 4 mdp mdp+rfp
    python -m benchmarks.pruning_match schachogi 50 20000n 4 default default+cmh
    python -m benchmarks.pruning_match schachogi 1000 10000n 4 default default+fut 7 --sprt 0,15
    python -m benchmarks.pruning_match hase-und-igel 100 0.05s 4 default default+unit=400
    python -m benchmarks.pruning_match schachogi 400 0.1s 4 default default+eval=9 45 --sprt 0,25
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import spieltisch
from benchmarks.pairs import play_tallied, result_text, sprt_text, take_sprt
from spieltisch.ai.agent import Agent
from spieltisch.arena.elo import MatchScore
from spieltisch.arena.sprt import SPRT
from spieltisch.core.game import State
from spieltisch.native.search import (
    MAX_DEPTH,
    PRUNE_SWITCHES,
    game_line,
    prune_defaults,
    search,
)


def split_settings(text: str) -> tuple[str, int, str | None]:
    """A set's switches apart from its last words `unit=N` (the margins' unit) and
    `eval=E` (the evaluation: a variant's number, `classic` or `nnue`), in either order:
    `default+fut+unit=400+eval=9` gives (`default+fut`, 400, "9"); without them the unit is
    0 (the game's own) and the evaluation None (the game's default)."""
    words = text.split("+")
    unit, evaluation = 0, None
    while words and words[-1].startswith(("unit=", "eval=")):
        word = words.pop()
        value = word.partition("=")[2]
        if word.startswith("eval="):
            if not value:
                raise SystemExit("eval=: a variant's number, classic or nnue")
            evaluation = value
        elif not value.isdigit() or int(value) < 1:
            raise SystemExit(f"unit={value}: a whole number of evaluation points, at least 1")
        else:
            unit = int(value)
    return "+".join(words) or "default", unit, evaluation


def read_switches(name: str, text: str) -> dict[str, bool]:
    """Every switch on or off as `text` names them (`none`, `default`, `a+b`, or
    `default+a+b`: the game's defaults with a and b on too)."""
    words = text.split("+")
    on = {k for k, v in prune_defaults(name).items() if v} if words[0] == "default" else set()
    if words[0] in ("default", "none"):
        words = words[1:]
    on |= set(words)
    unknown = on - set(PRUNE_SWITCHES)
    if unknown:
        raise SystemExit(
            f"unknown switches {sorted(unknown)}; the switches: {list(PRUNE_SWITCHES)}"
        )
    return {switch: switch in on for switch in PRUNE_SWITCHES}


class PruningAgent(Agent):
    """The native search at a fixed depth or time a move with a given set of switches."""

    def __init__(
        self,
        name: str,
        switches: dict[str, bool],
        depth: int,
        seconds: float,
        nodes: int = 0,
        unit: int = 0,
        evaluation: str | None = None,
    ) -> None:
        super().__init__(None)
        self.name = name
        self.switches = switches
        self.depth = depth
        self.seconds = seconds
        self.nodes = nodes
        self.unit = unit
        self.evaluation = evaluation
        on = "+".join(k for k, v in switches.items() if v) or "none"
        budget = f"time={seconds}" if seconds else f"nodes={nodes}" if nodes else f"depth={depth}"
        margins = f",unit={unit}" if unit else ""
        chosen = f",eval={evaluation}" if evaluation is not None else ""
        self.spec = f"native:{budget}{margins}{chosen} ({on})"

    def select(self, state: State[Any]) -> Any:
        if state.is_chance():
            return state.sample_chance(self.rng)
        text, moves = game_line(state)
        result = search(
            state.game,
            text,
            moves=moves,
            time=self.seconds or None,
            depth=self.depth,
            prune=self.switches,
            nodes=self.nodes,
            unit=self.unit,
            evaluation=self.evaluation,
        )
        if result.best is None:
            raise ValueError("the native engine found no move in a game in play")
        return state.parse_move(result.best)


def measure(
    name: str,
    pairs: int,
    depth: int,
    seconds: float,
    opening: int,
    base: dict[str, bool],
    test: dict[str, bool],
    seed: int = 2026,
    nodes: int = 0,
    sprt: SPRT | None = None,
    units: tuple[int, int] = (0, 0),
    evaluations: tuple[str | None, str | None] = (None, None),
) -> MatchScore:
    """TEST's result against BASE over `pairs` game pairs (fewer where `sprt` decides);
    `units` the margins' units of BASE and TEST (0: the game's own), `evaluations` their
    evaluations (None: the game's default)."""
    game = spieltisch.load(name)
    limit = MAX_DEPTH if seconds or nodes else depth
    new = PruningAgent(name, test, limit, seconds, nodes, units[1], evaluations[1])
    old = PruningAgent(name, base, limit, seconds, nodes, units[0], evaluations[0])
    return play_tallied(game, new, old, pairs=pairs, opening=opening, seed=seed, sprt=sprt)


def main(argv: list[str]) -> None:
    sprt, argv = take_sprt(argv, __doc__ or "")
    if len(argv) < 6:
        raise SystemExit(__doc__)
    name, pairs_text, budget, opening_text, base_text, test_text = argv[:6]
    seed = int(argv[6]) if len(argv) > 6 else 2026
    seconds = float(budget[:-1]) if budget.endswith("s") else 0.0
    nodes = int(budget[:-1]) if budget.endswith("n") else 0
    depth = 0 if seconds or nodes else int(budget)
    base_set, base_unit, base_eval = split_settings(base_text)
    test_set, test_unit, test_eval = split_settings(test_text)
    base = read_switches(name, base_set)
    test = read_switches(name, test_set)
    start = time.perf_counter()
    load = os.getloadavg()[0]
    score = measure(
        name,
        int(pairs_text),
        depth,
        seconds,
        int(opening_text),
        base,
        test,
        seed,
        nodes,
        sprt,
        (base_unit, test_unit),
        (base_eval, test_eval),
    )
    elapsed = time.perf_counter() - start
    limit = (
        f"{seconds:g} s a move"
        if seconds
        else f"{nodes} positions a move"
        if nodes
        else f"depth {depth}"
    )
    print(
        f"{name}, {limit}, {opening_text} random opening moves: {test_text} against "
        f"{base_text}, {score.games} games: {result_text(score, 2)}, seed {seed}, "
        f"{elapsed:.0f} s, "
        f"load {load:.1f} .. {os.getloadavg()[0]:.1f}"
    )
    if sprt is not None:
        print(sprt_text(sprt))


if __name__ == "__main__":
    main(sys.argv[1:])
