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
