"""«Быстрая игра»: pools per rating mode; the server seats players of similar rating at a new
table and starts its match when it is full.

- :func:`quick_join` puts a person into the pool of a mode (leaving any other pool) and tries
  to seat the pool at once; :func:`quick_status` (the page polls it) tries again while he waits;
  the Celery beat task ``ratings.quick_sweep`` tries every pool every two seconds.
- :func:`pool_match` is the one place that seats: it locks the pool's waiting entries with
  ``SELECT … FOR UPDATE SKIP LOCKED``, so two processes matching the same pool at once work on
  disjoint entries and nobody is ever seated twice; an entry is marked seated in the same
  transaction that creates the table and starts its match.
- Pairing: the oldest waiting entry first; others join it when their ratings are within the
  wider of the two windows (150 points, plus 15 per second waited, up to 1500). Pairs are
  balanced: the best and the weakest of four play together.
- Bots: an entry that chose to (``bots_after`` seconds) and has waited that long is seated with
  the people within its window and bots of the level nearest their mean rating; such a table
  is rated with the bots at their fixed ratings (docs/decisions-ratings.md).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Set as AbstractSet
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.core.errors import Refused
from apps.tables.hooks import people_apart
from apps.tables.models import Seat, Table
from apps.tables.seating import normalized_options, table_create_seated
from apps.tables.selectors import unfinished_match_for

from . import calibration, fairplay, signals
from .models import QuickEntry, Rating
from .modes import MODES, quick_options

log = logging.getLogger(__name__)

WINDOW_BASE = 150
WINDOW_PER_SECOND = 15
WINDOW_MAX = 1500
#: The choices of «добавить ботов через …» (seconds); None: wait for people only.
BOT_WAITS = (15, 30, 60, 120)
#: What :func:`quick_status` answers in ``status``.
QUICK_STATUSES = ("none", "waiting", "seated")
#: A join retries the pool this many times when other processes held some of its entries.
JOIN_ATTEMPTS = 5


def window(entry: QuickEntry, now: datetime) -> int:
    """How far (in rating points, either way) ``entry`` accepts opponents after its wait."""
    waited = max(0.0, (now - entry.created_at).total_seconds())
    return int(min(WINDOW_MAX, WINDOW_BASE + WINDOW_PER_SECOND * waited))


def user_rating(user_id: int, mode: str) -> int:
    """The user's shown rating in ``mode`` (1500 before his first rated game)."""
    value = Rating.objects.filter(user_id=user_id, mode=mode).values_list("value", flat=True).first()
    return 1500 if value is None else value


def quick_join(*, user, mode: str, bots_after: int | None = None) -> dict:
    """Put ``user`` into the pool of ``mode`` (his other waiting entry is cancelled) and try to
    seat the pool; returns :func:`quick_status`. Refuses ``bad_mode``, ``invalid_options`` (a
    ``bots_after`` not offered), ``playban`` and ``in_match`` (he is still playing a match)."""
    if mode not in MODES:
        raise Refused("bad_mode")
    if bots_after is not None and bots_after not in BOT_WAITS:
        raise Refused("invalid_options", errors={"bots_after": f"one of {list(BOT_WAITS)} or null"})
    fairplay.refuse_if_banned(user.pk)
    if unfinished_match_for(user.pk) is not None:
        raise Refused("in_match")
    now = timezone.now()
    with transaction.atomic():
        QuickEntry.objects.filter(user=user, status=QuickEntry.Status.WAITING).update(
            status=QuickEntry.Status.CANCELLED
        )
        try:
            with transaction.atomic():
                QuickEntry.objects.create(
                    user=user,
                    mode=mode,
                    rating=user_rating(user.pk, mode),
                    bots_after=bots_after,
                    created_at=now,
                )
        except IntegrityError:  # a parallel join of the same user won: his entry stands
            pass
    for _ in range(JOIN_ATTEMPTS):
        _tables, skipped = pool_match(mode)
        if not skipped or _seated(user.pk):
            break
        time.sleep(0.05)
    return quick_status(user=user, match=False)


def quick_cancel(*, user) -> dict:
    """Leave the pool (nothing happens when not waiting); returns :func:`quick_status`."""
    QuickEntry.objects.filter(user=user, status=QuickEntry.Status.WAITING).update(
        status=QuickEntry.Status.CANCELLED
    )
    return quick_status(user=user, match=False)


def _seated(user_id: int) -> bool:
    return not QuickEntry.objects.filter(user_id=user_id, status=QuickEntry.Status.WAITING).exists()


def quick_status(*, user, match: bool = True) -> dict:
    """Where ``user`` is in quick play::

        {"status": "none" | "waiting" | "seated", "mode", "rating", "since", "waited_s",
         "window", "bots_after", "table", "waiting": {mode: people waiting}}

    ``seated`` with ``table`` is his newest entry's table (for a minute after seating); while he
    waits, ``match`` (default) first tries to seat his pool (the page polls this)."""
    entry = QuickEntry.objects.filter(user=user).order_by("-created_at", "-id").first()
    if match and entry is not None and entry.status == QuickEntry.Status.WAITING:
        pool_match(entry.mode)
        entry.refresh_from_db()
    now = timezone.now()
    status = "none"
    if entry is not None and entry.status == QuickEntry.Status.WAITING:
        status = "waiting"
    elif (
        entry is not None
        and entry.status == QuickEntry.Status.SEATED
        and entry.table_id
        and entry.seated_at
        and (now - entry.seated_at).total_seconds() < 60
    ):
        status = "seated"
    waiting: dict[str, int] = {}
    for mode in QuickEntry.objects.filter(status=QuickEntry.Status.WAITING).values_list("mode", flat=True):
        waiting[mode] = waiting.get(mode, 0) + 1
    shown = entry if status != "none" else None
    waits = entry if status == "waiting" else None
    return {
        "status": status,
        "mode": shown.mode if shown else None,
        "rating": shown.rating if shown else None,
        "since": shown.created_at.isoformat() if shown else None,
        "waited_s": int((now - waits.created_at).total_seconds()) if waits else None,
        "window": window(waits, now) if waits else None,
        "bots_after": shown.bots_after if shown else None,
        "table": shown.table_id if shown and status == "seated" else None,
        "waiting": waiting,
    }


