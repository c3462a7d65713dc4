"""Every write of a live match: start it, apply an action (person, bot, timer), time out,
move bots, track who is connected, sweep lost deadlines, end a stuck match.

One function applies every action: :func:`move_apply`. It reads the match row, checks ``seq``,
asks the engine, and in one statement appends the Move, saves the snapshot, bumps ``seq`` by one
and sets the next deadline, if the row is still as read (:mod:`.store`); after commit it
publishes each seat its own view and schedules the timer and bot tasks.
"""

from __future__ import annotations

import logging
import random
import secrets
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from apps.core.errors import Refused
from apps.protocol import encode
from apps.protocol.server import state_frame
from apps.rules import actions as rules_actions
from apps.rules import api
from apps.rules.base import Game
from apps.rules.errors import IllegalAction

from . import bot_players, clock, conf, groups, publishing, scheduling, selectors, signals, store
from .models import DealRecord, Match, Move, Seat, Spectator, Table

log = logging.getLogger(__name__)

#: Actions only the server makes (SCENARIOS.md system actions).
SYSTEM_TYPES = frozenset({"timeout", "close"})

Actor = Move.Actor


@dataclass
class Applied:
    """What a committed change publishes and schedules."""

    match: Match
    state: Game
    events: list[dict] = field(default_factory=list)
    #: ``api.view(state, seat)`` per occupied seat (and None: the public view), when computed.
    views: dict[int | None, dict] = field(default_factory=dict)
    #: A new timer task is needed for ``match.timer_due`` (the first turn's at the start; for a
    #: move, :func:`apps.tables.store.move_write` decides: one pending timer per match).
    timer: bool = False
    #: The pause of :func:`apps.tables.clock.hold_ms` after this change (a trick, a deal's end).
    hold_ms: int = 0


# --------------------------------------------------------------------------- start


def match_start(*, table: Table, dealer: int | None = None, rematch_of: int | None = None) -> Match:
    """Start the match of ``table`` (the caller holds the table's row lock in a transaction).

    Deals the first deal from a fresh seed (``dealer``: the first dealer, else the engine's
    choice), records its cards, sets the clock and marks the table playing; after commit
    publishes the first views and schedules the timer and bots. ``rematch_of``: the finished
    match this one follows at the same table («Ещё партию»), named in the ``match_started`` event.
    """
    seats = list(table.seats.select_related("user").order_by("number"))
    occupied = [s.number for s in seats if s.occupied]
    info_list = selectors.seats_info(table.pk)
    info = {i["seat"]: i for i in info_list}
    seed = secrets.randbits(48)
    state = api.new_match(
        table.game,
        table.options,
        seed=seed,
        dealer=dealer,
        seats=occupied if table.game == "durak" else None,
    )
    deal = api.current_deal(state)
    now = timezone.now()
    match = Match(
        table=table,
        game=table.game,
        options=table.options,
        seed=seed,
        dealer=deal.get("dealer"),
        seats=occupied,
        players=[
            {"seat": s.number, "user": s.user_id, "bot": s.bot_level or None, "name": info[s.number]["name"]}
            for s in seats
            if s.occupied
        ],
        state=api.to_json(state),
        deal_number=deal.get("number", 0),
        time_scale=table.time_scale if table.time_scale is not None else conf.time_scale(),
        bot_delay_ms=table.bot_delay_ms if table.bot_delay_ms is not None else conf.bot_delay_ms(),
    )
    views = api.views(state, [*match.seats, None])
    _clock_update(match, state, mover=None, before_to_act=[], deal_changed=True, now=now, public=views[None])
    match.timer_due = match.deadline  # a new match has no timer yet: its first turn's is armed
    timer = match.deadline is not None
    opening = api.opening_events(state)
    _bots_observe(match, views, opening)
    match.save()
    selectors.seats_info_remember(match, info_list)
    DealRecord.objects.create(
        match=match,
        number=match.deal_number,
        dealer=deal.get("dealer"),
        hands=deal.get("hands", {}),
        stock=deal.get("stock", []),
        start_seq=0,
    )
    Table.objects.filter(pk=table.pk).update(status=Table.Status.PLAYING, rematch=[])
    table.status = Table.Status.PLAYING
    table.rematch = []
    started = {"type": "match_started"}
    if rematch_of is not None:
        started["rematch_of"] = rematch_of
    events = [started, *opening]
    applied = Applied(match=match, state=state, events=events, views=views, timer=timer)
    transaction.on_commit(lambda: _after_commit(applied))
    return match


