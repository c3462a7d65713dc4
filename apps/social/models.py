"""Friends (a request, then a friendship both agreed to), blocks, invitations to a table, and
the presence of open pages (who is online, who watches which table).

A friendship is one row per pair, the smaller user id first, so "are A and B friends" is one
indexed lookup whichever way it is asked.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class FriendRequest(models.Model):
    """``from_user`` asked ``to_user`` to be friends; deleted once accepted, declined or cancelled."""

    from_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("от кого"),
    )
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("кому"),
    )
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)

    class Meta:
        verbose_name = _("заявка в друзья")
        verbose_name_plural = _("заявки в друзья")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["from_user", "to_user"], name="social_request_unique_pair"),
            models.CheckConstraint(condition=~Q(from_user=F("to_user")), name="social_request_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.from_user_id} → {self.to_user_id}"


class Friendship(models.Model):
    """Two users who both agreed; ``user_low`` has the smaller id."""

    user_low = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("первый друг"),
    )
    user_high = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("второй друг"),
    )
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)

    class Meta:
        verbose_name = _("дружба")
        verbose_name_plural = _("дружбы")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["user_low", "user_high"], name="social_friendship_unique_pair"),
            models.CheckConstraint(
                condition=Q(user_low__lt=F("user_high")), name="social_friendship_ordered"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_low_id} ♥ {self.user_high_id}"


class Block(models.Model):
    """``blocker`` blocked ``blocked``: no friendship, no invitations, no chat, no common table."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("кто заблокировал"),
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("кого заблокировал"),
    )
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)

    class Meta:
        verbose_name = _("блокировка")
        verbose_name_plural = _("блокировки")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="social_block_unique_pair"),
            models.CheckConstraint(condition=~Q(blocker=F("blocked")), name="social_block_not_self"),
        ]
        indexes = [models.Index(fields=["blocked", "blocker"], name="social_block_reverse")]

    def __str__(self) -> str:
        return f"{self.blocker_id} ⊘ {self.blocked_id}"


class Invitation(models.Model):
    """``from_user``, seated at ``table``, asked his friend ``to_user`` to come to it."""

    class Status(models.TextChoices):
        PENDING = "pending", _("ждёт ответа")
        ACCEPTED = "accepted", _("принято")
        DECLINED = "declined", _("отклонено")
        CANCELLED = "cancelled", _("отменено")

    from_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("от кого"),
    )
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("кому"),
    )
    table = models.ForeignKey(
        "tables.Table",
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("стол"),
    )
    status = models.CharField(_("состояние"), max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)
    answered_at = models.DateTimeField(_("время ответа"), null=True, blank=True)

    class Meta:
        verbose_name = _("приглашение")
        verbose_name_plural = _("приглашения")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["to_user", "status"], name="social_invitation_inbox")]

    def __str__(self) -> str:
        return f"{self.from_user_id} → {self.to_user_id} table {self.table_id} ({self.status})"


class Presence(models.Model):
    """One open page of a signed-in user: its personal lobby socket (``/ws/lobby/``, opened by
    every page's header), and the table whose page it is, if any.

    Plain integer columns without foreign keys on purpose: a socket opening or closing writes
    this one table only, so it never waits on (or deadlocks with) locks of users or tables.
    ``seen_at`` is refreshed by the server process holding the socket (:mod:`.presence`); a row
    not refreshed for :data:`apps.social.presence.STALE_SECONDS` (a socket closed a few seconds
    ago, or one of a process that died) counts for nothing.
    """

    channel = models.CharField(_("канал"), max_length=100, unique=True)
    user_id = models.BigIntegerField(_("игрок (id)"), db_index=True)
    table_id = models.BigIntegerField(_("стол (id)"), null=True, blank=True, db_index=True)
    opened_at = models.DateTimeField(_("время открытия"), auto_now_add=True)
    seen_at = models.DateTimeField(_("последний отклик"), db_index=True)

    class Meta:
        verbose_name = _("открытая страница")
        verbose_name_plural = _("открытые страницы")

    def __str__(self) -> str:
        return f"user {self.user_id} at {self.table_id or 'site'}"
