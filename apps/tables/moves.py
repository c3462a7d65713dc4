"""The move service: every action on a live match (a person's, a bot's, the timer's, the
server's) is checked, applied and written here, and published after it commits.

One loop applies a move: :func:`move_steps`. It reads the match row, checks the action (its
form, who may make it, the seat, the match still playing, ``seq``), asks the engine
(:func:`move_prepare`), and writes the move in one statement that lands only if the row is still
as read (:mod:`.store`); when the row changed in between it reads again, at most
:data:`MOVE_ATTEMPTS` times, then refuses ``stale``. The loop does no I/O itself: it ``yield``s
:class:`Read` and :class:`Write` requests and its driver answers them, so the same loop runs
synchronously in :func:`move_apply` (workers, the seating services, the timer and bot tasks)
and on the event loop in :meth:`apps.tables.actor.TableActor.act` (a person's move through a
socket), each driver doing its reads and writes its own way.

After commit a move is published to the table (:mod:`.frames`) and its timer and bot tasks
are scheduled (:mod:`.scheduling`).
"""

from __future__ import annotations

from collections.abc import Generator
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, cast

from django.db import transaction
from django.utils import timezone

from apps.core.errors import Refused
from apps.core.jsontext import Encoded
from apps.rules import actions as rules_actions
from apps.rules import api
from apps.rules.actions import AnyAction
from apps.rules.base import Event, Game
from apps.rules.errors import IllegalAction
from apps.rules.events import Move as MoveEvent

from . import bot_players, clock, frames, scheduling, selectors, signals, store
from .models import DealRecord, Match, Move, Table

#: Actions only the server makes (the system actions of docs/rules.md §2).
SYSTEM_TYPES = frozenset({"timeout", "close"})

Actor = Move.Actor

#: Reads of the match row one move makes at most before giving up (see :func:`move_steps`).
MOVE_ATTEMPTS = 3


@dataclass
class Applied:
    """What a committed change publishes and schedules."""

    match: Match
    state: Game
    events: list[Event] = field(default_factory=list)
    #: ``api.view(state, seat)`` per occupied seat (and None: the public view), when computed.
    views: dict[int | None, dict] = field(default_factory=dict)
    #: A new timer task is needed for ``match.timer_due`` (the first turn's at the start; for a
    #: move, :func:`apps.tables.store.move_write` decides: one pending timer per match).
    timer: bool = False
    #: The pause of :func:`apps.tables.clock.hold_ms` after this change (a trick, a deal's end).
    hold_ms: int = 0


@dataclass
class Prepared:
    """A move applied to a match in memory (:func:`move_prepare`), not yet written."""

    read: store.RowVersion
    seat: int | None
    action: dict
    system: bool
    actor: str
    user_id: int | None
    now: datetime
    #: The cards of the deals the move began (saved with the move): none, usually one, more
    #: when a deal was void as dealt and dealt again at once.
    deals: list[DealRecord]
    applied: Applied

    @property
    def match(self) -> Match:
        return self.applied.match

    @property
    def state(self) -> Game:
        return self.applied.state

    @property
    def finished(self) -> bool:
        return self.applied.match.status == Match.Status.FINISHED

    def write_args(self) -> dict:
        """The keyword arguments of :func:`apps.tables.store.move_write` (and its async twin)."""
        return {
            "read": self.read,
            "seat": self.seat,
            "action": self.action,
            "system": self.system,
            "actor": self.actor,
            "user_id": self.user_id,
            "now": self.now,
        }

    @property
    def simple(self) -> bool:
        """Whether the move writes only the match row and its Move: one statement, no transaction."""
        return not self.deals and not self.finished


def canonical_action(action: Any) -> rules_actions.Canonical:
    """``action`` in its canonical form (:func:`apps.rules.actions.canonical`): what a Move
    stores and the other seats see, checked once (``api.apply`` takes it as it is);
    ``bad_message`` when it is not a well-formed action."""
    try:
        return rules_actions.canonical(action)
    except IllegalAction as exc:
        raise Refused("bad_message", detail=exc.detail) from None


# --------------------------------------------------------------------------- the one loop


