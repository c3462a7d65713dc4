"""A trivial authenticated socket at ``/ws/ping/``: proves the ASGI stack end to end.

Anonymous users are accepted then closed with code 4401 (docs/protocol.md); ``{"op": "ping",
"t": x}`` is answered with ``{"op": "pong", "t": x}``; anything else gets an ``error``.
"""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer

from apps.protocol.codec import FrameError, encode, frame_object
from apps.protocol.server import Error, Pong

#: Close codes every socket of the site uses (docs/protocol.md).
CLOSE_UNAUTHENTICATED = 4401
CLOSE_NOT_FOUND = 4404
# daphne (autobahn) lets an application close only with 1000 or 3000-4999, so not 1009.
CLOSE_MESSAGE_TOO_BIG = 4413
MAX_MESSAGE_CHARS = 4096


class PingConsumer(AsyncWebsocketConsumer):
    """Answers pings from signed-in users."""

    async def connect(self) -> None:
        await self.accept()
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is None or len(text_data) > MAX_MESSAGE_CHARS:
            await self.close(code=CLOSE_MESSAGE_TOO_BIG)
            return
        try:
            message: Any = frame_object(text_data)
        except FrameError:
            message = None
        await self.send(text_data=encode(self.reply_to(message)))

    @staticmethod
    def reply_to(message: Any) -> Pong | Error:
        """The answer to one decoded message: its ``pong``, or ``bad_message`` for anything else."""
        if isinstance(message, dict) and message.get("op") == "ping":
            return Pong(t=message["t"]) if "t" in message else Pong()
        return Error(code="bad_message", message='expected {"op": "ping"}')


class NotFoundConsumer(AsyncWebsocketConsumer):
    """Any socket path no app routes: accepted, then closed with 4404 (without it Channels'
    router raises ``ValueError``, and the handshake fails with HTTP 500 and a traceback)."""

    async def connect(self) -> None:
        await self.accept()
        await self.close(code=CLOSE_NOT_FOUND)
