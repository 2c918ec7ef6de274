"""The native search behind a Python API: `search(game, text, time=, depth=, threads=)`.

The search runs in C++ with the GIL released; the result carries what a UCI engine
reports per completed depth (depth, score, nodes, nodes per second, principal variation).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spieltisch.core.game import State
from spieltisch.native import (
    GameLike,
    NativeUnavailableError,
    _call,
    _engine,
    _game,
    built,
    looks_back,
    network_file,
)

#: A score at least this large is a proven win (the engine's kWin - 1000).
PROVEN = 999_000
#: The engine's value of a win at the root; each ply to it costs one.
WIN = 1_000_000
#: The deepest iteration the engine searches.
MAX_DEPTH = 100
#: The most principal variations one search gives (MultiPV).
MAX_MULTIPV = 16
#: The search's selectivity switches (issue 28), each measured per game
#: (docs/measurements/tuning.md), and their bits in the engine: `seeq` captures that lose
#: material by their static exchange left out of quiescence, `seep` moves that lose more
#: than a margin by it not searched at depth <= 4, `rfp` reverse futility (the static null
#: move), `lmp` late-move pruning by move count, `mdp` mate-distance pruning, `fut`
#: futility pruning, `raz` razoring, `imp` the improving flag in the margins and
#: reductions, `lmr` reductions from a log x log table adjusted by history, `cmh` quiet
#: history with continuation history and countermoves, `caph` capture history, `iir`
#: internal iterative reductions, `se` singular extensions, `thr` the threat extension
#: (Schachogi's Pflöck attacked), `evo` quiet moves ordered by the static value they lead
#: to, `ctt` chance nodes' values kept in the transposition table, `nmr` the null move's
#: reduction by depth and by the static value's lead over beta, `qev` evasions in
#: quiescence (a side with its Pflöck attacked does not stand pat), `chk` no pruning at a
#: node whose side to move has its Pflöck attacked, `pit` the best move of an iteration
#: the time or the positions stopped, where it had one, `ecache` each thread's static values
#: kept by position key and answered again from there (the same tree, faster; docs/native.md).
PRUNE_SWITCHES = {
    "seeq": 1,
    "seep": 2,
    "rfp": 4,
    "lmp": 8,
    "mdp": 16,
    "fut": 32,
    "raz": 64,
    "imp": 128,
    "lmr": 256,
    "cmh": 512,
    "caph": 1024,
    "iir": 2048,
    "se": 4096,
    "thr": 8192,
    "evo": 16384,
    "ctt": 32768,
    "nmr": 65536,
    "qev": 131072,
    "chk": 262144,
    "pit": 524288,
    "ecache": 1048576,
}


@dataclass(frozen=True)
class Line:
    """One principal variation at the root (MultiPV): its score for the player to move and
    its moves."""

    score: int
    pv: tuple[str, ...]


@dataclass(frozen=True)
class Iteration:
    """One completed depth: its score for the player to move, the work so far, the line;
    `lines` every principal variation asked for (MultiPV), best first, the first being
    (score, pv)."""

    depth: int
    score: int
    nodes: int
    seconds: float
    pv: tuple[str, ...]
    lines: tuple[Line, ...] = ()

    @property
    def nps(self) -> int:
        return int(self.nodes / self.seconds) if self.seconds > 0 else 0


@dataclass(frozen=True)
class SearchResult:
    """The best move (None when the game is over or a die roll comes first: nobody chooses
    it), its score for the player to move (before a roll: the one who moves after it), the
    depth of the last completed iteration, nodes, seconds, the principal variation,
    every completed iteration and the last one's principal variations (MultiPV: distinct
    first moves, best first)."""

    best: str | None
    score: int
    depth: int
    nodes: int
    seconds: float
    pv: tuple[str, ...]
    iterations: tuple[Iteration, ...]
    lines: tuple[Line, ...] = ()

    @property
    def nps(self) -> int:
        return int(self.nodes / self.seconds) if self.seconds > 0 else 0


def mate_in(score: int) -> int | None:
    """Plies to a proven result (positive: the mover wins), None for an estimate."""
    if abs(score) < PROVEN:
        return None
    plies = WIN - abs(score)
    return plies if score > 0 else -plies


def stop_flag() -> Any:
    """A flag another thread may `set()` to stop a running search (the UCI `stop`)."""
    if not built():
        raise NativeUnavailableError("the native engines are not built")
    from spieltisch import _native

    return _native.StopFlag()


def prune_defaults(game: GameLike) -> dict[str, bool]:
    """The selectivity switches `game`'s engine searches with when none are given (chosen
    by measurement per game)."""
    engine, _ = _engine(game)
    mask: int = engine.prune_defaults
    return {name: bool(mask & bit) for name, bit in PRUNE_SWITCHES.items()}


def prune_unit(game: GameLike) -> int:
    """The unit of `game`'s pruning margins in its evaluation points when none is given
    (`search(..., unit=...)`): a Brrbrr in Schachogi, a light piece in Ostseeschach."""
    engine, _ = _engine(game)
    unit: int = engine.prune_unit
    return unit


def prune_mask(game: GameLike, prune: Mapping[str, bool] | None) -> int:
    """The engine's bits for `prune` (switch name to on/off) over `game`'s defaults; a name
    that is no switch raises ValueError."""
    switches = prune_defaults(game)
    for name, on in (prune or {}).items():
        if name not in PRUNE_SWITCHES:
            known = ", ".join(PRUNE_SWITCHES)
            raise ValueError(f"no selectivity switch {name!r} (the switches: {known})")
        switches[name] = bool(on)
    return sum(bit for name, bit in PRUNE_SWITCHES.items() if switches[name])


def see(game: GameLike, text: str, move: str) -> int:
    """The static exchange evaluation of `move` (notation) in the position `text`, in the
    engine's evaluation units: what the move wins when both sides go on capturing on its
    target square, least valuable piece first, each stopping when going on would cost it.
    ValueError for a game without one (only Ostseeschach and Schachogi have captures that
    stay on a square) or a move that is not legal there."""
    engine, config = _engine(game)
    if not engine.has_see:
        name = game if isinstance(game, str) else game.name
        raise ValueError(f"the native {name} engine has no static exchange evaluation")
    native_text: str = _call(game, "text", text)
    value: int = engine.see(native_text, move, config)
    return value


def game_line(state: State[Any]) -> tuple[str, tuple[str, ...]]:
    """The text and moves to give `search` for `state`: where the game's rules look back
    over the game (`native.looks_back`: a repetition rule), the position `state` was created
    from and every move made on it since, so that the search knows the positions played so
    far, as the rules do; elsewhere the position's own text and no moves."""
    if not looks_back(state.game):
        return state.text(), ()
    history = state.history()
    start = state.copy()
    for _ in history:
        start.undo()
    return start.text(), tuple(str(move) for move in history)