def _still_free(entries: list[QuickEntry]) -> list[QuickEntry]:
    """The locked ``entries`` whose people may be seated now; the others' entries are cancelled
    (their status becomes «none»): banned since they joined, or seated at a table that is not
    finished (a lobby table they wait at, a match they play)."""
    ids = [e.user_id for e in entries]
    busy = set(
        Seat.objects.filter(user_id__in=ids)
        .exclude(table__status=Table.Status.FINISHED)
        .values_list("user_id", flat=True)
    )
    busy |= {uid for uid in ids if fairplay.active_ban(uid) is not None}
    if busy:
        QuickEntry.objects.filter(pk__in=[e.pk for e in entries if e.user_id in busy]).update(
            status=QuickEntry.Status.CANCELLED
        )
    return [e for e in entries if e.user_id not in busy]


def _groups(
    entries: list[QuickEntry], need: int, now: datetime, apart: AbstractSet[frozenset[int]] = frozenset()
) -> list[tuple[list[QuickEntry], int]]:
    """Tables to seat from ``entries`` (oldest first): ``(people, bots)`` each; no two people of
    a pair in ``apart`` share one."""
    free = list(entries)
    out = []
    while free:
        anchor = free[0]
        near = [
            e for e in free[1:] if abs(e.rating - anchor.rating) <= max(window(anchor, now), window(e, now))
        ]
        near.sort(key=lambda e: (abs(e.rating - anchor.rating), e.created_at, e.id))
        group = [anchor]
        for e in near:
            if len(group) == need:
                break
            if not any(frozenset((e.user_id, g.user_id)) in apart for g in group):
                group.append(e)
        waited = (now - anchor.created_at).total_seconds()
        if len(group) == need:
            out.append((group, 0))
        elif anchor.bots_after is not None and waited >= anchor.bots_after:
            out.append((group, need - len(group)))
        else:
            free.remove(anchor)
            continue
        free = [e for e in free if e not in group]
    return out


def _seating(mode: str, people: list[QuickEntry]) -> list[QuickEntry | None]:
    """People by seat: in pairs the best and the weakest of four share a team (seats 0 and 2);
    else in the order they came. Bots fill the ``None`` seats at the end."""
    need = MODES[mode].players
    if MODES[mode].teams and len(people) == 4:
        a, b, c, d = sorted(people, key=lambda e: (-e.rating, e.id))
        return [a, b, d, c]
    return [*people, *([None] * (need - len(people)))]


def pool_match(mode: str, now: datetime | None = None) -> tuple[list[int], bool]:
    """Seat whoever in the pool of ``mode`` can be seated now; returns the new tables' ids and
    whether some waiting entries were held by another process (skipped: try again soon)."""
    need = MODES[mode].players
    waiting = QuickEntry.objects.filter(mode=mode, status=QuickEntry.Status.WAITING)
    tables: list[int] = []
    with transaction.atomic():
        entries = list(waiting.select_for_update(skip_locked=True).order_by("created_at", "id"))
        skipped = waiting.count() > len(entries)
        entries = _still_free(entries)
        now = now or timezone.now()
        groups = _groups(entries, need, now, apart=people_apart([e.user_id for e in entries]))
        if not groups:
            return [], skipped
        game = MODES[mode].game
        options = normalized_options(game, quick_options(mode))
        for people, bots in groups:
            seats = _seating(mode, people)
            mean = sum(e.rating for e in people) / len(people)
            level = calibration.nearest_level(mode, mean)
            table = table_create_seated(
                game=game,
                options=options,
                owner_id=seats[0].user_id if seats[0] else None,  # always a person
                seats=[(e.user_id, None) if e else (None, level) for e in seats],
                rated=True,
            )
            QuickEntry.objects.filter(pk__in=[e.pk for e in people]).update(
                status=QuickEntry.Status.SEATED, table=table, seated_at=now
            )
            _notify_seated(table.pk, [e.user_id for e in people])
            tables.append(table.pk)
            log.info(
                "quick play %s: table %s for %s (+%s bots)", mode, table.pk, [e.user_id for e in people], bots
            )
    return tables, skipped


def _notify_seated(table_id: int, user_ids: list[int]) -> None:
    """After commit: :data:`.signals.quick_seated` (a live notice to each, wherever he is)."""
    transaction.on_commit(
        lambda: signals.quick_seated.send(sender=Table, table_id=table_id, user_ids=user_ids)
    )


def quick_sweep() -> dict:
    """Every pool with people waiting gets a matching pass (Celery beat, every 2 s): windows
    widen and bots fill with time even when nobody polls. Returns ``{mode: tables seated}``."""
    modes = set(QuickEntry.objects.filter(status=QuickEntry.Status.WAITING).values_list("mode", flat=True))
    return {mode: len(pool_match(mode)[0]) for mode in sorted(modes)}
