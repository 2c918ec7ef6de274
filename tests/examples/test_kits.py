"""The starter kits of examples/: each is a small complete program under 150 lines that
plays ONE FULL GAME against a real `spieltisch server` process (the JavaScript kit also
over the web app's WebSocket, against a real `spieltisch serve`), its opponent the house's
own bot client playing random moves. The C++ kit is compiled with g++ here; a kit whose
compiler or runtime is missing is skipped with the reason."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..bots.helpers import bot_env
from ..serverproc import ServerProcess, free_port
from .kit_server import EXAMPLES, bot_server, house_bot, play_prepared

KITS = {
    "python-json": EXAMPLES / "python-json" / "bot.py",
    "python-xml": EXAMPLES / "python-xml" / "bot.py",
    "js": EXAMPLES / "js" / "bot.js",
    "cpp": EXAMPLES / "cpp" / "bot.cpp",
}
#: How each kit ends a game it played to the end, in its own output.
KIT_END = {"python-json": "game over: ", "js": "game over: ", "python-xml": "winner: "}
KIT_END["cpp"] = "winner: "


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    with bot_server(tmp_path_factory.mktemp("kits") / "games.db") as remote:
        yield remote


@pytest.mark.parametrize("kit", sorted(KITS))
def test_each_kit_is_small_and_has_a_readme_with_its_command(kit: str) -> None:
    source = KITS[kit]
    assert len(source.read_text(encoding="utf-8").splitlines()) < 150
    readme = (source.parent / "README.md").read_text(encoding="utf-8")
    assert source.name in readme
    assert "```" in readme


def _assert_whole_game(over: dict[str, object], output: str, kit: str) -> None:
    assert over.get("status") == "over", over  # a result, not an abandoned or cut game
    assert over.get("winner") in (0, 1, None)
    assert over.get("reason")
    assert over.get("forfeit") is None, over  # no rule violation, nobody left
    assert KIT_END[kit] in output, output


@pytest.mark.parametrize("game", ["okard", "schachogi"])
def test_python_json_kit_plays_a_whole_game(server, game: str) -> None:  # type: ignore[no-untyped-def]
    played = play_prepared(server, game, [sys.executable, str(KITS["python-json"]), game])
    _assert_whole_game(played.over, played.outputs[0], "python-json")
    assert played.codes == [0, 0], played.outputs


def test_python_xml_kit_plays_a_whole_ostseeschach_game(server) -> None:  # type: ignore[no-untyped-def]
    played = play_prepared(server, "ostseeschach", [sys.executable, str(KITS["python-xml"])])
    _assert_whole_game(played.over, played.outputs[0], "python-xml")
    assert "playing as ONE" in played.outputs[0]
    assert played.codes == [0, 0], played.outputs


def test_cpp_kit_compiles_and_plays_a_whole_ostseeschach_game(server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("no g++ on this machine to compile examples/cpp/bot.cpp")
    program = tmp_path / "bot"
    build = [compiler, "-std=c++17", "-O1", "-Wall", "-Wextra", "-Werror"]
    subprocess.run([*build, "-o", str(program), str(KITS["cpp"])], check=True, timeout=120)
    played = play_prepared(server, "ostseeschach", [str(program)])
    _assert_whole_game(played.over, played.outputs[0], "cpp")
    assert "playing as ONE" in played.outputs[0]
    assert played.codes == [0, 0], played.outputs


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node on this machine to run examples/js/bot.js")
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=True)
    if int(version.stdout.strip().lstrip("v").split(".")[0]) < 20:
        pytest.skip(f"node {version.stdout.strip()} is older than 20 (no WebSocket client)")
    return node


def test_js_kit_plays_a_whole_game_over_tcp(server) -> None:  # type: ignore[no-untyped-def]
    played = play_prepared(server, "okard", [_node(), str(KITS["js"]), "okard", "--tcp"])
    _assert_whole_game(played.over, played.outputs[0], "js")
    assert played.codes == [0, 0], played.outputs


def test_js_kit_plays_a_whole_game_over_the_web_apps_websocket(tmp_path: Path) -> None:
    """The kit's default: `ws://HOST:PORT/ws/bot` of `spieltisch serve`; its opponent joins
    the table it opened through the web app's bot port."""
    node = _node()
    xml_port = free_port()
    web = ServerProcess(tmp_path / "web.db", "--xml-port", str(xml_port))
    web.start()
    try:
        kit = subprocess.Popen(
            [node, "--experimental-websocket", str(KITS["js"]), "okard", "-p", str(web.port)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        opponent = subprocess.Popen(
            house_bot("okard", "--protocol", "json", "-p", str(xml_port)),
            env=bot_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            out, err = kit.communicate(timeout=90)
            summary = opponent.communicate(timeout=30)[0]
        finally:
            for program in (kit, opponent):
                if program.poll() is None:
                    program.kill()
                    program.communicate()
    finally:
        web.stop()
    assert kit.returncode == 0, (out, err)
    assert "joined table" in out and "game over: " in out, out
    assert opponent.returncode == 0, summary
    assert " won" in summary or "a draw" in summary, summary
