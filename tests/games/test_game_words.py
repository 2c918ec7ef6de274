"""Every reason code and rule code a game can produce has words in English and German.

The codes are read from the game's own source (not listed by hand): the first argument of
every illegal-move error raised, the first element of every returned `(rule, message)`
pair (the games' "why is this illegal" helpers), and the reason of every `Outcome` built
(a constant, a tuple of constants indexed, or a local variable followed to what is
assigned to it). Random games to their end check the reasons once more, by playing.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import random
import re
from types import ModuleType

import pytest

from spieltisch.core import game as core_game
from spieltisch.core.registry import game_class, game_names, load
from spieltisch.core.words import COMMON, LANGUAGES, SECTIONS

CODE = re.compile(r"^[A-Z][A-Z0-9_]+$")


def _codes_of(module: ModuleType, node: ast.expr | None) -> set[str]:
    """The code constants an expression stands for, as far as the module says."""
    if node is None:
        return set()
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.match(node.value):
        return {node.value}
    if isinstance(node, ast.Subscript):
        return _codes_of(module, node.value)
    if isinstance(node, ast.Name):
        value = getattr(module, node.id, None)
        if isinstance(value, str) and CODE.match(value):
            return {value}
        if isinstance(value, tuple) and value:
            return {v for v in value if isinstance(v, str) and CODE.match(v)}
    return set()


def _assigned(function: ast.AST, name: str) -> list[ast.expr]:
    """What a function assigns to the local `name` (tuple assignments matched by place)."""
    found: list[ast.expr] = []
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name) and target.id == name:
                found.append(node.value)
            elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                for part, value in zip(target.elts, node.value.elts, strict=False):
                    if isinstance(part, ast.Name) and part.id == name:
                        found.append(value)
    return found


def _call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def scan(modules: list[ModuleType]) -> tuple[set[str], set[str]]:
    """(rule codes, reason codes) the modules' source can produce."""
    rules: set[str] = set()
    reasons: set[str] = set()
    for module in modules:
        assert module.__file__ is not None
        with open(module.__file__, encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
        functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
        for function in functions:
            for node in ast.walk(function):
                if isinstance(node, ast.Call):
                    name = _call_name(node)
                    if (name.endswith("IllegalMoveError") or name == "_refuse") and node.args:
                        rules |= _codes_of(module, node.args[0])
                    if name == "Outcome":
                        given = [
                            *node.args[1:2],
                            *(k.value for k in node.keywords if k.arg == "reason"),
                        ]
                        for arg in given:
                            reasons |= _codes_of(module, arg)
                            if isinstance(arg, ast.Name):
                                for value in _assigned(function, arg.id):
                                    reasons |= _codes_of(module, value)
                elif (
                    isinstance(node, ast.Return)
                    and isinstance(node.value, ast.Tuple)
                    and len(node.value.elts) == 2
                ):
                    rules |= _codes_of(module, node.value.elts[0])
    return rules, reasons


def game_modules(name: str) -> list[ModuleType]:
    package = importlib.import_module(game_class(name).__module__.rpartition(".")[0])
    return [
        importlib.import_module(f"{package.__name__}.{m.name}")
        for m in pkgutil.iter_modules(package.__path__)
    ]


def own_words(name: str) -> dict[str, dict[str, dict[str, object]]]:
    """The game's WORDS with the core's common words, per language (no fallback)."""
    package = game_class(name).__module__.rpartition(".")[0]
    words = importlib.import_module(f"{package}.words").WORDS
    merged: dict[str, dict[str, dict[str, object]]] = {}
    for lang in LANGUAGES:
        merged[lang] = {s: {**COMMON[lang].get(s, {}), **words[lang].get(s, {})} for s in SECTIONS}
    return merged


@pytest.mark.parametrize("name", game_names())
def test_every_code_of_the_game_has_words_in_both_languages(name: str) -> None:
    rules, reasons = scan([*game_modules(name), core_game])
    # the scan finds the codes (a scan that finds nothing would pass vacuously)
    assert len(rules) >= 5, rules
    assert len(reasons) >= 2, reasons
    words = own_words(name)
    for lang in LANGUAGES:
        missing_rules = sorted(rules - set(words[lang]["rules"]))
        missing_reasons = sorted(reasons - set(words[lang]["reasons"]))
        assert not missing_rules, f"{name} ({lang}): no words for the rules {missing_rules}"
        assert not missing_reasons, f"{name} ({lang}): no words for the reasons {missing_reasons}"


@pytest.mark.parametrize("name", game_names())
def test_both_languages_have_the_same_words(name: str) -> None:
    words = own_words(name)
    for section in SECTIONS:
        assert set(words["en"][section]) == set(words["de"][section]), section
        for code, text in words["de"][section].items():
            assert text, (section, code)
            if section != "pieces":
                assert text != words["en"][section][code] or section == "phrases", (section, code)


@pytest.mark.parametrize("name", game_names())
def test_every_piece_of_the_view_has_words(name: str) -> None:
    """Every piece kind a view shows in random games (and its promoted form) has a name
    and a description of how it moves."""
    game = load(name)
    words = game.words("de")
    rng = random.Random(7)
    kinds: set[str] = set()
    reasons: set[str] = set()
    for seed in range(3):
        state = game.new_state(seed)
        for _ in range(400):
            if state.is_over():
                break
            view = state.view()
            kinds |= {p.kind for p in view.pieces}
            state.play(state.random_move(rng))
        result = state.outcome()
        if result is not None:
            reasons.add(result.reason)
    assert kinds
    for kind in kinds:
        entry = words["pieces"].get(kind)
        assert isinstance(entry, dict) and entry["name"] and entry["moves"], (name, kind)
    assert reasons <= set(words["reasons"]), reasons


def test_the_endpoint_shape_falls_back_to_english_for_an_unknown_language() -> None:
    game = game_class("ostseeschach")
    assert game.words("xx") == game.words("en")
    assert (
        game.words("de")["reasons"]["DIFFERING_SCORES"]
        != game.words("en")["reasons"]["DIFFERING_SCORES"]
    )
