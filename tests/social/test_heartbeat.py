"""The server process refreshes its open sockets' presence rows (``apps.social.consumers``)."""

from __future__ import annotations

import asyncio
import threading
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from apps.social import consumers, presence
from apps.social.models import Presence

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_heartbeat_keeps_this_processs_rows_fresh_and_deletes_stale_ones(monkeypatch) -> None:
    monkeypatch.setattr(presence, "HEARTBEAT_SECONDS", 0.05)
    monkeypatch.setattr(consumers, "_LIVE", {"mine": None})
    monkeypatch.setattr(consumers, "_heartbeat", None)
    old = timezone.now() - timedelta(seconds=120)
    presence.socket_opened(channel="mine", user_id=1, table_id=None)
    presence.socket_opened(channel="other-process", user_id=2, table_id=None)
    presence.socket_opened(channel="dead-for-days", user_id=3, table_id=None)
    Presence.objects.update(seen_at=old)
    Presence.objects.filter(channel="dead-for-days").update(seen_at=old - timedelta(days=2))
    assert presence.online_user_ids([1, 2, 3]) == set()

    stop = threading.Event()

    async def run() -> None:
        consumers._ensure_heartbeat()
        while not stop.is_set():
            await asyncio.sleep(0.02)
        consumers._heartbeat.cancel()

    def refreshed_and_swept() -> bool:
        channels = set(Presence.objects.values_list("channel", flat=True))
        return presence.online_user_ids([1, 2, 3]) == {1} and channels == {"mine"}

    # on a thread of its own: after the browser tests Playwright keeps a loop in this one;
    # the heartbeat runs until its work shows (a fixed wait failed on a loaded box)
    thread = threading.Thread(target=asyncio.run, args=(run(),))
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not refreshed_and_swept() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop.set()
        thread.join(10)
    assert presence.online_user_ids([1, 2, 3]) == {1}
    # the rows nobody refreshed (a dead process's, long closed ones) are gone
    assert set(Presence.objects.values_list("channel", flat=True)) == {"mine"}
