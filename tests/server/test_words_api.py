"""A game's words over HTTP, the rules per language, and the stable codes of API errors
(a real server process)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from spieltisch.core.registry import game_names
from tests.serverproc import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("words") / "games.db")
    process.start()
    try:
        yield process
    finally:
        process.stop()


def call(
    server: ServerProcess, path: str, body: bytes | None = None
) -> tuple[int, Any, dict[str, str]]:
    request = urllib.request.Request(
        server.url + path, data=body, method="POST" if body is not None else "GET"
    )
    if body is not None:
        request.add_header("content-type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read()), dict(answer.headers.items())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read()), dict(exc.headers.items())


@pytest.mark.parametrize("name", game_names())
def test_every_game_answers_its_words_in_both_languages(server: ServerProcess, name: str) -> None:
    status, german, headers = call(server, f"/api/games/{name}/words?lang=de")
    assert status == 200 and german["lang"] == "de" and headers["content-language"] == "de"
    status, english, _ = call(server, f"/api/games/{name}/words?lang=en")
    assert status == 200
    for section in ("reasons", "rules", "pieces", "phrases"):
        assert german[section] and set(german[section]) == set(english[section])
    assert german["reasons"] != english["reasons"]


def test_an_unknown_language_gives_english_and_an_unknown_game_a_code(
    server: ServerProcess,
) -> None:
    _, words, _ = call(server, "/api/games/okard/words?lang=fr")
    assert words["lang"] == "en" and words["reasons"]["KING_CAPTURED"] == "the König was captured"
    status, answer, _ = call(server, "/api/games/chess/words")
    assert status == 400 and answer["code"] == "UNKNOWN_GAME" and "chess" in answer["error"]


def test_the_rules_in_german_and_in_english(server: ServerProcess) -> None:
    status, page, _ = call(server, "/api/rules/okard?lang=de")
    assert status == 200 and page["lang"] == "de" and "Aufstellungsreihen" in page["html"]
    _, page, _ = call(server, "/api/rules/okard")
    assert page["lang"] == "en" and "setup rows" in page["html"]


def test_api_errors_carry_a_stable_code(server: ServerProcess) -> None:
    status, answer, _ = call(server, "/api/tables", b"[1, 2]")
    assert status == 400 and answer["code"] == "NOT_JSON" and answer["params"] == {}
    status, answer, _ = call(
        server, "/api/tables", json.dumps({"game": "okard", "position": 5}).encode()
    )
    assert (
        status == 400
        and answer["code"] == "BAD_FIELD"
        and answer["params"] == {"field": "position"}
    )
    status, answer, _ = call(
        server, "/api/tables", json.dumps({"game": "okard", "options": "board=7"}).encode()
    )
    assert status == 400 and answer["code"] == "BAD_OPTION"
    status, answer, _ = call(
        server,
        "/api/positions/view",
        json.dumps({"game": "schachogi", "position": "nonsense"}).encode(),
    )
    assert status == 400 and answer["code"] in ("BAD_POSITION", "BAD_NOTATION")
    status, answer, _ = call(server, "/api/records/999999")
    assert status == 404 and answer["code"] == "NOT_FOUND"
