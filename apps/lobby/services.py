"""The lobby's writes: «Играть с ботами» and pushing the open-tables list's changes to the lobby
sockets.

Every write of a table goes through :mod:`apps.tables.seating` (apps.tables owns the rows);
the lobby composes those services and listens to :data:`apps.tables.signals.tables_changed`.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction

from apps.core.errors import Refused
from apps.core.jsontext import compact
from apps.protocol import encode
from apps.protocol.server import TablesDiff
from apps.rules import seating as seat_rules
from apps.tables import groups, publishing, seating
from apps.tables.models import Table

from . import selectors


def play_with_bots(
    *,
    user,
    game: str,
    options: dict | None = None,
    level: str = "normal",
    bots: int | None = None,
    time_scale: float | None = None,
    bot_delay_ms: int | None = None,
    seats: int | None = None,
) -> Table:
    """«Играть с ботами»: a table with ``user`` at seat 0 and bots of ``level`` beside him, started
    at once (``seats``: Durak's 2..6). An unfinished match of his with bots is replaced and
    counts as his loss (docs/rules.md)."""
    options = seating.normalized_options(game, options)
    count = seat_rules.seat_count(game, options, seats)
    bots = count - 1 if bots is None else bots
    if not 1 <= bots <= min(seat_rules.max_bots(count), count - 1):
        raise Refused("too_many_bots")
    code = seat_rules.misfit(game, options, 1 + bots)
    if code is not None:
        raise Refused(code)
    for match in selectors.unfinished_bot_matches(user.pk):
        seating.match_leave(table=match.table, user=user)
    with transaction.atomic():
        table = seating.table_create(
            user=user,
            game=game,
            options=options,
            bots=dict.fromkeys(range(1, bots + 1), level),
            private=True,
            time_scale=time_scale,
            bot_delay_ms=bot_delay_ms,
            seats=count,
            waits=False,
        )
        table = seating.ready_set(table_id=table.pk, user=user, ready=True)
    return table


def lobby_publish(*, table_id: int | None = None, **_signal) -> None:
    """Push the change of table ``table_id`` in the open-tables list to every lobby socket as a
    ``tables_diff`` frame (the receiver of :data:`apps.tables.signals.tables_changed`, connected
    in ``LobbyConfig.ready``); nothing when its row is the same as last pushed. A socket gets the
    whole list once, on connect: a change costs its row, not the list (docs/performance.md)."""
    if table_id is None:
        return
    frame = lobby_diff(table_id)
    if frame is not None:
        publishing.send_many([(groups.LOBBY, {"type": "lobby.tables", "text": encode(frame)})])


#: The cache key of the last row pushed for a table (the cache is shared by the server processes).
_PUSHED = "lobby:pushed:{}"
#: How long a pushed row is remembered: a table's list life is rarely longer.
_PUSHED_SECONDS = 24 * 3600


def lobby_diff(table_id: int) -> TablesDiff | None:
    """The ``tables_diff`` of table ``table_id`` against the row last pushed for it: ``added``
    when none was, ``changed`` when it differs, ``removed`` when the list leaves it out now (sent
    even when unknown here: a client that does not list it ignores it); None when unchanged."""
    row = selectors.open_table(table_id)
    key = _PUSHED.format(table_id)
    if row is None:
        cache.delete(key)
        return TablesDiff(added=[], changed=[], removed=[table_id])
    text = compact(row)
    last = cache.get(key)
    if last == text:
        return None
    cache.set(key, text, _PUSHED_SECONDS)
    return TablesDiff(added=[row] if last is None else [], changed=[] if last is None else [row], removed=[])
