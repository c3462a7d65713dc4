"""Counting what a user does in a window of time: the one rate limit of the site's services
(chat messages, social actions). The counters live in the default cache (Redis in production,
so a limit holds across server processes; per process in the embedded default).

A fixed window: at most ``count`` per ``seconds``, counted from the start of each window
(``seconds`` apart since the epoch). A burst at a window's edge may reach twice ``count`` in
``seconds``; that is enough to stop a loop and never bothers a person.
"""

from __future__ import annotations

import time

from django.core.cache import cache


def rate_take(scope: str, ident: int | str, *, count: int, seconds: int) -> bool:
    """Count one more ``scope`` action of ``ident``; False when it is over ``count`` in this
    window of ``seconds`` (it is counted anyway: trying again does not help)."""
    key = f"{scope}:rate:{ident}:{int(time.time() // seconds)}"
    cache.add(key, 0, seconds * 2)
    try:
        taken = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, seconds * 2)
        taken = 1
    return taken <= count


def rate_wait(seconds: int) -> int:
    """Whole seconds until the current window of ``seconds`` ends (at least 1)."""
    return max(1, int(seconds - time.time() % seconds + 0.999))
