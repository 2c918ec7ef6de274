"""The server's side of the competition's XML stream, byte for byte as the official
servers of 2018 (Hase und Igel, backend tag 18.2.6) and 2022 (Ostseeschach, tag
22.final) wrote it.

Both servers write through the same code path, and so the same bytes:
`XStreamClient` opens `xStream.createObjectOutputStream(socket, "protocol")`, an XStream
object stream over `PrettyPrintWriter` (KXml2Driver; XStream 1.4.9 in 2018, 1.4.17 in
2022, whose writer is the same). What that writer does, and so what `XStreamWriter`
does:

- Opening the stream writes `<protocol` and nothing else; the `>` comes with the first
  packet, so the first bytes a client ever receives are `<protocol>` + `\\n  ` + the
  first packet (the official test `ClientXmlReadTest.clientSendPacketTest` pins
  `"<protocol>\\n  <example/>"`).
- Every packet is one child of `<protocol>`: a line break and two spaces *before* it,
  every line of it indented two more spaces, and nothing after its last `>` (the line
  break comes with the next packet). An empty element is `<a/>`, attributes in field
  order, two spaces per level (`PrettyPrintWriter.startNode/endNode/finishTag`).
- Closing the stream (`XStreamClient.close` → the object stream's `endNode`) writes
  `\\n</protocol>`; a stream closed before any packet is `<protocol/>`.
- After the result and `<left roomId="…"/>` the official server leaves the connection
  to the client, whose official libraries all close at once (the Java clients send their
  CloseConnection on `left`, the Ruby clients `</protocol>` on the result); this server
  closes right after `left` with the same `\\n</protocol>`, so the bytes are the same.
- Shutting a client down from the server (`XStreamClient.stop`, when the server stops)
  sends the CloseConnection packet first. That class is not registered as an alias in
  either season, so its element is the class name: `sc.protocol.responses.CloseConnection`
  (2018) and `sc.protocol.CloseConnection` (2022) (the codecs' `close_connection`; the
  session's `shutdown`).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["CLOSE_PACKETS", "XStreamWriter"]

#: The elements a client may send to close its side of the stream before `</protocol>`:
#: the CloseConnection class of 2018 and of 2022 under its class name (what the official
#: Java clients write), and its never-registered alias `close`.
CLOSE_PACKETS = frozenset(
    {"close", "sc.protocol.responses.CloseConnection", "sc.protocol.CloseConnection"}
)

_INDENT = "  "


class XStreamWriter:
    """The bytes of one connection's `<protocol>` stream (see the module): `packet` for
    each message, `close` once at the end."""

    def __init__(self) -> None:
        self.started = False
        self.closed = False

    def packet(self, lines: Sequence[str]) -> bytes:
        """One packet given as its lines at depth 0 (two spaces per level inside)."""
        if self.closed:
            return b""
        head = "" if self.started else "<protocol>"
        self.started = True
        body = "\n".join(_INDENT + line for line in lines)
        return (head + "\n" + body).encode("utf-8")

    def close(self) -> bytes:
        """The end of the stream: `\\n</protocol>`, or `<protocol/>` when nothing was
        sent; nothing the second time."""
        if self.closed:
            return b""
        self.closed = True
        return b"\n</protocol>" if self.started else b"<protocol/>"
