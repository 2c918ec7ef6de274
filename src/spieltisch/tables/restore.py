"""Reading a recorded game's table settings from its `meta`: outside text, every value
checked (`NotationError` naming the field)."""

from __future__ import annotations

from spieltisch.core.chance import MAX_SEED
from spieltisch.core.errors import NotationError, quote
from spieltisch.tables.seats import Seat, SeatError, SeatKind


def chance_seed_from_meta(value: object) -> int:
    """`meta.chance_seed` (0 when there is none)."""
    if value is None:
        return 0
    if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEED):
        raise NotationError(
            f"record field 'meta.chance_seed': expected a whole number 0..{MAX_SEED}"
        )
    return value


def seats_from_meta(value: object, kinds: object, players: tuple[str, str]) -> list[Seat]:
    """The seats a record describes in `meta.seats`, else in the store's `meta.kinds`
    (`person`, `ai:SPEC`, `bot:NAME`), else two persons; no tokens: persons' and bots'
    seats are free."""
    if value is None and isinstance(kinds, list) and len(kinds) == 2:
        return [_kind_seat(kind, name) for kind, name in zip(kinds, players, strict=True)]
    if value is None:
        return [Seat.person(players[0]), Seat.person(players[1])]
    if not (isinstance(value, list) and len(value) == 2):
        raise NotationError("record field 'meta.seats': expected a list of two seats")
    seats = []
    for entry in value:
        if not (isinstance(entry, dict) and set(entry) == {"kind", "name", "agent"}):
            raise NotationError("record field 'meta.seats': a seat has kind, name and agent")
        kind, name, agent = entry["kind"], entry["name"], entry["agent"]
        if not (isinstance(kind, str) and kind in {str(k) for k in SeatKind}):
            raise NotationError(f"record field 'meta.seats': unknown kind {quote(str(kind))}")
        if not isinstance(name, str) or not (agent is None or isinstance(agent, str)):
            raise NotationError("record field 'meta.seats': name and agent are strings")
        try:
            seats.append(Seat(SeatKind(kind), name, agent))
        except SeatError as exc:
            raise NotationError(f"record field 'meta.seats': {exc.detail}") from None
    return seats


def _kind_seat(kind: object, name: str) -> Seat:
    """A seat from the store's kind text (`person`, `ai:SPEC`, `bot:NAME`)."""
    if not isinstance(kind, str):
        raise NotationError("record field 'meta.kinds': expected two kinds of seat")
    head, _, rest = kind.partition(":")
    if head == "ai" and rest:
        return Seat.ai(rest, name)
    if head == "bot":
        return Seat.bot(name)
    if head == "person":
        return Seat.person(name)
    return Seat.person(name)  # an unknown kind (an older store): a free seat for a person
