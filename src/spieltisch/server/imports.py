"""Uploaded game records, taken on the rules' word and nobody else's.

`imported_record` turns a record a visitor uploads into the record the server keeps: every
move replayed through the rules (in the game's own notation), the result the one the
moves reach (a record claiming another is refused, naming the difference), the players
plain names (checked like every name from outside), both seats of kind `imported`, and
nothing else of the upload's `meta` kept: no seats, agents, tokens, clocks or seeds. An
imported game is never a live table, never rated and never counted in a leaderboard; it
can be replayed and analysed. A record whose moves do not end the game is kept as an
abandoned game ("imported without a result"), also when it claims an end no move can
show (a resignation, a timeout, an agreed draw): that claim is not kept.
"""

from __future__ import annotations

from spieltisch.core.errors import NotationError
from spieltisch.core.game import Outcome
from spieltisch.core.names import BadName, clean_name
from spieltisch.core.record import GameRecord, RecordMeta, replay_record
from spieltisch.store import IMPORTED
from spieltisch.tables import AGREED_DRAW, RESIGNATION, TIME

__all__ = ["UNFINISHED", "imported_record"]

#: The reason kept for an imported game whose moves do not reach an end.
UNFINISHED = "imported without a result"
#: Ends a table decides that no move shows (resignation, time, agreed draw): a record
#: claiming one is kept, but without the result, which nothing here can check.
TABLE_ENDS = (RESIGNATION, TIME, AGREED_DRAW)


def _name(raw: str, seat: int) -> str:
    if not raw.strip():
        return "?"
    try:
        return clean_name(raw, field=f"the name of player {seat + 1}")
    except BadName as exc:
        raise NotationError(f"record field 'players': {exc}") from None


def _claim(record: GameRecord) -> str:
    if record.winner is None:
        return "a draw"
    return f"a win for player {record.winner + 1}"


def _refuse_claim(record: GameRecord, reached: Outcome | None) -> None:
    """`NotationError` unless the record's result is the one its moves reach."""
    if not record.finished:
        if record.winner is not None:
            raise NotationError(
                "the record names a winner but is not finished (record field 'finished')"
            )
        return
    if reached is None:
        if record.reason in TABLE_ENDS:
            return  # a legitimate end the moves cannot show: kept without a result
        raise NotationError(
            f"the record claims {_claim(record)} ({record.reason[:40] or 'no reason'}), but "
            f"its {len(record.moves)} moves do not end the game"
        )
    if record.winner != reached.winner:
        won = "a draw" if reached.winner is None else f"a win for player {reached.winner + 1}"
        raise NotationError(f"the record claims {_claim(record)}, but its moves reach {won}")
    if record.reason and record.reason != reached.reason:
        raise NotationError(
            f"the record claims the reason {record.reason[:40]!r}, but its moves end the "
            f"game by {reached.reason!r}"
        )
    claimed = tuple(tuple(part) for part in record.scores)
    if any(claimed) and claimed != tuple(tuple(part) for part in reached.scores):
        raise NotationError(
            f"the record claims the scores {list(map(list, claimed))}, but its moves reach "
            f"{list(map(list, reached.scores))}"
        )


def imported_record(record: GameRecord) -> GameRecord:
    """The record the server keeps for an uploaded `record` (see the module), or
    `NotationError` saying why it is refused. Its `finished` says whether a result was
    kept."""
    state = replay_record(record)  # every move checked against the rules, by number
    reached = state.outcome()
    _refuse_claim(record, reached)
    start = record.start_state()
    moves: list[str] = []
    for text in record.moves:  # the game's own spelling of every move
        move = start.parse_move(text)
        moves.append(str(move))
        start.play(move)
    meta: RecordMeta = {"kinds": [IMPORTED, IMPORTED]}
    if reached is None:
        meta["abandoned"] = UNFINISHED
    game = record.load_game()
    return GameRecord(
        game=game.name,
        options=game.options.text(),
        start=record.start_state().text(),
        seed=record.seed,
        players=(_name(record.players[0], 0), _name(record.players[1], 1)),
        moves=moves,
        seconds=list(record.seconds),
        winner=reached.winner if reached is not None else None,
        reason=reached.reason if reached is not None else "",
        scores=reached.scores if reached is not None else ((), ()),
        finished=reached is not None,
        meta=meta,
    )
