"""Subset comparison of a scenario's ``expect`` with the runner's result (docs/rules.md §2).

The semantics of docs/rules.md §2 «How checkers compare»: every key of
``expect`` must be in the result with an equal value; dicts compare key by key, lists element
by element, except that each list under ``legal`` compares as a set and a ``rejected`` entry
without ``code`` matches any code.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any


def canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def diff(expected: Any, actual: Any, path: str = "$") -> Iterator[str]:
    """Yield human-readable differences of ``expected`` as a subset of ``actual``."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            yield f"{path}: expected an object, got {canon(actual)[:120]}"
            return
        for key, want in expected.items():
            if key not in actual:
                yield f"{path}.{key}: missing"
            elif path.endswith(".legal"):
                got = actual[key]
                if not isinstance(got, list) or not isinstance(want, list):
                    yield f"{path}.{key}: expected a list"
                    continue
                want_set = {canon(a) for a in want}
                got_set = {canon(a) for a in got}
                if want_set != got_set:
                    missing = sorted(want_set - got_set)[:5]
                    extra = sorted(got_set - want_set)[:5]
                    yield f"{path}.{key}: legal set differs; missing {missing} extra {extra}"
            else:
                yield from diff(want, actual[key], f"{path}.{key}")
    elif isinstance(expected, list):
        if not isinstance(actual, list):
            yield f"{path}: expected a list, got {canon(actual)[:120]}"
            return
        if len(expected) != len(actual):
            yield f"{path}: expected {len(expected)} items, got {len(actual)}: {canon(actual)[:200]}"
            return
        for i, (want, got) in enumerate(zip(expected, actual, strict=True)):
            wildcard = isinstance(want, dict) and isinstance(got, dict) and "code" not in want
            if path.endswith(".rejected") and wildcard:
                got = {k: v for k, v in got.items() if k != "code"}
            yield from diff(want, got, f"{path}[{i}]")
    elif expected != actual:
        yield f"{path}: expected {canon(expected)}, got {canon(actual)[:200]}"
