"""core.files: every way an input file can be wrong ends in the project's own error."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.core.errors import NotationError, SpieltischError
from spieltisch.core.files import InputFileError, decode_text, read_text_file

TEXT = "<state turn='1'>ä</state>\n"


@pytest.mark.parametrize(
    ("data", "name"),
    [
        (TEXT.encode("utf-8"), "plain UTF-8"),
        (codecs.BOM_UTF8 + TEXT.encode("utf-8"), "UTF-8 with a byte-order mark"),
        (TEXT.encode("utf-16"), "UTF-16 with its mark"),
        (codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), "UTF-16 big-endian"),
        (TEXT.encode("utf-32"), "UTF-32 with its mark"),
    ],
)
def test_text_in_every_marked_encoding_reads_the_same(
    tmp_path: Path, data: bytes, name: str
) -> None:
    path = tmp_path / "state.xml"
    path.write_bytes(data)
    assert read_text_file(path) == TEXT, name


def test_invalid_utf8_names_the_byte() -> None:
    with pytest.raises(NotationError, match=r"byte 4 \(0xff\)"):
        decode_text(b"abc\xffdef")


def test_a_directory_a_missing_file_and_an_unreadable_one(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="is a directory"):
        read_text_file(tmp_path)
    with pytest.raises(InputFileError, match="does not exist"):
        read_text_file(tmp_path / "nothing.txt")
    locked = tmp_path / "locked.txt"
    locked.write_text("x", encoding="utf-8")
    locked.chmod(0)
    try:
        with locked.open("rb"):  # running as root: every file is readable
            readable = True
    except PermissionError:
        readable = False
    try:
        if readable:
            pytest.skip("files are readable for this user whatever their mode")
        with pytest.raises(InputFileError, match="permission denied"):
            read_text_file(locked)
    finally:
        locked.chmod(0o644)


def test_a_long_file_name_is_quoted_short(tmp_path: Path) -> None:
    with pytest.raises(InputFileError) as info:
        read_text_file(tmp_path / ("x" * 200))
    assert len(str(info.value)) < 160


@settings(max_examples=200)
@given(st.binary(max_size=64))
def test_any_bytes_give_text_or_a_notation_error(data: bytes) -> None:
    try:
        assert isinstance(decode_text(data), str)
    except SpieltischError as exc:
        assert isinstance(exc, NotationError)
