"""Who is at the table: the sockets of seated persons and spectators, and what happens when a
person stays away (Durak: he leaves after the disconnect time; the belot family: another player
may claim the victory).

Presence never changes a match's ``seq``; a flip of a seat's ``connected`` or of the spectators'
count makes every process's copy of the seats' info stale at once and refreshes the table's
sockets, at most once a second per table (:func:`presence_refresh`). The leave of an absent
person is the server's verdict, applied at whatever ``seq`` the match is at
(:func:`apps.tables.moves.move_apply` with ``seq=None``).
"""

from __future__ import annotations

import logging
import threading
from datetime import timedelta

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from apps.core.errors import Refused
from apps.rules import api

from . import clock, groups, publishing, scheduling, seating, selectors, signals
from .frames import seats_changed
from .models import Match, Seat, Spectator, Table
from .moves import Actor, move_apply

log = logging.getLogger(__name__)

#: A table's sockets get at most one presence refresh in this many seconds: a spectator opening
#: and closing sockets in a loop must not send the players a full state per socket
#: (docs/security.md, «The hostile user's probe»).
REFRESH_SECONDS = 1


def presence_refresh(table_id: int) -> None:
    """Somebody came to or left the table: the seats' info is stale now in every process (a move
    made next carries the new presence), and the table's sockets refetch their state — at once if
    no presence refresh went to the table in the last :data:`REFRESH_SECONDS`, else once when the
    second is over, which covers every change made meanwhile (the last one is always delivered).

    The marks live in the shared cache, so the limit holds across server processes; the delayed
    refresh is a timer of the process that first had to wait (one channel-layer message, no
    database). A process killed in that second loses it: the next change or ``sync`` repairs."""
    seats_changed(table_id)
    if cache.get(f"presence:due:{table_id}"):
        return  # the delayed refresh, sent after this change, covers it
    if cache.add(f"presence:sent:{table_id}", 1, REFRESH_SECONDS):
        _refresh_send(table_id)
    elif cache.add(f"presence:due:{table_id}", 1, REFRESH_SECONDS * 5):
        timer = threading.Timer(REFRESH_SECONDS, _refresh_due, (table_id,))
        timer.daemon = True
        timer.start()


def _refresh_due(table_id: int) -> None:
    """The delayed refresh: a new second starts with it; changes after this point wait again."""
    cache.set(f"presence:sent:{table_id}", 1, REFRESH_SECONDS)
    cache.delete(f"presence:due:{table_id}")
    _refresh_send(table_id)


def _refresh_send(table_id: int) -> None:
    publishing.send_many([(groups.table_all(table_id), {"type": "table.refresh"})])


def seat_presence(*, table_id: int, user_id: int, delta: int) -> None:
    """Count a socket of ``user_id`` opening (+1) or closing (-1) at the table.

    When the person's last socket closes during a Durak match he still plays in, he has 30 s to
    come back (seed 001 §11); in the belot family the timer plays for him. Everyone is told when
    the seat's ``connected`` flag flips.
    """
    now = timezone.now()
    with transaction.atomic():
        # Lock order everywhere is table, then its seats (the seating services lock the table
        # first); taking the seat alone here deadlocked against «Готов» racing a connect.
        Table.objects.select_for_update().filter(pk=table_id).first()
        seat = Seat.objects.select_for_update().filter(table_id=table_id, user_id=user_id).first()
        if seat is None:
            return
        was = seat.connections > 0
        seat.connections = max(0, seat.connections + delta)
        is_now = seat.connections > 0
        if is_now:
            seat.disconnected_at = None
        elif was:
            seat.disconnected_at = now
        seat.save(update_fields=["connections", "disconnected_at"])
        number = seat.number
        match = None
        if was and not is_now:
            match = Match.objects.filter(table_id=table_id, status=Match.Status.PLAYING, game="durak").first()
            seating.rematch_cancel(table_id=table_id)  # he left the finished table: «Ещё партию» is off
    if was != is_now:
        presence_refresh(table_id)
    if was and not is_now:
        _away_announce(table_id, user_id)
    if match is not None and number in match.seats:
        when = now + timedelta(milliseconds=clock.disconnect_ms(match.time_scale))
        scheduling.disconnect_check_at(table_id, number, when)


