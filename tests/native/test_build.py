"""The extension is built by the normal install, and the Python API reports what it has."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch import native
from spieltisch.native import NativeUnavailableError


def test_the_extension_is_built() -> None:
    # `pip install -e .` (make test) builds spieltisch._native; a missing build is a failure.
    assert native.built()
    assert "ostseeschach" in native.engines()
    assert native.available("ostseeschach")


def test_a_game_without_native_engine_is_refused() -> None:
    assert not native.available("no-such-game")
    with pytest.raises(NativeUnavailableError, match="no native engine"):
        native.perft("no-such-game", "", 1)


def test_options_a_native_engine_does_not_play_are_refused() -> None:
    game = spieltisch.load("schachogi", "quiet_plies=0")
    assert not native.available(game)
    with pytest.raises(NativeUnavailableError, match="does not play these options"):
        native.perft(game, game.new_state(1).text(), 1)


def test_the_engines_agree_with_the_registry() -> None:
    assert set(native.engines()) <= set(spieltisch.game_names())


def test_each_game_names_its_engine_and_the_options_it_plays() -> None:
    """The native API asks the game (`Game.native_name`, `options.native_config()`), so a
    game gains a native engine without a change in `spieltisch.native`."""
    from spieltisch import _native
    from spieltisch.core.registry import game_class

    for name in spieltisch.game_names():
        native_name = game_class(name).native_name
        assert native_name is not None and hasattr(_native, native_name)
        assert name in native.engines()
        assert native.config(spieltisch.load(name)) is not None
    # Options the engine plays: the defaults ("") or a variant's config the engine holds.
    assert native.config(spieltisch.load("schachogi")) == ""
    assert native.config(spieltisch.load("schachogi", "quiet_plies=0")) is None
    okard = spieltisch.load("okard", "board=8 ap=round")
    config = okard.options.native_config()
    assert config and native.config(okard) == config
    assert _native.okard.config_error(config) is None
    # A config the native core cannot hold (15 stone kinds on 10x10): the game writes it,
    # the engine refuses it, so the options are not available natively.
    codes = ["K", *(chr(ord("A") + i) * 2 for i in range(14))]
    stones = ",".join(code if code == "K" else f"{code}:222222221" for code in codes)
    wide = spieltisch.load("okard", f"board=10 stones={stones}")
    assert wide.options.native_config()
    assert native.config(wide) is None
