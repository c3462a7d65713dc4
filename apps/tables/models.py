"""A live or finished match, every action taken in it, and the cards of every deal.

Together ``DealRecord`` and ``Move`` hold the match in the scenario format of SCENARIOS.md
(see :func:`apps.tables.selectors.match_record`): ``state`` is only a cache of replaying them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Match(models.Model):
    """One match at a table: the engine state snapshot, its version ``seq`` and its clock."""

    class Status(models.TextChoices):
        PLAYING = "playing", "playing"
        FINISHED = "finished", "finished"

    table = models.ForeignKey("lobby.Table", on_delete=models.CASCADE, related_name="matches")
    game = models.CharField(max_length=20)
    options = models.JSONField(default=dict)
    seed = models.BigIntegerField()
    #: The first deal's dealer (as the engine chose it when not given).
    dealer = models.SmallIntegerField(null=True, blank=True)
    #: Occupied seats at the start (Durak plays with 2..4 of its four seats).
    seats = models.JSONField(default=list)
    #: Per seat at the start: ``{"seat", "user", "bot", "name"}``.
    players = models.JSONField(default=list)
    #: ``apps.rules.api.to_json`` of the current state.
    state = models.JSONField()
    seq = models.PositiveIntegerField(default=0)
    deal_number = models.PositiveIntegerField(default=0)
    #: When the current turn began, its move time, and when the server acts (move time + reserve).
    turn_started_at = models.DateTimeField(null=True, blank=True)
    turn_ms = models.PositiveIntegerField(default=0)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    #: When the pending timer task fires (None: none pending). A move schedules a new timer only
    #: when none is pending before its deadline; a timer that fires early re-arms itself.
    timer_due = models.DateTimeField(null=True, blank=True)
    #: Bumped when a seat's person comes or goes (or the seating changes), so every server
    #: process knows its cached seats' info of this match is stale.
    seats_version = models.PositiveIntegerField(default=0)
    #: Belot family: reserve left this deal per seat, in ms (``{"0": 30000, ...}``).
    reserves = models.JSONField(default=dict)
    #: Multiplies every duration (tests use small ones); bots' pause before a move in ms.
    time_scale = models.FloatField(default=1.0)
    bot_delay_ms = models.PositiveIntegerField(default=0)
    #: Per bot seat, the memory of public facts its bot keeps (``apps.bots``), fed after every move.
    bot_memory = models.JSONField(default=dict, blank=True)
    #: A bot is among the seats to act (the sweeper restarts lost bot tasks).
    bot_to_act = models.BooleanField(default=False, db_index=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING, db_index=True)
    #: ``{"winners", "reason", "totals", "losers"}`` once finished.
    result = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name_plural = "matches"

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
        PERSON = "person", "person"
        BOT = "bot", "bot"
        TIMER = "timer", "timer"
        SYSTEM = "system", "system"

    pk = models.CompositePrimaryKey("match", "seq")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves", db_index=False)
    created_at = models.DateTimeField(auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    seq = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True)
    system = models.BooleanField(default=False)
    actor = models.CharField(max_length=10, choices=Actor.choices)
    #: Canonical action (SCENARIOS.md) without ``seat``.
    action = models.JSONField()

    class Meta:
        ordering = ["match", "seq"]

    def __str__(self) -> str:
        return f"match {self.match_id} #{self.seq} seat {self.seat} {self.action}"


class DealRecord(models.Model):
    """The cards of one deal as dealt (hidden information: for the record and replays only)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deal_records")
    number = models.PositiveIntegerField()
    dealer = models.SmallIntegerField(null=True, blank=True)
    hands = models.JSONField()
    stock = models.JSONField()
    #: The match ``seq`` when this deal began: its actions are the moves after it.
    start_seq = models.PositiveIntegerField()

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="tables_dealrecord_unique_number")
        ]

    def __str__(self) -> str:
        return f"match {self.match_id} deal {self.number}"


class Spectator(models.Model):
    """A signed-in person watching a table (not seated), with his open sockets across processes.

    The players see how many people watch (``view.spectators``): rows with ``connections > 0``."""

    table = models.ForeignKey("lobby.Table", on_delete=models.CASCADE, related_name="spectators")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    connections = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="tables_spectator_unique")
        ]

    def __str__(self) -> str:
        return f"table {self.table_id} spectator {self.user_id} ({self.connections})"