@dataclass(frozen=True)
class Read:
    """A request of :func:`move_steps`: the match, answered ``(match, state)``; ``match`` is None
    when there is no such match. Unless ``fresh``, the copy this process kept from its last write
    of the match may answer, with its engine ``state``; else (and when there is no copy) the row
    as it is now, with ``state`` None."""

    fresh: bool


@dataclass(frozen=True)
class Write:
    """A request of :func:`move_steps`: write ``prepared`` unless the row changed since it was
    read (:func:`move_persist`, in a transaction unless :attr:`Prepared.simple`) and, once it is
    durable, publish it and schedule its tasks; answered with the :class:`apps.tables.store.Outcome`
    (``CHANGED``: nothing was written)."""

    prepared: Prepared


def move_steps(
    *,
    match_id: int,
    seat: int | None,
    action: Any,
    seq: int | None,
    actor: str,
    user_id: int | None = None,
    reason: str | None = None,
    system: bool = False,
) -> Generator[Read | Write, Any, int]:
    """Apply ``action`` for ``seat`` at version ``seq``: the steps, as :class:`Read` and
    :class:`Write` requests for a driver to answer; returns the new ``seq``.

    The checks, in order: the action's form (``bad_message``); system actions only by the timer
    or the server (``system_only``); the match exists (``not_found``); a person sits at ``seat``
    (``not_seated`` / ``not_your_seat``); it is still playing (``match_over``); ``seq`` is the
    row's (``stale``); then the engine (``not_your_turn``, or ``illegal`` with its code). A copy
    kept from an earlier write that is behind ``seq`` (another process moved since) is read
    afresh. ``seq`` None: at the row's seq, whatever it is, for an action that does not depend
    on what its seat saw (a leave; the server's disconnect verdict). A write that finds the row
    changed reads it again (and checks everything again), up to :data:`MOVE_ATTEMPTS` reads,
    then ``stale``.

    Raises ``Refused`` with nothing changed: the match and state a :class:`Read` answered are
    as read, so a driver may keep them (the engine leaves its state untouched on a refusal)."""
    action = canonical_action(action)
    system = system or action["type"] in SYSTEM_TYPES
    if system and actor not in (Actor.TIMER, Actor.SYSTEM):
        raise Refused("system_only")
    for attempt in range(MOVE_ATTEMPTS):
        match, state = yield Read(fresh=attempt > 0)
        if match is None:
            raise Refused("not_found")
        if actor == Actor.PERSON:
            check_person_seat(match, seat, user_id)
        if match.status != Match.Status.PLAYING:
            raise Refused("match_over")
        at = match.seq if seq is None else seq
        if at < match.seq or (at > match.seq and state is None):
            raise Refused("stale")
        if at > match.seq:
            continue  # the kept copy is behind the client's seq: read afresh
        prepared = move_prepare(
            match, state, seat, action, system=system, actor=actor, user_id=user_id, reason=reason
        )
        if (yield Write(prepared)) is not store.Outcome.CHANGED:
            return prepared.match.seq
    raise Refused("stale")  # the row kept changing under us (a timer being re-armed each time)


def move_apply(
    *,
    match_id: int,
    seat: int | None,
    action: Any,
    seq: int | None,
    actor: str,
    user_id: int | None = None,
    reason: str | None = None,
    system: bool = False,
) -> int:
    """Apply ``action`` for ``seat`` at version ``seq`` (None: the current one); return the new
    ``seq``. The synchronous driver of :func:`move_steps`, which says what is checked and refused.

    Persons (``actor="person"``) must sit at ``seat`` and may not make system actions.
    ``reason`` overrides the result's reason when this action ends the match (Durak's
    ``disconnect``); ``system`` marks a server verdict such as the disconnect ``leave``
    (``timeout`` and ``close`` always are). Nothing changes on a refusal.

    Optimistic: the row is read without a lock (or taken from this process's last write of the
    match, :func:`apps.tables.store.match_take`) and written only if nobody wrote it in between;
    of two moves made at the same ``seq`` one applies and the other is refused ``stale`` on its
    next read, as with a lock, in two round trips instead of five.
    """
    steps = move_steps(
        match_id=match_id,
        seat=seat,
        action=action,
        seq=seq,
        actor=actor,
        user_id=user_id,
        reason=reason,
        system=system,
    )
    answer: Any = None
    while True:
        try:
            step = steps.send(answer)
        except StopIteration as done:
            return done.value
        if isinstance(step, Read):
            answer = (store.match_read(match_id), None) if step.fresh else store.match_take(match_id)
        else:
            answer = _move_commit(step.prepared)


