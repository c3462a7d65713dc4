"""Quick play's no-show rule (lichess aborts a game nobody started; docs/decisions-ratings.md).

A quick-play match starts the moment the pool seats its people, wherever they are on the site.
A person who has not opened the table (no socket ever at his seat) by the match's
``show_deadline`` — 20 s after the start — aborts it: the server's ``leave`` for his seat with
the reason ``no_show``. Nobody wins, nobody's rating moves («Партия прервана»), and apps.ratings
counts the no-show for the playban. When everyone came in time the deadline is cleared.
"""

from __future__ import annotations

import logging

from django.utils import timezone

from apps.core.errors import Refused

from .models import Match, Seat
from .moves import Actor, move_apply

log = logging.getLogger(__name__)

#: The ``reason`` of a match a no-show aborted (``match.result``, the results' ``ending``).
NO_SHOW = "no_show"


def never_connected(row: Seat) -> bool:
    """Whether the person at ``row`` has not had a socket at the table since it was set (quick
    play's seats are new with the match: no socket and no ``disconnected_at``)."""
    return bool(row.user_id) and row.connections == 0 and row.disconnected_at is None


def match_no_show_check(*, match_id: int) -> bool:
    """At (or after) ``show_deadline``: abort the match if a seated person never opened the table
    (True), else clear the deadline (False). Does nothing before the deadline, for a finished
    match or one without a deadline; a second run finds nothing to do."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.PLAYING).first()
    if match is None or match.show_deadline is None or match.show_deadline > timezone.now():
        return False
    rows = Seat.objects.filter(table_id=match.table_id, number__in=match.seats)
    absent = sorted(r.number for r in rows if never_connected(r))
    if not absent:
        Match.objects.filter(pk=match.pk).update(show_deadline=None)
        return False
    try:
        move_apply(
            match_id=match.pk,
            seat=absent[0],
            action={"type": "leave"},
            seq=None,
            actor=Actor.SYSTEM,
            reason=NO_SHOW,
            system=True,
        )
    except Refused as exc:
        log.warning("match %s: the no-show leave of seat %s refused: %s", match.pk, absent[0], exc)
        return False
    return True
