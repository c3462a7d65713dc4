"""The "away" rule: nothing is sent to someone who has the page it would open open.

- your turn: the person has no table socket at that table (``Seat.connections``, kept by
  :func:`apps.tables.presence.seat_presence`) and has had none for :data:`TURN_AWAY_SECONDS`;
- a rematch offered: no table socket at that table (the offer shows there);
- an invitation, a friend who accepted: no page of the site open at all (every page's header
  keeps the personal socket that shows both, :mod:`apps.social.presence`), as lichess does.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from apps.social import presence
from apps.tables.models import Seat

#: How long a person must have had no table socket before «Ваш ход» calls him.
TURN_AWAY_SECONDS = 5


def off_site(user_id: int) -> bool:
    """No page of the site open (no fresh personal socket, no table socket)."""
    return user_id not in presence.online_user_ids([user_id])


def off_table(user_id: int, table_id: int) -> bool:
    """No table socket of ``user_id`` at ``table_id`` (someone not seated there: True)."""
    return not Seat.objects.filter(table_id=table_id, user_id=user_id, connections__gt=0).exists()


def away_from_turn(user_id: int, table_id: int) -> tuple[bool, str]:
    """Whether ``user_id`` has had no table socket at ``table_id`` for :data:`TURN_AWAY_SECONDS`,
    and the mark of this absence (when it began; "never" if he never connected), so that one
    absence brings one «Ваш ход»."""
    seat = (
        Seat.objects.filter(table_id=table_id, user_id=user_id).only("connections", "disconnected_at").first()
    )
    if seat is None or seat.connections > 0:
        return False, ""
    since = seat.disconnected_at
    if since is not None and timezone.now() - since < timedelta(seconds=TURN_AWAY_SECONDS):
        return False, ""
    return True, since.isoformat() if since else "never"