def _move_commit(prepared: Prepared) -> store.Outcome:
    """Write ``prepared`` (:func:`move_persist`, in a transaction unless it is simple); once
    committed, publish it, schedule its tasks and keep the match for this process's next move."""
    with transaction.atomic() if not prepared.simple else nullcontext():
        outcome = move_persist(prepared)
        if outcome is not store.Outcome.CHANGED:
            transaction.on_commit(lambda: after_commit(prepared.applied))
            transaction.on_commit(lambda: store.match_written(prepared.match, prepared.state))
    return outcome


def move_prepare(
    match: Match,
    state: Game | None,
    seat: int | None,
    action: dict,
    *,
    system: bool,
    actor: str,
    user_id: int | None,
    reason: str | None,
) -> Prepared:
    """Apply the canonical ``action`` of ``seat`` to ``match`` and its engine ``state`` (None:
    decoded from ``match.state``) in memory: the engine's move, ``seq`` + 1, a new deal's
    record, the clock, the result, the bots' memories, the snapshot. Raises ``Refused`` for what
    the engine refuses, with nothing changed. Touches no database: :func:`move_persist` (or the
    table actor) writes what it returns.

    The snapshot is written once, as the JSON text the write binds: ``match.state`` becomes an
    :class:`~apps.core.jsontext.Encoded` text, and whoever reads the match afterwards in memory
    (the frames, the end of the match, the copy kept for the next move) reads the engine state
    that goes with it (:attr:`Applied.state`), never ``match.state``."""
    now = timezone.now()
    read = store.RowVersion.of(match)
    if state is None:
        state = api.from_json(match.state)
    before_to_act = api.to_act(state)
    try:
        _, events = api.apply(state, seat, action, system=system)
    except IllegalAction as exc:
        code = "not_your_turn" if exc.code == "not_your_turn" else "illegal"
        raise Refused(code, engine_code=exc.code, detail=exc.detail) from None
    match.seq += 1
    deals = _new_deal_records(match, state)
    views = api.views(state, [*match.seats, None])
    public = views[None]
    hold = clock.hold_ms(events, match.time_scale)
    clock_update(
        match,
        state,
        mover=seat,
        before_to_act=before_to_act,
        deal_changed=bool(deals),
        now=now,
        public=public,
        hold_ms=hold,
    )
    _finish_if_over(match, state, reason=reason, now=now)
    bots_observe(match, views, events)
    match.state = Encoded(api.to_json_text(state))
    # applied, so of a type of the schema (canonical_action let an unknown type through)
    moved: MoveEvent = {"type": "move", "seat": seat, "action": cast(AnyAction, action), "by": actor}
    applied = Applied(match=match, state=state, events=[moved, *events], views=views, hold_ms=hold)
    return Prepared(
        read=read,
        seat=seat,
        action=action,
        system=system,
        actor=actor,
        user_id=user_id if actor == Actor.PERSON else None,
        now=now,
        deals=deals,
        applied=applied,
    )


def move_persist(prepared: Prepared) -> store.Outcome:
    """Write a prepared move: the match row and its Move if the row is still as read
    (:func:`apps.tables.store.move_write`), with a new deal's cards, or the end of the match
    (the table finished, the results recorded). The caller holds a transaction when the move is
    not :attr:`Prepared.simple`. Sets ``applied.timer`` when a timer task is to be scheduled."""
    match = prepared.match
    outcome = store.move_write(match, **prepared.write_args())
    if outcome is store.Outcome.CHANGED:
        return outcome
    if prepared.deals:
        DealRecord.objects.bulk_create(prepared.deals)
    if prepared.finished:
        Table.objects.filter(pk=match.table_id).update(status=Table.Status.FINISHED)
        signals.match_finished.send(sender=Match, match=match, state=prepared.state)
    prepared.applied.timer = outcome is store.Outcome.TIMER_ARMED
    return outcome