_Row = tuple[int, int, int, float, list[str], list[tuple[int, list[str]]]]


def _lines(rows: list[tuple[int, list[str]]]) -> tuple[Line, ...]:
    return tuple(Line(score, tuple(pv)) for score, pv in rows)


def _iteration(row: _Row) -> Iteration:
    depth, score, nodes, seconds, pv, lines = row
    return Iteration(depth, score, nodes, seconds, tuple(pv), _lines(lines))


#: The evaluations `search(evaluation=...)` picks in a game with a learned one.
EVALUATIONS = ("classic", "nnue")


def _with_evaluation(game: GameLike, config: str, evaluation: str | int | None) -> str:
    """The engine config with the evaluation asked for (`eval=nnue`, `eval=classic`, or a
    variant's number `eval=N`)."""
    if evaluation is None:
        return config
    if isinstance(evaluation, int) or evaluation.isdigit():
        return " ".join(part for part in (config, f"eval={int(evaluation)}") if part)
    name = game if isinstance(game, str) else game.name
    if evaluation not in EVALUATIONS:
        raise ValueError(
            f"evaluation {evaluation!r}: one of {', '.join(EVALUATIONS)} or a variant's number"
        )
    if network_file(name) is None:
        raise ValueError(f"{name} has no learned evaluation to choose (eval={evaluation})")
    return " ".join(part for part in (config, f"eval={evaluation}") if part)


