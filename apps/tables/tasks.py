"""Celery tasks of live tables: thin wrappers around the services (which check ``seq``).

The task names are what queued messages refer to, and what :mod:`apps.tables.scheduling`
sends (by name, so no service imports this module): they stay as they are whatever module
holds the service."""

from __future__ import annotations

import logging

from celery import shared_task
from celery.signals import worker_process_init, worker_ready

from apps.rules import api

from . import bot_players, bot_turns, no_show, presence, publishing, sweeping, timers

log = logging.getLogger(__name__)


@shared_task(name="tables.match_timeout", ignore_result=True)
def match_timeout(match_id: int) -> int:
    """The match's timer fired: the server acts if the deadline then current has passed, else
    the timer re-arms for it (:func:`apps.tables.timers.match_timer`)."""
    return timers.match_timer(match_id=match_id)


@shared_task(name="tables.match_bot_move", ignore_result=True)
def match_bot_move(match_id: int, seq: int) -> bool:
    """The bot to act at ``(match, seq)`` moves unless ``seq`` moved on."""
    return bot_turns.match_bot_move(match_id=match_id, seq=seq)


@shared_task(name="tables.seat_disconnect_check", ignore_result=True)
def seat_disconnect_check(table_id: int, seat: int) -> bool:
    """Durak: the person at ``seat`` left the socket 30 s ago and did not come back."""
    return presence.seat_disconnect_check(table_id=table_id, seat=seat)


@shared_task(name="tables.match_no_show_check", ignore_result=True)
def match_no_show_check(match_id: int) -> bool:
    """Quick play, 20 s after the start: a person who never opened the table aborts the match."""
    return no_show.match_no_show_check(match_id=match_id)


@shared_task(name="tables.sweep", ignore_result=True)
def sweep(rearm: bool = False) -> dict:
    """Apply deadlines whose timer was lost (run by beat every second and at worker start)."""
    return sweeping.matches_sweep(rearm=rearm)


def warm_up() -> None:
    """Import every game and the bots and open the channel layer once, so that the first timer
    of a fresh worker is as quick as the others (it must act within a second of its deadline)."""
    for game in api.GAMES:
        try:
            api.game_class(game)
        except ImportError:
            log.warning("game %s is not available", game)
    assert callable(bot_players.decide)
    publishing.send_many([("tables.warmup", {"type": "tables.warmup"})])


@worker_process_init.connect
def _warm_child(**kwargs) -> None:
    warm_up()


@worker_ready.connect
def _sweep_on_start(sender=None, **kwargs) -> None:
    """A worker starting takes over whatever a dead one held: sweep and re-arm every timer."""
    warm_up()
    try:
        sweep.apply_async(kwargs={"rearm": True})
    except Exception:
        log.exception("could not queue the start-up sweep")
