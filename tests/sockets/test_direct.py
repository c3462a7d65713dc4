"""A frame written straight to a daphne socket (apps/sockets/direct.py): the same bytes autobahn
writes, found behind channels' session wrapper, declined whenever the socket is not plain, sent
at once or after what Twisted holds, in order; and live, every socket of a table gets every
frame in order, a socket dropped mid-match breaking none of the others (the live test is in
tests/tables/test_actor.py)."""

from __future__ import annotations

import socket
from functools import partial

import pytest
from autobahn.twisted.websocket import WebSocketServerFactory, WebSocketServerProtocol
from channels.sessions import InstanceSessionWrapper
from daphne.server import Server
from twisted.internet import tcp
from twisted.internet.testing import StringTransport

from apps.core.errors import Refused
from apps.sockets.consumers import TableConsumer
from apps.sockets.direct import DirectSend, direct_sender, frame_header, write_now
from tests.loops import run_loop

TEXTS = ["", "x", "ю" * 62, "y" * 125, "z" * 126, "{" * 65535, "w" * 65536, "карты " * 20_000]


def open_protocol():
    """An autobahn server protocol in the open state on a transport that records its writes."""
    factory = WebSocketServerFactory()
    factory.protocol = WebSocketServerProtocol  # the Twisted one, as daphne's protocol is
    protocol = factory.buildProtocol(None)
    protocol.makeConnection(StringTransport())
    protocol.state = protocol.STATE_OPEN
    protocol.transport.clear()
    return protocol


def a_server(*protocols) -> Server:
    server = Server.__new__(Server)  # only its connections are read
    server.connections = {p: {} for p in protocols}
    return server


@pytest.mark.parametrize("text", TEXTS, ids=lambda t: str(len(t)))
def test_the_frame_is_the_one_autobahn_writes(text: str) -> None:
    theirs, ours = open_protocol(), open_protocol()
    theirs.sendMessage(text.encode())
    assert DirectSend(a_server(ours), ours)(text) is True
    assert ours.transport.value() == theirs.transport.value()
    assert frame_header(len(text.encode())) == theirs.transport.value()[: -len(text.encode()) or None]


def test_found_behind_daphnes_send_with_or_without_the_session_wrapper() -> None:
    protocol = open_protocol()
    server = a_server(protocol)
    daphne_send = partial(server.handle_reply, protocol)
    assert isinstance(direct_sender(daphne_send), DirectSend)
    wrapped = InstanceSessionWrapper({"cookies": {}}, daphne_send)
    assert isinstance(direct_sender(wrapped.send), DirectSend)

    async def other(message: dict) -> None: ...

    assert direct_sender(other) is None  # channels' test communicator, another server
    assert direct_sender(partial(other, protocol)) is None


@pytest.mark.parametrize(
    "change",
    [
        lambda p: setattr(p, "state", p.STATE_CLOSING),
        lambda p: p.send_queue.append((b"queued", True)),
        lambda p: setattr(p, "_perMessageCompress", object()),
        lambda p: setattr(p, "logFrames", True),
        lambda p: setattr(p, "autoFragmentSize", 10),
        lambda p: setattr(p, "maxMessagePayloadSize", 3),
    ],
    ids=["closing", "queued", "compressed", "logged", "fragmented", "too_large"],
)
def test_declined_when_the_socket_is_not_plain(change) -> None:
    protocol = open_protocol()
    change(protocol)
    assert DirectSend(a_server(protocol), protocol)("four") is False
    assert protocol.transport.value() == b""


def test_a_socket_daphne_let_go_gets_nothing() -> None:
    protocol = open_protocol()
    server = a_server()
    assert DirectSend(server, protocol)("gone") is True  # daphne's handle_reply drops it too
    server.connections[protocol] = {"disconnected": 1.0}
    assert DirectSend(server, protocol)("gone") is True
    assert protocol.transport.value() == b""


class Reactor:
    """What a Twisted connection asks of its reactor here: to be watched for writing."""

    def __init__(self) -> None:
        self.writers: list = []

    def addWriter(self, writer) -> None:
        self.writers.append(writer)


