"""What `spieltisch serve` and `spieltisch server` share as public servers: the settings
(`--config FILE` and `SPIELTISCH_*` variables) and the admin password, which has no
default: `--admin-password`, `--admin-password-file`, `SPIELTISCH_ADMIN_PASSWORD` or the
settings file, else one is generated and printed once at start."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from spieltisch.core.settings import Settings, SettingsError

F = TypeVar("F", bound=Callable[..., Any])

#: Characters of a generated admin password's random part (URL-safe base64: 6 bits each).
GENERATED_BYTES = 18


def host_options(function: F) -> F:
    """The `--config`, `--admin-password` and `--admin-password-file` options."""
    function = click.option(
        "--admin-password-file",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="Read the admin password from the first line of this file.",
    )(function)
    function = click.option(
        "--admin-password",
        "--password",
        "admin_password",
        default=None,
        help="The admin password of the bot lobby (at least 8 characters; better: "
        "SPIELTISCH_ADMIN_PASSWORD or --admin-password-file, which other users of the "
        "machine cannot see). Without one, a strong one is generated and printed once.",
    )(function)
    function = click.option(
        "--config",
        "config",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="A TOML file of settings (limits, rates, timeouts; see docs/hosting.md); "
        "SPIELTISCH_* environment variables win over it.",
    )(function)
    return function


def load_settings(
    config: Path | None, admin_password: str | None, admin_password_file: Path | None
) -> tuple[Settings, bool]:
    """The server's settings with its admin password; True when that password was
    generated (the caller prints it once)."""
    try:
        settings = Settings.load(config)
        if admin_password is not None:
            settings = settings.replace(admin_password=admin_password)
        elif admin_password_file is not None:
            settings = settings.replace(admin_password=_read_password(admin_password_file))
    except SettingsError as exc:
        raise click.ClickException(str(exc)) from None
    if settings.admin_password is not None:
        return settings, False
    return settings.replace(admin_password=secrets.token_urlsafe(GENERATED_BYTES)), True


def _read_password(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SettingsError(f"cannot read the admin password file {path}: {exc}") from None
    lines = text.splitlines()
    return lines[0].strip() if lines else ""


def announce_password(settings: Settings, generated: bool) -> None:
    """Say the generated admin password, once (it is kept nowhere else)."""
    if generated:
        click.echo(
            f"admin password (generated, shown only now): {settings.admin_password}\n"
            "  set your own with --admin-password-file or SPIELTISCH_ADMIN_PASSWORD"
        )
