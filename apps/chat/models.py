"""Messages of the table chat, who muted whom, reports, and site-wide mutes set by staff."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ChatMessage(models.Model):
    """One message at a table: free text or a canned phrase, in the players' or spectators' channel."""

    class Channel(models.TextChoices):
        PLAYERS = "players", _("игроки")
        SPECTATORS = "spectators", _("зрители")

    table = models.ForeignKey(
        "tables.Table",
        on_delete=models.CASCADE,
        related_name="chat_messages",
        verbose_name=_("стол"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("автор"),
    )
    #: The author's seat when he wrote (None: a spectator).
    seat = models.SmallIntegerField(_("место"), null=True, blank=True)
    #: The name shown, as it was when written.
    name = models.CharField(_("имя"), max_length=150)
    channel = models.CharField(_("канал"), max_length=10, choices=Channel.choices)
    #: The text as written (a phrase: its Russian words).
    text = models.CharField(_("текст"), max_length=200)
    #: The canned phrase's code (``hello`` ...), or empty for free text.
    phrase = models.CharField(_("фраза"), max_length=20, blank=True, default="")
    #: Written by a spectator while the match was played: never shown to the players.
    spectators_only = models.BooleanField(_("только зрителям"), default=False)
    #: Hidden by a moderator: shown to nobody any more.
    hidden = models.BooleanField(_("скрыто"), default=False, db_index=True)
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)

    class Meta:
        verbose_name = _("сообщение чата")
        verbose_name_plural = _("сообщения чата")
        ordering = ["-id"]
        indexes = [models.Index(fields=["table", "-id"], name="chat_message_table_recent")]

    def __str__(self) -> str:
        return f"#{self.pk} table {self.table_id} {self.name}: {self.text[:40]}"


class ChatMute(models.Model):
    """``owner`` does not see what ``muted`` writes (anywhere, until he unmutes)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("кто заглушил"),
    )
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("кого заглушил"),
    )
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)

    class Meta:
        verbose_name = _("заглушение")
        verbose_name_plural = _("заглушения")
        constraints = [models.UniqueConstraint(fields=["owner", "muted"], name="chat_mute_unique")]

    def __str__(self) -> str:
        return f"{self.owner_id} mutes {self.muted_id}"


class ChatReport(models.Model):
    """A message a person reported, with his reason: the moderators' queue in the admin until resolved."""

    class Reason(models.TextChoices):
        INSULTS = "insults", _("оскорбления")
        SPAM = "spam", _("спам")
        HINTS = "hints", _("подсказки партнёру")
        OTHER = "other", _("другое")

    message = models.ForeignKey(
        ChatMessage,
        on_delete=models.CASCADE,
        related_name="reports",
        verbose_name=_("сообщение"),
    )
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("кто пожаловался"),
    )
    #: Why (chosen in the report dialog); reports from before reasons existed say «другое».
    reason = models.CharField(_("причина"), max_length=10, choices=Reason.choices, default=Reason.OTHER)
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)
    resolved = models.BooleanField(_("разобрана"), default=False, db_index=True)

    class Meta:
        verbose_name = _("жалоба")
        verbose_name_plural = _("жалобы")
        ordering = ["resolved", "-id"]
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="chat_report_unique")]

    def __str__(self) -> str:
        return f"report of #{self.message_id} by {self.reporter_id}"


class SiteMute(models.Model):
    """Staff silenced ``user`` in every chat of the site (until ``until``, or for good)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("игрок"),
    )
    reason = models.CharField(_("причина"), max_length=200, blank=True)
    until = models.DateTimeField(_("до"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("кто запретил"),
    )
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)

    class Meta:
        verbose_name = _("запрет чата")
        verbose_name_plural = _("запреты чата")

    def __str__(self) -> str:
        return f"mute of {self.user_id}"
