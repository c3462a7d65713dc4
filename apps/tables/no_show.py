"""Quick play's no-show rule (lichess aborts a game nobody started; docs/decisions-ratings.md).

A quick-play match starts the moment the pool seats its people, wherever they are on the site.
A person who has not opened the table (no socket ever at his seat) by the match's
``show_deadline`` — 20 s after the start — aborts it: the server's ``leave`` for his seat with
the reason ``no_show``. Nobody wins, nobody's rating moves («Партия прервана»), and apps.ratings
counts the no-show for the playban. When everyone came in time the deadline is cleared.
A tournament's match (``absent_bot``) is not aborted: a bot takes the absent person's seat
(:mod:`.replacing`) and the tournament counts the match as his loss.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.utils import timezone

from apps.core.errors import Refused

from .models import Match, Seat
from .moves import Actor, move_apply
from .replacing import seat_bot_replace

log = logging.getLogger(__name__)

#: The ``reason`` of a match a no-show aborted (``match.result``, the results' ``ending``).
NO_SHOW = "no_show"


def absent(row: Seat, started: datetime) -> bool:
    """Whether the person at ``row`` has had no socket at the table since ``started`` (his
    match's start): quick play's seats are new with the match (no socket, no
    ``disconnected_at``); at a best-of-3's next match the same seats stay, and who left after the
    last match without coming back is absent as well."""
    if not row.user_id or row.connections > 0:
        return False
    return row.disconnected_at is None or row.disconnected_at < started


def match_no_show_check(*, match_id: int) -> bool:
    """At (or after) ``show_deadline``: a seated person absent since the start aborts the match,
    or with ``absent_bot`` (a tournament) each absent person's seat goes to a bot and the match
    plays on (True); else clear the deadline (False). Does nothing before the deadline, for a
    finished match or one without a deadline; a second run finds nothing to do."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.PLAYING).first()
    if match is None or match.show_deadline is None or match.show_deadline > timezone.now():
        return False
    rows = Seat.objects.filter(table_id=match.table_id, number__in=match.seats)
    gone = sorted(r.number for r in rows if absent(r, match.created_at))
    if not gone:
        Match.objects.filter(pk=match.pk).update(show_deadline=None)
        return False
    if match.absent_bot:
        for seat in gone:
            seat_bot_replace(match_id=match.pk, seat=seat)
        Match.objects.filter(pk=match.pk).update(show_deadline=None)
        return True
    try:
        move_apply(
            match_id=match.pk,
            seat=gone[0],
            action={"type": "leave"},
            seq=None,
            actor=Actor.SYSTEM,
            reason=NO_SHOW,
            system=True,
        )
    except Refused as exc:
        log.warning("match %s: the no-show leave of seat %s refused: %s", match.pk, gone[0], exc)
        return False
    return True
