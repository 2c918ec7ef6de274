"""A survey of bad input: thousands of malformed positions, moves, XML, records, options,
agent specs and command lines, each sorted by how it ends.

Every case ends in one of three ways: `refused` (the project's own error, `SpieltischError`;
through the CLI: one line `error: …` and exit status 2), `accepted` (it was valid after all,
or a mutation that still reads), or `crash` (anything else: a traceback, another exception,
another exit status). `tests/test_bad_inputs.py` asserts there is no crash;
`python -m tests.bad_inputs [--cli]` prints the counts per kind (the figures of the
hardening issue's closing note).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import spieltisch
from spieltisch.ai.spec import make_agent
from spieltisch.core import SpieltischError, State
from spieltisch.core.record import GameRecord

REFUSED, ACCEPTED, CRASH = "refused", "accepted", "crash"

#: Text that has broken readers: non-ASCII digits, huge numbers, look-alike letters, controls.
NASTY = [
    "²",
    "٣",
    "1²",
    "9" * 5000,
    "-" + "9" * 5000,
    "-1",
    "+1",
    "99999",
    "",
    " ",
    "ı",
    "ſ",
    "K",  # Kelvin sign, folds to K
    "Ａ",  # full-width A
    "\x00",
    "\ufeff",
    "\n",
    "1e3",
    "0x10",
    "nan",
    "1_0",
]


def _positions(game: spieltisch.Game[Any, Any], count: int) -> list[State[Any]]:
    """Start positions and positions after random play, all of them real."""
    rng = random.Random(7)
    states: list[State[Any]] = []
    for index in range(count):
        state = game.new_state(index)
        for _ in range(rng.randrange(0, 40)):
            if state.is_over():
                break
            state.push(state.random_move(rng))
        states.append(state)
    return states


def mutations(text: str, rng: random.Random, extra: int = 12) -> Iterator[str]:
    """Variants of a valid text: each field replaced by nasty text, characters inserted,
    deleted and replaced, truncations, and a one-megabyte blow-up."""
    fields = text.split(" ")
    for index in range(len(fields)):
        for nasty in NASTY:
            yield " ".join([*fields[:index], nasty, *fields[index + 1 :]])
    for _ in range(extra):
        at = rng.randrange(len(text) + 1)
        yield text[:at] + rng.choice(NASTY) + text[at:]
        at = rng.randrange(max(1, len(text)))
        yield text[:at] + text[at + 1 :]
        yield text[:at] + rng.choice("0123456789abcdefghijklmnopqrstuvwxyz/:,.+-<>&;") + text[at:]
        yield text[: rng.randrange(len(text) + 1)]
    yield text * 3
    yield text + " " + "x" * 1_000_000


def xml_mutations(xml: str, rng: random.Random) -> Iterator[str]:
    """Malformed, hostile and bent variants of a valid XML document."""
    yield "\ufeff" + xml
    yield xml.encode("utf-8").decode("latin-1")
    yield xml[: len(xml) // 2]
    yield xml.replace('"', "'", 3)
    yield (
        '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
        + xml.replace(">", ">&lol2;", 1)
    )
    yield '<!DOCTYPE x [<!ENTITY ext SYSTEM "file:///etc/passwd">]>' + xml.replace(">", ">&ext;", 1)
    yield "<state/>"
    yield "<" + "a>" * 100_000
    yield "<state>" + "<x>" * 5000 + "</x>" * 5000 + "</state>"
    attributes = [i for i, ch in enumerate(xml) if ch == '"']
    for _ in range(30):
        if len(attributes) < 2:
            break
        start = rng.randrange(len(attributes) // 2) * 2
        a, b = attributes[start], attributes[start + 1]
        yield xml[: a + 1] + rng.choice(NASTY) + xml[b:]
    yield from list(mutations(xml, rng, extra=20))[-40:]


def _classify(action: Callable[[], object]) -> str:
    try:
        action()
    except SpieltischError:
        return REFUSED
    except Exception:  # the survey exists to find these
        return CRASH
    return ACCEPTED


def library_cases(scale: int = 1) -> Iterator[tuple[str, str, Callable[[], object]]]:
    """(kind, game, action) for every library-level case."""
    rng = random.Random(2026)
    for name in spieltisch.game_names():
        game = spieltisch.load(name)
        states = _positions(game, 4 * scale)
        for state in states:
            for text in mutations(state.text(), rng):
                yield "position text", name, partial(game.parse, text)
            for move in state.legal_moves()[:3]:
                for text in mutations(str(move), rng, extra=4):
                    yield "move text", name, partial(state.parse_move, text)
        codec = game.competition()
        if codec is not None:
            for state in states:
                xml = codec.state_to_xml(state)
                for text in xml_mutations(xml, rng):
                    yield "state XML", name, partial(game.parse, text)
                for move in state.legal_moves()[:2]:
                    for text in xml_mutations(codec.move_to_xml(move), rng):
                        yield "move XML", name, partial(codec.move_from_xml, text)
        fields = [f for f in game.options.text().split() if "=" in f]
        for pair in fields:
            key = pair.split("=", 1)[0]
            for nasty in NASTY:
                yield (
                    "option",
                    name,
                    partial(spieltisch.load, name, [f"{key}={nasty}"]),
                )
        for junk in ["x", "=", "board", "nope=1", "=3"]:
            yield "option", name, partial(spieltisch.load, name, [junk])
        for spec in AGENT_SPECS:
            yield "agent spec", name, partial(make_agent, spec, game)
    for record in bad_records():
        yield "game record", "-", partial(_read_record, record)


AGENT_SPECS = [
    "alphabeta:depth=" + "1" + "0" * 100,
    "alphabeta:depth=10**100",
    "alphabeta:depth=0",
    "alphabeta:depth=-1",
    "alphabeta:time=nan",
    "alphabeta:time=inf",
    "alphabeta:time=-1",
    "alphabeta:time=1e400",
    "mcts:c=nan",
    "mcts:c=inf",
    "mcts:c=-1",
    "mcts:iterations=²",
    "mcts:iterations=" + "9" * 5000,
    "mcts:rollout=0.5",
    "mcts:reuse=maybe",
    "random:seed=" + "9" * 5000,
    "random:seed=-1",
    "random:seed=x",
    "hard:time=nan",
    "hard:depth=ſ",
    "nosuch",
    "net",
    "net:model=",
    "net:model=/nonexistent/model.pt",
    "net:model=.",
    "net:model=pyproject.toml",
    "net:model=x,sims=0",
    "net:model=x,sims=nan",
    "net:model=" + "m" * 180,
    "alphabeta:depth",
    "alphabeta:=3",
    "alphabeta:depth=3,depth=4",
    ":",
    "",
]


def _read_record(text: str) -> State[Any]:
    return GameRecord.from_json(text).start_state()


def bad_records() -> list[str]:
    """Records whose JSON reads but whose shape is wrong, and some that do not read."""
    good: dict[str, Any] = {
        "format": "spieltisch-record/1",
        "game": "ostseeschach",
        "options": "",
        "start": "",
        "seed": 3,
        "players": ["a", "b"],
        "moves": [],
        "seconds": [],
        "winner": None,
        "reason": "",
        "scores": [[], []],
        "finished": False,
        "meta": {},
    }
    changes: list[dict[str, Any]] = [
        {"moves": [1, 2]},
        {"moves": None},
        {"moves": "a1b2"},
        {"players": ["one"]},
        {"players": None},
        {"players": [1, 2]},
        {"seconds": ["x"]},
        {"seconds": [-1.0]},
        {"seconds": [1e400]},
        {"seed": int("9" * 4000)},
        {"seed": -1},
        {"seed": "3"},
        {"game": "nosuch"},
        {"game": None},
        {"options": "x=1"},
        {"options": 7},
        {"winner": 5},
        {"scores": "x"},
        {"scores": [[1], [2], [3]]},
        {"finished": "yes"},
        {"meta": []},
        {"start": 5, "seed": None},
        {"start": "garbage", "seed": None},
    ]
    texts = []
    for change in changes:
        data = {**good, **change}
        try:
            texts.append(json.dumps(data))
        except ValueError:
            continue
    texts.append(json.dumps(good).replace('"seed": 3', '"seed": ' + "9" * 5000))
    texts += ["", "null", "[]", "{}", '{"format": "spieltisch-record/1"}', "{" * 100_000]
    return texts


def write_cli_files(folder: Path) -> None:
    """The files the command-line cases read, written into `folder`."""
    ostseeschach = spieltisch.load("ostseeschach")
    (folder / "utf16.txt").write_bytes(ostseeschach.new_state(1).text().encode("utf-16"))
    (folder / "latin1.txt").write_bytes("M......m/ü".encode("latin-1"))
    codec = ostseeschach.competition()
    assert codec is not None
    xml = codec.state_to_xml(ostseeschach.new_state(2)).encode("utf-8")
    (folder / "bom.xml").write_bytes(b"\xef\xbb\xbf" + xml)
    (folder / "big.txt").write_text("x" * 50_000_000)
    (folder / "record.json").write_text(bad_records()[0])


def cli_cases(folder: Path) -> list[tuple[str, list[str], bytes | None]]:
    """(kind, arguments, standard input) of the command-line cases, reading the files
    `write_cli_files(folder)` writes."""
    utf16, latin, bom = folder / "utf16.txt", folder / "latin1.txt", folder / "bom.xml"
    big, record = folder / "big.txt", folder / "record.json"
    return [
        ("file", ["show", "ostseeschach", "--position-file", str(utf16)], None),
        ("file", ["show", "ostseeschach", "--position-file", str(latin)], None),
        ("file", ["show", "ostseeschach", "--position-file", str(bom)], None),
        ("file", ["show", "ostseeschach", "--position-file", str(folder)], None),
        ("file", ["show", "ostseeschach", "--position-file", str(folder / "missing")], None),
        ("file", ["show", "ostseeschach", "--position-file", str(big)], None),
        ("file", ["replay", str(record)], None),
        ("file", ["replay", str(folder)], None),
        ("usage", ["play", "ostseeschach", "--seat", "2"], None),
        ("usage", ["match", "ostseeschach", "random", "random", "--games", "0"], None),
        ("usage", ["perft", "ostseeschach", "-1"], None),
        ("usage", ["perft", "nosuch", "1"], None),
        ("usage", ["show", "ostseeschach", "--seed", "x"], None),
        ("usage", ["show", "ostseeschach", "--seed", "9" * 5000], None),
        ("usage", ["nosuchcommand"], None),
        ("usage", ["show", "ostseeschach", "--nosuch"], None),
        ("usage", ["show"], None),
        ("usage", ["match", "ostseeschach", "random", "random", "--time-per-move", "nan"], None),
        ("usage", ["show", "okard", "-o", "board=²"], None),
        ("spec", ["match", "ostseeschach", "alphabeta:depth=10**100", "random"], None),
        ("spec", ["match", "ostseeschach", "mcts:c=nan", "random"], None),
        ("spec", ["play", "ostseeschach", "--ai", "alphabeta:time=nan"], b"quit\n"),
        ("position", ["show", "ostseeschach", "--position", "M" * 1_000_00], None),
        ("position", ["perft", "hase-und-igel", "1", "--position", "canonical 0 ²"], None),
        (
            "move",
            ["play", "ostseeschach", "--opponent", "human"],
            b"(" + b"9" * 5000 + b",0)(1,1)\nquit\n",
        ),
        (
            "move",
            ["play", "hase-und-igel", "--opponent", "human"],
            b"advance " + b"9" * 5000 + b"\nquit\n",
        ),
    ]


def run_cli(arguments: list[str], stdin: bytes | None) -> str:
    """Run the real command and sort the ending."""
    done = subprocess.run(
        [sys.executable, "-m", "spieltisch", *arguments],
        input=stdin or b"",
        capture_output=True,
        timeout=120,
        check=False,
    )
    err = done.stderr.decode("utf-8", "replace")
    if done.returncode == 0 and "Traceback" not in err:
        return ACCEPTED
    lines = err.strip().splitlines()
    if (
        done.returncode == 2
        and len(lines) == 1
        and lines[0].startswith("error: ")
        and len(lines[0]) < 400
    ):
        return REFUSED
    return CRASH


def survey(cli: bool = False) -> tuple[Counter[tuple[str, str]], list[str]]:
    """Counts per (kind, ending) and a description of every crash."""
    counts: Counter[tuple[str, str]] = Counter()
    crashes: list[str] = []
    for kind, name, action in library_cases():
        ending = _classify(action)
        counts[(kind, ending)] += 1
        if ending == CRASH:
            try:
                action()
            except Exception as exc:
                crashes.append(f"{kind} {name}: {type(exc).__name__}: {str(exc)[:120]}")
    if cli:
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            write_cli_files(folder)
            for kind, arguments, stdin in cli_cases(folder):
                ending = run_cli(arguments, stdin)
                counts[(f"CLI {kind}", ending)] += 1
                if ending == CRASH:
                    crashes.append(f"CLI {' '.join(a[:30] for a in arguments)}")
    return counts, crashes


def main() -> None:
    counts, crashes = survey(cli="--cli" in sys.argv)
    kinds = sorted({kind for kind, _ in counts})
    print(f"{'kind':16} {'tried':>6} {REFUSED:>8} {ACCEPTED:>8} {CRASH:>6}")
    for kind in kinds:
        row = [counts[(kind, e)] for e in (REFUSED, ACCEPTED, CRASH)]
        print(f"{kind:16} {sum(row):6d} {row[0]:8d} {row[1]:8d} {row[2]:6d}")
    for line in crashes[:40]:
        print("crash:", line)


if __name__ == "__main__":
    main()
