"""Game options: a frozen dataclass per game, printable as `key=value ...` and parseable back."""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from typing import Any, Self

from spieltisch.core.errors import NotationError, OptionError, quote
from spieltisch.core.text import read_int

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return ",".join(_format_value(v) for v in value)
    if value is None:
        return "none"
    return str(value)


def _parse_value(name: str, kind: Any, text: str) -> Any:
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(kind) if a is not type(None)]
        if text.lower() == "none" and len(args) < len(typing.get_args(kind)):
            return None
        if len(args) == 1:
            return _parse_value(name, args[0], text)
        raise OptionError(f"option {name}: unsupported type {kind}")
    if origin is tuple:
        (item,) = [a for a in typing.get_args(kind) if a is not Ellipsis]
        return tuple(_parse_value(name, item, part) for part in text.split(",") if part)
    if kind is bool:
        low = text.lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise OptionError(f"option {name}: expected true or false, got {quote(text)}")
    if kind is int:
        try:
            return read_int(text, f"option {name}", signed=True)
        except NotationError as exc:
            raise OptionError(str(exc)) from None
    if kind is float:
        return _read_float(name, text)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        for member in kind:
            if text in (str(member.value), member.name, member.name.lower()):
                return member
        allowed = ", ".join(str(m.value) for m in kind)
        raise OptionError(f"option {name}: {quote(text)} is not one of {allowed}")
    if kind is str:
        return text
    raise OptionError(f"option {name}: unsupported type {kind}")


def _read_float(name: str, text: str) -> float:
    """A finite number written in ASCII (`float()` alone takes `nan`, `inf` and `١`)."""
    try:
        value = float(text) if text.isascii() and len(text) <= 40 else math.nan
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise OptionError(f"option {name}: expected a number (finite, in ASCII), got {quote(text)}")
    return value


@dataclasses.dataclass(frozen=True)
class GameOptions:
    """Base of every game's options. Subclasses are frozen dataclasses with defaults.

    Subclasses validate themselves in `__post_init__` and raise `OptionError`.
    """

    @classmethod
    def _hints(cls) -> dict[str, Any]:
        return typing.get_type_hints(cls)

    def text(self) -> str:
        """All options as `key=value` pairs separated by spaces (empty for no options)."""
        return " ".join(
            f"{f.name}={_format_value(getattr(self, f.name))}" for f in dataclasses.fields(self)
        )

    def changed(self) -> dict[str, str]:
        """The options that differ from the defaults, as text values."""
        default = type(self)()
        return {
            f.name: _format_value(getattr(self, f.name))
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def native_config(self) -> str | None:
        """These options as the game's native engine takes them: "" for the defaults, which
        every native engine plays, None for options it cannot play. A game whose native
        engine plays variants overrides this with its own small config text."""
        return "" if self == type(self)() else None

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read `key=value key=value` (or comma-free pairs from several arguments)."""
        return cls.from_pairs(text.split())

    @classmethod
    def from_pairs(cls, pairs: typing.Iterable[str]) -> Self:
        """Read options from `key=value` strings; unnamed options keep their defaults."""
        hints = cls._hints()
        names = {f.name for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        for pair in pairs:
            key, sep, raw = pair.partition("=")
            key = key.strip().replace("-", "_")
            if not sep:
                raise OptionError(f"option {quote(pair)}: expected key=value")
            if key not in names:
                known = ", ".join(sorted(names)) or "none"
                raise OptionError(f"unknown option {quote(key)} (known options: {known})")
            values[key] = _parse_value(key, hints[key], raw.strip())
        try:
            return cls(**values)
        except TypeError as exc:  # pragma: no cover - a subclass without defaults
            raise OptionError(str(exc)) from None

    def __str__(self) -> str:
        return self.text()


@dataclasses.dataclass(frozen=True)
class NoOptions(GameOptions):
    """Options of a game that has none."""
