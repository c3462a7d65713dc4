"""Posting one notification to each of a user's subscriptions (from Celery tasks only).

pywebpush encrypts the payload (aes128gcm, RFC 8291) for the subscription's keys and signs a
VAPID JWT (RFC 8292: ``aud`` the endpoint's origin, ``exp`` 12 h, ``sub`` ``VAPID_SUBJECT``).
An endpoint the push service calls gone (404, 410) is deleted; any other failure is logged and
the subscription kept.
"""

from __future__ import annotations

import json
import logging

import requests
from django.conf import settings
from django.utils import timezone
from pywebpush import WebPushException, webpush

from . import keys
from .kinds import kind as kind_of
from .models import Subscription

log = logging.getLogger(__name__)

#: Seconds a push service has to answer one post.
TIMEOUT = 10
#: Answers meaning the subscription no longer exists.
GONE = (404, 410)


def deliver(user_id: int, kind: str, payload: dict) -> int:
    """Send ``payload`` (``title``, ``body``, ``url``, ``tag``) to every subscription of
    ``user_id`` with the TTL and urgency of ``kind``; the number accepted by their services."""
    spec = kind_of(kind)
    data = json.dumps(payload, ensure_ascii=False)
    sent = 0
    for row in list(Subscription.objects.filter(user_id=user_id)):
        if _post(row, data, ttl=spec.ttl, urgency=spec.urgency):
            sent += 1
    return sent


def _post(row: Subscription, data: str, *, ttl: int, urgency: str) -> bool:
    try:
        webpush(
            subscription_info=row.info(),
            data=data,
            vapid_private_key=keys.vapid(),
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=ttl,
            headers={"Urgency": urgency},
            content_encoding="aes128gcm",
            timeout=TIMEOUT,
        )
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in GONE:
            Subscription.objects.filter(pk=row.pk).delete()
            log.info("push subscription %s is gone (%s): deleted", row.pk, status)
        else:
            log.warning("push to subscription %s failed: %s", row.pk, status or exc)
        return False
    except requests.RequestException as exc:
        log.warning("push to subscription %s failed: %s", row.pk, exc)
        return False
    Subscription.objects.filter(pk=row.pk).update(last_used_at=timezone.now())
    return True
