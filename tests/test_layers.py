"""The layers of the house hold (in the spirit of import-linter): every import of the
package runs down the layers, no module outside a game imports that game, a game imports
only `core`, no game's name is written as code outside its own folders, and no test module
imports another test module (shared helpers live in tests/helpers/).

The checks read the source (the `ast` of every module, the text of the front end), so an
import inside a function counts as much as one at the top.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from spieltisch.core.registry import game_class, game_names

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "spieltisch"

#: The layers, highest first: a package may import the packages of the layers below its
#: own and nothing of its own layer or above (the packages of one layer are independent).
#: `spieltisch` itself (its __init__) is the facade over `core`; `_native` is the compiled
#: extension that `native` wraps.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("__main__",),
    ("cli",),
    ("server", "learn"),
    ("arena",),
    ("bots",),
    ("tables", "envs"),
    ("store", "ai"),
    ("native", "games"),
    ("_native",),
    ("(facade)",),
    ("core",),
)

#: Imports that run up the layers, each with its reason: at most two (issue 25), none
#: into a game. Empty: there are none.
ALLOWED_UPWARD: dict[tuple[str, str], str] = {}

#: Where a game's name may be code: the registry that names every game once, and the
#: native core's bindings that register each engine once. Everything else asks the game
#: (`Game.native_name`, `options.native_config()`, the view, `/api/games`).
NAME_REGISTRIES = {"core/registry.py", "native/bindings.cpp", "native/batch_bindings.cpp"}
#: The front end's piece art is drawn per game: one sheet of SVG symbols per game in
#: web/js/pieces/<game>.js, picked in web/js/pieces.js.
ART = {"web/js/pieces.js"}


@dataclass(frozen=True)
class Import:
    module: str  # the importing module, e.g. "spieltisch.store.tournaments"
    target: str  # the imported module, e.g. "spieltisch.arena.ratings"
    line: int


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_module(name: str) -> bool:
    relative = Path(*name.split(".")[1:]) if "." in name else Path()
    folder = PACKAGE / relative
    return folder.with_suffix(".py").is_file() or (folder / "__init__.py").is_file()


def imports(path: Path) -> Iterator[Import]:
    """Every import of a spieltisch module in `path` (`from a import b` counts as the
    module `a.b` when that is a module)."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [
                f"{base}.{alias.name}" if _is_module(f"{base}.{alias.name}") else base
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            if target == "spieltisch" or target.startswith("spieltisch."):
                yield Import(module, target, node.lineno)


def _top(name: str) -> str:
    parts = name.split(".")
    return "(facade)" if len(parts) == 1 else parts[1]


def _layer(top: str) -> int:
    for index, packages in enumerate(LAYERS):
        if top in packages:
            return index
    raise AssertionError(f"spieltisch.{top} is in no layer of LAYERS: place it")


def _all_imports() -> list[Import]:
    return [found for path in sorted(PACKAGE.rglob("*.py")) for found in imports(path)]


def upward(found: list[Import]) -> list[Import]:
    """The imports of a package from its own layer's other packages or from above."""
    wrong = []
    for item in found:
        source, target = _top(item.module), _top(item.target)
        if source != target and _layer(target) <= _layer(source):
            wrong.append(item)
    return wrong


def test_imports_run_down_the_layers() -> None:
    found = upward(_all_imports())
    unexplained = [
        f"{i.module}:{i.line} imports {i.target}"
        for i in found
        if (i.module, i.target) not in ALLOWED_UPWARD
    ]
    assert not unexplained, "imports up (or across) the layers:\n" + "\n".join(unexplained)
    assert len(ALLOWED_UPWARD) <= 2


def test_the_layer_check_sees_an_upward_import() -> None:
    """The check itself can fail: the imports this round removed are upward to it."""
    made_up = [
        Import("spieltisch.store.tournaments", "spieltisch.arena.ratings", 1),
        Import("spieltisch.ai.spec", "spieltisch.learn.agent", 1),
        Import("spieltisch.bots.duel", "spieltisch.arena.elo", 1),
        Import("spieltisch.server.catalog", "spieltisch.learn.kind", 1),
        Import("spieltisch.native", "spieltisch.games.okard.options", 1),
    ]
    assert upward(made_up) == made_up
    assert upward([Import("spieltisch.arena.match", "spieltisch.tables", 1)]) == []


