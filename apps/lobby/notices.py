"""Live notices of the lobby on every page's personal socket (apps.social's user groups).

:func:`quick_seated_notify` is the receiver of :data:`apps.ratings.signals.quick_seated`: quick
play seated the person and his match runs; wherever he is on the site he gets the
``quick_seated`` frame (a toast with a link to the table and the tab's title, static/js/notices.js)
— a no-show aborts the match after 20 s (apps.tables.no_show).
"""

from __future__ import annotations

from django.urls import reverse

from apps.protocol.server import QuickSeated
from apps.social.services import send_to_users


def quick_seated_frame(table_id: int) -> QuickSeated:
    """``{"op": "quick_seated", "table": id, "url": the table's page}`` (docs/protocol.md)."""
    return QuickSeated(table=table_id, url=reverse("lobby:table", args=[table_id]))


def quick_seated_notify(*, table_id: int, user_ids: list[int], **_signal) -> None:
    """Send :func:`quick_seated_frame` to every lobby socket of each of ``user_ids``."""
    send_to_users(list(user_ids), quick_seated_frame(table_id))
