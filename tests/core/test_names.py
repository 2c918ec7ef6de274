"""`core.names`: the one check of every name and user text at the edge."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spieltisch.core.names import (
    NAME_LONGEST,
    BadName,
    clean_name,
    clean_text,
    clean_username,
    username_key,
)


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("m\ud800", "BAD_CHARACTER"),  # a lone surrogate
        ("a\x00b", "BAD_CHARACTER"),
        ("\x1b[31mred", "BAD_CHARACTER"),
        ("bob\u202egnp.exe", "BAD_CHARACTER"),  # right-to-left override
        ("a\u200db", "BAD_CHARACTER"),  # zero-width joiner
        ("a\u2028b", "BAD_CHARACTER"),  # line separator
        ("a\nb", "BAD_CHARACTER"),
        ("\ue000", "BAD_CHARACTER"),  # private use
        ("   ", "EMPTY"),
        ("", "EMPTY"),
        ("x" * (NAME_LONGEST + 1), "TOO_LONG"),
        ("x" * 5_000_000, "TOO_LONG"),
        (42, "NOT_TEXT"),
        (None, "NOT_TEXT"),
    ],
)
def test_bad_names_are_refused_with_a_code(raw: object, code: str) -> None:
    with pytest.raises(BadName) as refused:
        clean_name(raw)
    assert refused.value.code == code
    assert "name" in str(refused.value)


def test_names_are_normalised() -> None:
    assert clean_name("  Zoe\u0308  ") == "Zoë"  # NFC, outer space gone
    assert clean_name("a   b  c") == "a b c"  # runs of spaces folded
    assert clean_name("Jürgen der Große") == "Jürgen der Große"
    assert clean_name("x" * NAME_LONGEST) == "x" * NAME_LONGEST
    assert clean_name("名人") == "名人"


def test_the_field_is_named_in_the_message() -> None:
    with pytest.raises(BadName, match="displayName"):
        clean_name("a\x00", field="displayName")


def test_text_keeps_its_lines() -> None:
    assert clean_text("hello  there\n  second line ") == "hello there\nsecond line"
    with pytest.raises(BadName):
        clean_text("bad\x07bell")


def test_usernames() -> None:
    assert clean_username("Anna_1.b") == "Anna_1.b"
    for bad, code in (
        ("ab", "TOO_SHORT"),
        ("anna smith", "BAD_CHARACTER"),
        ("_anna", "BAD_START"),
        ("Admin", "RESERVED"),
        ("x" * 21, "TOO_LONG"),
    ):
        with pytest.raises(BadName) as refused:
            clean_username(bad)
        assert refused.value.code == code, bad
    assert username_key("Anna") == username_key("ANNA") == username_key("anna")


@given(st.text(max_size=200))
def test_a_clean_name_is_always_storable(raw: str) -> None:
    try:
        name = clean_name(raw)
    except BadName:
        return
    name.encode("utf-8")  # never a lone surrogate
    assert name == name.strip() and 0 < len(name) <= NAME_LONGEST
    assert clean_name(name) == name  # idempotent
