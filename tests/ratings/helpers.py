"""Helpers of the ratings tests: tables of people started through the lobby services."""

from __future__ import annotations

from apps.tables import seating
from apps.tables.models import Match
from tests.stats.helpers import play_through


def people_match(
    game: str, options: dict, users: list, *, rated=None, bots: dict | None = None, played: bool = True
) -> Match:
    """A match of ``users`` (seats 0..n-1; ``bots`` maps further seats to levels) started the way
    players start one: create, sit, «Готов»; with ``played`` (default) played on until each side
    has played, so that a leave then is rated rather than aborted."""
    table = seating.table_create(user=users[0], game=game, options=options, rated=rated, bots=bots or {})
    for seat, user in enumerate(users[1:], start=1):
        seating.seat_take(table_id=table.pk, user=user, seat=seat)
    for user in users:
        seating.ready_set(table_id=table.pk, user=user, ready=True)
    match = Match.objects.get(table=table)
    return play_through(match) if played else match
