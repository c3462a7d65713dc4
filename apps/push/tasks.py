"""Celery tasks of Web Push: every notification is built and posted here, never on a request."""

from __future__ import annotations

import logging

from celery import shared_task
from django.contrib.auth import get_user_model
from django.core.cache import cache

from apps.tables import selectors

from . import away, kinds, messages, sending, services

log = logging.getLogger(__name__)


@shared_task(name="push.send", ignore_result=True)
def send(user_id: int, kind: str, params: dict) -> int:
    """Notify ``user_id`` of ``kind`` unless he turned it off or is on the page it would open
    (:mod:`apps.push.away`); the number of devices reached."""
    if not services.wants(user_id, kind):
        return 0
    table_id = params.get("table_id")
    if kind in (kinds.INVITATION, kinds.FRIEND_ACCEPTED) and not away.off_site(user_id):
        return 0
    at_table = (kinds.REMATCH, kinds.YOUR_TURN, kinds.TOURNAMENT, kinds.QUICK_SEATED)
    if kind in at_table and table_id and not away.off_table(user_id, table_id):
        return 0
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        return 0
    payload = messages.build(kind, params, user.language or "ru")
    if payload is None:
        return 0
    return sending.deliver(user_id, kind, payload)


@shared_task(name="push.turn_check", ignore_result=True)
def turn_check(match_id: int, user_id: int) -> int:
    """«Ваш ход»: some seconds after the match began to wait for ``user_id``, call him if it
    still waits for him, his clock runs and he has had no table socket for 5 s. One call per
    absence per match (a Durak defender away for a whole deal gets one)."""
    waiting = selectors.match_waits_for(match_id, user_id)
    if waiting is None:
        return 0
    table_id = waiting
    is_away, since = away.away_from_turn(user_id, table_id)
    if not is_away or not services.wants(user_id, kinds.YOUR_TURN):
        return 0
    if not cache.add(f"push:turn:{match_id}:{user_id}:{since}", 1, timeout=24 * 3600):
        return 0
    return send(user_id, kinds.YOUR_TURN, {"table_id": table_id})
