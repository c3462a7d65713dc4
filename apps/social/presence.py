"""Who is online and which table page each open page shows, kept in :class:`~.models.Presence`.

"Online" means: at least one page of the site is open (every page's header keeps a personal
socket to ``/ws/lobby/``, see ``static/js/social.js``), or a table socket of a seated person
is connected (``Seat.connections``, kept by :func:`apps.tables.presence.seat_presence`: a
program that plays through the table socket alone is online too).

A socket's row is written when it opens. The server process holding sockets refreshes their
``seen_at`` every :data:`HEARTBEAT_SECONDS` in one statement (:func:`refresh`); rows of a process
that died stop being refreshed and count for nothing after :data:`STALE_SECONDS`. A socket that
closes still counts for :data:`GRACE_SECONDS` (its ``seen_at`` is set back so that it goes stale
then): going from one page to the next closes one socket before the next one opens, and a
friend must not blink offline on every click. Stale rows are deleted by the next refresh of
any process. Every function here is synchronous (called from consumers through the database
thread pool, or from views).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.db.models import Count
from django.utils import timezone

from apps.tables.models import Seat, Spectator, Table

from .models import Presence

#: How often a server process refreshes the rows of its open sockets.
HEARTBEAT_SECONDS = 30
#: A row not refreshed for this long is a dead process's socket: it no longer counts.
STALE_SECONDS = 90
#: A closed socket still counts this long (the next page's socket is on its way).
GRACE_SECONDS = 8


def fresh_since(now: datetime | None = None) -> datetime:
    """Rows seen at or after this moment are live sockets."""
    return (now or timezone.now()) - timedelta(seconds=STALE_SECONDS)


def socket_opened(*, channel: str, user_id: int, table_id: int | None) -> None:
    """Record the open socket ``channel`` of ``user_id``, on the page of ``table_id`` if any."""
    Presence.objects.update_or_create(
        channel=channel, defaults={"user_id": user_id, "table_id": table_id, "seen_at": timezone.now()}
    )


def socket_closed(*, channel: str) -> None:
    """The socket ``channel`` closed: it counts for :data:`GRACE_SECONDS` more, then goes stale
    (nothing happens if it was never recorded)."""
    fades = timezone.now() - timedelta(seconds=STALE_SECONDS - GRACE_SECONDS)
    Presence.objects.filter(channel=channel).update(seen_at=fades)


def refresh(channels: Iterable[str]) -> int:
    """Mark the sockets ``channels`` (all of one process) as still open; delete stale rows
    (closed sockets past their grace, and dead processes' sockets). Returns how many rows were
    refreshed."""
    now = timezone.now()
    channels = list(channels)
    count = Presence.objects.filter(channel__in=channels).update(seen_at=now) if channels else 0
    Presence.objects.filter(seen_at__lt=fresh_since(now)).delete()
    return count


def online_user_ids(user_ids: Iterable[int]) -> set[int]:
    """Those of ``user_ids`` who are online (see the module's docstring)."""
    ids = list(user_ids)
    if not ids:
        return set()
    pages = Presence.objects.filter(user_id__in=ids, seen_at__gte=fresh_since())
    online = set(pages.values_list("user_id", flat=True))
    seated = Seat.objects.filter(user_id__in=ids, connections__gt=0).exclude(
        table__status=Table.Status.FINISHED
    )
    online.update(seated.values_list("user_id", flat=True))
    return online


def watched_tables(user_ids: Iterable[int]) -> dict[int, int]:
    """Per user of ``user_ids`` with a table page open: that table's id (the newest page's)."""
    ids = list(user_ids)
    if not ids:
        return {}
    rows = (
        Presence.objects.filter(user_id__in=ids, table_id__isnull=False, seen_at__gte=fresh_since())
        .order_by("opened_at")
        .values_list("user_id", "table_id")
    )
    return {user_id: table_id for user_id, table_id in rows if table_id is not None}


def spectator_counts(table_ids: Iterable[int]) -> dict[int, int]:
    """Per table of ``table_ids``: how many signed-in people watch it, the very count its players
    see (``view.spectators``: :class:`apps.tables.models.Spectator` rows with open table sockets
    and no seat). Tables nobody watches are absent."""
    ids = list(table_ids)
    if not ids:
        return {}
    rows = (
        Spectator.objects.filter(table_id__in=ids, connections__gt=0)
        .values("table_id")
        .annotate(people=Count("id"))
        .values_list("table_id", "people")
    )
    return dict(rows)
