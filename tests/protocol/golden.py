"""The golden frames recorded by ``record_frames.py``, read once per test session."""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path

FRAMES = Path(__file__).with_name("frames.jsonl.gz")
#: Frames of the ops added after ``frames.jsonl.gz`` was recorded, one JSON line each, written
#: by hand from docs/protocol.md; ``test_golden_frames.py`` checks the services write their shape.
MORE = Path(__file__).with_name("frames_more.jsonl")


@cache
def golden() -> tuple[dict, ...]:
    """Every recorded line (``kind``, ``case``, ``text``, and ``args`` for publish-path frames),
    then the lines of :data:`MORE`."""
    with gzip.open(FRAMES, "rt", encoding="utf-8") as lines:
        recorded = [json.loads(line) for line in lines]
    more = [json.loads(line) for line in MORE.read_text(encoding="utf-8").splitlines() if line]
    return (*recorded, *more)


def of_kind(*kinds: str) -> list[dict]:
    return [line for line in golden() if line["kind"] in kinds]