def move_persist_atomic(prepared: Prepared) -> store.Outcome:
    """:func:`move_persist` in its own transaction (for a caller on another thread)."""
    with transaction.atomic():
        return move_persist(prepared)


def check_person_seat(match: Match, seat: int | None, user_id: int | None) -> None:
    """Refuse ``not_seated`` unless ``user_id`` plays in ``match``, ``not_your_seat`` unless at ``seat``."""
    mine = [p["seat"] for p in match.players if user_id is not None and p["user"] == user_id]
    if not mine:
        raise Refused("not_seated")
    if seat not in mine:
        raise Refused("not_your_seat")


def _new_deal_records(match: Match, state: Game) -> list[DealRecord]:
    """The cards of each deal that began with the last action (unsaved, starting at
    ``match.seq``), in order; ``match.deal_number`` follows the engine's."""
    number = api.deal_number(state)
    if number is None or number == match.deal_number:
        return []
    deals = api.deals_dealt(state, match.deal_number)
    match.deal_number = number
    return [deal_record(match, deal, start_seq=match.seq) for deal in deals]


def deal_record(match: Match, deal: dict, *, start_seq: int) -> DealRecord:
    """The unsaved record of ``deal`` (:func:`apps.rules.api.current_deal`'s form) in ``match``,
    its actions following move ``start_seq``."""
    return DealRecord(
        match=match,
        number=deal["number"],
        dealer=deal.get("dealer"),
        hands=deal.get("hands", {}),
        stock=deal.get("stock", []),
        start_seq=start_seq,
    )


def clock_update(
    match: Match,
    state: Game,
    *,
    mover: int | None,
    before_to_act: list[int],
    deal_changed: bool,
    now: datetime,
    public: dict,
    hold_ms: int = 0,
) -> None:
    """Set the next deadline: move time, plus in the belot family the reserve left this deal.
    ``public`` is the spectators' view of ``state`` (built once per change by the caller). After
    a pause (``hold_ms``: a trick or a deal shown) the turn starts when the pause ends.

    A seat that acts and is still the one to act (declare, then play) keeps its running turn.
    """
    to_act = api.to_act(state)
    phase = public.get("phase")
    waiting = seats_awaited(public, to_act)
    reserve = clock.has_reserve(match.game)
    match.bot_to_act = any(p["bot"] and p["seat"] in to_act for p in match.players)
    if deal_changed:
        match.reserves = {str(s): clock.reserve_ms(match.time_scale) for s in match.seats} if reserve else {}
    elif reserve and not hold_ms and mover in before_to_act and to_act == before_to_act and match.deadline:
        return  # the same seat's turn goes on (after a trick it starts anew, once the trick is shown)
    elif reserve and mover in before_to_act and match.turn_started_at is not None:
        elapsed = int((now - match.turn_started_at).total_seconds() * 1000)
        key = str(mover)
        match.reserves[key] = clock.reserve_after(match.reserves.get(key, 0), elapsed, match.turn_ms)
    if not waiting and phase != "check":
        match.turn_started_at = match.deadline = None
        match.turn_ms = 0
        return
    match.turn_ms = clock.turn_ms(match.game, match.options, phase, match.time_scale)
    match.turn_started_at = now + timedelta(milliseconds=hold_ms)
    extra = min(match.reserves.get(str(s), 0) for s in waiting) if reserve and waiting else 0
    match.deadline = match.turn_started_at + timedelta(milliseconds=match.turn_ms + extra)


def seats_awaited(public_view: dict, to_act: list[int]) -> list[int]:
    """Seats the turn waits for (a ``timeout`` is legal for them): the engine's ``awaiting`` when
    its view has one (Durak: catchers are not awaited), else the seats to act."""
    awaiting = public_view.get("awaiting")
    return list(awaiting) if isinstance(awaiting, list) else list(to_act)


