"""`core.settings`: the host's limits from defaults, a TOML file and the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from spieltisch.core.settings import Settings, SettingsError


def test_defaults_are_fit_for_a_small_public_server() -> None:
    settings = Settings()
    assert settings.admin_password is None  # no default password
    assert settings.max_body_bytes == 4 * 1024 * 1024
    assert settings.body_seconds > 0 and settings.first_message_seconds > 0
    assert Settings.load(environ={}) == settings


def test_the_environment_wins_over_the_file(tmp_path: Path) -> None:
    file = tmp_path / "spieltisch.toml"
    file.write_text('tables_per_minute = 5\nsend_timeout = 3\nadmin_password = "from-the-file"\n')
    settings = Settings.load(file, environ={"SPIELTISCH_TABLES_PER_MINUTE": "7"})
    assert settings.tables_per_minute == 7
    assert settings.send_timeout == 3.0 and isinstance(settings.send_timeout, float)
    assert settings.admin_password == "from-the-file"
    env = {"SPIELTISCH_ADMIN_PASSWORD": "from-the-environment"}
    assert Settings.load(file, environ=env).admin_password == "from-the-environment"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("no_such_setting = 1\n", "no such setting"),
        ("tables_per_minute = 0\n", "must be positive"),
        ('tables_per_minute = "many"\n', "not a int"),
        ("tables_per_minute = true\n", "not a int"),
        ("send_timeout = -1.5\n", "must be positive"),
        ('admin_password = "short"\n', "at least 8"),
        ("this is not toml\n", "cannot read"),
    ],
)
def test_a_bad_file_is_refused_naming_the_setting(tmp_path: Path, text: str, words: str) -> None:
    file = tmp_path / "bad.toml"
    file.write_text(text)
    with pytest.raises(SettingsError, match=words):
        Settings.load(file, environ={})


def test_a_bad_variable_is_refused_naming_it() -> None:
    with pytest.raises(SettingsError, match="SPIELTISCH_SEND_QUEUE"):
        Settings.load(environ={"SPIELTISCH_SEND_QUEUE": "lots"})
    with pytest.raises(SettingsError, match="cannot read"):
        Settings.load("/nonexistent/spieltisch.toml", environ={})


def test_replace_checks_like_load() -> None:
    settings = Settings().replace(joins_per_minute=9, admin_password="long-enough")
    assert settings.joins_per_minute == 9 and settings.admin_password == "long-enough"
    with pytest.raises(SettingsError):
        Settings().replace(joins_per_minute=-1)
