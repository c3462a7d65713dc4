"""Fair play: abandoning rated matches leads to escalating timeouts from rated and quick play.

Anchored on lichess's playban (``modules/playban``): a player's recent rated matches are good or
bad (bad = abandoned: left, lost the connection, or let the clock play his last moves); when the
newest is bad and the bad ones are too many, a ban follows. The first ban lasts 10 minutes; a
repeat within 3 days of the last ban's end lasts ``prev × (132 − h) / 60`` minutes (``h`` hours
since it ended: ×2.2 at once, ×1 after three days); later the multiplier decays towards 1 and
below; twice as long for an account younger than 3 days; never more than 3 days. See
docs/decisions-ratings.md for the thresholds chosen for card games.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.errors import Refused
from apps.stats.models import Result

from .models import Playban, RatingChange

#: The rated matches looked at (newest first).
WINDOW = 15
#: A ban needs at least this many bad matches in the window …
MIN_BAD = 3
#: … and at least this share of it (lichess: 0.4 of 15; matches here last longer).
BAD_RATIO = 0.25
#: … or this many bad matches in a row.
STREAK = 3
FIRST_MINUTES = 10
MAX_MINUTES = 3 * 24 * 60
NEW_ACCOUNT = timedelta(days=3)


def bannable(outcomes: list[bool]) -> bool:
    """Whether ``outcomes`` (newest first, True = abandoned) call for a ban: the newest is bad
    and the bad ones reach ``max(MIN_BAD, BAD_RATIO × n)`` or the last :data:`STREAK` are all bad."""
    outcomes = outcomes[:WINDOW]
    if not outcomes or not outcomes[0]:
        return False
    bad = sum(outcomes)
    if bad >= max(MIN_BAD, math.ceil(BAD_RATIO * len(outcomes))):
        return True
    return len(outcomes) >= STREAK and all(outcomes[:STREAK])


def ban_minutes(previous: tuple[int, datetime] | None, now: datetime, account_created: datetime) -> int:
    """The length of a new ban (lichess's ``TempBan.make``): ``previous`` is the last ban's
    ``(minutes, ends_at)``, None for a first one."""
    minutes = FIRST_MINUTES
    if previous is not None:
        prev, ended = previous
        hours = max(0, int((now - ended).total_seconds() // 3600))
        if hours < 72:
            minutes = prev * (132 - hours) // 60
        else:
            minutes = int(55.6 * prev / (math.pow(5.56 * prev - 54.6, hours / 720) + 54.6))
    minutes = max(minutes, FIRST_MINUTES)
    if now - account_created < NEW_ACCOUNT:
        minutes *= 2
    return min(minutes, MAX_MINUTES)


def active_ban(user_id: int, now: datetime | None = None) -> Playban | None:
    """The user's ban in force at ``now`` (the one ending last), or None."""
    now = now or timezone.now()
    return (
        Playban.objects.filter(user_id=user_id, lifted_at__isnull=True, starts_at__lte=now, ends_at__gt=now)
        .order_by("-ends_at")
        .first()
    )


def recent_outcomes(user_id: int, now: datetime) -> list[bool]:
    """The user's last :data:`WINDOW` rated matches until ``now``, newest first, True for an
    abandoned one; a quick-play match he aborted by never opening the table (a no-show,
    unrated) counts as abandoned among them (lichess's ``NoStart``; docs/decisions-ratings.md)."""
    rated = RatingChange.objects.filter(user_id=user_id, finished_at__lte=now).order_by("-finished_at", "-id")
    rows = list(rated.values_list("finished_at", "abandoned")[:WINDOW])
    no_shows = Result.objects.filter(
        user_id=user_id, ending="no_show", ended_by=F("seat"), finished_at__lte=now
    ).order_by("-finished_at")
    rows += [(when, True) for when in no_shows.values_list("finished_at", flat=True)[:WINDOW]]
    rows.sort(key=lambda row: row[0], reverse=True)
    return [abandoned for _when, abandoned in rows[:WINDOW]]


def no_show_record(rows: list, *, match_id: int, now: datetime) -> list[Playban]:
    """The results of a match a no-show aborted (``ending`` ``no_show``): the person whose seat
    ended it is recorded as having abandoned it (a ban if his recent matches call for one)."""
    bans = []
    for row in rows:
        if row.ending == "no_show" and row.user_id is not None and row.ended_by == row.seat:
            ban = abandonment_record(row.user_id, match_id=match_id, now=now)
            if ban is not None:
                bans.append(ban)
    return bans


def abandonment_record(user_id: int, *, match_id: int | None, now: datetime) -> Playban | None:
    """The user abandoned a rated match at ``now`` (its :class:`RatingChange` already written with
    ``abandoned``): ban him if his recent matches call for it. Returns the new ban, if any.
    A user already banned at ``now`` gets no second ban (the running one stands)."""
    outcomes = recent_outcomes(user_id, now)
    if not bannable(outcomes) or active_ban(user_id, now) is not None:
        return None
    user = get_user_model().objects.only("date_joined").get(pk=user_id)
    last = Playban.objects.filter(user_id=user_id, starts_at__lte=now).order_by("-starts_at", "-id").first()
    previous = (last.minutes, last.lifted_at or last.ends_at) if last else None
    minutes = ban_minutes(previous, now, user.date_joined)
    bad = sum(outcomes)
    return Playban.objects.create(
        user_id=user_id,
        reason=_("Брошено %(bad)s из последних %(n)s рейтинговых партий") % {"bad": bad, "n": len(outcomes)},
        minutes=minutes,
        starts_at=now,
        ends_at=now + timedelta(minutes=minutes),
        match_id=match_id,
    )


def ban_lift(ban_id: int, *, by) -> bool:
    """Staff lift a ban now; True if it was in force."""
    now = timezone.now()
    with transaction.atomic():
        ban = Playban.objects.select_for_update().filter(pk=ban_id).first()
        if ban is None or ban.lifted_at is not None or ban.ends_at <= now:
            return False
        ban.lifted_at = now
        ban.lifted_by = by
        ban.save(update_fields=["lifted_at", "lifted_by"])
    return True


def completion(user_id: int) -> dict:
    """«Доигрывает»: of the user's finished matches (every result but the void ones: admin-ended or
    aborted before each side played), how many he did not abandon by a surrender, a leave or a lost
    connection: ``{"played", "abandoned", "rate"}`` (rate in percent, None with no matches)."""
    rows = Result.objects.filter(user_id=user_id).exclude(outcome="void")
    played = rows.count()
    abandoned = 0
    if played:
        abandoned = sum(
            1
            for seat, ended_by in rows.filter(ending__in=("surrender", "leave", "disconnect")).values_list(
                "seat", "ended_by"
            )
            if seat == ended_by
        )
    rate = round(100 * (played - abandoned) / played) if played else None
    return {"played": played, "abandoned": abandoned, "rate": rate}


def refuse_if_banned(user_id: int) -> None:
    """Raise ``Refused("playban")`` (with ``ends_at`` and ``reason``) while the user is banned."""
    ban = active_ban(user_id)
    if ban is not None:
        raise Refused("playban", errors={"ends_at": ban.ends_at.isoformat(), "reason": ban.reason})