def connection_pair() -> tuple[tcp.Connection, socket.socket, Reactor]:
    ours, peer = socket.socketpair()
    reactor = Reactor()
    connection = tcp.Connection(ours, None, reactor)
    connection.connected = 1
    peer.setblocking(False)
    return connection, peer, reactor


def received(peer: socket.socket) -> bytes:
    chunks = []
    while True:
        try:
            chunk = peer.recv(1 << 20)
        except BlockingIOError:
            return b"".join(chunks)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def test_written_at_once_when_nothing_waits() -> None:
    connection, peer, reactor = connection_pair()
    write_now(connection, b"frame one")
    write_now(connection, b"frame two")
    assert received(peer) == b"frame oneframe two"
    assert reactor.writers == [] and connection._tempDataBuffer == []


def test_after_what_twisted_holds_in_order() -> None:
    connection, peer, reactor = connection_pair()
    connection.write(b"a ping autobahn wrote")  # buffered by Twisted, for the loop's next turn
    write_now(connection, b"the move's frame")
    assert received(peer) == b""  # nothing jumps the queue
    assert connection._tempDataBuffer == [b"a ping autobahn wrote", b"the move's frame"]
    assert set(reactor.writers) == {connection}  # to be written on the loop's next turn


def test_what_the_socket_does_not_take_now_is_buffered_in_order() -> None:
    connection, peer, _ = connection_pair()
    data = bytes(range(256)) * 20_000  # 5 MB: more than a socket's buffer
    write_now(connection, data)
    now = received(peer)
    assert 0 < len(now) < len(data)
    assert now + b"".join(connection._tempDataBuffer) == data


def a_table_consumer(protocol) -> tuple[TableConsumer, list[dict]]:
    """An admitted spectator's consumer whose direct path writes to ``protocol``; returns it and
    what it sent the usual way (through channels' send)."""
    consumer = TableConsumer()
    sent: list[dict] = []

    async def base_send(message: dict) -> None:
        sent.append(message)

    consumer.base_send = base_send
    consumer.admitted = True
    consumer.direct = DirectSend(a_server(protocol), protocol)
    return consumer, sent


def test_a_move_frame_goes_straight_and_the_usual_way_when_declined() -> None:
    protocol = open_protocol()
    consumer, sent = a_table_consumer(protocol)
    run_loop(consumer.frames_deliver({"public": "direct"}, match_id=1, seq=1))
    assert sent == [] and protocol.transport.value().endswith(b"direct")
    protocol.state = protocol.STATE_CLOSING
    run_loop(consumer.frames_deliver({"public": "usual"}, match_id=1, seq=2))
    assert sent == [{"type": "websocket.send", "text": "usual"}]


def test_errors_and_the_close_never_go_straight() -> None:
    """A refusal's ``error`` and its close go the usual way, in order, through autobahn: only
    the table's move frames of an admitted socket take the direct path."""
    protocol = open_protocol()
    consumer, sent = a_table_consumer(protocol)
    consumer.language = "en"
    run_loop(consumer.send_error(Refused("rate_limited")))
    run_loop(consumer.close(code=4429))
    assert [m["type"] for m in sent] == ["websocket.send", "websocket.close"]
    assert '"rate_limited"' in sent[0]["text"]
    assert protocol.transport.value() == b""
    assert consumer.direct is None  # closing: nothing more goes straight
    run_loop(consumer.frames_deliver({"public": "late"}, match_id=1, seq=3))
    assert len(sent) == 2 and protocol.transport.value() == b""


def test_no_direct_path_before_admission() -> None:
    """A socket still connecting (or refused) has no direct path: its frames wait or go the
    usual way."""
    assert TableConsumer().direct is None
    consumer = TableConsumer()
    consumer.registered, consumer.held = True, []
    run_loop(consumer.frames_deliver({"public": "held"}, match_id=1, seq=1))
    assert consumer.held == [({"public": "held"}, 1, 1)]
