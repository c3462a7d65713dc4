"""A frame sent to a socket whose peer has begun closing (daphne's protocol no longer open, the
consumer not yet told) is dropped: the socket's handler goes on instead of failing with
autobahn's ``Disconnected`` ("Attempt to send on a closed protocol"), and nothing more is sent."""

from __future__ import annotations

import pytest
from autobahn.exception import Disconnected

from apps.sockets.consumers import TableConsumer
from tests.loops import run_loop


class ClosingPeer:
    """daphne's send for a connection in its closing handshake: it refuses as autobahn does."""

    def __init__(self) -> None:
        self.calls = 0

    async def __call__(self, message: dict) -> None:
        self.calls += 1
        raise Disconnected("Attempt to send on a closed protocol")


def test_a_frame_to_a_closing_peer_is_dropped_and_nothing_follows() -> None:
    consumer = TableConsumer()
    peer = ClosingPeer()
    consumer.base_send = peer

    async def refresh_then_move() -> None:
        await consumer.send(text_data='{"op":"state"}')  # a refresh racing the close
        await consumer.send(text_data='{"op":"state"}')  # the next move's frame

    run_loop(refresh_then_move())

    assert consumer.closing
    assert peer.calls == 1  # the second frame never reached daphne


def test_other_send_failures_still_raise() -> None:
    consumer = TableConsumer()

    async def broken(message: dict) -> None:
        raise ValueError("Socket has not been accepted, so cannot send over it")

    consumer.base_send = broken
    with pytest.raises(ValueError):  # not a closing peer's refusal: never swallowed
        run_loop(consumer.send(text_data="{}"))
    assert not consumer.closing
