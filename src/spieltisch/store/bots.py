"""The store's bots of accounts: the part of the repository API over the table of
revision 0004_bots, mixed into `Store`.

A bot belongs to an account. The store keeps its clean name with the name's
case-insensitive key (unique: a bot's page and its leaderboard entry name one bot), the
game it plays on the ladder, whether it is paused, and the SHA-256 of its secret token,
never the token itself (checking a token is `spieltisch.bots.identity`'s business). A
bot's seats are stored with the kind `bot:#ID` (`bot_kind`), so its games and ratings
are its own whatever other bots call themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, or_, select, update
from sqlalchemy.exc import IntegrityError

from spieltisch.core.rating import LiveRating
from spieltisch.store.data import GameSummary
from spieltisch.store.errors import ConflictError, NotFoundError, StoreError
from spieltisch.store.models import (
    BOT_NAME_KEY_LENGTH,
    BOT_NAME_LENGTH,
    GAME_NAME_LENGTH,
    TOKEN_HASH_LENGTH,
    AccountRow,
    BotRow,
    GameRow,
    RatingChangeRow,
    RatingRow,
)
from spieltisch.store.transactions import Transactions

__all__ = ["BOT_KIND", "BotStore", "StoredBot", "bot_kind"]

#: The kind prefix of a stored seat held by a bot of an account (`bot:#17`).
BOT_KIND = "bot:#"


def bot_kind(bot_id: int) -> str:
    """The stored seat kind of a seat held by the bot `bot_id`."""
    return f"{BOT_KIND}{bot_id}"


@dataclass(frozen=True)
class StoredBot:
    """A bot as stored (with its token's hash: never hand it to a client), and the
    username of its account."""

    id: int
    account_id: int
    owner: str
    name: str
    name_key: str
    game: str
    token_hash: str
    paused: bool
    created: datetime
    token_created: datetime

    @property
    def kind(self) -> str:
        return bot_kind(self.id)


def _now() -> datetime:
    return datetime.now(UTC)


def _id(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise StoreError(f"{what} is a whole number, not {type(value).__name__}")
    if not 1 <= value <= 2**31 - 1:
        raise NotFoundError(f"no {what.removeprefix('an ').removeprefix('a ')} {value}")
    return value


def _token_hash(value: object) -> str:
    if not (
        isinstance(value, str)
        and len(value) == TOKEN_HASH_LENGTH
        and all(c in "0123456789abcdef" for c in value)
    ):
        raise StoreError("a bot token is kept as the hex SHA-256 of the token")
    return value


def _bot(row: BotRow, owner: str) -> StoredBot:
    return StoredBot(
        row.id,
        row.account_id,
        owner,
        row.name,
        row.name_key,
        row.game,
        row.token_hash,
        bool(row.paused),
        row.created_at,
        row.token_created_at,
    )


class BotStore(Transactions):
    """Bots of accounts (mixed into `Store`, which gives the transactions)."""

    def create_bot(
        self,
        account_id: int,
        name: str,
        name_key: str,
        game: str,
        token_hash: str,
        *,
        most: int,
    ) -> StoredBot:
        """A new bot of `account_id` (`name` clean, `name_key` its key); `ConflictError`
        when the name is taken or the account has `most` bots already."""
        account_id = _id(account_id, "an account id")
        for value, what, longest in (
            (name, "a bot's name", BOT_NAME_LENGTH),
            (name_key, "a bot's name key", BOT_NAME_KEY_LENGTH),
            (game, "a game name", GAME_NAME_LENGTH),
        ):
            if not isinstance(value, str) or not value or len(value) > longest:
                raise StoreError(f"{what}: text of 1..{longest} characters")
        token_hash = _token_hash(token_hash)
        now = _now()
        row = BotRow(
            account_id=account_id,
            name=name,
            name_key=name_key,
            game=game,
            token_hash=token_hash,
            paused=False,
            created_at=now,
            token_created_at=now,
        )
        try:
            with self._write() as session:
                account = session.get(AccountRow, account_id)
                if account is None:
                    raise NotFoundError(f"no account with id {account_id}")
                taken = session.scalar(select(BotRow.id).where(BotRow.name_key == name_key))
                if taken is not None:
                    raise ConflictError("this bot name is taken")
                count = session.scalar(
                    select(func.count()).select_from(BotRow).where(BotRow.account_id == account_id)
                )
                if int(count or 0) >= most:
                    raise ConflictError(f"an account has at most {most} bots")
                session.add(row)
                session.flush()
                return _bot(row, account.username)
        except IntegrityError:  # a racing creation with the same name won
            raise ConflictError("this bot name is taken") from None

    def bot(self, bot_id: int) -> StoredBot:
        """The bot `bot_id` (`NotFoundError` if there is none)."""
        bot_id = _id(bot_id, "a bot id")
        query = (
            select(BotRow, AccountRow.username)
            .join(AccountRow, AccountRow.id == BotRow.account_id)
            .where(BotRow.id == bot_id)
        )
        with self._read() as session:
            found = session.execute(query).first()
        if found is None:
            raise NotFoundError(f"no bot {bot_id}")
        return _bot(found[0], found[1])

    def bot_by_key(self, name_key: str) -> StoredBot | None:
        """The bot whose name has the key `name_key`, or None."""
        if not isinstance(name_key, str) or len(name_key) > BOT_NAME_KEY_LENGTH:
            return None
        query = (
            select(BotRow, AccountRow.username)
            .join(AccountRow, AccountRow.id == BotRow.account_id)
            .where(BotRow.name_key == name_key)
        )
        with self._read() as session:
            found = session.execute(query).first()
        return None if found is None else _bot(found[0], found[1])

    def account_bots(self, account_id: int) -> list[StoredBot]:
        """The account's bots, oldest first."""
        account_id = _id(account_id, "an account id")
        query = (
            select(BotRow, AccountRow.username)
            .join(AccountRow, AccountRow.id == BotRow.account_id)
            .where(BotRow.account_id == account_id)
            .order_by(BotRow.id)
        )
        with self._read() as session:
            return [_bot(row, owner) for row, owner in session.execute(query).all()]

    def bots(self, ids: list[int]) -> list[StoredBot]:
        """The bots of `ids` that exist (any order)."""
        wanted = [_id(i, "a bot id") for i in ids][:1000]
        if not wanted:
            return []
        query = (
            select(BotRow, AccountRow.username)
            .join(AccountRow, AccountRow.id == BotRow.account_id)
            .where(BotRow.id.in_(wanted))
        )
        with self._read() as session:
            return [_bot(row, owner) for row, owner in session.execute(query).all()]

    def set_bot_token(self, bot_id: int, account_id: int, token_hash: str) -> None:
        """Keep the hash of the bot's new token (the old one stops working)."""
        self._update_bot(
            bot_id, account_id, token_hash=_token_hash(token_hash), token_created_at=_now()
        )

    def set_bot_paused(self, bot_id: int, account_id: int, paused: bool) -> None:
        """Pause (or resume) the bot: a paused bot is refused at the door."""
        self._update_bot(bot_id, account_id, paused=bool(paused))

    def _update_bot(self, bot_id: int, account_id: int, **values: object) -> None:
        bot_id = _id(bot_id, "a bot id")
        account_id = _id(account_id, "an account id")
        with self._write() as session:
            done = session.execute(
                update(BotRow)
                .where(BotRow.id == bot_id, BotRow.account_id == account_id)
                .values(**values)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise NotFoundError(f"no bot {bot_id} of yours")

    def bot_games(self, bot_id: int, *, limit: int = 30) -> list[GameSummary]:
        """The bot's games (any status), newest first."""
        from spieltisch.store.repository import _summary

        kind = bot_kind(_id(bot_id, "a bot id"))
        query = (
            select(GameRow)
            .where(or_(GameRow.kind0 == kind, GameRow.kind1 == kind))
            .order_by(GameRow.created_at.desc(), GameRow.id.desc())
            .limit(max(0, min(limit, 200)))
        )
        with self._read() as session:
            return [_summary(row) for row in session.scalars(query)]

    def kind_rating_history(self, game: str, kind: str) -> list[tuple[int, LiveRating, datetime]]:
        """The live rating of the seats of kind `kind` (a bot: `bot_kind`) after each of
        their rated games of `game`, oldest first: (game id, rating, when)."""
        query = (
            select(RatingChangeRow)
            .where(RatingChangeRow.game == game, RatingChangeRow.kind == kind)
            .order_by(RatingChangeRow.rated_at, RatingChangeRow.game_id)
        )
        with self._read() as session:
            return [
                (r.game_id, LiveRating(r.mu, r.sigma), r.rated_at) for r in session.scalars(query)
            ]

    def kind_rating(self, game: str, kind: str) -> LiveRating | None:
        """The live rating in `game` of the seats of kind `kind` (a bot: `bot_kind`),
        None before its first rated game."""
        query = select(RatingRow).where(RatingRow.game == game, RatingRow.kind == kind)
        with self._read() as session:
            row = session.scalars(query.order_by(RatingRow.games.desc()).limit(1)).first()
        return None if row is None else LiveRating(row.mu, row.sigma)
