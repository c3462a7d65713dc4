"""Reads of the lobby: the open tables with their seats' ratings, a user's unfinished bot games."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from apps.ratings.selectors import tables_seat_ratings
from apps.tables.models import Match, Seat, Table
from apps.tables.selectors import table_summary

#: How many tables the lobby list shows at most.
LIST_LIMIT = 100
#: A waiting table leaves the list this long after its last person closed its page.
AWAY_UNLISTED = timedelta(minutes=2)


def open_tables(game: str | None = None, status: str | None = None) -> list[dict]:
    """Public tables waiting for players or playing, newest first (at most ``LIST_LIMIT``). A
    waiting table where no person sits any more (its people stood up), or whose people all left
    its page a while ago (:func:`_listed`), is not listed: each listed waiting table has someone
    there, and one person sits at few (``too_many_tables``, docs/security.md)."""
    tables = _listed().filter(status=status) if status else _listed()
    if game:
        tables = tables.filter(game=game)
    return _rows(list(tables.order_by("-id")[:LIST_LIMIT]))


def open_table(table_id: int) -> dict | None:
    """The lobby row of table ``table_id`` as :func:`open_tables` lists it, or None when the list
    leaves it out (private, finished, a waiting table nobody sits at, or gone)."""
    return next(iter(_rows(list(_listed().filter(pk=table_id)))), None)


def _listed():
    """The tables the lobby may list: public, unfinished, and a waiting one only while a person
    seated there is around: his table page open, or closed less than :data:`AWAY_UNLISTED` ago,
    or the table newer than that: a table whose people have gone leaves the list. The seats stay
    taken: coming back lists the table again."""
    since = timezone.now() - AWAY_UNLISTED
    around = (
        Q(connections__gt=0)
        | Q(disconnected_at__gte=since)
        | Q(disconnected_at__isnull=True, table__created_at__gte=since)
    )
    someone = Seat.objects.filter(around, table=OuterRef("pk"), user__isnull=False)
    person = Seat.objects.filter(table=OuterRef("pk"), user__isnull=False)
    tables = Table.objects.filter(private=False).exclude(status=Table.Status.FINISHED)
    # a match of bots alone (the «Смотреть» page's featured one) is nobody's to join
    tables = tables.exclude(Q(status=Table.Status.PLAYING) & ~Exists(person))
    return tables.exclude(Q(status=Table.Status.WAITING) & ~Exists(someone))


def _rows(tables: list[Table]) -> list[dict]:
    """Each table's summary with its seats' ratings, in the order given."""
    seats: dict[int, list[Seat]] = {t.pk: [] for t in tables}
    for seat in Seat.objects.filter(table__in=tables).select_related("user").order_by("number"):
        seats[seat.table_id].append(seat)
    summaries = [table_summary(t, seats[t.pk]) for t in tables]
    return _with_ratings(tables, seats, summaries)


def _with_ratings(tables: list[Table], seats: dict[int, list[Seat]], summaries: list[dict]) -> list[dict]:
    """Each listed seat with ``rating`` (the shown rating in the table's mode, or None)."""
    ratings = tables_seat_ratings(
        [(t.pk, t.game, t.options, [(s.number, s.user_id, s.bot_level) for s in seats[t.pk]]) for t in tables]
    )
    for summary in summaries:
        texts = ratings.get(summary["id"], {})
        for seat in summary["seats"]:
            seat["rating"] = texts.get(seat["seat"])
    return summaries


def unfinished_bot_matches(user_id: int) -> list:
    """The user's matches still being played where everyone else is a bot."""
    matches = Match.objects.filter(status=Match.Status.PLAYING, table__seats__user_id=user_id).select_related(
        "table"
    )
    return [m for m in matches if all(p["bot"] or p["user"] == user_id for p in m.players)]
