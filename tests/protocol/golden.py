"""The golden frames recorded by ``record_frames.py``, read once per test session."""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path

FRAMES = Path(__file__).with_name("frames.jsonl.gz")


@cache
def golden() -> tuple[dict, ...]:
    """Every recorded line (``kind``, ``case``, ``text``, and ``args`` for publish-path frames)."""
    with gzip.open(FRAMES, "rt", encoding="utf-8") as lines:
        return tuple(json.loads(line) for line in lines)


def of_kind(*kinds: str) -> list[dict]:
    return [line for line in golden() if line["kind"] in kinds]
