"""«Смотреть» always has something to watch, as lichess TV does: when no
public table with people is being played, the page features a match of bots of the hard level
at a public table of their own (no owner, no person: the lobby does not list it, nobody can sit).

One such table plays at a time, started on demand when someone looks at «Смотреть» and nothing
else plays; it ends like any match and the next look starts another (the games take turns).
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Exists, OuterRef

from apps.rules import seating as seat_rules
from apps.tables.models import Seat, Table
from apps.tables.seating import normalized_options, table_create_seated

#: The games a featured match plays, in turn, with their options.
FEATURED_GAMES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("bazar_blot", {"players": 4}),
    ("durak", {}),
    ("deberc", {"players": 3}),
    ("blot", {}),
)
FEATURED_LEVEL = "hard"
_LOCK = "social:featured:lock"

log = logging.getLogger(__name__)


def _playing_public():
    person = Seat.objects.filter(table=OuterRef("pk"), user__isnull=False)
    tables = Table.objects.filter(private=False, status=Table.Status.PLAYING)
    return tables.annotate(with_people=Exists(person))


def _bots_only():
    """Every featured table so far (public, no owner, no person ever seated)."""
    return Table.objects.filter(owner__isnull=True, private=False).exclude(seats__user__isnull=False)


def featured_ensure() -> int | None:
    """The featured table's id when no public table with people plays (one is started if none
    of bots plays now), else None (the people's tables are the page). Never raises: a start that
    fails leaves the page as it was."""
    tables = _playing_public()
    if tables.filter(with_people=True).exists():
        return None
    running = tables.filter(with_people=False, owner__isnull=True).order_by("-id").first()
    if running is not None:
        return running.pk
    if not cache.add(_LOCK, 1, timeout=10):  # another process is starting one right now
        return None
    try:
        done = _bots_only().count()
        game, wanted = FEATURED_GAMES[done % len(FEATURED_GAMES)]
        options = normalized_options(game, wanted)
        seats = seat_rules.seat_count(game, options)
        with transaction.atomic():
            table = table_create_seated(
                game=game,
                options=options,
                owner_id=None,
                seats=[(None, FEATURED_LEVEL)] * seats,
                rated=False,
            )
        return table.pk
    except Exception:  # a featured match is a nicety: the page must answer all the same
        log.exception("featured match not started")
        return None
    finally:
        cache.delete(_LOCK)