# --------------------------------------------------------------------------- the move service


def canonical_action(action: Any) -> dict:
    """``action`` in its canonical form (:func:`apps.rules.actions.canonical`): what a Move
    stores and the other seats see; ``bad_message`` when it is not a well-formed action."""
    try:
        return rules_actions.canonical(action)
    except IllegalAction as exc:
        raise Refused("bad_message", detail=exc.detail) from None


def move_apply(
    *,
    match_id: int,
    seat: int | None,
    action: Any,
    seq: int,
    actor: str,
    user_id: int | None = None,
    reason: str | None = None,
    system: bool = False,
) -> int:
    """Apply ``action`` for ``seat`` at version ``seq``; return the new ``seq``.

    Persons (``actor="person"``) must sit at ``seat`` (``not_seated`` / ``not_your_seat``) and may
    not make system actions (``system_only``). Refuses a finished match (``match_over``), a stale
    ``seq`` (``stale``) and what the engine refuses (``not_your_turn``, or ``illegal`` with the
    engine's code). ``reason`` overrides the result's reason when this action ends the match
    (Durak's ``disconnect``); ``system`` marks a server verdict such as the disconnect ``leave``
    (``timeout`` and ``close`` always are). Nothing changes on a refusal.

    Optimistic: the row is read without a lock and written only if nobody wrote it in between
    (:mod:`apps.tables.store`); of two moves made at the same ``seq`` one applies and the other
    is refused ``stale`` on its next read, as with a lock, in two round trips instead of five.
    """
    action = canonical_action(action)
    system = system or action["type"] in SYSTEM_TYPES
    if system and actor not in (Actor.TIMER, Actor.SYSTEM):
        raise Refused("system_only")
    for attempt in range(MOVE_ATTEMPTS):
        match, state = store.match_take(match_id) if attempt == 0 else (store.match_read(match_id), None)
        if match is None:
            raise Refused("not_found")
        if actor == Actor.PERSON:
            check_person_seat(match, seat, user_id)
        if match.status != Match.Status.PLAYING:
            raise Refused("match_over")
        if seq < match.seq or (seq > match.seq and state is None):
            raise Refused("stale")
        # a kept copy behind the client's seq (another process moved since) is read afresh
        if seq == match.seq and _move_commit(
            match, state, seat, action, system=system, actor=actor, user_id=user_id, reason=reason
        ):
            return match.seq
    raise Refused("stale")  # the row kept changing under us (a timer being re-armed each time)


#: Reads of the match row one move makes at most before giving up (see :func:`move_apply`).
MOVE_ATTEMPTS = 3


