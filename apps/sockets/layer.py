"""A socket's leftovers in the channel layer, dropped after it closed."""

from __future__ import annotations

import asyncio
from typing import Any

#: Seconds after a socket closes before messages that still reached it are dropped.
LATE_MESSAGES_SECONDS = 5.0


def forget_late_messages(layer: Any, channel_name: str | None) -> None:
    """Drop, a few seconds after a socket closed, what the channel layer still delivered to it.

    channels-redis's core layer keeps a queue per channel of the process and creates one again
    for any message that arrives after the consumer is gone (a state published to the table
    while the socket was closing); nobody ever reads or frees it, so the process would grow
    with every socket that ever closed (docs/performance.md). The pub/sub layer drops such
    messages itself."""
    buffers = getattr(layer, "receive_buffer", None)
    if channel_name is None or not isinstance(buffers, dict):
        return
    asyncio.get_running_loop().call_later(LATE_MESSAGES_SECONDS, buffers.pop, channel_name, None)
