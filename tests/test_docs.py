"""The user documentation: every game has player rules, the README links them, and every
relative link in the README and under docs/ leads to a file (and heading) that exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import spieltisch

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE_BLOCK = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def anchors(path: Path) -> set[str]:
    """GitHub's anchors of the headings of a Markdown file."""
    text = CODE_BLOCK.sub("", path.read_text(encoding="utf-8"))
    found = set()
    for heading in re.findall(r"^#+ (.+)$", text, re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


def test_every_game_has_player_rules_linked_from_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in spieltisch.game_names():
        rules = ROOT / "docs" / "rules" / f"{name}.md"
        assert rules.is_file(), f"no player rules for {name}"
        text = rules.read_text(encoding="utf-8")
        assert "## Decisions" in text, f"{rules.name} has no Decisions section"
        assert f"(docs/rules/{name}.md)" in readme, f"the README does not link {rules.name}"
    assert "../shared/" not in readme, "the README points outside the repository"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(document: Path) -> None:
    text = CODE_BLOCK.sub("", document.read_text(encoding="utf-8"))
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # an absolute URL
        file, _, anchor = target.partition("#")
        path = (document.parent / file).resolve() if file else document
        assert path.exists(), f"{document.name}: link to a missing file {target}"
        if anchor and path.suffix == ".md":
            assert anchor in anchors(path), f"{document.name}: no heading for {target}"