def _move_commit(
    match: Match,
    state: Game | None,
    seat: int | None,
    action: dict,
    *,
    system: bool,
    actor: str,
    user_id: int | None,
    reason: str | None,
) -> bool:
    """Apply the action to ``match`` as read (``state``: its engine state, when kept from this
    process's last write) and save it unless the row changed meanwhile (False: nothing saved).
    Raises ``Refused`` for what the engine refuses."""
    prepared = move_prepare(
        match, state, seat, action, system=system, actor=actor, user_id=user_id, reason=reason
    )
    with transaction.atomic() if not prepared.simple else nullcontext():
        outcome = move_persist(prepared)
        if outcome is store.Outcome.CHANGED:
            return False
        applied = prepared.applied
        transaction.on_commit(lambda: _after_commit(applied))
        transaction.on_commit(lambda: store.match_written(match, prepared.state))
    return True


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
    #: The new deal's cards when the move began one (saved with the move), else None.
    deal: DealRecord | None
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
            "read": self.read, "seat": self.seat, "action": self.action, "system": self.system,
            "actor": self.actor, "user_id": self.user_id, "now": self.now,
        }

    @property
    def simple(self) -> bool:
        """Whether the move writes only the match row and its Move: one statement, no transaction."""
        return self.deal is None and not self.finished


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
    table actor) writes what it returns."""
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
    deal = _new_deal_record(match, state)
    views = api.views(state, [*match.seats, None])
    public = views[None]
    hold = clock.hold_ms(events, match.time_scale)
    _clock_update(
        match,
        state,
        mover=seat,
        before_to_act=before_to_act,
        deal_changed=deal is not None,
        now=now,
        public=public,
        hold_ms=hold,
    )
    _finish_if_over(match, state, reason=reason, now=now)
    _bots_observe(match, views, events)
    match.state = api.to_json(state)
    moved = {"type": "move", "seat": seat, "action": action, "by": actor}
    applied = Applied(match=match, state=state, events=[moved, *events], views=views, hold_ms=hold)
    return Prepared(
        read=read,
        seat=seat,
        action=action,
        system=system,
        actor=actor,
        user_id=user_id if actor == Actor.PERSON else None,
        now=now,
        deal=deal,
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
    if prepared.deal is not None:
        prepared.deal.save()
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


def _new_deal_record(match: Match, state: Game) -> DealRecord | None:
    """The cards of a deal that began with the last action (unsaved), else None;
    ``match.deal_number`` follows the engine's."""
    deal = api.current_deal(state)
    number = deal.get("number", match.deal_number)
    if number == match.deal_number:
        return None
    match.deal_number = number
    return DealRecord(
        match=match,
        number=number,
        dealer=deal.get("dealer"),
        hands=deal.get("hands", {}),
        stock=deal.get("stock", []),
        start_seq=match.seq,
    )


