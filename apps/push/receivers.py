"""What calls a player back: the signals of apps.tables, apps.social, apps.tournaments and
apps.duplicates,
turned into tasks.

Receivers run in the request, the socket's thread or a task: each does one indexed query (who
of them has a subscription) and queues a Celery task; nothing here posts to a push service.
"""

from __future__ import annotations

from django.core.cache import cache

from apps.duplicates import signals as duplicate_signals
from apps.ratings import signals as ratings_signals
from apps.social import signals as social_signals
from apps.tables import signals as table_signals
from apps.tournaments import signals as tournament_signals

from . import away, kinds, services

#: Seconds after the match began waiting for an absent person that «Ваш ход» looks again (a bit
#: more than :data:`apps.push.away.TURN_AWAY_SECONDS`, so that a 5 s absence has passed).
TURN_CHECK_DELAY = away.TURN_AWAY_SECONDS + 0.5


def on_invitation(*, invitation, **_) -> None:
    services.notify(
        invitation.to_user_id,
        kinds.INVITATION,
        table_id=invitation.table_id,
        from_user_id=invitation.from_user_id,
    )


def on_friend_accepted(*, user_id: int, friend_id: int, **_) -> None:
    services.notify(user_id, kinds.FRIEND_ACCEPTED, friend_id=friend_id)


def on_rematch_offered(*, table_id: int, by_user_id: int, user_ids: list[int], **_) -> None:
    for user_id in user_ids:
        if user_id and user_id != by_user_id:
            services.notify(user_id, kinds.REMATCH, table_id=table_id, by_user_id=by_user_id)


def on_turn_waits(*, match_id: int, user_ids: list[int], **_) -> None:
    for user_id in services.subscribed(user_ids):
        services.turn_check_later(match_id=match_id, user_id=user_id, delay=TURN_CHECK_DELAY)


def on_tournament_seated(*, tournament_id: int, table_id: int, user_ids: list[int], **_) -> None:
    for user_id in user_ids:
        services.notify(user_id, kinds.TOURNAMENT, table_id=table_id, tournament_id=tournament_id)


def on_quick_seated(*, table_id: int, user_ids: list[int], **_) -> None:
    for user_id in user_ids:
        services.notify(user_id, kinds.QUICK_SEATED, table_id=table_id)


def on_tournament_soon(*, tournament_id: int, user_ids: list[int], **_) -> None:
    for user_id in user_ids:
        services.notify(user_id, kinds.TOURNAMENT_SOON, tournament_id=tournament_id)


def on_daily_opened(*, day, **_) -> None:
    """«Дубль дня» opened: one push to each person who turned the kind on (opt-in), once a day
    whatever the beat does (a cache key per person and day)."""
    for user_id in services.wanting(kinds.DAILY_DUPLICATE):
        if cache.add(f"push:daily-duplicate:{day}:{user_id}", 1, timeout=2 * 24 * 3600):
            services.notify(user_id, kinds.DAILY_DUPLICATE, day=str(day))


def connect() -> None:
    """Connect every receiver (once: ``dispatch_uid``)."""
    social_signals.invitation_sent.connect(on_invitation, dispatch_uid="push.invitation")
    social_signals.friend_accepted.connect(on_friend_accepted, dispatch_uid="push.friend_accepted")
    table_signals.rematch_offered.connect(on_rematch_offered, dispatch_uid="push.rematch_offered")
    table_signals.turn_waits.connect(on_turn_waits, dispatch_uid="push.turn_waits")
    tournament_signals.table_seated.connect(on_tournament_seated, dispatch_uid="push.tournament_seated")
    ratings_signals.quick_seated.connect(on_quick_seated, dispatch_uid="push.quick_seated")
    tournament_signals.starts_soon.connect(on_tournament_soon, dispatch_uid="push.tournament_soon")
    duplicate_signals.daily_opened.connect(on_daily_opened, dispatch_uid="push.daily_opened")
