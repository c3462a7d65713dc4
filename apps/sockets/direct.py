"""A move's frame written straight to a socket that this daphne process serves (issue #33).

A consumer's ``send`` goes through channels (``AsyncConsumer.send``, the session middleware's
wrapper), daphne (``Server.handle_reply``, ``WebSocketProtocol.handle_reply``), autobahn
(``sendMessage``, ``sendFrame``, ``sendData``, each formatting its debug log's arguments
whether or not it logs) and Twisted, which buffers the bytes, registers the socket with the
event loop for writing, and writes them on the loop's next turn, then unregisters it. A table
actor sends four or five frames per move that way (docs/performance.md, «Live without pace
(h-live6)»).

:func:`direct_sender` finds, behind a consumer's ``send``, daphne's protocol of the socket and
returns a :class:`DirectSend`: it writes a text frame as autobahn would for a daphne socket (one
unmasked, unfragmented, uncompressed frame) and hands it to the socket at once when nothing is
waiting in Twisted's buffer (else after what is waiting, in order, as Twisted would). Whenever
the socket is not in that plain state (closing, compression negotiated, autobahn's own queue or
logging in use, TLS in Twisted, a buffer limit) it declines and the caller sends the usual way.
Any other server (tests' communicators, another ASGI server) gets None: the usual way.

Only an admitted table socket's move frames use it (``TableConsumer.frames_deliver``): every
connect-time, refusal, error and closing frame goes the usual way, in the order it always had
(docs/decisions-live-core.md, «Frames written straight to the socket»).
"""

from __future__ import annotations

import struct
from functools import partial
from typing import Any

from autobahn.websocket.protocol import WebSocketProtocol
from channels.sessions import InstanceSessionWrapper
from daphne.server import Server
from twisted.internet import tcp

_OPEN = WebSocketProtocol.STATE_OPEN
#: A final text frame (FIN, opcode 1), as autobahn's ``sendFrame`` writes it for a server.
_TEXT = 0x81


def frame_header(size: int) -> bytes:
    """The header of an unmasked final text frame of ``size`` payload bytes (RFC 6455 §5.2)."""
    if size <= 125:
        return bytes((_TEXT, size))
    if size <= 0xFFFF:
        return struct.pack("!BBH", _TEXT, 126, size)
    return struct.pack("!BBQ", _TEXT, 127, size)


class DirectSend:
    """Writes text frames to one daphne socket (see the module)."""

    __slots__ = ("connections", "protocol")

    def __init__(self, server: Server, protocol: Any) -> None:
        self.connections: dict = server.connections
        self.protocol = protocol

    def __call__(self, text: str) -> bool:
        """Send ``text`` as one frame; False (nothing done) when the socket is not in the plain
        state this writes for: the caller then sends it the usual way."""
        protocol = self.protocol
        connection = self.connections.get(protocol)
        if connection is None or connection.get("disconnected"):
            return True  # daphne's handle_reply drops it too
        if (
            protocol.state != _OPEN
            or protocol.send_queue
            or protocol._perMessageCompress is not None
            or protocol.trackedTimings
            or protocol.logFrames
            or protocol.logOctets
            or protocol.maskServerFrames
            or protocol.autoFragmentSize
        ):
            return False
        payload = text.encode()
        size = len(payload)
        if 0 < protocol.maxMessagePayloadSize < size:
            return False  # autobahn refuses it: let it
        transport = protocol.transport
        if type(transport) is not tcp.Server or transport.TLS:
            transport.write(frame_header(size) + payload)
        else:
            write_now(transport, frame_header(size) + payload)
        return True


def write_now(transport: tcp.Connection, data: bytes) -> None:
    """``transport.write(data)``, but sent at once when nothing is waiting to be written (as an
    asyncio transport does), instead of on the loop's next turn after registering the socket
    for writing. What the socket does not take now is buffered by Twisted, after which it goes
    as usual; a lost connection is left to Twisted to find."""
    if (
        transport.connected
        and not transport.disconnecting
        and not transport._writeDisconnected
        and transport.producer is None
        and not transport._tempDataBuffer
        and len(transport.dataBuffer) == transport.offset
    ):
        sent = transport.writeSomeData(data)
        if isinstance(sent, int):
            data = data[sent:]
    if data:
        transport.write(data)


def direct_sender(send: Any) -> DirectSend | None:
    """A :class:`DirectSend` for the socket behind a consumer's ``send`` if daphne serves it
    (through channels' session middleware or not), else None."""
    while isinstance(getattr(send, "__self__", None), InstanceSessionWrapper):
        # its send saves the session on an HTTP response only; a socket's frames pass through
        send = send.__self__.real_send
    if not isinstance(send, partial) or len(send.args) != 1 or send.keywords:
        return None
    server = getattr(send.func, "__self__", None)
    if not isinstance(server, Server) or getattr(send.func, "__func__", None) is not Server.handle_reply:
        return None
    protocol = send.args[0]
    if not isinstance(protocol, WebSocketProtocol):
        return None
    return DirectSend(server, protocol)
