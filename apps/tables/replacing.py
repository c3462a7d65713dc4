"""A bot takes an absent person's seat in the middle of a match (a tournament's no-show).

The engine state is not touched: the seat keeps its cards, score and turn; only who plays it
changes. The seat's person goes (he no longer sits at the table; his table socket, if he opens
one, is a spectator's), a bot of the table's level sits there, the match's ``players`` name the
bot and keep the person as ``replaced`` (so the match's results say whom the bot stood in for),
and from then on the bot scheduler plays that seat as any bot's. Every socket of the table is
told (``table.refresh``) and the open-tables list learns the change.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import F

from apps.rules import api

from . import bot_players, scheduling, selectors, signals
from .frames import table_refresh
from .models import BOT_LEVELS, Match, Seat, Table

log = logging.getLogger(__name__)

#: A replacing bot's level when no bot sits at the table already.
DEFAULT_LEVEL = "normal"


def seat_bot_replace(*, match_id: int, seat: int, level: str | None = None) -> int | None:
    """Put a bot of ``level`` (default: the level of the bots already at the table, else
    :data:`DEFAULT_LEVEL`) into the person's ``seat`` of the playing match; returns the
    replaced person's user id, or None when there is nothing to replace (the match is over, the
    seat is not in it or holds no person). The bot moves at once if the seat is to act."""
    if level is not None and level not in BOT_LEVELS:
        raise ValueError(f"bad bot level {level!r}")
    table_id = Match.objects.filter(pk=match_id).values_list("table_id", flat=True).first()
    if table_id is None:
        return None
    with transaction.atomic():
        # lock order everywhere: the table, its seats, then the match
        Table.objects.select_for_update().filter(pk=table_id).first()
        row = Seat.objects.select_for_update().filter(table_id=table_id, number=seat).first()
        match = Match.objects.select_for_update().filter(pk=match_id, status=Match.Status.PLAYING).first()
        if match is None or row is None or row.user_id is None or seat not in match.seats:
            return None
        user_id = row.user_id
        level = level or _table_level(match)
        row.user = None
        row.bot_level = level
        row.ready = True
        row.connections = 0
        row.disconnected_at = None
        row.client_seed = ""
        fields = ["user", "bot_level", "ready", "connections", "disconnected_at", "client_seed"]
        row.save(update_fields=fields)
        name = next(i["name"] for i in selectors.seats_info(table_id) if i["seat"] == seat)
        players = [
            {**p, "user": None, "bot": level, "name": name, "replaced": user_id} if p["seat"] == seat else p
            for p in match.players
        ]
        state = api.from_json(match.state)
        memory = dict(match.bot_memory)
        memory[str(seat)] = bot_players.observe({}, api.view(state, seat), [], level)
        to_act = api.to_act(state)
        bot_to_act = any(p["bot"] and p["seat"] in to_act for p in players)
        Match.objects.filter(pk=match.pk).update(
            players=players,
            bot_memory=memory,
            bot_to_act=bot_to_act,
            seats_version=F("seats_version") + 1,  # every process's cached copy is stale
        )
        log.info("match %s: a %s bot replaced user %s at seat %s", match.pk, level, user_id, seat)
        moves_now = seat in to_act
        transaction.on_commit(lambda: _announce(table_id, match, moves_now))
    return user_id


def _table_level(match: Match) -> str:
    levels = [p["bot"] for p in match.players if p.get("bot")]
    return max(levels, key=BOT_LEVELS.index) if levels else DEFAULT_LEVEL


def _announce(table_id: int, match: Match, moves_now: bool) -> None:
    signals.tables_changed.send(sender=Table, table_id=table_id)
    table_refresh(table_id)
    if moves_now:
        scheduling.bot_after(match.pk, match.seq, match.bot_delay_ms)
