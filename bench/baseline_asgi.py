"""The ceiling of the stack: a trivial table consumer that only fans each action out (bench only).

Served by daphne like the site (``daphne bench.baseline_asgi:application``) with the same
settings and channel layer (Redis), never part of the site's routing. ``/ws/tables/<id>/?seat=N``
joins the group of table ``id``; on connect it sends ``seq`` 0 with seat 0 to act; every ``act``
of seq N is answered by one ``group_send`` to the table's group of a ``state`` of seq N+1 with
the next seat to act and a filler as large as a real state frame (``BENCH_FRAME_BYTES``): no
database, no engine, no auth. Frames are read and written with :mod:`apps.protocol`, as the
site's consumer does, so the comparison is of everything but the codec.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs

import django

django.setup()

from channels.consumer import get_handler_name  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from apps.protocol import FrameError, decode_client, encode  # noqa: E402
from apps.protocol.client import Act  # noqa: E402
from apps.protocol.server import state_frame  # noqa: E402

FILLER = "x" * int(os.environ.get("BENCH_FRAME_BYTES", "1500"))
LEGAL = [{"type": "play", "card": "As"}]


def _frame(seq: int, to_act: int) -> str:
    view = {"to_act": [to_act], "legal": LEGAL, "filler": FILLER}
    return encode(state_frame(seq, view, []))


class FanOutConsumer(AsyncWebsocketConsumer):
    """Each ``act`` becomes one state message to the table's four sockets."""

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.seat = int(query.get("seat", ["0"])[0])
        self.group = f"bench.{self.table_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=_frame(0, 0))

    async def dispatch(self, message: dict) -> None:
        """No ``close_old_connections`` hop per message (no database here; the site skips it too)."""
        await getattr(self, get_handler_name(message))(message)

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            frame = decode_client(text_data if text_data is not None else bytes_data, Act)
        except FrameError:
            return
        seq = frame.seq + 1
        text = _frame(seq, (self.seat + 1) % 4)
        await self.channel_layer.group_send(self.group, {"type": "bench.state", "text": text})

    async def bench_state(self, event: dict) -> None:
        await self.send(text_data=event["text"])


async def _http(scope, receive, send) -> None:
    """200 on every HTTP request (readiness probe)."""
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"ok"})


application = ProtocolTypeRouter(
    {
        "http": _http,
        "websocket": URLRouter([path("ws/tables/<int:table_id>/", FanOutConsumer.as_asgi())]),
    }
)