def test_relative_imports_are_resolved() -> None:
    found = list(imports(PACKAGE / "native" / "batch.py"))
    assert {i.target for i in found} >= {"spieltisch.native", "spieltisch.core.game"}


def test_no_module_outside_a_game_imports_it_and_a_game_imports_only_core() -> None:
    wrong = []
    for item in _all_imports():
        source, target = item.module.split("."), item.target.split(".")
        if len(target) > 2 and target[1] == "games":
            if source[:3] != target[:3]:
                wrong.append(f"{item.module}:{item.line} imports {item.target}")
        elif len(source) > 2 and source[1] == "games" and _top(item.target) != "core":
            wrong.append(f"{item.module}:{item.line} imports {item.target}")
    assert not wrong, "\n".join(wrong)


def _game_words() -> set[str]:
    words = set(game_names())
    for name in game_names():
        native_name = game_class(name).native_name
        if native_name:
            words.add(native_name)
    return words


def _own_folder(relative: str, words: set[str]) -> bool:
    parts = relative.split("/")
    return parts[0] == "games" or (parts[0] == "native" and len(parts) > 2 and parts[1] in words)


def _python_names(path: Path, words: set[str]) -> Iterator[tuple[int, str]]:
    """String constants (docstrings aside) and identifiers that are a game's name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings and set(re.findall(r"[a-z-]+", node.value)) & words:
                yield node.lineno, node.value
        elif isinstance(node, ast.Name | ast.alias):
            name = node.id if isinstance(node, ast.Name) else (node.asname or node.name)
            if name.lower() in words:
                yield node.lineno, name


_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/|<!--.*?-->", re.S)


def _text_names(path: Path, words: set[str]) -> Iterator[tuple[int, str]]:
    """Game names in the code of a C++, JavaScript or HTML file (comments aside)."""
    text = _COMMENT.sub(lambda m: "\n" * m.group().count("\n"), path.read_text(encoding="utf-8"))
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(words))) + r")(?![\w-])")
    for number, line in enumerate(text.splitlines(), 1):
        for match in pattern.finditer(line):
            yield number, match.group()


def game_names_as_code(root: Path = PACKAGE) -> list[str]:
    words = _game_words()
    found: list[str] = []
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if _own_folder(relative, words) or relative in NAME_REGISTRIES | ART:
            continue
        if relative.startswith("web/js/pieces/"):
            continue
        if path.suffix == ".py":
            hits = _python_names(path, words)
        elif path.suffix in (".cpp", ".hpp", ".js", ".html"):
            hits = _text_names(path, words)
        else:
            continue
        found.extend(f"{relative}:{line}: {text!r}" for line, text in hits)
    return found


def test_no_game_name_is_code_outside_its_folders() -> None:
    found = game_names_as_code()
    assert not found, "a game named in code outside games/ and native/<game>/:\n" + "\n".join(found)


def test_the_name_check_sees_a_game_name(tmp_path: Path) -> None:
    (tmp_path / "native").mkdir()
    (tmp_path / "native" / "__init__.py").write_text(
        '"""About okard (a docstring may name it)."""\n\nif name == "okard":\n    pass\n'
    )
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "ratings.js").write_text(
        '// schachogi in a comment is fine\nconst GAMES = [["schachogi", "Schachogi"]];\n'
    )
    (tmp_path / "native" / "search.hpp").write_text("// ostseeschach\nint x = 1;\n")
    assert game_names_as_code(tmp_path) == [
        "native/__init__.py:3: 'okard'",
        "web/ratings.js:2: 'schachogi'",
    ]


def test_no_test_module_imports_another() -> None:
    wrong = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                names = [f"{base}.{alias.name}" for alias in node.names] + [base]
            else:
                continue
            for name in names:
                if any(part.startswith("test_") for part in name.split(".")):
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert not wrong, "test modules import test modules (use tests/helpers/):\n" + "\n".join(wrong)
