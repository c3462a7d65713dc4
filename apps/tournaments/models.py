"""A tournament, its entrants (a player alone or a fixed pair) and its tables round by round."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Tournament(models.Model):
    """An event of one rating mode: an arena (a time window), a Swiss of fixed rounds or a
    knockout. ``round`` is the round being played (0 before the start)."""

    class Format(models.TextChoices):
        ARENA = "arena", _("Арена")
        SWISS = "swiss", _("Швейцарская система")
        KNOCKOUT = "knockout", _("Олимпийская система")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("регистрация")
        RUNNING = "running", _("идёт")
        FINISHED = "finished", _("завершён")
        CANCELLED = "cancelled", _("отменён")

    name = models.CharField(_("название"), max_length=80)
    format = models.CharField(_("формат"), max_length=10, choices=Format.choices)
    mode = models.CharField(_("режим"), max_length=20)
    status = models.CharField(
        _("состояние"), max_length=12, choices=Status.choices, default=Status.REGISTRATION, db_index=True
    )
    starts_at = models.DateTimeField(_("начало"))
    #: Arena: the window's length.
    minutes = models.PositiveSmallIntegerField(_("минут"), null=True, blank=True)
    #: Swiss: the number of rounds fixed in advance.
    rounds = models.PositiveSmallIntegerField(_("туров"), null=True, blank=True)
    round = models.PositiveSmallIntegerField(_("текущий тур"), default=0)
    max_entrants = models.PositiveSmallIntegerField(_("мест"), default=128)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("создал"),
    )
    private = models.BooleanField(_("по приглашению"), default=False)
    invite_code = models.CharField(_("код приглашения"), max_length=32, unique=True, null=True, blank=True)
    rating_min = models.PositiveSmallIntegerField(_("рейтинг от"), null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(_("рейтинг до"), null=True, blank=True)
    created_at = models.DateTimeField(_("создан"), auto_now_add=True)
    started_at = models.DateTimeField(_("начался"), null=True, blank=True)
    finished_at = models.DateTimeField(_("завершился"), null=True, blank=True)

    class Meta:
        verbose_name = _("турнир")
        verbose_name_plural = _("турниры")
        ordering = ["-starts_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_format_display()}, {self.mode})"


class Entrant(models.Model):
    """One line of the standings: a player alone, or a fixed pair (``partner``) in 2 on 2."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entrants", verbose_name=_("турнир")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("игрок")
    )
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("партнёр"),
    )
    #: A pair's entry counts once the partner accepted the invitation (alone: at once).
    confirmed = models.BooleanField(_("партнёр согласился"), default=True)
    rating = models.IntegerField(_("рейтинг при входе"), default=1500)
    byes = models.PositiveSmallIntegerField(_("пропусков тура"), default=0)
    no_shows = models.PositiveSmallIntegerField(_("неявок"), default=0)
    withdrawn = models.BooleanField(_("выбыл"), default=False)
    #: Knockout: out of the bracket.
    eliminated = models.BooleanField(_("выбыл из сетки"), default=False)
    joined_at = models.DateTimeField(_("вошёл"), auto_now_add=True)

    class Meta:
        verbose_name = _("участник турнира")
        verbose_name_plural = _("участники турнира")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="tournament_entrant_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}" + (f" + {self.partner_id}" if self.partner_id else "")


class Pairing(models.Model):
    """A table of a round: its entrants in seat order (sides in 2 on 2), or a bye (no table);
    ``points`` per entrant id once its match is over."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="pairings", verbose_name=_("турнир")
    )
    round = models.PositiveSmallIntegerField(_("тур"))
    table = models.OneToOneField(
        "tables.Table",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_pairing",
        verbose_name=_("стол"),
    )
    entrants = models.JSONField(_("участники"), default=list)
    #: ``{entrant id: {"outcome": "win"|"draw"|"loss", "score": int|None, "points": float}}``.
    results = models.JSONField(_("итоги"), default=dict, blank=True)
    finished = models.BooleanField(_("сыграна"), default=False, db_index=True)
    created_at = models.DateTimeField(_("создана"), auto_now_add=True)
    finished_at = models.DateTimeField(_("сыграна в"), null=True, blank=True)

    class Meta:
        verbose_name = _("стол тура")
        verbose_name_plural = _("столы тура")
        ordering = ["round", "id"]

    def __str__(self) -> str:
        return f"{self.tournament_id}/{self.round}: {self.entrants}"