def search(
    game: GameLike,
    text: str,
    *,
    time: float | None = None,
    depth: int | None = None,
    threads: int = 1,
    hash_mb: int = 16,
    keep_table: bool = False,
    table_owner: int = 0,
    report: Callable[[Iteration], None] | None = None,
    stop: Any = None,
    star: bool = True,
    plain: bool = False,
    ordered: bool = True,
    moves: Sequence[str] = (),
    multipv: int = 1,
    searchmoves: Sequence[str] = (),
    prune: Mapping[str, bool] | None = None,
    evaluation: str | int | None = None,
    nodes: int = 0,
    unit: int = 0,
) -> SearchResult:
    """Search the position `text` of `game` (a name: its default options; a `Game`: its
    options), or the position after `moves` from it, for `time` seconds and/or to `depth`.

    `moves` (in the notation `legal_moves` gives) is the game's history: where the rules
    look back over the game (Schachogi's third repetition), the search scores a position
    repeated on its line or earlier in the game as the rules do; `game_line` gives the text
    and moves of a state. A move that is not legal where it stands raises ValueError.

    `multipv` asks for that many principal variations with distinct first moves, best
    first (`SearchResult.lines`, `Iteration.lines`); `searchmoves` (notation) restricts the
    moves searched at the root (a move that is not legal there raises ValueError).

    With neither (nor `nodes`), depth 6. `report` sees each completed iteration as it
    completes (called with the GIL held, from the searching thread); `stop` is a
    `stop_flag()`. The table
    (`hash_mb` megabytes) is allocated once per size and process; with `keep_table` the
    search uses what earlier searches of the same `table_owner` left in its table (the
    moves of one game by one agent: two agents of one process never read each other's
    entries), without it the search starts as from an empty table (the same search gives
    the same result).
    `star=False` turns off the Star1/Star2 pruning at chance nodes, `ordered=False` the
    search of commuting steps in one order only (Okard's sacrifices, promotions and drops),
    and `plain=True` the table cutoffs, null move, reductions and aspiration windows: for
    tests, which compare the exact values both ways.

    `prune` turns selectivity switches on or off over the game's defaults (`PRUNE_SWITCHES`,
    `prune_defaults`), e.g. `{"rfp": False}`; `plain=True` turns them all off. `nodes`
    (when above 0) stops the search after about that many positions, keeping the last
    completed depth: a budget that does not depend on the machine's load, for measurements.
    `unit` (above 0) sets the unit of the pruning margins (futility, reverse futility,
    razoring, the singular margin, SEE pruning) in evaluation points in place of the
    game's own (`prune_unit`), for tuning them.

    `evaluation` picks the evaluation: in a game with a learned one (`Game.nnue`) "nnue"
    the network, "classic" the hand-written one (the default); or a number, one of the
    engine's evaluation variants (`eval=N` in its config, for measuring candidates). None is
    the default every normal caller gets; an evaluation the engine does not have raises
    ValueError.
    """
    if time is not None and not (math.isfinite(time) and time > 0):
        raise ValueError("time must be a positive number of seconds")
    if depth is None and time is None and nodes <= 0:
        depth = 6
    limit = MAX_DEPTH if depth is None else max(1, min(depth, MAX_DEPTH))
    threads = max(1, min(threads, 64))
    hash_mb = max(1, min(hash_mb, 4096))
    # The text is read (through the Python game where the native reader refuses it) before
    # the search, so that a ValueError out of `report` is never taken for a refused text.
    native_text: str = _call(game, "text", text)
    mask = prune_mask(game, prune)
    failures: list[BaseException] = []
    hook = None
    if report is not None:
        callback = report

        def hook(row: _Row) -> None:
            try:
                callback(_iteration(row))
            except BaseException as exc:
                failures.append(exc)
                raise  # ends the search; raised again below

    try:
        engine, config = _engine(game if evaluation is None else _game(game))
        config = _with_evaluation(game, config, evaluation)
        best, score, reached, nodes, seconds, pv, rows, lines = engine.search(
            native_text,
            time or 0.0,
            limit,
            threads,
            hash_mb,
            keep_table,
            hook,
            stop,
            config,
            star,
            plain,
            ordered,
            list(moves),
            max(1, min(multipv, MAX_MULTIPV)),
            list(searchmoves),
            mask,
            max(0, nodes),
            max(0, table_owner),
            max(0, unit),
        )
    except BaseException:
        if failures:
            raise failures[0] from None
        raise
    return SearchResult(
        best,
        score,
        reached,
        nodes,
        seconds,
        tuple(pv),
        tuple(_iteration(r) for r in rows),
        _lines(lines),
    )