def _away_announce(table_id: int, user_id: int) -> None:
    """``turn_waits`` for a person whose last table socket closed while the match waits for him."""
    if not signals.turn_waits.receivers:
        return
    match = Match.objects.filter(table_id=table_id, status=Match.Status.PLAYING).first()
    if match is None or match.deadline is None:
        return
    if user_id in selectors.persons_to_act(match, api.from_json(match.state)):
        signals.send_logged(signals.turn_waits, sender=Match, match_id=match.pk, user_ids=[user_id])


def spectator_presence(*, table_id: int, user_id: int, delta: int) -> None:
    """Count a spectator's socket opening (+1) or closing (-1). When he starts or stops watching
    (his first socket opens, his last closes) every socket of the table gets the new
    ``spectators`` count (a refresh)."""
    with transaction.atomic():
        row, _ = Spectator.objects.select_for_update().get_or_create(table_id=table_id, user_id=user_id)
        was = row.connections > 0
        row.connections = max(0, row.connections + delta)
        row.save(update_fields=["connections"])
    if was != (row.connections > 0):
        presence_refresh(table_id)


def seat_disconnect_check(*, table_id: int, seat: int) -> bool:
    """Durak: the person at ``seat`` has been away 30 s: he leaves, the match ends (``disconnect``).

    True when the leave was applied. A player already out of the game leaves without effect.
    """
    row = Seat.objects.filter(table_id=table_id, number=seat).first()
    match = Match.objects.filter(table_id=table_id, status=Match.Status.PLAYING, game="durak").first()
    if row is None or match is None or not _gone_past_deadline(row, match):
        return False
    return _disconnect_leave(match.pk, seat)


def claim_victory(*, table_id: int, user_id: int) -> None:
    """«Засчитать победу»: a person playing at the table ends the match when a person on another
    side has been away past the disconnect time (docs/rules.md: a disconnect not back in time ends the
    game as his ``leave``; the seat's ``gone_deadline`` in the view says when). Durak ends such a
    match by itself; the belot family keeps playing for the absent seat until someone claims.

    Refused ``not_seated`` (not playing here), ``no_match``, ``not_gone`` (nobody away long enough).
    """
    match = Match.objects.filter(table_id=table_id, status=Match.Status.PLAYING).first()
    if match is None:
        raise Refused("no_match")
    rows = {r.number: r for r in Seat.objects.filter(table_id=table_id)}
    mine = next((n for n, r in rows.items() if r.user_id == user_id and n in match.seats), None)
    if mine is None:
        raise Refused("not_seated")
    teams = {s["seat"]: s.get("team") for s in api.view(api.from_json(match.state), None)["seats"]}
    partners = {n for n in match.seats if teams.get(mine) is not None and teams.get(n) == teams.get(mine)}
    gone = [
        n
        for n in match.seats
        if n != mine and n not in partners and n in rows and _gone_past_deadline(rows[n], match)
    ]
    if not gone or not _disconnect_leave(match.pk, gone[0]):
        raise Refused("not_gone")


def _gone_past_deadline(row: Seat, match: Match) -> bool:
    """Whether the person at ``row`` has had no socket at the table for the disconnect time."""
    if not row.user_id or row.connections > 0 or row.disconnected_at is None:
        return False
    away = timezone.now() - row.disconnected_at
    return away >= timedelta(milliseconds=clock.disconnect_ms(match.time_scale))


def _disconnect_leave(match_id: int, seat: int) -> bool:
    """The server's ``leave`` for the absent ``seat`` (reason ``disconnect``), at whatever ``seq``
    the match is at by then; True if applied."""
    try:
        move_apply(
            match_id=match_id,
            seat=seat,
            action={"type": "leave"},
            seq=None,
            actor=Actor.SYSTEM,
            reason="disconnect",
            system=True,
        )
    except Refused as exc:
        log.warning("match %s: disconnect leave of seat %s refused: %s", match_id, seat, exc)
        return False
    return True
