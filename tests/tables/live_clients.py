"""Real websocket clients of the live daphne for the tables tests (``websockets`` sync API)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable

from django.test import Client
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


def session_cookie(user) -> str:
    """A ``Cookie`` header of a fresh session of ``user`` (stored in the shared test database)."""
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


class TableSocket:
    """One socket on ``/ws/tables/<id>/`` (or any path): records every frame it receives."""

    #: Every socket opened in this process (closed and settled after each live test).
    opened: list[TableSocket] = []

    def __init__(self, site, path: str, cookie: str | None, *, origin: str | None = None) -> None:
        headers = {"Cookie": cookie} if cookie else {}
        self.ws = connect(
            f"{site.ws_url}{path}",
            origin=origin or site.origin,
            additional_headers=headers,
            open_timeout=10,
            max_size=2**22,
        )
        self.messages: list[dict] = []
        self.close_code: int | None = None
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()
        TableSocket.opened.append(self)

    def _read(self) -> None:
        try:
            for raw in self.ws:
                message = json.loads(raw)
                message["_at"] = time.time()
                with self._cond:
                    self.messages.append(message)
                    self._cond.notify_all()
        except ConnectionClosed as exc:
            self.close_code = exc.rcvd.code if exc.rcvd else None
        finally:
            with self._cond:
                if self.close_code is None and self.ws.close_code is not None:
                    self.close_code = self.ws.close_code
                self._cond.notify_all()

    def send(self, data) -> None:
        self.ws.send(data if isinstance(data, str) else json.dumps(data))

    def act(self, seq: int, action: dict, request_id=None) -> None:
        frame = {"op": "act", "seq": seq, "action": action}
        if request_id is not None:
            frame["id"] = request_id
        self.send(frame)

    def wait_for(self, predicate: Callable[[dict], bool], timeout: float = 10.0, start: int = 0) -> dict:
        """The first message from index ``start`` on that satisfies ``predicate``."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for message in self.messages[start:]:
                    if predicate(message):
                        return message
                left = deadline - time.monotonic()
                if left <= 0 or (self.close_code is not None and not self._thread.is_alive()):
                    raise AssertionError(f"no such message in {timeout} s; last: {self.messages[-3:]}")
                self._cond.wait(left)

    def wait_closed(self, timeout: float = 10.0) -> int | None:
        self._thread.join(timeout)
        return self.close_code

    @property
    def states(self) -> list[dict]:
        with self._cond:
            return [m for m in self.messages if m.get("op") == "state"]

    def latest(self) -> dict | None:
        """The newest state by ``seq`` (a sync may repeat a seq; the later one wins)."""
        states = self.states
        if not states:
            return None
        top = max(s["seq"] for s in states)
        return [s for s in states if s["seq"] == top][-1]

    def close(self) -> None:
        self.ws.close()
        self._thread.join(5)


def close_and_settle(timeout: float = 15.0) -> None:
    """Close every socket of the test (its own and its browser pages') and wait until the server
    has counted them out, so that no presence update races with the database flush after the test.

    Counts that stay put for a second while the database is idle are not sockets in flight: the
    test counted them itself (``seat_presence`` called in this process); nothing will change them.
    """
    from apps.tables.models import Seat, Spectator
    from tests.live import close_browser_contexts

    while TableSocket.opened:
        TableSocket.opened.pop().close()
    close_browser_contexts()
    deadline = time.monotonic() + timeout
    counted = (Seat.objects.filter(connections__gt=0), Spectator.objects.filter(connections__gt=0))
    last: list | None = None
    since = time.monotonic()
    while time.monotonic() < deadline:
        counts = [sorted(rows.values_list("pk", "connections")) for rows in counted]
        if not any(counts):
            break
        if counts != last:
            last, since = counts, time.monotonic()
        elif time.monotonic() - since >= 1.0 and database_idle():
            break
        time.sleep(0.05)
    deadline = time.monotonic() + 2.0
    while not database_idle() and time.monotonic() < deadline:  # the last presence transaction ends
        time.sleep(0.02)


def database_idle() -> bool:
    """No other session of the test database is inside a statement or a transaction."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid() AND state IS NOT NULL AND state <> 'idle'"
        )
        return cursor.fetchone()[0] == 0


def log_size(site) -> int:
    """How much daphne has logged so far (a mark for :func:`log_since`)."""
    return len(site.log_path.read_text(errors="replace"))


def log_since(site, start: int) -> str:
    """What daphne logged since ``start`` (the live site is shared by the session)."""
    return site.log_path.read_text(errors="replace")[start:]
