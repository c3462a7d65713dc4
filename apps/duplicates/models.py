"""Duplicate sets and their plays (docs/rules.md «Дубль»).

A :class:`DuplicateSet` is K deals of one mode from one server seed; each person plays it once
(:class:`Entry`) at a table of his own (apps.tables) against bots, in the fixed seat. Only
:mod:`apps.duplicates.services` writes these rows.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .modes import MODES


def new_server_seed() -> str:
    """32 bytes from :mod:`secrets` as hex (the set's server seed, docs/rules.md §3)."""
    return secrets.token_bytes(32).hex()


class DuplicateSet(models.Model):
    """K deals from one server seed, open for play from ``opens_at`` to ``closes_at``."""

    #: Set on the listing's sets by :func:`apps.duplicates.selectors.open_sets` (not columns):
    #: whether the user has an entry, and how many players finished.
    played: bool
    players: int

    class Kind(models.TextChoices):
        DAILY = "daily", _("Дубль дня")
        FRIENDS = "friends", _("Дубль с друзьями")
        TEAM = "team", _("Командный дубль")

    class Status(models.TextChoices):
        OPEN = "open", _("открыт")
        CLOSED = "closed", _("закрыт")
        VOID = "void", _("отменён")

    kind = models.CharField(_("вид"), max_length=10, choices=Kind.choices, default=Kind.FRIENDS)
    mode = models.CharField(_("режим"), max_length=20, choices=[(k, k) for k in MODES])
    game = models.CharField(_("игра"), max_length=20)
    options = models.JSONField(_("настройки"), default=dict)
    deals = models.PositiveSmallIntegerField(_("раздач"))
    #: docs/rules.md §3: the set's server seed (hex), revealed when the set closes.
    server_seed = models.CharField(_("зерно сервера"), max_length=64, default=new_server_seed, editable=False)
    commitment = models.CharField(_("обязательство"), max_length=64)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("автор"),
    )
    private = models.BooleanField(_("по ссылке"), default=False)
    #: A private set's code (``secrets.token_urlsafe``): its link is ``/duplicates/c/<code>/``.
    code = models.CharField(_("код"), max_length=32, unique=True, null=True, blank=True)
    #: «Дубль дня»: the Moscow date it is of.
    day = models.DateField(_("день"), null=True, blank=True)
    opens_at = models.DateTimeField(_("открыт с"))
    closes_at = models.DateTimeField(_("закрывается"), db_index=True)
    status = models.CharField(
        _("состояние"), max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    closed_at = models.DateTimeField(_("закрыт в"), null=True, blank=True)
    #: Bumped by every finished play and by the close: the cache key of the set's comparison.
    version = models.PositiveIntegerField(_("версия результатов"), default=0)
    created_at = models.DateTimeField(_("создан"), auto_now_add=True)

    class Meta:
        ordering = ["-opens_at", "-id"]
        verbose_name = _("дубль")
        verbose_name_plural = _("дубли")
        constraints = [
            models.UniqueConstraint(
                fields=["mode", "day"], condition=models.Q(kind="daily"), name="duplicates_one_daily_per_mode"
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.mode} #{self.pk}"


class Entry(models.Model):
    """One person's play of a set: his table, when he finished, his result on each deal.

    ``results[n]``: his side's points minus the other side's on deal ``n``
    (:func:`apps.duplicates.matchpoints.deal_result`), ``None`` for a forfeit."""

    set = models.ForeignKey(
        DuplicateSet, on_delete=models.CASCADE, related_name="entries", verbose_name=_("дубль")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="duplicate_entries",
        verbose_name=_("игрок"),
    )
    table = models.ForeignKey(
        "tables.Table",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("стол"),
    )
    match = models.ForeignKey(
        "tables.Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("партия"),
    )
    seat = models.PositiveSmallIntegerField(_("место"), default=0)
    #: Дурак: the match of each game played so far, in order (game ``n`` deals the set's deal ``n``).
    matches = models.JSONField(_("партии"), default=list, blank=True)
    results = models.JSONField(_("результаты раздач"), default=list, blank=True)
    #: Not finished when the set closed: 0 : K against him.
    forfeit = models.BooleanField(_("не доиграл"), default=False)
    started_at = models.DateTimeField(_("начал"), auto_now_add=True)
    finished_at = models.DateTimeField(_("закончил"), null=True, blank=True, db_index=True)

    class Meta:
        ordering = ["finished_at", "id"]
        verbose_name = _("игра дубля")
        verbose_name_plural = _("игры дубля")
        constraints = [
            models.UniqueConstraint(fields=["set", "user"], name="duplicates_one_entry_per_person")
        ]
        indexes = [models.Index(fields=["user", "finished_at"])]

    def __str__(self) -> str:
        return f"entry {self.pk} of set {self.set_id} by {self.user_id}"
