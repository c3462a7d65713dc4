"""Sending to the channel layer (called only by services, after their transaction commits).

The channel layer delivers at most once: every state carries ``seq`` so a client that
misses one asks for ``sync``.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def send_many(messages: list[tuple[str, dict]]) -> None:
    """``group_send`` each ``(group, message)``; a broken layer is logged, never raised."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def _send() -> None:
        for group, message in messages:
            await layer.group_send(group, message)

    try:
        async_to_sync(_send)()
    except Exception:  # the move is committed; clients resync on the next state
        log.exception("publishing %d messages failed", len(messages))
