"""Cutting the competition's XML stream into packets, incrementally and bounded.

Both sides of the protocol write one long document `<protocol> packet packet …
</protocol>` (ostseeschach-protocol.md, "The server uses XStream"). `PacketSplitter`
takes the bytes as they arrive and hands out each complete packet (a child element of
`<protocol>`, or a top-level element when a client leaves `<protocol>` out) as bytes,
which are then parsed one by one by the hardened reader (`core.xml_reading`). It only
tracks tags, quotes, comments, CDATA and processing instructions; it never builds a tree,
and it refuses a packet longer than `limit` bytes and any `<!DOCTYPE`.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MAX_PACKET", "PacketSplitter", "StreamError"]

#: The longest packet (bytes) a client may send; the official messages are a few KB.
MAX_PACKET = 1 << 20


class StreamError(Exception):
    """The stream cannot go on: a packet too long, a DTD, a broken tag. `reason` is the
    one line the server sends before it closes the connection."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class _Open:
    """A tag under way: where it started and the quote we are inside, if any."""

    start: int


class PacketSplitter:
    """Feed bytes with `feed`; it returns the packets completed by them (see module)."""

    def __init__(self, limit: int = MAX_PACKET) -> None:
        self.limit = limit
        self._buffer = bytearray()
        self._scan = 0  # everything before this offset is scanned
        self._depth = 0  # element depth inside the current packet
        self._packet_start: int | None = None
        #: True once the client opened `<protocol>`; False again after `</protocol>`.
        self.in_protocol = False
        #: True once `</protocol>` arrived: the client closed its stream.
        self.closed = False

    def feed(self, data: bytes) -> list[bytes]:
        """The packets completed by `data` (raises `StreamError` on a fatal fault)."""
        self._buffer += data
        packets: list[bytes] = []
        buffer = self._buffer
        while True:
            if self.closed:
                break
            lt = buffer.find(b"<", self._scan)
            if lt < 0:
                if self._packet_start is None:  # text between packets: dropped
                    del buffer[:]
                    self._scan = 0
                else:
                    self._scan = len(buffer)
                break
            end = self._tag_end(lt)
            if end is None:  # the tag is not complete yet
                self._scan = lt
                break
            self._scan = end
            self._handle_tag(lt, end, packets)
        self._check_size()
        return packets

    def _check_size(self) -> None:
        start = self._packet_start if self._packet_start is not None else self._scan
        if len(self._buffer) - start > self.limit:
            raise StreamError(f"a message longer than {self.limit} bytes")
        if self._packet_start is None and self._scan > 0:
            del self._buffer[: self._scan]
            self._scan = 0

    def _tag_end(self, lt: int) -> int | None:
        """The offset just after the markup that starts at `lt`, or None if incomplete."""
        buffer = self._buffer
        head = bytes(buffer[lt : lt + 9])
        if head.startswith(b"<!--"):
            close = buffer.find(b"-->", lt + 4)
            return None if close < 0 else close + 3
        if head.startswith(b"<![CDATA["):
            close = buffer.find(b"]]>", lt + 9)
            return None if close < 0 else close + 3
        if head.startswith(b"<?"):
            close = buffer.find(b"?>", lt + 2)
            return None if close < 0 else close + 2
        if len(head) >= 2 and head[1:2] == b"!":
            if b"<!--".startswith(head) or b"<![CDATA[".startswith(head):
                return None  # a comment or CDATA whose start has not all arrived
            raise StreamError("a document type declaration (<!DOCTYPE …>) is refused")
        if len(head) < 2:
            return None
        quote = 0
        index = lt + 1
        size = len(buffer)
        while index < size:
            byte = buffer[index]
            if quote:
                if byte == quote:
                    quote = 0
            elif byte in (0x22, 0x27):
                quote = byte
            elif byte == 0x3E:  # >
                return index + 1
            elif byte == 0x3C:  # <
                raise StreamError("a '<' inside a tag")
            index += 1
        return None

    def _handle_tag(self, lt: int, end: int, packets: list[bytes]) -> None:
        buffer = self._buffer
        second = bytes(buffer[lt + 1 : lt + 2])
        if second in (b"?", b"!"):
            return  # a comment, CDATA or processing instruction: part of what surrounds it
        closing = second == b"/"
        empty = buffer[end - 2 : end - 1] == b"/"
        name = _name(buffer, lt + (2 if closing else 1), end)
        if self._packet_start is None:
            if closing:
                if name == b"protocol" and self.in_protocol:
                    self.in_protocol = False
                    self.closed = True
                    return
                raise StreamError(f"an unexpected closing tag </{name.decode('ascii', 'replace')}>")
            if name == b"protocol" and not self.in_protocol and not empty:
                self.in_protocol = True
                return
            if empty:
                packets.append(bytes(buffer[lt:end]))
                return
            self._packet_start = lt
            self._depth = 1
            return
        if closing:
            self._depth -= 1
        elif not empty:
            self._depth += 1
        if self._depth == 0:
            packets.append(bytes(buffer[self._packet_start : end]))
            del buffer[:end]
            self._scan = 0
            self._packet_start = None


def _name(buffer: bytearray, start: int, end: int) -> bytes:
    """The element name of a tag (up to white space, '/' or '>')."""
    index = start
    while index < end and buffer[index] not in b" \t\r\n/>":
        index += 1
    return bytes(buffer[start:index])
