"""The player rules reach an installed package: `src/spieltisch/web/rules` (package data,
so in every wheel) is a link to `docs/rules`, which stays the one copy readable on GitHub.
A checkout without symlinks (git's core.symlinks=false) would turn the link into a small
text file and ship wheels without rules; this test says so instead."""

from __future__ import annotations

from spieltisch.core.registry import game_names
from spieltisch.server.catalog import RULES_DIRS
from tests.serverproc import ROOT


def test_the_package_holds_the_rules_of_every_game() -> None:
    packaged = RULES_DIRS[0]
    assert packaged.is_dir(), f"{packaged} is not a folder (a symlink lost in checkout?)"
    assert packaged.resolve() == (ROOT / "docs" / "rules").resolve()
    for name in game_names():
        rules = packaged / f"{name}.md"
        assert rules.is_file(), f"no player rules for {name} in the package"
        assert rules.read_text(encoding="utf-8").startswith("# ")
