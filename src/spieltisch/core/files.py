"""Reading input files as text: one guarded reader for position files and game records.

Files come from outside, so every way a file can be wrong ends in the project's own
error, never a `UnicodeDecodeError` or `IsADirectoryError`: a missing or unreadable file,
a directory, a file too large to be a position or a record, and bytes that are not text.
The text is UTF-8; a UTF-8 byte-order mark is dropped (so `\\ufeff<state …>` reads as XML),
UTF-16 and UTF-32 with a byte-order mark are decoded, and invalid UTF-8 is refused naming
the byte where it fails.
"""

from __future__ import annotations

import codecs
from pathlib import Path

from spieltisch.core.errors import NotationError, SpieltischError, quote

__all__ = ["MAX_FILE_BYTES", "InputFileError", "decode_text", "read_text_file"]

#: The largest input file read (positions and records are far smaller).
MAX_FILE_BYTES = 64 * 1024 * 1024

# Longest marks first: the UTF-32-LE mark starts with the UTF-16-LE one.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


class InputFileError(SpieltischError):
    """A file that cannot be read at all: missing, a directory, unreadable, too large."""


def decode_text(data: bytes, what: str = "the file") -> str:
    """`data` as text: UTF-8 (a byte-order mark dropped) or UTF-16/32 with a byte-order
    mark. Invalid bytes raise `NotationError` naming the first bad byte's offset."""
    encoding = "utf-8"
    for mark, name in _BOMS:
        if data.startswith(mark):
            data = data[len(mark) :]
            encoding = name
            break
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        kind = "UTF-8" if encoding == "utf-8" else encoding.upper()
        raise NotationError(
            f"{what} is not {kind} text: byte {exc.start + 1} "
            f"(0x{data[exc.start]:02x}) cannot be decoded"
        ) from None


def read_text_file(path: Path | str, what: str = "file") -> str:
    """The text of the file at `path` (see `decode_text`); every failure is an
    `InputFileError` or `NotationError` naming the file."""
    path = Path(path)
    name = quote(str(path))
    try:
        if path.is_dir():
            raise InputFileError(f"{what} {name} is a directory, not a file")
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise InputFileError(f"{what} {name} does not exist") from None
    except PermissionError:
        raise InputFileError(f"{what} {name} cannot be read (permission denied)") from None
    except IsADirectoryError:
        raise InputFileError(f"{what} {name} is a directory, not a file") from None
    except OSError as exc:
        raise InputFileError(f"{what} {name} cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise InputFileError(f"{what} {name} is larger than {MAX_FILE_BYTES // 2**20} MB")
    return decode_text(data, f"{what} {name}")
