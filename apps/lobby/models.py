"""A table with its game, options and seats, before and during its match."""

from __future__ import annotations

from django.conf import settings
from django.db import models

BOT_LEVELS = ("easy", "normal", "hard")


class Table(models.Model):
    """A table of one game: options normalized by the rules engine, 2–4 seats, an owner."""

    class Status(models.TextChoices):
        WAITING = "waiting", "waiting"
        PLAYING = "playing", "playing"
        FINISHED = "finished", "finished"

    game = models.CharField(max_length=20)
    options = models.JSONField(default=dict)
    seat_count = models.PositiveSmallIntegerField()
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING, db_index=True)
    private = models.BooleanField(default=False)
    #: A private table's invite code (``secrets.token_urlsafe``): ``/t/<code>/`` lets a person in.
    #: Revoking sets a new one; None for public tables.
    invite_code = models.CharField(max_length=32, unique=True, null=True, blank=True)
    #: Team games: players may write free text while the match is played (default: phrases only).
    chat_free = models.BooleanField(default=False, db_default=False)
    #: After the match: the person seats that said «Ещё партию» (bots always agree).
    rematch = models.JSONField(default=list, db_default=models.Value([], models.JSONField()), blank=True)
    #: Multiplies every duration of the table's clock (None: the TABLES_TIME_SCALE setting).
    time_scale = models.FloatField(null=True, blank=True)
    #: The bots' human-like pause before a move (None: the TABLES_BOT_DELAY_MS setting).
    bot_delay_ms = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"#{self.pk} {self.game} ({self.status})"


class Seat(models.Model):
    """One seat of a table: empty, a person, or a bot of a level (bots are always ready)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    bot_level = models.CharField(max_length=10, null=True, blank=True)  # noqa: DJ001 (null = no bot)
    ready = models.BooleanField(default=False)
    #: Open table sockets of the seated person (across all server processes).
    connections = models.PositiveIntegerField(default=0)
    #: When the last socket of the seated person closed; None while connected or never.
    disconnected_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
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

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="accesses")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="lobby_access_unique")]

    def __str__(self) -> str:
        return f"table {self.table_id} user {self.user_id}"
