"""Subscribing a browser, turning kinds on and off, and asking Celery to notify someone.

Nothing here posts to a push service: :func:`notify` hands the work to the ``push.send`` task
after commit (:mod:`apps.push.tasks`), so a request never waits for one.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import logging
from urllib.parse import urlsplit

from celery import current_app
from django.conf import settings
from django.db import transaction

from apps.core.errors import Refused

from . import kinds
from .keys import configured as vapid_configured
from .models import Preferences, Subscription

log = logging.getLogger(__name__)

#: The newest subscriptions a user keeps (lichess keeps 5 too); older ones are deleted.
MAX_PER_USER = 5


def _b64url(value: str) -> bytes:
    return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))


def endpoint_check(endpoint: object) -> str:
    """``endpoint`` if the server may post to it: an ``https`` URL of a named host (push
    services have names; an IP literal could aim the server at the machines around it), at
    most 1000 characters. Hosts in ``PUSH_TEST_HOSTS`` (the test settings' local push service)
    may use plain ``http`` and an address. Refused ``bad_endpoint``."""
    if not isinstance(endpoint, str) or not 0 < len(endpoint) <= 1000:
        raise Refused("bad_endpoint")
    parts = urlsplit(endpoint)
    host = parts.hostname or ""
    if host and host in getattr(settings, "PUSH_TEST_HOSTS", ()) and parts.scheme in ("http", "https"):
        return endpoint
    try:
        ipaddress.ip_address(host)
        literal = True
    except ValueError:
        literal = False
    if parts.scheme != "https" or not host or literal or host == "localhost" or parts.username:
        raise Refused("bad_endpoint")
    return endpoint


def keys_check(keys: object) -> tuple[str, str]:
    """The subscription's ``p256dh`` (a P-256 point, 65 bytes) and ``auth`` (16 bytes), each
    base64url; refused ``bad_keys``."""
    if not isinstance(keys, dict):
        raise Refused("bad_keys")
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    if not isinstance(p256dh, str) or not isinstance(auth, str):
        raise Refused("bad_keys")
    try:
        ok = (
            len(p256dh) <= 120
            and len(auth) <= 40
            and len(point := _b64url(p256dh)) == 65
            and point[0] == 4
            and len(_b64url(auth)) == 16
        )
    except (binascii.Error, ValueError):
        ok = False
    if not ok:
        raise Refused("bad_keys")
    return p256dh, auth


def subscribe(*, user, endpoint: object, keys: object, label: str = "") -> Subscription:
    """Keep ``user``'s browser subscription (``PushSubscription.toJSON()``'s ``endpoint`` and
    ``keys``). The same endpoint again renews it (a browser moved to another user takes it
    along); past :data:`MAX_PER_USER` the oldest go. Refused ``bad_endpoint``, ``bad_keys``."""
    endpoint = endpoint_check(endpoint)
    p256dh, auth = keys_check(keys)
    with transaction.atomic():
        Subscription.objects.filter(endpoint=endpoint).delete()
        row = Subscription.objects.create(
            user=user, endpoint=endpoint, p256dh=p256dh, auth=auth, label=label[:80]
        )
        keep = Subscription.objects.filter(user=user).order_by("-created_at", "-id")[:MAX_PER_USER]
        Subscription.objects.filter(user=user).exclude(
            pk__in=list(keep.values_list("pk", flat=True))
        ).delete()
    return row


def unsubscribe(*, user, subscription_id: object = None, endpoint: object = None) -> bool:
    """Forget one of ``user``'s subscriptions (by id from the devices list, or by endpoint from
    the browser itself); True if there was one."""
    rows = Subscription.objects.filter(user=user)
    if isinstance(subscription_id, int):
        rows = rows.filter(pk=subscription_id)
    elif isinstance(endpoint, str):
        rows = rows.filter(endpoint=endpoint)
    else:
        return False
    deleted, _ = rows.delete()
    return bool(deleted)


def preferences(user_id: int) -> dict[str, bool]:
    """Every kind's on/off for ``user_id`` (a kind never set: its default)."""
    row = Preferences.objects.filter(user_id=user_id).first()
    stored = row.kinds if row is not None else {}
    return {code: bool(stored.get(code, kind.default_on)) for code, kind in kinds.KINDS.items()}


def preference_set(*, user, kind: object, on: object) -> dict[str, bool]:
    """Turn ``kind`` on or off for ``user``; the new preferences. Refused ``bad_kind``."""
    if not isinstance(kind, str) or kind not in kinds.KINDS or not isinstance(on, bool):
        raise Refused("bad_kind")
    with transaction.atomic():
        row, _ = Preferences.objects.select_for_update().get_or_create(user=user)
        row.kinds = {**row.kinds, kind: on}
        row.save(update_fields=["kinds"])
    return preferences(user.pk)


def wants(user_id: int, kind: str) -> bool:
    """Whether ``user_id`` has a subscription and ``kind`` on (the test kind: a subscription)."""
    if not Subscription.objects.filter(user_id=user_id).exists():
        return False
    return kind == kinds.TEST or preferences(user_id).get(kind, False)


def wanting(kind: str) -> list[int]:
    """Everyone with a subscription who turned the off-by-default ``kind`` on (one query)."""
    return list(
        Preferences.objects.filter(
            **{f"kinds__{kind}": True}, user__in=Subscription.objects.values("user_id")
        )
        .values_list("user_id", flat=True)
        .distinct()
    )


def subscribed(user_ids: list[int]) -> set[int]:
    """Those of ``user_ids`` with at least one subscription (one query)."""
    return set(Subscription.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True))


def notify(user_id: int, kind: str, **params: int | str) -> None:
    """After commit, ask the ``push.send`` task to notify ``user_id`` of ``kind`` (params: ids
    the message is built from). Nothing when push is not configured or he has no subscription."""
    if not vapid_configured() or not Subscription.objects.filter(user_id=user_id).exists():
        return
    transaction.on_commit(lambda: _enqueue("push.send", (user_id, kind, params)))


def turn_check_later(*, match_id: int, user_id: int, delay: float) -> None:
    """Ask the ``push.turn_check`` task to look again in ``delay`` seconds whether ``user_id`` is
    away while the match waits for him."""
    _enqueue("push.turn_check", (match_id, user_id), countdown=delay)


def _enqueue(name: str, args: tuple, countdown: float = 0) -> None:
    """Send the task ``name`` of :mod:`apps.push.tasks` (by name: the tasks import this module)."""
    try:
        current_app.send_task(name, args=args, countdown=countdown)
    except Exception:  # broker down: a notification lost, never a failed request
        log.exception("queueing %s%s failed", name, args)
