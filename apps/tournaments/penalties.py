"""No-shows in tournaments: two remove the player from the event, and repeated removals ban him
from joining tournaments for a while (lichess's escalation: 24 h, then twice as long each time).

A tournament table is created seated and started by the server; a person who has not opened
it ``TOURNAMENTS_NO_SHOW_SECONDS`` after its match started (60 s) is replaced by a bot that
plays the match out (:mod:`apps.tables.replacing`), and he loses it
(:func:`apps.tournaments.rounds.results_count`). Each such match counts here.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import F
from django.utils import timezone

from .models import Entrant, TournamentBan

#: No-shows that remove an entrant from the event.
NO_SHOWS_OUT = 2
#: Removals within :data:`MEMORY` that lead to a ban (the first one is a warning).
REMOVALS_FOR_BAN = 2
FIRST_BAN_HOURS = 24
MAX_BAN_HOURS = 24 * 16
#: How far back removals and earlier bans count.
MEMORY = timedelta(days=30)


def no_show_count(entrant_id: int, user_id: int, *, now: datetime | None = None) -> TournamentBan | None:
    """``user_id`` (the entrant or his partner) did not come to his table: one more no-show for
    the entrant; at :data:`NO_SHOWS_OUT` the entrant is withdrawn from the event (paired no
    more), and a removal that repeats one within :data:`MEMORY` bans ``user_id`` (returned)."""
    now = now or timezone.now()
    Entrant.objects.filter(pk=entrant_id).update(no_shows=F("no_shows") + 1)
    entrant = Entrant.objects.get(pk=entrant_id)
    if entrant.no_shows < NO_SHOWS_OUT or entrant.withdrawn:
        return None
    entrant.withdrawn = True
    entrant.save(update_fields=["withdrawn"])
    removals = (
        Entrant.objects.filter(no_shows__gte=NO_SHOWS_OUT, withdrawn=True, joined_at__gte=now - MEMORY)
        .filter(user_id=user_id)
        .count()
    )
    if removals < REMOVALS_FOR_BAN:
        return None
    return ban_give(user_id, tournament_id=entrant.tournament_id, now=now)


def ban_hours(previous_hours: list[int]) -> int:
    """The length of a new ban given the lengths of the bans within :data:`MEMORY` (any order):
    24 h for the first, then twice the longest, at most :data:`MAX_BAN_HOURS`."""
    if not previous_hours:
        return FIRST_BAN_HOURS
    return min(MAX_BAN_HOURS, 2 * max(previous_hours))


def ban_give(user_id: int, *, tournament_id: int | None, now: datetime | None = None) -> TournamentBan:
    """A new tournament ban for ``user_id`` from ``now`` (after any running one)."""
    now = now or timezone.now()
    recent = TournamentBan.objects.filter(user_id=user_id, starts_at__gte=now - MEMORY)
    hours = ban_hours(list(recent.values_list("hours", flat=True)))
    running = active_ban(user_id, now)
    starts = running.ends_at if running else now
    return TournamentBan.objects.create(
        user_id=user_id,
        tournament_id=tournament_id,
        hours=hours,
        starts_at=starts,
        ends_at=starts + timedelta(hours=hours),
    )


def active_ban(user_id: int, now: datetime | None = None) -> TournamentBan | None:
    """The user's tournament ban in force at ``now`` (the one ending last), or None."""
    now = now or timezone.now()
    return (
        TournamentBan.objects.filter(user_id=user_id, starts_at__lte=now, ends_at__gt=now)
        .order_by("-ends_at")
        .first()
    )
