"""The socket protocol as typed values: every frame in and out, the actions and the events.

Pure: imports neither Django nor any app of the site (like :mod:`apps.rules`), so bots,
benches and ``examples/bot_client.py`` use it as the server does. The wire JSON is the one
``docs/protocol.md`` describes.

- :mod:`.client` — frames a client sends (``act``, ``sync``, ``ping``, ``chat``…, the lobby's
  ``friends`` and ``watch``); ``TableIn`` / ``LobbyIn``: what each socket reads.
- :mod:`.server` — frames the server sends (``state``, ``error``, ``pong``, ``chat``…,
  ``tables``, ``invitation``…).
- :mod:`.actions` — the canonical actions; :mod:`.events` — what the engines emit;
  :mod:`.views` — the ``view`` of a ``state`` frame, for readers.
- :mod:`.codec` — :func:`encode` any frame, :func:`decode_client` (with the refusals'
  order and details), :func:`decode_server`; :mod:`.limits` — 16 KB, 32 levels.
"""

from .codec import FrameError, decode_client, decode_server, encode, encode_bytes, frame_object
from .limits import MAX_DEPTH, MAX_FRAME_BYTES, nesting_within

__all__ = [
    "MAX_DEPTH",
    "MAX_FRAME_BYTES",
    "FrameError",
    "decode_client",
    "decode_server",
    "encode",
    "encode_bytes",
    "frame_object",
    "nesting_within",
]
