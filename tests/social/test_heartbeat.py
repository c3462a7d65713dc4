"""The server process refreshes its open sockets' presence rows (``apps.social.consumers``)."""

from __future__ import annotations

import asyncio
import threading
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

    async def run() -> None:
        consumers._ensure_heartbeat()
        await asyncio.sleep(0.5)
        consumers._heartbeat.cancel()

    # on a thread of its own: after the browser tests Playwright keeps a loop in this one
    thread = threading.Thread(target=asyncio.run, args=(run(),))
    thread.start()
    thread.join(10)
    assert presence.online_user_ids([1, 2, 3]) == {1}
    # the rows nobody refreshed (a dead process's, long closed ones) are gone
    assert set(Presence.objects.values_list("channel", flat=True)) == {"mine"}
