"""Writes and reads of API tokens: make one (the key is returned once), revoke, authenticate.

A key is ``kt_`` plus 43 URL-safe random characters (256 bits); the database keeps its SHA-256.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .models import ApiToken

KEY_PREFIX = "kt_"
#: Active keys per user; making one more revokes the least recently used.
MAX_ACTIVE_TOKENS = 50
#: ``last_used_at`` is written at most this often per key (not on every request).
LAST_USED_RESOLUTION = timedelta(minutes=1)


def key_hash(key: str) -> str:
    """The stored form of ``key``."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def token_create(*, user, name: str = "") -> tuple[ApiToken, str]:
    """A new active token of ``user``; returns it and its key (the only time the key exists).

    Beyond ``MAX_ACTIVE_TOKENS`` active keys the least recently used one is revoked."""
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        token = ApiToken.objects.create(
            user=user, name=name.strip()[:60], key_hash=key_hash(key), prefix=key[: len(KEY_PREFIX) + 5]
        )
        active = ApiToken.objects.filter(user=user, revoked_at=None).exclude(pk=token.pk)
        surplus = active.count() - (MAX_ACTIVE_TOKENS - 1)
        if surplus > 0:
            unused_first = (F("last_used_at").asc(nulls_first=True), "created_at", "id")
            oldest = active.order_by(*unused_first).values_list("pk", flat=True)[:surplus]
            ApiToken.objects.filter(pk__in=list(oldest)).update(revoked_at=timezone.now())
    return token, key


def token_revoke(*, user, token_id: int) -> bool:
    """Revoke ``user``'s token ``token_id``; False if he has no such active token."""
    mine = ApiToken.objects.filter(pk=token_id, user=user, revoked_at=None)
    return mine.update(revoked_at=timezone.now()) == 1


def token_authenticate(key: str) -> ApiToken | None:
    """The active token whose key is ``key`` (with its active user), else None. Notes its use."""
    if not key or not key.startswith(KEY_PREFIX) or len(key) > 100:
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(key_hash=key_hash(key), revoked_at=None, user__is_active=True)
        .first()
    )
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token


def tokens_for_user(user) -> list[ApiToken]:
    """The user's active tokens, newest first."""
    return list(ApiToken.objects.filter(user=user, revoked_at=None).order_by("-created_at", "-id"))


def key_from_header(value: str | bytes | None) -> str | None:
    """The key of an ``Authorization: Token <key>`` header value, else None."""
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    if not value:
        return None
    parts = value.split()
    if len(parts) != 2 or parts[0].lower() != "token":
        return None
    return parts[1]
