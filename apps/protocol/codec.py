"""Reading client frames and writing any frame: the one place socket JSON is parsed and written.

- :func:`encode` writes a frame (any Struct of this package, or plain JSON values) as compact
  JSON text: no spaces, non-ASCII letters as they are — the same text ``json.dumps(value,
  ensure_ascii=False, separators=(",", ":"))`` gives for the site's frames.
- :func:`decode_client` reads one client frame into its Struct, or raises :class:`FrameError`
  with the refusal's detail (the caller answers ``bad_message``). The checks, in order: a frame
  at all, at most 16 KB, nested at most 32 deep, JSON, an object with a string ``op``, an op of
  this socket, the op's fields. Fast path: one typed parse; only a refused frame is parsed a
  second time to find which check refused it.
- :func:`decode_server` reads a server frame (for clients: bots, benches, tests).

>>> from apps.protocol.client import TableIn
>>> decode_client('{"op":"rematch","yes":false}', TableIn)
Rematch(yes=False, id=None)
>>> try:
...     decode_client('{"op":"rematch","yes":1,"id":9}', TableIn)
... except FrameError as exc:
...     print(exc.detail, exc.request_id)
rematch needs yes: true or false 9
"""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec

from .client import CLIENT_FRAMES, FIELD_DETAILS, AnyClientFrame, ClientFrame
from .limits import MAX_DEPTH, MAX_FRAME_BYTES, nesting_within
from .server import AnyServerFrame, ServerFrame


class FrameError(Exception):
    """A client frame refused as ``bad_message``; ``detail`` says why (for logs and tests), and
    ``request_id`` is the frame's ``id`` once the frame was an object with an op (else None)."""

    def __init__(self, detail: str = "", request_id: Any = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.request_id = request_id


_encoder = msgspec.json.Encoder()
_any = msgspec.json.Decoder()
_server = msgspec.json.Decoder(AnyServerFrame)


def encode(value: Any) -> str:
    """``value`` (a frame, or JSON values: dicts keep their key order) as compact JSON text."""
    return _encoder.encode(value).decode()


def encode_bytes(value: Any) -> bytes:
    """:func:`encode` as UTF-8 bytes (for a socket library that sends bytes as text)."""
    return _encoder.encode(value)


@cache
def _decoder(frames: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(frames)


@cache
def _ops(frames: Any) -> dict[str, type[ClientFrame]]:
    members = getattr(frames, "__args__", (frames,))
    return {cls.__struct_config__.tag: cls for cls in members}


def frame_object(raw: str | bytes | None, *, max_bytes: int = MAX_FRAME_BYTES) -> dict[str, Any]:
    """One client frame as a dict with a string ``op``; :class:`FrameError` otherwise."""
    raw = _check_size(raw, max_bytes)
    try:
        message = _any.decode(raw)
    except msgspec.DecodeError:
        raise FrameError("not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("op"), str):
        raise FrameError("a frame is an object with a string 'op'")
    return message


def _check_size(raw: str | bytes | None, max_bytes: int) -> str | bytes:
    """``raw`` itself once it is a frame at all, of at most ``max_bytes``, nested at most
    :data:`MAX_DEPTH` deep; :class:`FrameError` otherwise."""
    if raw is None:
        raise FrameError()
    size = len(raw.encode("utf-8", errors="surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > max_bytes:
        raise FrameError(f"frame over {max_bytes // 1024} KB")
    if not nesting_within(raw):
        raise FrameError(f"JSON nested deeper than {MAX_DEPTH}")
    return raw


def decode_client(
    raw: str | bytes | None, frames: Any = AnyClientFrame, *, max_bytes: int = MAX_FRAME_BYTES
) -> ClientFrame:
    """``raw`` as one of ``frames`` (a client frame Struct or a union of them: ``TableIn``,
    ``LobbyIn``); :class:`FrameError` with the first check it fails (module docstring)."""
    raw = _check_size(raw, max_bytes)
    try:
        frame: ClientFrame = _decoder(frames).decode(raw)
        return frame
    except (msgspec.DecodeError, msgspec.ValidationError):
        pass
    message = frame_object(raw, max_bytes=max_bytes)
    request_id, op = message.get("id"), message["op"]
    cls = _ops(frames).get(op)
    if cls is None:
        raise FrameError("unknown op", request_id)
    try:
        return msgspec.convert(message, cls)
    except msgspec.ValidationError as exc:
        raise FrameError(FIELD_DETAILS.get(op, str(exc)), request_id) from None


def decode_server(raw: str | bytes) -> ServerFrame:
    """A server frame (any op of :mod:`.server`); ``msgspec.DecodeError`` /
    ``msgspec.ValidationError`` for anything else (an op this module does not know yet)."""
    return _server.decode(raw)


__all__ = ["CLIENT_FRAMES", "FrameError", "decode_client", "decode_server", "encode", "frame_object"]
