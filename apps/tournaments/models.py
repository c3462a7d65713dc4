"""A tournament, its entrants (a player alone or a fixed pair) and its tables round by round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.ratings.modes import MODES

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

#: A knockout pairing plays one match, or until a side has two wins («до двух побед»).
BEST_OF = [(1, _("один матч")), (3, _("до двух побед"))]


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
    #: Knockout: 1 (one match per round) or 3 («до двух побед», :func:`.brackets.series_winner`).
    best_of = models.PositiveSmallIntegerField(_("матчей в паре"), choices=BEST_OF, default=1)
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
    #: The first line of the final standings (its trophy on the winners' profiles).
    winner = models.ForeignKey(
        "Entrant",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("победитель"),
    )
    #: The schedule template that opened it (public daily and weekly events).
    schedule = models.ForeignKey(
        "Schedule",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournaments",
        verbose_name=_("расписание"),
    )
    #: When the entrants were told «турнир начнётся через 2 минуты» (once).
    reminded_at = models.DateTimeField(_("напоминание отправлено"), null=True, blank=True)

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
    #: Arena: how many times he paused (left while it ran), and when he may come back.
    pauses = models.PositiveSmallIntegerField(_("пауз"), default=0)
    rejoin_at = models.DateTimeField(_("может вернуться в"), null=True, blank=True)
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
    #: Knockout «до двух побед»: the winners (entrant ids) of each match played so far, ``[]`` for
    #: a draw; ``results`` holds the pairing's outcome once it is decided.
    games = models.JSONField(_("матчи пары"), default=list, blank=True)
    created_at = models.DateTimeField(_("создана"), auto_now_add=True)
    finished_at = models.DateTimeField(_("сыграна в"), null=True, blank=True)

    class Meta:
        verbose_name = _("стол тура")
        verbose_name_plural = _("столы тура")
        ordering = ["round", "id"]

    def __str__(self) -> str:
        return f"{self.tournament_id}/{self.round}: {self.entrants}"


class Schedule(models.Model):
    """An admin's template of a public event held every day or every week at ``time`` (UTC): the
    beat creates each occurrence ``open_hours`` before it starts, so registration opens then."""

    class Period(models.TextChoices):
        DAILY = "daily", _("каждый день")
        WEEKLY = "weekly", _("каждую неделю")

    name = models.CharField(_("название"), max_length=80)
    format = models.CharField(_("формат"), max_length=10, choices=Tournament.Format.choices)
    mode = models.CharField(_("режим"), max_length=20)
    period = models.CharField(_("повтор"), max_length=6, choices=Period.choices, default=Period.DAILY)
    #: Weekly: 0 Monday … 6 Sunday.
    weekday = models.PositiveSmallIntegerField(_("день недели (0 — понедельник)"), null=True, blank=True)
    time = models.TimeField(_("время начала (UTC)"))
    minutes = models.PositiveSmallIntegerField(_("минут (арена)"), null=True, blank=True)
    rounds = models.PositiveSmallIntegerField(_("туров (швейцарка)"), null=True, blank=True)
    max_entrants = models.PositiveSmallIntegerField(_("мест"), default=128)
    #: Knockout: one match per pairing (1) or «до двух побед» (3), as :attr:`Tournament.best_of`.
    best_of = models.PositiveSmallIntegerField(_("матчей в паре"), choices=BEST_OF, default=1)
    rating_min = models.PositiveSmallIntegerField(_("рейтинг от"), null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(_("рейтинг до"), null=True, blank=True)
    open_hours = models.PositiveSmallIntegerField(_("регистрация за, ч"), default=24)
    active = models.BooleanField(_("действует"), default=True)

    class Meta:
        verbose_name = _("турнир по расписанию")
        verbose_name_plural = _("турниры по расписанию")
        ordering = ["time", "id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_period_display()}, {self.time:%H:%M} UTC)"

    def clean(self) -> None:
        """The admin's form: the format's own length, a rating mode, a weekday for a weekly one."""
        from django.core.exceptions import ValidationError

        errors: dict[str, StrOrPromise] = {}
        if self.mode not in MODES:
            errors["mode"] = _("Нет такого режима: %(modes)s") % {"modes": ", ".join(MODES)}
        if self.format == Tournament.Format.ARENA and not (self.minutes and 20 <= self.minutes <= 180):
            errors["minutes"] = _("Арене нужна длительность от 20 до 180 минут.")
        if self.format == Tournament.Format.SWISS and not (self.rounds and 1 <= self.rounds <= 15):
            errors["rounds"] = _("Швейцарке нужно от 1 до 15 туров.")
        if self.best_of != 1 and self.format != Tournament.Format.KNOCKOUT:
            errors["best_of"] = _("До двух побед играют только в олимпийской системе.")
        if self.period == self.Period.WEEKLY and (self.weekday is None or self.weekday > 6):
            errors["weekday"] = _("Укажите день недели: 0 (понедельник) … 6 (воскресенье).")
        if errors:
            raise ValidationError(errors)


class TournamentBan(models.Model):
    """A ban from joining tournaments after an event removed the player for no-shows: 24 h, each
    new one within :data:`apps.tournaments.penalties.MEMORY` of the last twice as long."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("игрок")
    )
    tournament = models.ForeignKey(
        Tournament,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("турнир"),
    )
    hours = models.PositiveSmallIntegerField(_("часов"))
    starts_at = models.DateTimeField(_("начало"))
    ends_at = models.DateTimeField(_("конец"), db_index=True)

    class Meta:
        verbose_name = _("запрет на турниры")
        verbose_name_plural = _("запреты на турниры")
        ordering = ["-starts_at", "-id"]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.hours} h from {self.starts_at:%Y-%m-%d %H:%M}"
