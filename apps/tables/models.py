"""The table and everything played at it: the table with its options and seats, who was let
in to a private one, each match, every action taken in it, and the cards of every deal.

apps.tables owns these rows: only its services write them (``seating`` before and after a
match, ``access`` for invite links, the match's modules while it is played: ``starting``,
``moves``, ``timers``, ``presence``, ``sweeping``; docs/decisions-live-core.md).
Together ``DealRecord`` and ``Move`` hold the match in the scenario format of docs/rules.md §2
(see :func:`apps.tables.selectors.match_record`): ``state`` is only a cache of replaying them.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

#: The levels a bot may play at (apps.bots).
BOT_LEVELS = ("easy", "normal", "hard")


def new_server_seed() -> str:
    """32 bytes from :mod:`secrets` as hex (the server seed of docs/rules.md §3)."""
    return secrets.token_bytes(32).hex()


def server_seed_default() -> str:
    """:func:`new_server_seed`, looked up when called (a test may fix the seeds)."""
    return new_server_seed()


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
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
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
    #: docs/rules.md §3: the server seed (hex) of the table's next match, drawn when the table is
    #: created and again at each start; never sent, only its commitment (apps.tables.fairness).
    server_seed = models.CharField(
        _("зерно сервера"), max_length=64, default=server_seed_default, editable=False
    )
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)
    updated_at = models.DateTimeField(_("время изменения"), auto_now=True)

    class Meta:
        db_table = "lobby_table"  # created by apps.lobby, which owned it before (docs/decisions-structure.md)
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
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("игрок"),
    )
    bot_level = models.CharField(_("бот"), max_length=10, null=True, blank=True)  # noqa: DJ001 (null = no bot)
    ready = models.BooleanField(_("готов"), default=False)
    #: docs/rules.md §3: the seated person's client seed for the next match ("" = none sent).
    client_seed = models.CharField(_("зерно игрока"), max_length=64, blank=True, default="")
    #: Open table sockets of the seated person (across all server processes).
    connections = models.PositiveIntegerField(_("соединений"), default=0)
    #: When the last socket of the seated person closed; None while connected or never.
    disconnected_at = models.DateTimeField(_("отключился"), null=True, blank=True)

    class Meta:
        db_table = "lobby_seat"
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
        Table,
        on_delete=models.CASCADE,
        related_name="accesses",
        verbose_name=_("стол"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("игрок")
    )
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)

    class Meta:
        db_table = "lobby_tableaccess"
        verbose_name = _("доступ к столу")
        verbose_name_plural = _("доступы к столам")
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="lobby_access_unique")]

    def __str__(self) -> str:
        return f"table {self.table_id} user {self.user_id}"


class Match(models.Model):
    """One match at a table: the engine state snapshot, its version ``seq`` and its clock."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("идёт")
        FINISHED = "finished", _("закончена")

    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        related_name="matches",
        verbose_name=_("стол"),
    )
    game = models.CharField(_("игра"), max_length=20)
    options = models.JSONField(_("настройки"), default=dict)
    #: The 48-bit seed of matches from before fair deals (0 for a fair one).
    seed = models.BigIntegerField(_("зерно раздачи"))
    #: docs/rules.md §3: the server seed (hex) the match deals from and the client seeds by seat;
    #: revealed once the match is over. "" for a match from before fair deals.
    server_seed = models.CharField(_("зерно сервера"), max_length=64, blank=True, default="", editable=False)
    client_seeds = models.JSONField(_("зёрна игроков"), default=dict, blank=True)
    #: The commitment of the table's next server seed (a rematch's), drawn at this start.
    next_commitment = models.CharField(
        _("обязательство следующей партии"), max_length=64, blank=True, default=""
    )
    #: The first deal's dealer (as the engine chose it when not given).
    dealer = models.SmallIntegerField(_("первый сдающий"), null=True, blank=True)
    #: Occupied seats at the start (Durak plays with 2..6 of its four or six seats).
    seats = models.JSONField(_("места"), default=list)
    #: Per seat at the start: ``{"seat", "user", "bot", "name"}``.
    players = models.JSONField(_("игроки"), default=list)
    #: ``apps.rules.api.to_json`` of the current state.
    state = models.JSONField(_("состояние игры"))
    seq = models.PositiveIntegerField(_("номер хода"), default=0)
    deal_number = models.PositiveIntegerField(_("номер раздачи"), default=0)
    #: When the current turn began, its move time, and when the server acts (move time + reserve).
    turn_started_at = models.DateTimeField(_("начало хода"), null=True, blank=True)
    turn_ms = models.PositiveIntegerField(_("время на ход, мс"), default=0)
    deadline = models.DateTimeField(_("срок хода"), null=True, blank=True, db_index=True)
    #: When the pending timer task fires (None: none pending). A move schedules a new timer only
    #: when none is pending before its deadline; a timer that fires early re-arms itself.
    timer_due = models.DateTimeField(_("срабатывание таймера"), null=True, blank=True)
    #: Bumped when a seat's person comes or goes (or the seating changes), so every server
    #: process knows its cached seats' info of this match is stale.
    seats_version = models.PositiveIntegerField(_("версия мест"), default=0)
    #: Quick play: a person who has not opened the table by then aborts the match (a no-show,
    #: apps.tables.no_show); None once everyone came, and for other tables.
    show_deadline = models.DateTimeField(_("срок явки"), null=True, blank=True, db_index=True)
    #: At ``show_deadline`` an absent person's seat goes to a bot and the match plays on (a
    #: tournament table, :mod:`apps.tables.replacing`) instead of the match being aborted.
    absent_bot = models.BooleanField(_("бот вместо неявившегося"), default=False, db_default=False)
    #: Belot family: reserve left this deal per seat, in ms (``{"0": 30000, ...}``).
    reserves = models.JSONField(_("запас времени"), default=dict)
    #: Multiplies every duration (tests use small ones); bots' pause before a move in ms.
    time_scale = models.FloatField(_("масштаб времени"), default=1.0)
    bot_delay_ms = models.PositiveIntegerField(_("пауза ботов, мс"), default=0)
    #: Per bot seat, the memory of public facts its bot keeps (``apps.bots``), fed after every move.
    bot_memory = models.JSONField(_("память ботов"), default=dict, blank=True)
    #: A bot is among the seats to act (the sweeper restarts lost bot tasks).
    bot_to_act = models.BooleanField(_("ход бота"), default=False, db_index=True)
    status = models.CharField(
        _("состояние"),
        max_length=10,
        choices=Status.choices,
        default=Status.PLAYING,
        db_index=True,
    )
    #: ``{"winners", "reason", "totals", "losers"}`` once finished.
    result = models.JSONField(_("итог"), null=True, blank=True)
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)
    updated_at = models.DateTimeField(_("время изменения"), auto_now=True)
    finished_at = models.DateTimeField(_("время окончания"), null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("партия")
        verbose_name_plural = _("партии")

    def __str__(self) -> str:
        return f"match {self.pk} {self.game} seq {self.seq} ({self.status})"


class Move(models.Model):
    """One applied action: the ``seq`` it produced, who made it and how.

    The key is ``(match, seq)`` itself (no surrogate ``id``, no separate ``match_id`` index: the
    primary key's index leads with ``match_id``), which keeps the log under 200 B per action on
    disk. The fields are declared widest first (8-byte ``match_id``/``created_at``/``user_id``,
    then ``seq``, ``seat``, ``system``, then the variable-length ones) so PostgreSQL pads nothing
    between the columns; with eight columns the null bitmap fits in the 24-byte row header.
    Admin inlines and formsets need a single-column key: the admin shows moves read-only.
    """

    class Actor(models.TextChoices):
        PERSON = "person", _("человек")
        BOT = "bot", _("бот")
        TIMER = "timer", _("таймер")
        SYSTEM = "system", _("система")

    pk = models.CompositePrimaryKey("match", "seq")
    match = models.ForeignKey(
        Match,
        on_delete=models.CASCADE,
        related_name="moves",
        db_index=False,
        verbose_name=_("партия"),
    )
    created_at = models.DateTimeField(_("время создания"), auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("игрок"),
    )
    seq = models.PositiveIntegerField(_("номер хода"))
    seat = models.SmallIntegerField(_("место"), null=True, blank=True)
    system = models.BooleanField(_("системный"), default=False)
    actor = models.CharField(_("кто ходил"), max_length=10, choices=Actor.choices)
    #: Canonical action (docs/rules.md §2) without ``seat``.
    action = models.JSONField(_("действие"))

    class Meta:
        verbose_name = _("ход")
        verbose_name_plural = _("ходы")
        ordering = ["match", "seq"]

    def __str__(self) -> str:
        return f"match {self.match_id} #{self.seq} seat {self.seat} {self.action}"


class DealRecord(models.Model):
    """The cards of one deal as dealt (hidden information: for the record and replays only)."""

    match = models.ForeignKey(
        Match,
        on_delete=models.CASCADE,
        related_name="deal_records",
        verbose_name=_("партия"),
    )
    number = models.PositiveIntegerField(_("номер"))
    dealer = models.SmallIntegerField(_("сдающий"), null=True, blank=True)
    hands = models.JSONField(_("руки"))
    stock = models.JSONField(_("колода"))
    #: The match ``seq`` when this deal began: its actions are the moves after it.
    start_seq = models.PositiveIntegerField(_("начальный ход"))

    class Meta:
        verbose_name = _("раздача")
        verbose_name_plural = _("раздачи")
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="tables_dealrecord_unique_number")
        ]

    def __str__(self) -> str:
        return f"match {self.match_id} deal {self.number}"


class Spectator(models.Model):
    """A signed-in person watching a table (not seated), with his open sockets across processes.

    The players see how many people watch (``view.spectators``): rows with ``connections > 0``."""

    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        related_name="spectators",
        verbose_name=_("стол"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("игрок"),
    )
    connections = models.PositiveIntegerField(_("соединений"), default=0)

    class Meta:
        verbose_name = _("зритель")
        verbose_name_plural = _("зрители")
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="tables_spectator_unique")]

    def __str__(self) -> str:
        return f"table {self.table_id} spectator {self.user_id} ({self.connections})"
