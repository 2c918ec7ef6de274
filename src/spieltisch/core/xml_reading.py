"""Reading the competition's XML from outside: one safe parser and the element finders.

Every game's XML reader starts here, so that untrusted text is parsed once and the same
way: a byte-order mark and surrounding white space are allowed, a DTD (and with it any
entity declaration: "billion laughs", external entities) is refused, and every failure is
the project's own `NotationError` or `PositionError` quoting at most a short excerpt.
The finders locate the `<state>` or the move inside the wrappers the protocol uses
(ostseeschach-protocol.md and hase-und-igel-protocol.md, "State" and "Move").
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from spieltisch.core.errors import NotationError, PositionError

__all__ = [
    "find_move",
    "find_state",
    "looks_like_xml",
    "read_move_element",
    "read_state_element",
    "read_xml",
]

_BOM = "\ufeff"


def looks_like_xml(text: str) -> bool:
    """Whether `text` is meant as XML: its first character other than white space and a
    byte-order mark is `<` (how `Game.parse` tells the competition's XML from a
    position text)."""
    return text.lstrip().lstrip(_BOM).lstrip().startswith("<")


def read_xml(text: str, error: type[NotationError] = NotationError) -> ET.Element:
    """The root element of the XML document `text`, or `error` saying why it is none.

    A UTF-8 byte-order mark before the first `<` and white space around the document are
    fine; a document type declaration is refused (no protocol message has one, and it is
    where entity expansion and external references would come from).
    """
    body = text.strip()
    if body.startswith(_BOM):
        body = body[1:].lstrip()
    try:
        return fromstring(body, forbid_dtd=True)
    except ET.ParseError as exc:
        line, column = exc.position
        raise error(
            f"not well-formed XML: {_reason(exc)} (line {line}, column {column + 1})",
            body,
            _offset(body, line, column),
        ) from None
    except DefusedXmlException:
        raise error(
            "XML with a document type declaration (DTD, entities) is refused", body, 0
        ) from None
    except UnicodeError:
        raise error("the XML holds a character that is no valid Unicode text") from None


def find_state(root: ET.Element, error: type[NotationError] = PositionError) -> ET.Element:
    """The `<state>` element: the root itself, or the first one inside it (a memento
    `<data class="memento">`, a `<room>` packet, a `<protocol>` stream)."""
    if root.tag == "state":
        return root
    found = next(root.iter("state"), None)
    if found is None:
        raise error(f"no <state> element in the XML (the root is <{_tag(root)}>)")
    return found


def find_move(root: ET.Element, error: type[NotationError] = NotationError) -> ET.Element:
    """The move element: `<move>`, `<data class="move">`, or a `<room>` packet holding
    `<data class="move">` (as a client sends it)."""
    element = root
    if root.tag == "room":
        data = root.find("data")
        if data is None:
            raise error('the room packet holds no <data class="move">')
        element = data
    if element.tag == "move" or (element.tag == "data" and element.get("class") == "move"):
        return element
    found = f'<data class="{_tag(element.get("class", ""))}">' if element.tag == "data" else ""
    raise error(
        f'expected <move> or <data class="move">, found {found or "<" + _tag(element) + ">"}'
    )


def read_state_element(text: str) -> ET.Element:
    """The `<state>` element of outside XML text (`PositionError` if there is none)."""
    return find_state(read_xml(text, PositionError), PositionError)


def read_move_element(text: str) -> ET.Element:
    """The move element of outside XML text (`NotationError` if there is none)."""
    return find_move(read_xml(text, NotationError), NotationError)


def _reason(exc: ET.ParseError) -> str:
    """The parser's reason without its own `: line L, column C` suffix."""
    message = str(exc)
    cut = message.rfind(": line ")
    return message[:cut] if cut > 0 else message


def _offset(text: str, line: int, column: int) -> int:
    """The character offset of expat's (1-based line, 0-based column) in `text`."""
    offset = 0
    for _ in range(line - 1):
        found = text.find("\n", offset)
        if found < 0:
            break
        offset = found + 1
    return min(offset + column, len(text))


def _tag(name: str | ET.Element) -> str:
    """A tag or attribute value from outside, shortened for a message."""
    value = name.tag if isinstance(name, ET.Element) else name
    return value if len(value) <= 40 else value[:39] + "…"
