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


def test_the_consumer_sends_the_usual_way_when_declined() -> None:
    consumer = TableConsumer()
    sent: list[dict] = []

    async def base_send(message: dict) -> None:
        sent.append(message)

    protocol = open_protocol()
    consumer.base_send = base_send
    consumer.direct = DirectSend(a_server(protocol), protocol)
    run_loop(consumer.send(text_data="direct"))
    assert sent == [] and protocol.transport.value().endswith(b"direct")
    protocol.state = protocol.STATE_CLOSING
    run_loop(consumer.send(text_data="usual"))
    assert sent == [{"type": "websocket.send", "text": "usual"}]
