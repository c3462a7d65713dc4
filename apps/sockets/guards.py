"""What keeps one user's sockets from costing the others: the frame rate, the sockets open,
and the language a socket answers in.

- :class:`TokenBucket`: each socket's frames per second (``TABLES_RATE_*``);
- :data:`SOCKET_COUNTS`: each user's sockets in this process, per place and in all;
- :func:`scope_language`: the language cookie, else the profile, else Russian.
"""

from __future__ import annotations

import time
from http.cookies import SimpleCookie
from typing import Any

from django.conf import settings

from apps.tables import conf


class TokenBucket:
    """``rate`` messages per second with bursts up to ``burst``; ``take`` is False when empty."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class SocketCounts:
    """How many sockets each user holds open in this process, per place and in all.

    The frame limit is per socket, so without this one account could open hundreds of sockets
    and slow every table of the process. Counted per process: with the proxy's table affinity
    a table's sockets meet in one process, and N processes allow a user at most N times
    :data:`conf.MAX_SOCKETS_PER_USER` in all."""

    def __init__(self) -> None:
        self.by_place: dict[tuple[int, str], int] = {}
        self.by_user: dict[int, int] = {}

    def open(self, user_id: int, place: str) -> bool:
        """Count one more socket of ``user_id`` at ``place``; False (nothing counted) over a cap."""
        key = (user_id, place)
        if (
            self.by_place.get(key, 0) >= conf.MAX_SOCKETS_PER_PLACE
            or self.by_user.get(user_id, 0) >= conf.MAX_SOCKETS_PER_USER
        ):
            return False
        self.by_place[key] = self.by_place.get(key, 0) + 1
        self.by_user[user_id] = self.by_user.get(user_id, 0) + 1
        return True

    def close(self, user_id: int, place: str) -> None:
        """Forget one socket counted by :meth:`open`."""
        _decrement(self.by_place, (user_id, place))
        _decrement(self.by_user, user_id)


def _decrement(counts: dict[Any, int], key: Any) -> None:
    """One less of ``key`` in ``counts``; a count reaching 0 is removed."""
    left = counts.get(key, 0) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


#: The sockets of this process (one per process: the consumers are created per socket).
SOCKET_COUNTS = SocketCounts()


def scope_language(scope: dict) -> str:
    """The socket user's language: the language cookie, else the profile, else Russian."""
    supported = dict(settings.LANGUAGES)
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            cookie = SimpleCookie()
            cookie.load(value.decode("latin-1"))
            morsel = cookie.get(settings.LANGUAGE_COOKIE_NAME)
            if morsel is not None and morsel.value in supported:
                return morsel.value
    user = scope.get("user")
    language = getattr(user, "language", None)
    return language if language in supported else settings.LANGUAGE_CODE
