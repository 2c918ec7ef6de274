"""Accounts: sign up, sign in and change a password, with argon2id password hashes.

Passwords are hashed with argon2-cffi's `PasswordHasher` at its defaults (argon2id,
RFC 9106's low-memory profile: 3 passes over 64 MiB, 4 lanes), off the event loop and at
most `Settings.password_hashes_at_once` at a time, so a burst of sign-ins cannot take the
server's memory. A hash made with older parameters is replaced at the next sign-in.
Signing in as an unknown user costs the same hash as a wrong password (a dummy hash is
checked) and both answer with the same error, so neither the answer nor its time says
whether a username exists.
"""

from __future__ import annotations

import asyncio
import secrets
import unicodedata
from collections.abc import Callable
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from spieltisch.core.names import BadName, clean_username, username_key
from spieltisch.store import Store
from spieltisch.store.accounts import StoredAccount
from spieltisch.store.errors import ConflictError

__all__ = [
    "PASSWORD_LONGEST",
    "PASSWORD_SHORTEST",
    "AccountError",
    "Passwords",
    "change_password",
    "check_password",
    "sign_in",
    "sign_up",
]

#: The fewest and most characters of a password (after NFC normalisation).
PASSWORD_SHORTEST = 8
PASSWORD_LONGEST = 256
#: Sign-ins that may wait for a hashing slot per slot; beyond that the server is busy.
WAITING_PER_SLOT = 16

T = TypeVar("T")


class AccountError(Exception):
    """A refused account action: `code` for clients, the message to show, the status."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


#: The one answer for an unknown username and a wrong password.
BAD_CREDENTIALS = ("BAD_CREDENTIALS", "wrong username or password", 401)


def check_password(raw: object, *, field: str = "password") -> str:
    """A password as it is hashed: NFC text (the same password typed on any system),
    8 to 256 characters, without NUL or lone surrogates; any other character is fine."""
    if not isinstance(raw, str):
        raise AccountError("BAD_PASSWORD", f"the {field} must be text")
    if len(raw) > 4 * PASSWORD_LONGEST:
        raise AccountError("BAD_PASSWORD", f"the {field} has at most {PASSWORD_LONGEST} characters")
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        raise AccountError("BAD_PASSWORD", f"the {field} is not text") from None
    if "\x00" in raw:
        raise AccountError("BAD_PASSWORD", f"the {field} may not contain NUL")
    password = unicodedata.normalize("NFC", raw)
    if len(password) < PASSWORD_SHORTEST:
        raise AccountError(
            "PASSWORD_TOO_SHORT", f"the {field} has at least {PASSWORD_SHORTEST} characters"
        )
    if len(password) > PASSWORD_LONGEST:
        raise AccountError("BAD_PASSWORD", f"the {field} has at most {PASSWORD_LONGEST} characters")
    return password


class Passwords:
    """Hashing and checking passwords in worker threads, a few at a time."""

    def __init__(self, at_once: int = 2, hasher: PasswordHasher | None = None) -> None:
        self.hasher = hasher or PasswordHasher()
        self.at_once = max(1, at_once)
        self._slots: asyncio.Semaphore | None = None
        self._waiting = 0
        self._dummy: str | None = None

    async def _run(self, work: Callable[[], T]) -> T:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.at_once)
        if self._waiting >= self.at_once * WAITING_PER_SLOT:
            raise AccountError("BUSY", "the server is busy: try again in a moment", 503)
        self._waiting += 1
        try:
            async with self._slots:
                return await asyncio.to_thread(work)
        finally:
            self._waiting -= 1

    async def hash(self, password: str) -> str:
        return await self._run(lambda: self.hasher.hash(password))

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether `password` is the one hashed in `stored`; with None (no such
        user) a dummy hash is checked, so the answer takes as long."""

        def work() -> bool:
            if self._dummy is None:  # made for either kind of call: the first costs alike
                self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
            target = self._dummy if stored is None else stored
            try:
                return self.hasher.verify(target, password) and stored is not None
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                return False

        return await self._run(work)

    def needs_rehash(self, stored: str) -> bool:
        try:
            return self.hasher.check_needs_rehash(stored)
        except (InvalidHashError, ValueError):
            return True


async def sign_up(
    store: Store, passwords: Passwords, username: object, password: object
) -> StoredAccount:
    """A new account (`AccountError` for a bad or taken username or a bad password)."""
    try:
        name = clean_username(username)
    except BadName as exc:
        raise AccountError(f"USERNAME_{exc.code}", str(exc)) from None
    if unicodedata.normalize("NFKC", name) != name:
        # fullwidth letters, ligatures, superscripts: a lookalike of another name
        raise AccountError(
            "USERNAME_LOOKALIKE", "the username may not use compatibility characters"
        )
    secret = check_password(password)
    if username_key(secret) == username_key(name):
        raise AccountError("BAD_PASSWORD", "the password may not be the username")
    key = username_key(name)
    if await asyncio.to_thread(store.account_by_key, key) is not None:
        raise AccountError("USERNAME_TAKEN", "this username is taken", 409)
    hashed = await passwords.hash(secret)
    try:
        return await asyncio.to_thread(store.create_account, name, key, hashed)
    except ConflictError:
        raise AccountError("USERNAME_TAKEN", "this username is taken", 409) from None


async def sign_in(
    store: Store, passwords: Passwords, username: object, password: object
) -> StoredAccount:
    """The account these credentials open (`AccountError` BAD_CREDENTIALS otherwise, the
    same for an unknown user as for a wrong password). A hash made with older
    parameters is replaced by one with the current ones."""
    account: StoredAccount | None = None
    if isinstance(username, str) and len(username) <= 200:
        try:
            account = await asyncio.to_thread(
                store.account_by_key, username_key(clean_username(username))
            )
        except BadName:
            account = None
    try:
        secret = check_password(password)
    except AccountError:
        secret = password if isinstance(password, str) and len(password) <= 1024 else ""
        account = None  # never a match, but the same work
        secret = secret.encode("utf-8", "replace").decode("utf-8")
    ok = await passwords.verify(account.password_hash if account else None, secret)
    if not ok or account is None:
        raise AccountError(*BAD_CREDENTIALS)
    if passwords.needs_rehash(account.password_hash):
        fresh = await passwords.hash(secret)
        await asyncio.to_thread(store.set_password_hash, account.id, fresh, changed=False)
    return account


async def change_password(
    store: Store, passwords: Passwords, account_id: int, old: object, new: object
) -> None:
    """Replace the account's password after checking the old one (`AccountError`
    WRONG_PASSWORD otherwise). Ending the other sessions is the caller's part."""
    account = await asyncio.to_thread(store.account, account_id)
    try:
        old_secret = check_password(old, field="old password")
    except AccountError:
        old_secret = None
    ok = old_secret is not None and await passwords.verify(account.password_hash, old_secret)
    if not ok:
        raise AccountError("WRONG_PASSWORD", "the old password is wrong", 403)
    secret = check_password(new, field="new password")
    if username_key(secret) == account.username_key:
        raise AccountError("BAD_PASSWORD", "the password may not be the username")
    hashed = await passwords.hash(secret)
    await asyncio.to_thread(store.set_password_hash, account.id, hashed)
