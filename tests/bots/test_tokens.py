"""Bot tokens: made and checked in one place (`bots.identity`), kept only as a hash, a
wrong token refused without saying which part was wrong and in time independent of it,
a paused bot refused, a new token ending the old one; the store's bots (names unique
whatever their case, a limit per account)."""

from __future__ import annotations

import contextlib
import hmac
from collections.abc import Iterator
from pathlib import Path

import pytest

from spieltisch.bots.identity import (
    BotRefused,
    authenticate,
    is_token,
    new_token,
    token_hash,
)
from spieltisch.core.names import username_key
from spieltisch.store import ConflictError, Store
from spieltisch.store.bots import StoredBot


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "bots.db") as opened:
        yield opened


def _account(store: Store, name: str) -> int:
    return store.create_account(name, username_key(name), "argon2-hash-of-nothing").id


def _bot(
    store: Store, account: int, name: str, game: str = "ostseeschach"
) -> tuple[StoredBot, str]:
    made = store.create_bot(account, name, username_key(name), game, "0" * 64, most=10)
    token = new_token(made.id)
    store.set_bot_token(made.id, account, token_hash(token))
    return store.bot(made.id), token


def test_the_right_token_proves_its_bot_and_only_its_hash_is_kept(store: Store) -> None:
    account = _account(store, "alice")
    bot, token = _bot(store, account, "Alpha")
    assert is_token(token) and token.startswith(f"stb_{bot.id}_")
    assert bot.token_hash == token_hash(token) and token not in repr(bot)
    proven = authenticate(store, token)
    assert (proven.id, proven.name, proven.game, proven.owner) == (
        bot.id,
        "Alpha",
        "ostseeschach",
        "alice",
    )
    assert proven.key == f"bot:#{bot.id}"


@pytest.mark.parametrize(
    "wrong",
    [
        "flip",  # the right bot id, one character of the secret changed
        "other-bot",  # the id of another bot, this bot's secret
        "unknown-id",
        "no-secret",
        "not-a-token",
        "",
        None,
        12345,
        "x" * 10_000,
        "stb_1_\ud800",  # a lone surrogate, as JSON may carry one
    ],
)
def test_a_wrong_token_is_refused_the_same_way_whatever_is_wrong(
    store: Store, wrong: object
) -> None:
    account = _account(store, "alice")
    bot, token = _bot(store, account, "Alpha")
    other, _ = _bot(store, account, "Beta")
    secret = token.rsplit("_", 1)[1]
    given = (
        {
            "flip": token[:-1] + ("A" if token[-1] != "A" else "B"),
            "other-bot": f"stb_{other.id}_{secret}",
            "unknown-id": f"stb_999999_{secret}",
            "no-secret": f"stb_{bot.id}_",
            "not-a-token": "reservation-code",
        }.get(wrong, wrong)
        if isinstance(wrong, str)
        else wrong
    )
    with pytest.raises(BotRefused) as refused:
        authenticate(store, given)
    assert refused.value.code == "BAD_TOKEN"
    assert str(refused.value) == "this bot token is not valid"  # never which part


def test_every_check_compares_two_hashes_in_constant_time(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The timing-leak helper: a right token, a wrong secret, an unknown bot and a
    malformed token each cost exactly one `hmac.compare_digest` of two 64-character
    hashes (never a plain `==` that stops at the first difference, never an early
    return before the comparison)."""
    account = _account(store, "alice")
    _, token = _bot(store, account, "Alpha")
    calls: list[tuple[bytes, bytes]] = []
    compare = hmac.compare_digest

    def counted(a: bytes, b: bytes) -> bool:
        calls.append((a, b))
        return compare(a, b)

    monkeypatch.setattr("spieltisch.bots.identity.hmac.compare_digest", counted)
    for given in (token, token[:-1] + "#", f"stb_424242_{'a' * 43}", "junk", ""):
        calls.clear()
        with contextlib.suppress(BotRefused):
            authenticate(store, given)
        assert len(calls) == 1, given
        assert [len(x) for x in calls[0]] == [64, 64]


def test_a_paused_bot_is_refused_and_resumed_it_is_let_in(store: Store) -> None:
    account = _account(store, "alice")
    bot, token = _bot(store, account, "Alpha")
    store.set_bot_paused(bot.id, account, True)
    with pytest.raises(BotRefused) as refused:
        authenticate(store, token)
    assert refused.value.code == "PAUSED"
    store.set_bot_paused(bot.id, account, False)
    assert authenticate(store, token).id == bot.id


def test_a_new_token_ends_the_old_one(store: Store) -> None:
    account = _account(store, "alice")
    bot, old = _bot(store, account, "Alpha")
    fresh = new_token(bot.id)
    store.set_bot_token(bot.id, account, token_hash(fresh))
    assert authenticate(store, fresh).id == bot.id
    with pytest.raises(BotRefused):
        authenticate(store, old)


def test_only_the_owner_changes_a_bot(store: Store) -> None:
    alice, bob = _account(store, "alice"), _account(store, "bobby")
    bot, _ = _bot(store, alice, "Alpha")
    from spieltisch.store import NotFoundError

    with pytest.raises(NotFoundError):
        store.set_bot_paused(bot.id, bob, True)
    with pytest.raises(NotFoundError):
        store.set_bot_token(bot.id, bob, "f" * 64)
    assert not store.bot(bot.id).paused


def test_bot_names_are_unique_whatever_their_case_and_an_account_has_a_limit(store: Store) -> None:
    alice, bob = _account(store, "alice"), _account(store, "bobby")
    _bot(store, alice, "Alpha")
    with pytest.raises(ConflictError):
        _bot(store, bob, "ALPHA")
    for n in range(2):
        store.create_bot(alice, f"b{n}", f"b{n}", "okard", "1" * 64, most=3)
    with pytest.raises(ConflictError, match="at most 3"):
        store.create_bot(alice, "b9", "b9", "okard", "1" * 64, most=3)
    assert [b.name for b in store.account_bots(alice)] == ["Alpha", "b0", "b1"]
    assert store.bot_by_key("alpha") is not None and store.bot_by_key("nobody") is None


def test_a_bot_of_an_account_is_stored_as_itself_whatever_others_call_themselves() -> None:
    """Its seat's token is its identity key (`bot:#ID`), the stored kind its ratings and
    page go by; a bot without an account that names itself `#5` never gets that kind."""
    from spieltisch.tables import Seat
    from spieltisch.tables.recorder import seat_kind

    assert seat_kind(Seat.bot("Alpha", "bot:#5")) == "bot:#5"
    assert seat_kind(Seat.bot("#5", "9f3a2b")) == "bot:_#5"
    assert seat_kind(Seat.bot("Alpha", "9f3a2b")) == "bot:Alpha"
