"""Ratings per user and mode, their change per rated match, fair play bans, quick play entries.

Ratings and changes are derived data: ``manage.py recompute_ratings`` rebuilds both from the
stored results (:mod:`apps.stats`). Bans and quick play entries are not derived.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .ranking import MU0, PROVISIONAL_GAMES, SIGMA0, provisional


class Rating(models.Model):
    """A user's rating in one mode (openskill mu and sigma) and the number shown for it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("игрок")
    )
    mode = models.CharField(_("режим"), max_length=16)
    mu = models.FloatField(default=MU0)
    sigma = models.FloatField(default=SIGMA0)
    #: The shown rating (:func:`apps.ratings.ranking.shown` of ``mu``), kept for the leaderboard index.
    value = models.IntegerField(_("рейтинг"), default=1500)
    games = models.PositiveIntegerField(_("игр"), default=0)
    updated_at = models.DateTimeField(_("изменён"), null=True, blank=True)

    class Meta:
        verbose_name = _("рейтинг")
        verbose_name_plural = _("рейтинги")
        ordering = ["mode", "-value"]
        constraints = [models.UniqueConstraint(fields=["user", "mode"], name="ratings_rating_unique")]
        indexes = [
            # The leaderboard: established players of a mode, best first (and «your place»).
            models.Index(
                fields=["mode", "-value", "id"],
                name="ratings_board",
                condition=models.Q(games__gte=PROVISIONAL_GAMES),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.mode}: {self.value}"

    @property
    def provisional(self) -> bool:
        return provisional(self.games)


class RatingChange(models.Model):
    """What one rated match did to a person's rating in its mode."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("игрок"),
    )
    match = models.ForeignKey(
        "tables.Match",
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("партия"),
    )
    seat = models.SmallIntegerField(_("место"))
    mode = models.CharField(_("режим"), max_length=16)
    before = models.IntegerField(_("было"))
    after = models.IntegerField(_("стало"))
    mu = models.FloatField()
    sigma = models.FloatField()
    #: Rated games in the mode after this one.
    games = models.PositiveIntegerField(_("игр"))
    #: The person left, dropped out or let the clock play for him (fair play counts it).
    abandoned = models.BooleanField(_("бросил"), default=False)
    finished_at = models.DateTimeField(_("конец"))

    class Meta:
        verbose_name = _("изменение рейтинга")
        verbose_name_plural = _("изменения рейтинга")
        ordering = ["-finished_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="ratings_change_unique")]
        indexes = [models.Index(fields=["user", "mode", "finished_at"], name="ratings_change_user")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.mode} match {self.match_id}: {self.before}→{self.after}"

    @property
    def delta(self) -> int:
        return self.after - self.before


class Playban(models.Model):
    """A timeout from rated and quick play for abandoning rated matches (lichess's playban)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="playbans", verbose_name=_("игрок")
    )
    reason = models.CharField(_("причина"), max_length=200)
    minutes = models.PositiveIntegerField(_("минут"))
    starts_at = models.DateTimeField(_("начало"))
    ends_at = models.DateTimeField(_("конец"), db_index=True)
    #: The abandoned match that triggered the ban.
    match = models.ForeignKey(
        "tables.Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("партия"),
    )
    lifted_at = models.DateTimeField(_("снят"), null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("снял"),
    )

    class Meta:
        verbose_name = _("запрет игры")
        verbose_name_plural = _("запреты игры")
        ordering = ["-starts_at", "-id"]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.minutes} min until {self.ends_at:%Y-%m-%d %H:%M}"


class QuickEntry(models.Model):
    """A person waiting in a quick play pool («Быстрая игра») of one mode, then seated."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("ждёт")
        SEATED = "seated", _("за столом")
        CANCELLED = "cancelled", _("отменил")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("игрок"),
    )
    mode = models.CharField(_("режим"), max_length=16)
    #: The user's shown rating in the mode when he entered (what the pool pairs by).
    rating = models.IntegerField(_("рейтинг"))
    #: Fill the free seats with bots of matching level after this many seconds (None: never).
    bots_after = models.PositiveIntegerField(_("боты через, с"), null=True, blank=True)
    status = models.CharField(_("состояние"), max_length=10, choices=Status.choices, default=Status.WAITING)
    table = models.ForeignKey(
        "tables.Table",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("стол"),
    )
    created_at = models.DateTimeField(_("время создания"))
    seated_at = models.DateTimeField(_("время посадки"), null=True, blank=True)

    class Meta:
        verbose_name = _("быстрая игра")
        verbose_name_plural = _("быстрая игра")
        ordering = ["created_at", "id"]
        constraints = [
            # Nobody waits in two pools (or twice in one).
            models.UniqueConstraint(
                fields=["user"], condition=models.Q(status="waiting"), name="ratings_quick_one_waiting"
            ),
        ]
        indexes = [
            models.Index(
                fields=["mode", "created_at"], name="ratings_quick_pool", condition=models.Q(status="waiting")
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.mode} ({self.status})"


class RatingBucket(models.Model):
    """How many established players (:data:`PROVISIONAL_GAMES` games or more) of a mode have each
    shown rating: «your place» is one sum over the values above yours (about a thousand rows at
    most) instead of counting up to every player of the mode (docs/performance.md «Leaderboard»).
    Kept by :func:`apps.ratings.services.ratings_apply`, rebuilt by ``recompute_ratings``."""

    mode = models.CharField(_("режим"), max_length=16)
    value = models.IntegerField(_("рейтинг"))
    players = models.IntegerField(_("игроков"), default=0)

    class Meta:
        verbose_name = _("ступень рейтинга")
        verbose_name_plural = _("ступени рейтинга")
        constraints = [models.UniqueConstraint(fields=["mode", "value"], name="ratings_bucket_unique")]

    def __str__(self) -> str:
        return f"{self.mode} {self.value}: {self.players}"
