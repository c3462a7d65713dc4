"""Finding 11 of issue #30 (the remaining part): a spectator opening and closing sockets in a loop
made every player receive a full state per socket.

Presence refreshes reach a table's sockets at most once a second, and the last change is always
delivered: against the live daphne, a player's socket gets no more states than the seconds the
churn lasted (plus the first and the last), and then shows the spectators' count as it ends.
"""

from __future__ import annotations

import itertools
import math
import time

import pytest
from django.core.cache import cache

from apps.tables import presence, seating
from tests.tables.live_clients import TableSocket, session_cookie

CYCLES = 15


def is_state(message: dict) -> bool:
    return message.get("op") == "state"


@pytest.mark.live
@pytest.mark.django_db(transaction=True)
def test_spectator_churn_sends_players_at_most_a_refresh_a_second_and_the_last_one(live_site, make_user):
    player, watcher = make_user(), make_user()
    table = seating.table_create(user=player, game="durak")
    path = f"/ws/tables/{table.pk}/"
    sock = TableSocket(live_site, path, session_cookie(player))
    sock.wait_for(is_state)
    time.sleep(presence.REFRESH_SECONDS + 0.2)  # the player's own arrival's refresh is behind us
    before = len(sock.states)
    cookie = session_cookie(watcher)

    started = time.monotonic()
    for _ in range(CYCLES):
        spectator = TableSocket(live_site, path, cookie)
        spectator.wait_for(is_state)
        spectator.close()
    stays = TableSocket(live_site, path, cookie)  # the churn ends with him watching
    stays.wait_for(is_state)
    churn = time.monotonic() - started

    # the last change is delivered: the player sees one spectator
    sock.wait_for(lambda m: is_state(m) and m["view"].get("spectators") == 1, timeout=10, start=before)
    time.sleep(presence.REFRESH_SECONDS + 0.5)  # a refresh still due would show here
    received = len(sock.states) - before
    assert received <= math.ceil(churn / presence.REFRESH_SECONDS) + 2, (received, churn)
    times = [m["_at"] for m in sock.states[before:]]
    gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
    assert all(gap >= presence.REFRESH_SECONDS / 2 for gap in gaps), gaps  # sent a second apart
    assert sock.latest()["view"]["spectators"] == 1

    stays.close()
    sock.wait_for(lambda m: is_state(m) and m["view"].get("spectators") == 0, timeout=10, start=before)


@pytest.mark.django_db
def test_changes_within_a_second_share_one_delayed_refresh(make_user, monkeypatch):
    """In one process: the first change is sent at once, the next ones in the same second are
    one refresh when the second is over, and a change after it waits for the next second."""
    cache.clear()
    sent: list[tuple[int, float]] = []
    monkeypatch.setattr(presence, "_refresh_send", lambda table_id: sent.append((table_id, time.monotonic())))
    player = make_user()
    table = seating.table_create(user=player, game="durak")
    start = time.monotonic()
    for _ in range(10):
        presence.presence_refresh(table.pk)
    assert len(sent) == 1 and sent[0][1] - start < 0.5  # the first at once
    deadline = time.monotonic() + 5
    while len(sent) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(sent) == 2  # the nine others: one refresh, a second later
    assert sent[1][1] - sent[0][1] >= presence.REFRESH_SECONDS * 0.9
    time.sleep(presence.REFRESH_SECONDS * 2 + 0.2)
    assert len(sent) == 2  # nothing more was due
