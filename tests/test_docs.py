"""The user documentation: a short README that links every game's player rules, an index
of docs/ from which every page can be reached, every relative link and #anchor in the
README and under docs/ leading to a file and heading that exist (GitHub's anchors), and a
command-line reference that names every subcommand and option `--help` shows."""

from __future__ import annotations

import re
import struct
from collections import Counter
from pathlib import Path

import click
import pytest

import spieltisch
from spieltisch.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCUMENTS = [README, *sorted((ROOT / "docs").rglob("*.md"))]
#: An inline link or image `[text](target)`, and a reference definition `[name]: target`.
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s+(\S+)", re.MULTILINE)
CODE_BLOCK = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.DOTALL)
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.+?)\s*#*\s*$", re.MULTILINE)


def prose(path: Path) -> str:
    """The text of a Markdown file without its code blocks."""
    return CODE_BLOCK.sub("", path.read_text(encoding="utf-8"))


def slug(heading: str) -> str:
    """GitHub's anchor of a heading's text: the text of links and code kept, lower case,
    everything but letters, digits, `_`, `-` and spaces dropped, spaces made `-`."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """GitHub's anchors of the headings of a Markdown file: a repeated heading gets `-1`,
    `-2`, … after its first occurrence."""
    seen: Counter[str] = Counter()
    found = set()
    for _, heading in HEADING.findall(prose(path)):
        base = slug(heading)
        found.add(f"{base}-{seen[base]}" if seen[base] else base)
        seen[base] += 1
    return found


def links(path: Path) -> list[str]:
    """The targets of the links and images of a Markdown file (not those shown as code)."""
    text = CODE_SPAN.sub("", prose(path))
    return LINK.findall(text) + REFERENCE.findall(text)


def local(target: str) -> bool:
    """A link into the repository (not a URL, not mail)."""
    return not re.match(r"[a-zA-Z][\w+.-]*:", target) and not target.startswith("//")


def resolve(document: Path, target: str) -> tuple[Path, str]:
    file, _, anchor = target.partition("#")
    return ((document.parent / file).resolve() if file else document), anchor


def test_the_anchors_are_githubs() -> None:
    assert slug("Strength levels (`src/spieltisch/ai/levels.py`)") == (
        "strength-levels-srcspieltischailevelspy"
    )
    assert slug("Hase und Igel (2018)") == "hase-und-igel-2018"
    assert slug("The draft's own notation") == "the-drafts-own-notation"
    assert slug("[Okard](rules/okard.md) — the stones") == "okard--the-stones"
    assert slug("spieltisch play") == "spieltisch-play"


def test_the_readme_is_short_and_links_every_games_rules() -> None:
    readme = README.read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150, "the README is a front door, not the manual"
    for name in spieltisch.game_names():
        rules = ROOT / "docs" / "rules" / f"{name}.md"
        assert rules.is_file(), f"no player rules for {name}"
        text = rules.read_text(encoding="utf-8")
        assert "## Decisions" in text, f"{rules.name} has no Decisions section"
        assert f"(docs/rules/{name}.md)" in readme, f"the README does not link {rules.name}"
    assert "../shared/" not in readme, "the README points outside the repository"
    assert "(docs/README.md)" in readme, "the README does not link the index of docs/"


def test_the_readmes_screenshot_is_a_real_small_png() -> None:
    images = [t for t in links(README) if t.endswith(".png")]
    assert images, "the README shows no screenshot"
    for target in images:
        path, _ = resolve(README, target)
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{target} is not a PNG"
        width, height = struct.unpack(">II", data[16:24])
        assert (width, height) == (1280, 800), f"{target} is {width}x{height}"
        assert len(data) < 400_000, f"{target} is {len(data)} bytes"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_and_anchors_resolve(document: Path) -> None:
    for target in links(document):
        if not local(target):
            continue
        path, anchor = resolve(document, target)
        assert path.exists(), f"{document.name}: link to a missing file {target}"
        assert ROOT in path.parents, f"{document.name}: {target} leaves the repository"
        if anchor:
            assert path.suffix == ".md", f"{document.name}: an anchor into {path.name}"
            assert anchor in anchors(path), f"{document.name}: no heading for {target}"


def test_every_page_of_docs_is_reached_from_the_readme() -> None:
    reached = {README.resolve()}
    todo = [README.resolve()]
    while todo:
        document = todo.pop()
        for target in links(document):
            if not local(target):
                continue
            path, _ = resolve(document, target)
            if path.is_dir():
                path = path / "README.md"
            if path.suffix == ".md" and path.exists() and path not in reached:
                reached.add(path)
                todo.append(path)
    missing = [str(p.relative_to(ROOT)) for p in DOCUMENTS if p.resolve() not in reached]
    assert not missing, f"pages no link leads to: {missing}"


def test_the_link_check_finds_a_broken_link_and_anchor(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(
        "# Top\n\n## Top\n\n[ok](#top-1) [bad](#nowhere) [gone](b.md) `[code](c.md)`\n"
        "```\n[in a block](d.md)\n```\n",
        encoding="utf-8",
    )
    page = tmp_path / "a.md"
    assert anchors(page) == {"top", "top-1"}
    assert links(page) == ["#top-1", "#nowhere", "b.md"]
    assert not resolve(page, "b.md")[0].exists()


def cli_sections() -> dict[str, str]:
    """The sections `## spieltisch NAME` of the command-line reference, by NAME."""
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    parts = re.split(r"^## spieltisch (\S+)\n", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


@pytest.mark.parametrize("name", sorted(main.commands))
def test_the_cli_reference_documents_every_option(name: str) -> None:
    command = main.commands[name]
    sections = cli_sections()
    assert name in sections, f"docs/cli.md has no section `## spieltisch {name}`"
    for param in command.params:
        if not isinstance(param, click.Option) or param.hidden:
            continue
        flags = [flag for flag in param.opts if flag.startswith("--")] or param.opts
        assert any(flag in sections[name] for flag in flags), (
            f"docs/cli.md, spieltisch {name}: {flags[0]} is not documented"
        )


#: The reference pages whose Python examples run as they stand, one page's blocks after
#: another in one namespace (the later blocks use what the first defines).
RUNNABLE = ["api.md", "store.md", "native.md"]


@pytest.mark.parametrize("page", RUNNABLE)
def test_the_python_examples_run(
    page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    assert blocks, f"{page} shows no Python"
    monkeypatch.chdir(tmp_path)  # the store's example writes games.db and game.json
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for number, block in enumerate(blocks):
        exec(compile(block, f"{page}, Python block {number + 1}", "exec"), namespace)