def bots_observe(match: Match, views: dict[int | None, dict], events: list[Event]) -> None:
    """Feed each bot seat's memory with its view (``views``: every seat's, by seat) and the events."""
    if match.status != Match.Status.PLAYING:
        return
    memory = dict(match.bot_memory)
    for player in match.players:
        if player["bot"]:
            key = str(player["seat"])
            view = views[player["seat"]]
            memory[key] = bot_players.observe(memory.get(key, {}), view, events, player["bot"])
    match.bot_memory = memory


def _finish_if_over(match: Match, state: Game, *, reason: str | None, now: datetime) -> None:
    if not api.finished(state):
        return
    summary = api.summary(state)
    # a match a no-show aborted (apps.tables.no_show) has no winners (docs/decisions-ratings.md)
    winners = [] if reason == "no_show" else list(summary.get("winners") or [])
    match.status = Match.Status.FINISHED
    match.finished_at = now
    match.deadline = match.turn_started_at = None
    match.bot_to_act = False
    match.result = {
        "winners": winners,
        "losers": [s for s in match.seats if s not in winners] if winners else [],
        "reason": reason or summary.get("reason"),
        "totals": summary.get("totals", []),
    }


# --------------------------------------------------------------------------- after commit


def after_commit(applied: Applied) -> None:
    """Publish each seat its own view and spectators the public one; schedule timer and bot."""
    match = applied.match
    frames.publish_match(match, applied.state, applied.events, applied.views, hold_ms=applied.hold_ms)
    after_publish(applied)


def after_publish(applied: Applied) -> None:
    """What follows a committed change once its frames are out: the timer and bot tasks, and
    the «Ваш ход» notice (:func:`turn_announce`). Callers that publish in batches call it per
    change, so every path runs the same steps."""
    tasks_schedule(applied)
    turn_announce(applied)


def turn_announce(applied: Applied) -> None:
    """After a committed change: ``turn_waits`` for the persons the match now waits for while
    its clock runs and who have no table socket open (nothing when no receiver listens, the
    match is over, no clock runs or everyone it waits for is at the table)."""
    user_ids = turn_away(applied)
    if user_ids:
        turn_waits_send(applied.match.pk, user_ids)


def turn_away(applied: Applied) -> list[int]:
    """The persons :func:`turn_announce` tells of: those the match now waits for while its
    clock runs whose seat has no socket open in the seats' info of the match's
    ``seats_version`` (:func:`selectors.seats_info_cached`: no query when this process holds
    it, as after a publish).

    A person at the table is left out: were his last socket to close later, the presence
    service announces him then (``presence._away_announce``, which reads the match after the
    close bumped ``seats_version``; a move written before that bump is seen by that read, one
    after it finds the row changed and reads the seats again). So a move costs no query and no
    task for the persons who are there, which is nearly every move."""
    match = applied.match
    if not signals.turn_waits.receivers or match.status != Match.Status.PLAYING or match.deadline is None:
        return []
    user_ids = selectors.persons_to_act(match, applied.state)
    if not user_ids:
        return []
    present = {e["user"] for e in selectors.seats_info_cached(match) if e.get("connected")}
    return [u for u in user_ids if u not in present]


def turn_waits_send(match_id: int, user_ids: list[int]) -> None:
    """Send ``turn_waits`` for ``user_ids`` of the match (its receivers may query and queue)."""
    signals.send_logged(signals.turn_waits, sender=Match, match_id=match_id, user_ids=user_ids)


def tasks_schedule(applied: Applied) -> None:
    """After a committed change: the match's timer task when one is to be armed, and the bot's
    move when a bot is to act (Celery; nothing once the match is over)."""
    match = applied.match
    if match.status != Match.Status.PLAYING:
        return
    if applied.timer and match.timer_due is not None:
        scheduling.timer_at(match.pk, match.timer_due)
    if match.bot_to_act:
        # Bots with a human pause also wait out the trick or the deal shown; bots without one
        # (tests, benches: bot_delay_ms 0) play on at once while the clients still show it.
        hold = applied.hold_ms if match.bot_delay_ms else 0
        scheduling.bot_after(match.pk, match.seq, match.bot_delay_ms + hold)
