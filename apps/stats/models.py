"""One result row per participant of a finished match, and per-user per-game counters.

Both are written by :func:`apps.stats.services.results_record` in the same transaction as the
match's last move, so a finished match always has its results and the counters always agree
with the rows (see docs/decisions-stats.md).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Outcome(models.TextChoices):
    """What the match was for this participant. ``fool`` is a Durak loss as the fool;
    ``void`` is a match an admin ended (no winner, counted nowhere)."""

    WIN = "win", _("победа")
    LOSS = "loss", _("поражение")
    DRAW = "draw", _("ничья")
    FOOL = "fool", _("дурак")
    VOID = "void", _("прервана")


class Ending(models.TextChoices):
    """How the match ended (the engine's ``reason``, or the table's ``disconnect``/``aborted``)."""

    TARGET = "target", _("до цели")
    DEBERC = "deberc", _("деберц")
    FOOL = "fool", _("дурак")
    DRAW = "draw", _("ничья")
    SURRENDER = "surrender", _("сдача")
    LEAVE = "leave", _("выход")
    DISCONNECT = "disconnect", _("обрыв связи")
    ABORTED = "aborted", _("прервана администратором")
    #: A quick-play match aborted because a person never opened the table (apps.tables.no_show).
    NO_SHOW = "no_show", _("игрок не пришёл")


class Result(models.Model):
    """A participant's result of one finished match (a person: ``user``; a bot: ``bot_level``)."""

    match = models.ForeignKey(
        "tables.Match",
        on_delete=models.CASCADE,
        related_name="results",
        verbose_name=_("партия"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="results",
        verbose_name=_("игрок"),
    )
    bot_level = models.CharField(_("бот"), max_length=10, null=True, blank=True)  # noqa: DJ001
    name = models.CharField(_("имя"), max_length=60)
    game = models.CharField(_("игра"), max_length=20)
    #: The table options as normalized by the engine (the mode is derived from them).
    options = models.JSONField(_("настройки"), default=dict)
    seat = models.SmallIntegerField(_("место"))
    #: Team index when teams play, else the seat: the index of this side in ``totals``.
    side = models.SmallIntegerField(_("сторона"))
    #: ``[{"seat", "name", "user", "bot"}]`` (people: ``user`` id; bots: ``bot`` level).
    partners = models.JSONField(_("партнёры"), default=list)
    opponents = models.JSONField(_("соперники"), default=list)
    #: Match totals per side (empty in Durak); ``score`` is this side's total.
    totals = models.JSONField(_("счёт сторон"), default=list)
    score = models.IntegerField(_("очки"), null=True, blank=True)
    outcome = models.CharField(_("итог"), max_length=8, choices=Outcome.choices)
    ending = models.CharField(_("как закончилась"), max_length=12, choices=Ending.choices)
    #: The seat whose leave / surrender / disconnect ended the match, else None.
    ended_by = models.SmallIntegerField(_("закончил (место)"), null=True, blank=True)
    deals = models.PositiveSmallIntegerField(_("раздач"), default=0)
    started_at = models.DateTimeField(_("начало"))
    finished_at = models.DateTimeField(_("конец"))

    class Meta:
        verbose_name = _("результат")
        verbose_name_plural = _("результаты")
        ordering = ["-finished_at", "-id"]
        indexes = [
            models.Index(fields=["user", "-finished_at", "-id"], name="stats_result_user_recent"),
            models.Index(fields=["-finished_at"], name="stats_result_finished"),
        ]
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="stats_result_unique_seat")]

    def __str__(self) -> str:
        return f"{self.name} · {self.game} · {self.outcome} (match {self.match_id})"


class GameRecord(models.Model):
    """A user's counters in one game, bumped with each result (the header of «Мои результаты»)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="game_records",
        verbose_name=_("игрок"),
    )
    game = models.CharField(_("игра"), max_length=20)
    played = models.PositiveIntegerField(_("сыграно"), default=0)
    won = models.PositiveIntegerField(_("побед"), default=0)
    lost = models.PositiveIntegerField(_("поражений"), default=0)
    drawn = models.PositiveIntegerField(_("ничьих"), default=0)
    #: Durak: how many of the losses were as the fool.
    fool = models.PositiveIntegerField(_("в дураках"), default=0)

    class Meta:
        verbose_name = _("счёт по игре")
        verbose_name_plural = _("счета по играм")
        ordering = ["user", "game"]
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="stats_gamerecord_unique")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game}: {self.won}/{self.played}"
