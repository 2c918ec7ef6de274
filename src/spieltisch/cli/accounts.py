"""`spieltisch accounts`: the host's tools for the accounts of a server's store: list
them, set a new password for a user who lost theirs, and sign a user out everywhere.
Each command works on the database the server uses (`--db`), also while it runs."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from spieltisch.cli.common import fail, user_errors
from spieltisch.cli.tournaments import DB, _open_store


@click.group("accounts")
def accounts_command() -> None:
    """The accounts of a server's store: list, set a password, sign out everywhere."""


def _account(store: Any, username: str) -> Any:
    from spieltisch.core.names import username_key

    found = store.account_by_key(username_key(username))
    if found is None:
        fail(f"no account named {username!r}")
    return found


@accounts_command.command("list")
@DB
def list_accounts(database: str) -> None:
    """Every account: id, username, when it was made, when its password last changed."""
    with user_errors():
        store = _open_store(database)
        try:
            found = store.list_accounts(limit=10_000)
            if not found:
                click.echo("no accounts")
                return
            click.echo(f"{'id':>6} {'username':20} {'created':19} password changed")
            for account in found:
                click.echo(
                    f"{account.id:6d} {account.username:20} "
                    f"{account.created:%Y-%m-%d %H:%M:%S} "
                    f"{account.password_changed:%Y-%m-%d %H:%M:%S}"
                )
        finally:
            store.close()


@accounts_command.command("password")
@click.argument("username")
@click.option(
    "--password-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Read the new password from this file's first line ('-': standard input) "
    "instead of asking for it.",
)
@DB
def set_password(username: str, password_file: Path | None, database: str) -> None:
    """Give USERNAME a new password and sign the account out on every device."""
    from spieltisch.server.accounts import AccountError, Passwords, check_password

    with user_errors():
        store = _open_store(database)
        try:
            account = _account(store, username)
            if password_file is None:
                raw = click.prompt(
                    f"new password for {account.username}",
                    hide_input=True,
                    confirmation_prompt=True,
                )
            elif str(password_file) == "-":
                raw = sys.stdin.readline().rstrip("\r\n")
            else:
                lines = password_file.read_text(encoding="utf-8").splitlines()
                raw = lines[0] if lines else ""
            try:
                password = check_password(raw)
            except AccountError as exc:
                fail(str(exc))
            store.set_password_hash(account.id, Passwords().hasher.hash(password))
            ended = store.delete_account_sessions(account.id)
            click.echo(f"new password set for {account.username}; {len(ended)} session(s) ended")
        finally:
            store.close()


@accounts_command.command("sign-out")
@click.argument("username")
@DB
def sign_out(username: str, database: str) -> None:
    """End every session of USERNAME: every request from now on is signed out (a table
    connection already open in the server stays until the page reconnects)."""
    with user_errors():
        store = _open_store(database)
        try:
            account = _account(store, username)
            ended = store.delete_account_sessions(account.id)
            click.echo(f"{account.username}: {len(ended)} session(s) ended")
        finally:
            store.close()