def _clock_update(
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
    waiting = _awaited(public, to_act)
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


def _awaited(public_view: dict, to_act: list[int]) -> list[int]:
    """Seats the turn waits for (a ``timeout`` is legal for them): the engine's ``awaiting`` when
    its view has one (Durak: catchers are not awaited), else the seats to act."""
    awaiting = public_view.get("awaiting")
    return list(awaiting) if isinstance(awaiting, list) else list(to_act)


def _bots_observe(match: Match, views: dict[int | None, dict], events: list[dict]) -> None:
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
    summary = api.summary(state)
    if not summary.get("finished"):
        return
    winners = list(summary.get("winners") or [])
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


def _after_commit(applied: Applied) -> None:
    """Publish each seat its own view and spectators the public one; schedule timer and bot."""
    match = applied.match
    publish_match(match, applied.state, applied.events, applied.views, hold_ms=applied.hold_ms)
    tasks_schedule(applied)


def tasks_schedule(applied: Applied) -> None:
    """After a committed change: the match's timer task when one is to be armed, and the bot's
    move when a bot is to act (Celery; nothing once the match is over)."""
    match = applied.match
    if match.status != Match.Status.PLAYING:
        return
    if applied.timer and match.timer_due is not None:
        scheduling.timer_at(match.pk, match.seq, match.timer_due)
    if match.bot_to_act:
        # Bots with a human pause also wait out the trick or the deal shown; bots without one
        # (tests, benches: bot_delay_ms 0) play on at once while the clients still show it.
        hold = applied.hold_ms if match.bot_delay_ms else 0
        scheduling.bot_after(match.pk, match.seq, match.bot_delay_ms + hold)


def publish_match(
    match: Match,
    state: Game,
    events: list[dict],
    views: dict[int, dict] | None = None,
    *,
    hold_ms: int = 0,
) -> None:
    """Send the table one ``table.frames`` message: per seat the ``state`` frame of its view
    (hand included) and the public one for everybody else; each socket forwards only its own
    (:meth:`apps.sockets.consumers.TableConsumer.table_frames`).

    One ``group_send`` per change instead of one per seat: a fifth of the Redis round trips, and
    every socket of the table gets move N before move N+1 (one Lua script queues them all)."""
    frames = match_frames(match, state, events, views, hold_ms=hold_ms)
    send_frames(match.table_id, frames, match_id=match.pk, seq=match.seq)


def match_frames(
    match: Match,
    state: Game,
    events: list[dict],
    views: dict[int | None, dict] | None = None,
    *,
    hold_ms: int = 0,
) -> dict[str, str]:
    """The encoded ``state`` frame of each seat (by its number as a string) and ``public``.
    Reads the seats' info and the spectators when this process's copies are stale
    (:func:`apps.tables.selectors.seats_info_cached`)."""
    info = selectors.seats_info_cached(match)
    watching = selectors.spectators_cached(match)
    views = views or {}
    frames = {}
    for seat in match.seats:
        view = selectors.match_view(match, state, seat, info, views.get(seat), spectators=watching)
        frames[str(seat)] = frame_text(match.seq, view, events, hold_ms)
    public = selectors.match_view(match, state, None, info, views.get(None), spectators=watching)
    frames["public"] = frame_text(match.seq, public, events, hold_ms)
    return frames


def frame_text(seq: int, view: dict, events: list[dict], hold_ms: int = 0) -> str:
    """A ``state`` frame encoded once (per seat, not per socket). ``hold_ms`` (only when > 0):
    how long the client shows the trick just taken or the deal's summary before this view."""
    return encode(state_frame(seq, view, events, hold_ms))


def send_frames(table_id: int, frames: dict[str, str], *, match_id: int, seq: int) -> None:
    """One message to every socket of the table: ``frames`` by seat number and ``public``, the
    id of the match they show (a socket opened before the match started learns it here) and
    their ``seq`` (a socket already sent that state skips it)."""
    publishing.send_many([(groups.table_all(table_id), frames_message(frames, match_id=match_id, seq=seq))])


def frames_message(frames: dict[str, str], *, match_id: int, seq: int) -> dict:
    """The ``table.frames`` channel-layer message of :func:`send_frames`."""
    return {"type": "table.frames", "frames": frames, "match": match_id, "seq": seq}


def table_refresh(table_id: int) -> None:
    """Tell every socket of the table to refetch its seat and full state (seating or presence
    changed). Tried instead for presence: one message with every seat's state built once; it
    was slower in the connect/close bench and daphne's memory grew with it (docs/performance.md)."""
    seats_changed(table_id)
    publishing.send_many([(groups.table_all(table_id), {"type": "table.refresh"})])


def seats_changed(table_id: int) -> None:
    """Mark the seats' info cached for the table's playing match stale in every process."""
    Match.objects.filter(table_id=table_id, status=Match.Status.PLAYING).update(
        seats_version=F("seats_version") + 1
    )


# --------------------------------------------------------------------------- timers and bots


def match_timeout(*, match_id: int, seq: int) -> int:
    """The timer of ``(match, seq)``: if nothing moved and the deadline passed, the server acts.

    Each seat to act gets the system ``timeout`` (the engine decides what it means: pass,
    take, done, the lowest card, the normal bot's move); the Шулер check gets ``close``.
    Returns how many actions were applied (0 when ``seq`` moved on).
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.PLAYING or match.seq != seq:
        return 0
    if match.deadline is None or match.deadline > timezone.now():
        return 0
    state = api.from_json(match.state)
    public = api.view(state, None)
    if public.get("phase") == "check":
        planned = [(None, {"type": "close"})]
    else:
        planned = [(s, {"type": "timeout"}) for s in _awaited(public, api.to_act(state))]
    applied = 0
    for seat, action in planned:
        try:
            seq = move_apply(match_id=match_id, seat=seat, action=action, seq=seq, actor=Actor.TIMER)
            applied += 1
        except Refused as exc:
            if exc.code in ("stale", "match_over"):
                # Someone else moved first (the sweeper and the timer task racing, or the
                # player at the last moment): their move stands and re-armed the clock.
                return applied
            log.warning("match %s: timer %s for seat %s refused: %s", match_id, action, seat, exc)
    if not applied:
        _deadline_clear(match_id, seq)
    return applied


#: A timer that fires this close before its due time takes itself for the pending one.
TIMER_SLACK = timedelta(milliseconds=500)


def match_timer(*, match_id: int) -> int:
    """The match's timer task fired: apply the timeouts if the deadline passed, else re-arm a
    timer for the current deadline unless an earlier one is pending (the rule of
    :func:`apps.tables.store.move_write`: one pending timer per match, most moves push the
    deadline later, so about one Celery message goes out per move time instead of per move).

    Returns how many actions were applied. Safe to run twice or late: ``match_timeout`` checks
    ``seq`` and the deadline, and re-arming claims ``timer_due`` with a conditional update.
    Reads only the clock's columns: most timers fire early (moves pushed the deadline on), and
    when many fire together each must cost little."""
    row = (
        Match.objects.filter(pk=match_id, status=Match.Status.PLAYING)
        .values_list("seq", "deadline", "timer_due")
        .first()
    )
    if row is None or row[1] is None:
        return 0
    seq, deadline, due = row
    now = timezone.now()
    if deadline <= now:
        return match_timeout(match_id=match_id, seq=seq)
    if due is not None and now + TIMER_SLACK < due <= deadline:
        return 0  # another timer, due before the deadline, is pending
    # Not conditional on seq: a move since then kept this row's timer_due (due by its later
    # deadline), so this re-arm is still the one pending timer; it fires and re-arms again.
    if Match.objects.filter(pk=match_id, status=Match.Status.PLAYING, timer_due=due).update(
        timer_due=deadline
    ):
        scheduling.timer_at(match_id, seq, deadline)
    return 0


def _deadline_clear(match_id: int, seq: int) -> None:
    """The engine accepted no timeout: stop sweeping this deadline (logged; an admin may end it)."""
    Match.objects.filter(pk=match_id, seq=seq).update(deadline=None)
    log.error("match %s seq %s: no timeout action was accepted; deadline cleared", match_id, seq)


def match_bot_move(*, match_id: int, seq: int) -> bool:
    """The bot task of ``(match, seq)``: the lowest bot seat to act moves; False if nothing to do."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.PLAYING or match.seq != seq:
        return False
    state = api.from_json(match.state)
    to_act = api.to_act(state)
    bots = [(p["seat"], p["bot"]) for p in match.players if p["bot"] and p["seat"] in to_act]
    if not bots:
        return False
    for seat, level in bots:
        view = api.view(state, seat)
        if "legal" not in view:
            view["legal"] = api.legal_actions(state, seat)
        rng = random.Random(f"{match.seed}:{seq}:{seat}")
        action = bot_players.decide(view, level, rng, match.bot_memory.get(str(seat)))
        if action is not None:
            return _bot_act(match_id, seq, seat, action, view["legal"])
    return False


def _bot_act(match_id: int, seq: int, seat: int, action: dict, legal: list[dict]) -> bool:
    try:
        move_apply(match_id=match_id, seat=seat, action=action, seq=seq, actor=Actor.BOT)
    except Refused as exc:
        if exc.code in ("stale", "match_over"):
            return False
        log.error("match %s: bot at seat %s chose a refused action %s (%s)", match_id, seat, action, exc)
        fallback = dict(random.Random(seq).choice(legal))
        move_apply(match_id=match_id, seat=seat, action=fallback, seq=seq, actor=Actor.BOT)
    return True


# --------------------------------------------------------------------------- presence


def seat_presence(*, table_id: int, user_id: int, delta: int) -> None:
    """Count a socket of ``user_id`` opening (+1) or closing (-1) at the table.

    When the person's last socket closes during a Durak match he still plays in, he has 30 s to
    come back (seed 001 §11); in the belot family the timer plays for him. Everyone is told when
    the seat's ``connected`` flag flips.
    """
    now = timezone.now()
    with transaction.atomic():
        # Lock order everywhere is table, then its seats (the seating services lock the table
        # first); taking the seat alone here deadlocked against «Готов» racing a connect.
        Table.objects.select_for_update().filter(pk=table_id).first()
        seat = Seat.objects.select_for_update().filter(table_id=table_id, user_id=user_id).first()
        if seat is None:
            return
        was = seat.connections > 0
        seat.connections = max(0, seat.connections + delta)
        is_now = seat.connections > 0
        if is_now:
            seat.disconnected_at = None
        elif was:
            seat.disconnected_at = now
        seat.save(update_fields=["connections", "disconnected_at"])
        number = seat.number
        match = None
        if was and not is_now:
            match = Match.objects.filter(table_id=table_id, status=Match.Status.PLAYING, game="durak").first()
            from .seating import rematch_cancel

            rematch_cancel(table_id=table_id)  # he left the finished table: «Ещё партию» is off
    if was != is_now:
        table_refresh(table_id)
    if match is not None and number in match.seats:
        when = now + timedelta(milliseconds=clock.disconnect_ms(match.time_scale))
        scheduling.disconnect_check_at(table_id, number, when)


def spectator_presence(*, table_id: int, user_id: int, delta: int) -> None:
    """Count a spectator's socket opening (+1) or closing (-1). When he starts or stops watching
    (his first socket opens, his last closes) every socket of the table gets the new
    ``spectators`` count (a refresh)."""
    with transaction.atomic():
        row, _ = Spectator.objects.select_for_update().get_or_create(table_id=table_id, user_id=user_id)
        was = row.connections > 0
        row.connections = max(0, row.connections + delta)
        row.save(update_fields=["connections"])
    if was != (row.connections > 0):
        table_refresh(table_id)


def seat_disconnect_check(*, table_id: int, seat: int) -> bool:
    """Durak: the person at ``seat`` has been away 30 s: he leaves, the match ends (``disconnect``).

    True when the leave was applied. A player already out of the game leaves without effect.
    """
    row = Seat.objects.filter(table_id=table_id, number=seat).first()
    match = Match.objects.filter(table_id=table_id, status=Match.Status.PLAYING, game="durak").first()
    if row is None or match is None or not _gone_past_deadline(row, match):
        return False
    return _disconnect_leave(match, seat)


def claim_victory(*, table_id: int, user_id: int) -> None:
    """«Засчитать победу»: a person playing at the table ends the match when a person on another
    side has been away past the disconnect time (RULES.md: a disconnect not back in time ends the
    game as his ``leave``; the seat's ``gone_deadline`` in the view says when). Durak ends such a
    match by itself; the belot family keeps playing for the absent seat until someone claims.

    Refused ``not_seated`` (not playing here), ``no_match``, ``not_gone`` (nobody away long enough).
    """
    match = Match.objects.filter(table_id=table_id, status=Match.Status.PLAYING).first()
    if match is None:
        raise Refused("no_match")
    rows = {r.number: r for r in Seat.objects.filter(table_id=table_id)}
    mine = next((n for n, r in rows.items() if r.user_id == user_id and n in match.seats), None)
    if mine is None:
        raise Refused("not_seated")
    teams = {s["seat"]: s.get("team") for s in api.view(api.from_json(match.state), None)["seats"]}
    partners = {n for n in match.seats if teams.get(mine) is not None and teams.get(n) == teams.get(mine)}
    gone = [
        n
        for n in match.seats
        if n != mine and n not in partners and n in rows and _gone_past_deadline(rows[n], match)
    ]
    if not gone or not _disconnect_leave(match, gone[0]):
        raise Refused("not_gone")


def _gone_past_deadline(row: Seat, match: Match) -> bool:
    """Whether the person at ``row`` has had no socket at the table for the disconnect time."""
    if not row.user_id or row.connections > 0 or row.disconnected_at is None:
        return False
    away = timezone.now() - row.disconnected_at
    return away >= timedelta(milliseconds=clock.disconnect_ms(match.time_scale))


def _disconnect_leave(match: Match, seat: int) -> bool:
    """The server's ``leave`` for the absent ``seat`` (reason ``disconnect``); True if applied."""
    for _ in range(5):
        try:
            move_apply(
                match_id=match.pk,
                seat=seat,
                action={"type": "leave"},
                seq=match.seq,
                actor=Actor.SYSTEM,
                reason="disconnect",
                system=True,
            )
            return True
        except Refused as exc:
            if exc.code != "stale":
                log.warning("match %s: disconnect leave of seat %s refused: %s", match.pk, seat, exc)
                return False
            match.refresh_from_db(fields=["seq", "status"])
    return False


# --------------------------------------------------------------------------- sweeping and admin


#: Passed deadlines one sweep applies at most, oldest first (beat runs a sweep every second).
SWEEP_LIMIT = 25


def matches_sweep(*, rearm: bool = False, limit: int = SWEEP_LIMIT) -> dict:
    """Apply passed deadlines (at most ``limit``, the oldest first), restart stuck bots and
    Durak disconnects (lost tasks).

    The bound keeps one sweep short when many abandoned tables time out at once, so the timers
    queued behind it stay on time; the next sweep, a second later, takes the next ones.
    With ``rearm`` (a worker starting) also schedules the timer of every future deadline, since
    a killed worker's countdown tasks come back only after the broker's visibility timeout.
    """
    now = timezone.now()
    done = {"timeouts": 0, "bots": 0, "disconnects": 0, "rearmed": 0}
    playing = Match.objects.filter(status=Match.Status.PLAYING)
    passed = playing.filter(deadline__lte=now).order_by("deadline").values_list("id", "seq")[:limit]
    for match_id, seq in passed:
        done["timeouts"] += _isolated(match_timeout, match_id=match_id, seq=seq)
    for match_id, seq, delay, updated in playing.filter(bot_to_act=True).values_list(
        "id", "seq", "bot_delay_ms", "updated_at"
    ):
        if rearm or updated <= now - timedelta(milliseconds=delay + 1500):
            done["bots"] += int(_isolated(match_bot_move, match_id=match_id, seq=seq))
    away = Seat.objects.filter(
        table__status=Table.Status.PLAYING, table__game="durak", disconnected_at__isnull=False, connections=0
    )
    for table_id, number in away.values_list("table_id", "number"):
        done["disconnects"] += int(_isolated(seat_disconnect_check, table_id=table_id, seat=number))
    if rearm:
        future = playing.filter(deadline__gt=now)
        future.update(timer_due=F("deadline"))
        for match_id, seq, deadline in future.values_list("id", "seq", "deadline"):
            scheduling.timer_at(match_id, seq, deadline)
            done["rearmed"] += 1
    return done


def _isolated(service, **kwargs) -> int:
    """Run one match's part of the sweep; a match that fails is logged and never stops the rest."""
    try:
        return service(**kwargs)
    except Exception:
        log.exception("sweep: %s(%s) failed", service.__name__, kwargs)
        return 0


def match_end_stuck(*, match_id: int) -> bool:
    """Admin: end a match that cannot go on; no winners, reason ``aborted``. True if it was playing.

    Works even when the stored state no longer loads (then no totals and no result rows)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status != Match.Status.PLAYING:
            return False
        try:
            state = api.from_json(match.state)
        except Exception:
            log.exception("match %s: the stored state does not load; ending it without totals", match_id)
            state = None
        match.status = Match.Status.FINISHED
        match.finished_at = timezone.now()
        match.deadline = match.turn_started_at = None
        match.bot_to_act = False
        match.result = {
            "winners": [],
            "losers": [],
            "reason": "aborted",
            "totals": api.summary(state).get("totals", []) if state is not None else [],
        }
        match.save()
        Table.objects.filter(pk=match.table_id).update(status=Table.Status.FINISHED)
        if state is None:
            transaction.on_commit(lambda: table_refresh(match.table_id))
            return True
        signals.match_finished.send(sender=Match, match=match, state=state)
        applied = Applied(match=match, state=state, events=[{"type": "match_aborted"}])
        transaction.on_commit(lambda: _after_commit(applied))
    return True
