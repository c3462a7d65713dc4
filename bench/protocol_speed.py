"""Socket codec speed, before and after :mod:`apps.protocol`, on one core.

    python bench/protocol_speed.py              # every golden frame, best of 5 rounds
    python bench/protocol_speed.py --rounds 9

Frames are the golden ones of ``tests/protocol/frames.jsonl.gz`` (every state frame of a
seeded match of each game and mode). Measured, in µs per frame (the best round's mean):

- ``encode_state``: a ``state`` frame from its view and events, as ``publish_match`` writes five
  per move — old: the dict written by orjson (``apps.core.jsontext.compact``, what
  ``frame_text`` did); new: :func:`apps.tables.frames.frame_text` (a ``State`` Struct written by
  msgspec). Both texts are checked equal first.
- ``decode_client``: a mix of client frames (``act`` with its action, ``ping``, ``sync``,
  ``chat``) — old: ``decode_frame`` of the consumer before (``json.loads`` plus the checks,
  copied below) and the ``act`` hand check; new: :func:`apps.protocol.decode_client` into the
  table socket's Structs.
- ``decode_state``: a client reading a ``state`` frame (benches, bots) — old ``json.loads``, new
  :func:`apps.protocol.decode_server`.

Prints JSON with the figures and the ratio old / new.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.core.jsontext import compact
from apps.protocol import MAX_DEPTH, MAX_FRAME_BYTES, FrameError, decode_client, decode_server, nesting_within
from apps.protocol.client import TableIn
from bench.common import best_us, print_json
from tests.protocol.golden import of_kind


class Refused(Exception):
    """Stands for ``apps.tables.errors.Refused`` (which needs Django) in the old decoder."""


def old_decode_frame(raw: str) -> dict:
    """The consumer's ``decode_frame`` before :mod:`apps.protocol`, with ``act``'s hand check."""
    size = len(raw.encode("utf-8"))
    if size > MAX_FRAME_BYTES:
        raise Refused("frame over 16 KB")
    if not nesting_within(raw):
        raise Refused(f"JSON nested deeper than {MAX_DEPTH}")
    try:
        message = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise Refused("not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("op"), str):
        raise Refused("a frame is an object with a string 'op'")
    if message["op"] == "act":
        seq, action = message.get("seq"), message.get("action")
        if not isinstance(seq, int) or isinstance(seq, bool) or not isinstance(action, dict):
            raise Refused("act needs seq and action")
    return message


def old_frame_text(seq: int, view: dict, events: list[dict], hold_ms: int = 0) -> str:
    """``apps.tables.frames.frame_text`` before :mod:`apps.protocol`."""
    frame = {"op": "state", "seq": seq, "view": view, "events": events}
    if hold_ms:
        frame["hold_ms"] = hold_ms
    return compact(frame)


def client_frames(states: list[dict]) -> list[str]:
    """Client frames as a table socket gets them: an ``act`` of each legal action seen, plus pings,
    syncs and chat lines in between."""
    frames = []
    for n, line in enumerate(states):
        seq, view = line["args"][0], line["args"][1]
        for action in view["legal"][:1]:
            frames.append(json.dumps({"op": "act", "seq": seq, "action": action, "id": f"a{n}"}))
        if n % 10 == 0:
            frames.append(json.dumps({"op": "ping", "t": n}))
        if n % 25 == 0:
            frames.append('{"op":"sync"}')
            frames.append(json.dumps({"op": "chat", "text": "Хорошо сыграли!"}, ensure_ascii=False))
    return frames


def main() -> dict:
    from apps.tables.frames import frame_text

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    states = of_kind("state")
    calls = [line["args"] for line in states]
    texts = [line["text"] for line in states]
    assert all(old_frame_text(*c) == frame_text(*c) for c in calls), "old and new texts differ"
    clients = client_frames(states)
    for raw in clients:  # both accept every frame of the mix
        old_decode_frame(raw)
        try:
            decode_client(raw, TableIn)
        except FrameError as exc:
            raise AssertionError(raw) from exc

    figures = {}
    for name, old, new, items in [
        ("encode_state", lambda c: old_frame_text(*c), lambda c: frame_text(*c), calls),
        ("decode_client", old_decode_frame, lambda raw: decode_client(raw, TableIn), clients),
        ("decode_state", json.loads, decode_server, texts),
    ]:
        old_us, new_us = best_us(old, items, args.rounds), best_us(new, items, args.rounds)
        figures[name] = {
            "frames": len(items),
            "old_us": round(old_us, 2),
            "new_us": round(new_us, 2),
            "old_over_new": round(old_us / new_us, 2),
        }
    sizes = [len(t.encode()) for t in texts]
    figures["state_frame_bytes"] = {"mean": round(sum(sizes) / len(sizes)), "max": max(sizes)}
    return figures


if __name__ == "__main__":
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    print_json(main())
