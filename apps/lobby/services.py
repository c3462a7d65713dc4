"""The lobby's writes: «Играть с ботами» and pushing the open-tables list to the lobby sockets.

Every write of a table goes through :mod:`apps.tables.seating` (apps.tables owns the rows);
the lobby composes those services and listens to :data:`apps.tables.signals.tables_changed`.
"""

from __future__ import annotations

from django.db import transaction

from apps.core.errors import Refused
from apps.core.jsontext import compact
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
    counts as his loss (RULES.md)."""
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
        )
        table = seating.ready_set(table_id=table.pk, user=user, ready=True)
    return table


def lobby_publish(**_signal) -> None:
    """Push the list of open tables to every lobby socket (also the receiver of
    :data:`apps.tables.signals.tables_changed`, connected in ``LobbyConfig.ready``)."""
    frame = {"op": "tables", "tables": selectors.open_tables()}
    message = {"type": "lobby.tables", "text": compact(frame)}
    publishing.send_many([(groups.LOBBY, message)])
