"""A table with its game, options and seats, before and during its match."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

BOT_LEVELS = ("easy", "normal", "hard")


class Table(models.Model):
    """A table of one game: options normalized by the rules engine, 2–6 seats, an owner."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("ждёт игроков")
        PLAYING = "playing", _("идёт партия")
        FINISHED = "finished", _("закончен")

    game = models.CharField(_("игра"), max_length=20)
    options = models.JSONField(_("настройки"), default=dict)
    seat_count = models.PositiveSmallIntegerField(_("мест"))
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("хозяин"),
    )
    status = models.CharField(
        _("состояние"), max_length=10, choices=Status.choices, default=Status.WAITING, db_index=True
    )
    private = models.BooleanField(_("закрытый"), default=False)
    #: A private table's invite code (``secrets.token_urlsafe``): ``/t/<code>/`` lets a person in.
    #: Revoking sets a new one; None for public tables.
    invite_code = models.CharField(_("код приглашения"), max_length=32, unique=True, null=True, blank=True)
    #: Team games: players may write free text while the match is played (default: phrases only).
    chat_free = models.BooleanField(_("свободный чат"), default=False, db_default=False)
    #: After the match: the person seats that said «Ещё партию» (bots always agree).
    rematch = models.JSONField(
        _("ещё партию"), default=list, db_default=models.Value([], models.JSONField()), blank=True
    )
    #: «На рейтинг»: None = rated when every player is a person (the default), True = rated
    #: (bots count at their fixed ratings), False = casual (apps.ratings.services.match_rated).
    rated = models.BooleanField(_("на рейтинг"), null=True, blank=True)
    #: Multiplies every duration of the table's clock (None: the TABLES_TIME_SCALE setting).
    time_scale = models.FloatField(_("масштаб времени"), null=True, blank=True)
    #: The bots' human-like pause before a move (None: the TABLES_BOT_DELAY_MS setting).
    bot_delay_ms = models.PositiveIntegerField(_("пауза ботов, мс"), null=True, blank=True)
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)
    updated_at = models.DateTimeField(_("время изменения"), auto_now=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("стол")
        verbose_name_plural = _("столы")

    def __str__(self) -> str:
        return f"#{self.pk} {self.game} ({self.status})"


class Seat(models.Model):
    """One seat of a table: empty, a person, or a bot of a level (bots are always ready)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("стол"))
    number = models.PositiveSmallIntegerField(_("номер"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("игрок"),
    )
    bot_level = models.CharField(_("бот"), max_length=10, null=True, blank=True)  # noqa: DJ001 (null = no bot)
    ready = models.BooleanField(_("готов"), default=False)
    #: Open table sockets of the seated person (across all server processes).
    connections = models.PositiveIntegerField(_("соединений"), default=0)
    #: When the last socket of the seated person closed; None while connected or never.
    disconnected_at = models.DateTimeField(_("отключился"), null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("место")
        verbose_name_plural = _("места")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="lobby_seat_unique_number"),
            models.CheckConstraint(
                condition=models.Q(user__isnull=True) | models.Q(bot_level__isnull=True),
                name="lobby_seat_person_or_bot",
            ),
        ]

    def __str__(self) -> str:
        return f"table {self.table_id} seat {self.number}"

    @property
    def occupied(self) -> bool:
        return self.user_id is not None or bool(self.bot_level)


class TableAccess(models.Model):
    """A person let in to a private table: he opened its invite link (or sat with its code).

    Kept when the owner revokes the link: who is in stays in; the new code only closes the
    old link to newcomers (docs/decisions-table-social.md)."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="accesses", verbose_name=_("стол"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("игрок")
    )
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)

    class Meta:
        verbose_name = _("доступ к столу")
        verbose_name_plural = _("доступы к столам")
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="lobby_access_unique")]

    def __str__(self) -> str:
        return f"table {self.table_id} user {self.user_id}"
