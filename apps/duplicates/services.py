"""The duplicate services: creating, playing, recording, closing and voiding sets, the daily
rollover, and the hooks apps.tables calls (docs/rules.md «Дубль», docs/decisions-duplicates.md).

A play is a normal table of apps.tables (:func:`apps.tables.seating.table_create_duplicate`)
whose match deals from the set's seed; when that match ends its deal lines become the entry's
results (:func:`match_finished`).
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections import OrderedDict
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from celery import current_app
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from apps.core.errors import Refused
from apps.rules import api, fairness
from apps.rules.base import Outcome
from apps.rules.errors import InvalidOptions
from apps.tables import conf, seating
from apps.tables.models import Match, Table
from apps.tables.starting import match_start

from . import signals
from .errors import DuplicateRefused
from .matchpoints import Result, deal_result, durak_result
from .models import DuplicateSet, Entry
from .modes import (
    MAX_DEALS,
    MAX_OPEN_MINUTES,
    MIN_DEALS,
    MIN_OPEN_MINUTES,
    MODES,
    SEAT,
    Mode,
    dealer_of,
    mode_for,
)

log = logging.getLogger(__name__)

#: «Дубль дня» turns over at 00:00 Moscow time (docs/rules.md «Дубль»).
MOSCOW = ZoneInfo("Europe/Moscow")
#: The bots' level at a duplicate table: «сложный».
BOT_LEVEL = "hard"
CODE_BYTES = 12


def moscow_day(now: datetime | None = None) -> date:
    """The Moscow date at ``now`` (default: the current time)."""
    return (now or timezone.now()).astimezone(MOSCOW).date()


def _new_set(
    *, mode: Mode, deals: int, opens_at: datetime, closes_at: datetime, options: dict | None = None, **fields
) -> DuplicateSet:
    seed = secrets.token_bytes(32)
    return DuplicateSet.objects.create(
        mode=mode.key,
        game=mode.game,
        options=options or api.normalize_options(mode.game, mode.options),
        deals=deals,
        server_seed=seed.hex(),
        commitment=fairness.commitment(seed),
        opens_at=opens_at,
        closes_at=closes_at,
        **fields,
    )


def set_create(
    *,
    user,
    mode: str | None = None,
    game: str | None = None,
    options: dict | None = None,
    deals: int | None = None,
    open_minutes: int | None = 24 * 60,
    private: bool = True,
) -> DuplicateSet:
    """«Дубль с друзьями»: a set of ``mode`` (or of ``game`` with ``options``: the mode they name,
    the other options kept for every table of the set) with ``deals`` deals (default the
    mode's), open for ``open_minutes`` (10 min to 7 days) from now. ``private``: reachable only
    through its link (an unguessable code); else listed among the open sets. Refused
    ``bad_mode``, ``invalid_options``, ``bad_deals``, ``bad_open_minutes``; nothing is created."""
    chosen = MODES.get(mode) if isinstance(mode, str) else None
    normalized = None
    if mode is None and isinstance(game, str) and game in api.GAMES:
        try:
            normalized = api.normalize_options(game, dict(options or {}))
        except InvalidOptions as exc:
            raise DuplicateRefused("invalid_options", errors=exc.errors) from exc
        chosen = mode_for(game, normalized)
    if chosen is None:
        raise DuplicateRefused("bad_mode")
    deals = chosen.deals if deals is None else deals
    if type(deals) is not int or not MIN_DEALS <= deals <= MAX_DEALS:
        raise DuplicateRefused("bad_deals")
    if type(open_minutes) is not int or not MIN_OPEN_MINUTES <= open_minutes <= MAX_OPEN_MINUTES:
        raise DuplicateRefused("bad_open_minutes")
    now = timezone.now()
    return _new_set(
        mode=chosen,
        options=normalized,
        deals=deals,
        opens_at=now,
        closes_at=now + timedelta(minutes=open_minutes),
        kind=DuplicateSet.Kind.FRIENDS,
        creator=user,
        private=bool(private),
        code=secrets.token_urlsafe(CODE_BYTES) if private else None,
    )


def daily_open(day: date) -> list[DuplicateSet]:
    """«Дубль дня» of ``day`` for every mode, from 00:00 Moscow time for 24 h; the sets that
    exist already are kept (idempotent). Returns the sets opened now."""
    opens_at = datetime.combine(day, time(0), MOSCOW)
    opened = []
    for mode in MODES.values():
        if DuplicateSet.objects.filter(kind=DuplicateSet.Kind.DAILY, mode=mode.key, day=day).exists():
            continue
        try:
            with transaction.atomic():
                opened.append(
                    _new_set(
                        mode=mode,
                        deals=mode.deals,
                        opens_at=opens_at,
                        closes_at=opens_at + timedelta(hours=24),
                        kind=DuplicateSet.Kind.DAILY,
                        day=day,
                    )
                )
        except IntegrityError:  # another beat opened it meanwhile
            continue
    if opened:
        ids = [s.pk for s in opened]
        transaction.on_commit(lambda: signals.daily_opened.send(sender=DuplicateSet, set_ids=ids, day=day))
    return opened


def rollover(now: datetime | None = None) -> dict:
    """The periodic task's work: close every open set past its ``closes_at``, then open today's
    «Дубль дня» (Moscow date). Returns ``{"closed": n, "opened": n}``."""
    now = now or timezone.now()
    due = list(
        DuplicateSet.objects.filter(status=DuplicateSet.Status.OPEN, closes_at__lte=now).values_list(
            "pk", flat=True
        )
    )
    for set_id in due:
        set_close(set_id, now=now)
    opened = daily_open(moscow_day(now))
    durak_resume(now)
    return {"closed": len(due), "opened": len(opened)}


def set_close(set_id: int, *, now: datetime | None = None) -> DuplicateSet | None:
    """Close the set: its seed is revealed from now on, and every player who has not finished
    counts 0 : K (a forfeit on every deal); his match still being played is ended (he leaves).
    None when there is no open set ``set_id``."""
    now = now or timezone.now()
    with transaction.atomic():
        dset = (
            DuplicateSet.objects.select_for_update()
            .filter(pk=set_id, status=DuplicateSet.Status.OPEN)
            .first()
        )
        if dset is None:
            return None
        unfinished = _set_end(dset, DuplicateSet.Status.CLOSED, now)
    _leave_quietly(unfinished)
    return dset


def _set_end(dset: DuplicateSet, status: str, now: datetime) -> Sequence[tuple[int | None, int]]:
    """In the caller's transaction: the set's unfinished entries forfeit, the set takes
    ``status`` and closes ``now``. Returns those entries' ``(table id, user id)``."""
    unfinished = list(Entry.objects.filter(set=dset, finished_at=None).values_list("table_id", "user"))
    Entry.objects.filter(set=dset, finished_at=None).update(forfeit=True, results=[], finished_at=now)
    DuplicateSet.objects.filter(pk=dset.pk).update(status=status, closed_at=now, version=F("version") + 1)
    dset.status, dset.closed_at = status, now
    return unfinished


def _leave_quietly(unfinished: Sequence[tuple[int | None, int]]) -> None:
    """End the forfeited players' matches (each leaves his); nothing for one over already."""
    for table_id, user_id in unfinished:
        table = Table.objects.filter(pk=table_id).first() if table_id else None
        if table is None or not Match.objects.filter(table=table, status=Match.Status.PLAYING).exists():
            continue
        with contextlib.suppress(Refused):
            seating.match_leave(table=table, user=get_user_model().objects.get(pk=user_id))


def set_void(set_id: int) -> DuplicateSet | None:
    """Staff: void the set (a fault, an abuse): it counts for nobody, closes now (its seed is
    revealed) and its matches still played are ended."""
    now = timezone.now()
    with transaction.atomic():
        dset = DuplicateSet.objects.select_for_update().filter(pk=set_id).first()
        if dset is None or dset.status == DuplicateSet.Status.VOID:
            return dset
        unfinished = _set_end(dset, DuplicateSet.Status.VOID, now)
    _leave_quietly(unfinished)
    return dset


def set_find(set_id: int, *, user=None, code: str | None = None) -> DuplicateSet:
    """The set ``set_id`` as ``user`` may reach it: a private set needs its ``code`` unless he
    made it or plays it. ``not_found`` otherwise (a private set is not confirmed to exist)."""
    dset = DuplicateSet.objects.filter(pk=set_id).first()
    if dset is None:
        raise DuplicateRefused("not_found")
    if dset.private and not (code and secrets.compare_digest(str(code), dset.code or "")):
        uid = getattr(user, "pk", None)
        if uid is None or not (
            dset.creator_id == uid or Entry.objects.filter(set=dset, user_id=uid).exists()
        ):
            raise DuplicateRefused("not_found")
    return dset


def set_play(*, user, set_id: int, code: str | None = None) -> Entry:
    """``user`` plays the set: a table of his own, seated at the fixed seat, bots «сложный» at the
    others, the match started (deal 0 by seat 0). Refused ``not_found`` (or a private set
    without its code), ``set_closed``, ``already_played`` (each person plays a set once);
    nothing changes then."""
    dset = set_find(set_id, user=user, code=code)
    mode = MODES[dset.mode]
    with transaction.atomic():
        dset = DuplicateSet.objects.select_for_update().get(pk=dset.pk)
        if (
            dset.status != DuplicateSet.Status.OPEN
            or dset.closes_at <= timezone.now()
            or dset.opens_at > timezone.now()
        ):
            raise DuplicateRefused("set_closed")
        if Entry.objects.filter(set=dset, user=user).exists():
            raise DuplicateRefused("already_played")
        durak = dset.game == "durak"
        table = seating.table_create_duplicate(
            people={SEAT: user},
            game=dset.game,
            options=dset.options,
            level=BOT_LEVEL,
            server_seed=dset.server_seed,
            deals=1 if durak else dset.deals,  # Дурак: a match per game, each one deal
            dealer=None if durak else dealer_of(mode, 0),
            seats=mode.players if durak else None,
        )
        match = Match.objects.filter(table=table).only("id").first()
        return Entry.objects.create(set=dset, user=user, table=table, match=match, seat=SEAT)


#: docs/rules.md «Дубль»'s 2 on 2 modes: the team duplicate's.
TEAM_MODES = ("bazar_blot_4", "bazar_gambler_4", "deberc_4")
#: How long a team duplicate stays open (it is played live; then the unfinished forfeit).
TEAM_OPEN = timedelta(hours=6)


def team_create(*, user, mode: str, partner, opponents: list, deals: int | None = None) -> DuplicateSet:
    """Team duplicate, live: ``user`` and ``partner`` against the two ``opponents``
    over two tables of the same deals. Table 1: ``user`` North (seat 0), ``opponents[0]`` East
    (seat 1); table 2: ``opponents[1]`` North, ``partner`` East; bots sit opposite each person.
    So each team holds North–South at one table and East–West at the other, and its score is the
    sum over the deals of its results at both (:func:`apps.duplicates.selectors.team_result`).
    Both matches start at once. Refused ``bad_mode`` (not a 2 on 2 mode), ``bad_deals``,
    ``same_person`` (four different people are needed); nothing is created then."""
    chosen = MODES.get(mode) if mode in TEAM_MODES else None
    if chosen is None:
        raise DuplicateRefused("bad_mode")
    deals = chosen.deals if deals is None else deals
    if type(deals) is not int or not MIN_DEALS <= deals <= MAX_DEALS:
        raise DuplicateRefused("bad_deals")
    people = [user, partner, *opponents]
    if len(people) != 4 or any(p is None for p in people) or len({p.pk for p in people}) != 4:
        raise DuplicateRefused("same_person")
    now = timezone.now()
    with transaction.atomic():
        dset = _new_set(
            mode=chosen,
            deals=deals,
            opens_at=now,
            closes_at=now + TEAM_OPEN,
            kind=DuplicateSet.Kind.TEAM,
            creator=user,
            private=True,
        )
        for north, east in ((user, opponents[0]), (opponents[1], partner)):
            table = seating.table_create_duplicate(
                people={0: north, 1: east},
                game=dset.game,
                options=dset.options,
                level=BOT_LEVEL,
                server_seed=dset.server_seed,
                deals=dset.deals,
                dealer=dealer_of(chosen, 0),
            )
            match = Match.objects.filter(table=table).only("id").first()
            Entry.objects.bulk_create(
                [
                    Entry(set=dset, user=north, table=table, match=match, seat=0),
                    Entry(set=dset, user=east, table=table, match=match, seat=1),
                ]
            )
    return dset


def entry_results(mode: Mode, deals: int, seat: int, summary: Outcome) -> list[Result]:
    """An entry's results from its match's summary: per deal the seat's side's points minus the
    other side's; a deal not played to its end (he left) and the deals after it: forfeits."""
    side = mode.sides()[seat]
    lines = list(summary.get("deals") or [])[:deals]
    out: list[Result] = [deal_result(line, side, mode.sides()) for line in lines]
    return out + [None] * (deals - len(out))


def match_finished(sender, match: Match, state, **_kwargs) -> None:
    """apps.tables' ``match_finished``: a duplicate table's match ended, so its player has
    finished the set; his deal results are recorded (in the match's transaction)."""
    entries = list(
        Entry.objects.select_for_update()
        .filter(table_id=match.table_id, finished_at=None)
        .select_related("set")
    )
    for entry in entries:  # one, or two at a team duplicate's table
        if entry.set.game == "durak":
            _durak_game_over(entry, api.summary(state), match)
        else:
            entry_finish(entry, api.summary(state), match_id=match.pk)


#: Дурак: seconds between a game's end and the next game of the set (the result is shown).
NEXT_GAME_SECONDS = 4.0


def _durak_game_over(entry: Entry, summary: Outcome, match: Match) -> None:
    """A game of a Durak set ended: its result is appended (+1 a win, 0 a draw, −1 the fool; a
    player who left forfeits it and the rest); the next game starts shortly, or the set is done."""
    mode = MODES[entry.set.mode]
    side = mode.sides()[entry.seat]
    result = summary["deals"][0] if summary["deals"] else {}
    left = summary.get("reason") in ("leave", "surrender", "disconnect") and entry.seat in (
        result.get("losers") or []
    )
    fool = result.get("fool")
    value: Result = (
        None
        if left
        else durak_result(bool(result.get("draw")), None if fool is None else mode.sides()[fool], side)
    )
    entry.results = [*entry.results, value]
    entry.matches = [*entry.matches, match.pk]
    entry.match_id = match.pk
    if left or len(entry.results) >= entry.set.deals:
        entry.results = entry.results + [None] * (entry.set.deals - len(entry.results))
        entry.finished_at = timezone.now()
        entry.save(update_fields=["results", "matches", "match", "finished_at"])
        DuplicateSet.objects.filter(pk=entry.set_id).update(version=F("version") + 1)
        uid, set_id = entry.user_id, entry.set_id
        transaction.on_commit(lambda: signals.entry_finished.send(sender=Entry, set_id=set_id, user_id=uid))
        return
    entry.save(update_fields=["results", "matches", "match"])
    entry_id = entry.pk
    transaction.on_commit(lambda: _schedule_next_game(entry_id))


def _schedule_next_game(entry_id: int) -> None:
    if conf.scheduler() != "celery":
        return  # tests drive :func:`next_game` by hand; the rollover sweep covers a lost task
    try:  # by name: the tasks import this module (docs/decisions-structure.md)
        current_app.send_task("duplicates.next_game", args=(entry_id,), countdown=NEXT_GAME_SECONDS)
    except Exception:  # broker down: the rollover's sweep starts it
        log.exception("queueing the next Durak game of entry %s failed", entry_id)


def next_game(entry_id: int) -> bool:
    """Start the next game of a Durak set at the entry's table: its match deals the set's deal
    ``len(results)``. False when there is nothing to start (finished, closed, a game running)."""
    with transaction.atomic():
        entry = Entry.objects.select_for_update().select_related("set").filter(pk=entry_id).first()
        if entry is None or entry.finished_at is not None or entry.set.status != DuplicateSet.Status.OPEN:
            return False
        if entry.table_id is None or len(entry.results) >= entry.set.deals:
            return False
        table = Table.objects.select_for_update().get(pk=entry.table_id)
        if Match.objects.filter(table=table, status=Match.Status.PLAYING).exists():
            return False
        table.server_seed = entry.set.server_seed
        Table.objects.filter(pk=table.pk).update(server_seed=table.server_seed)
        match = match_start(table=table, duplicate=1, first_deal=len(entry.results))
        Entry.objects.filter(pk=entry.pk).update(match=match)
    return True


def durak_resume(now: datetime | None = None) -> int:
    """The rollover's sweep: start the next game of every Durak play whose last game ended more
    than a few seconds ago and whose next game was not started (a lost task). Returns how many."""
    now = now or timezone.now()
    started = 0
    ended_before = now - timedelta(seconds=2 * NEXT_GAME_SECONDS)
    waiting = Entry.objects.filter(
        set__game="durak", set__status=DuplicateSet.Status.OPEN, finished_at=None,
        match__status=Match.Status.FINISHED, match__finished_at__lt=ended_before,
    ).values_list("pk", flat=True)  # fmt: skip
    for entry_id in waiting:
        started += next_game(entry_id)
    return started


def entry_finish(entry: Entry, summary: Outcome, *, match_id: int | None = None) -> Entry:
    """Record ``entry``'s results from its match's ``summary`` (:func:`entry_results`) and mark
    it finished now; after commit ``entry_finished`` is sent. The caller holds its row."""
    mode = MODES[entry.set.mode]
    entry.results = entry_results(mode, entry.set.deals, entry.seat, summary)
    entry.finished_at = timezone.now()
    if match_id is not None:
        entry.match_id = match_id
    entry.save(update_fields=["results", "finished_at", "match"])
    DuplicateSet.objects.filter(pk=entry.set_id).update(version=F("version") + 1)
    uid, set_id = entry.user_id, entry.set_id
    transaction.on_commit(lambda: signals.entry_finished.send(sender=Entry, set_id=set_id, user_id=uid))
    return entry


#: Table id -> its set's id, or None for a table that plays no set (a table is a set's from its
#: creation, before any of its matches can end, and stays so), kept per process so that the
#: hooks below cost nothing for the site's other tables after their first look.
_TABLE_SETS: OrderedDict[int, int | None] = OrderedDict()
_TABLE_SETS_MAX = 20_000


def set_of_table(table_id: int) -> int | None:
    """The id of the set ``table_id`` plays, or None (remembered per process)."""
    if table_id in _TABLE_SETS:
        _TABLE_SETS.move_to_end(table_id)
        return _TABLE_SETS[table_id]
    set_id = Entry.objects.filter(table_id=table_id).values_list("set_id", flat=True).first()
    _TABLE_SETS[table_id] = set_id
    if len(_TABLE_SETS) > _TABLE_SETS_MAX:
        _TABLE_SETS.popitem(last=False)
    return set_id


def seed_held(match: Match) -> bool:
    """apps.tables' seed hold: the match was played for a set still open (its seed stays secret)."""
    set_id = set_of_table(match.table_id)
    return (
        set_id is not None
        and DuplicateSet.objects.filter(pk=set_id, status=DuplicateSet.Status.OPEN).exists()
    )


def match_access(match: Match, user) -> bool:
    """apps.stats' match access: a duplicate set's match is open to everyone who finished that
    set (its best results are replayed on the set's page), and to everyone once it closed."""
    if set_of_table(match.table_id) is None:
        return False
    row = Entry.objects.filter(table_id=match.table_id).values_list("set_id", "set__status").first()
    if row is None:
        return False
    set_id, set_status = row
    if set_status == DuplicateSet.Status.CLOSED:
        return True
    return Entry.objects.filter(set_id=set_id, user_id=user.pk, finished_at__isnull=False).exists()


def start_guard(*, table: Table, user) -> None:
    """apps.tables' ``"start"`` guard: a duplicate table plays its set's match only (no rematch)."""
    if table.pk is None:
        return
    entries = list(
        Entry.objects.filter(table_id=table.pk).values_list("finished_at", "set__game", "set__status")
    )
    if not entries:
        return
    # a Durak set's next game is the one match allowed after the first, while the play goes on
    if all(f is None and g == "durak" and s == DuplicateSet.Status.OPEN for f, g, s in entries):
        return
    raise DuplicateRefused("duplicate_table")


def record_extra(match: Match) -> dict:
    """apps.tables' record extras: a set's match says ``duplicate: {"deals", "first"}`` — its
    deals each scored alone, its deal 0 the set's deal ``first`` (a Durak game ``n``: ``n``)."""
    if set_of_table(match.table_id) is None:
        return {}
    row = (
        Entry.objects.filter(table_id=match.table_id)
        .values_list("set__deals", "set__game", "matches")
        .first()
    )
    if row is None:
        return {}
    deals, game, matches = row
    if game != "durak":
        return {"duplicate": {"deals": deals, "first": 0}}
    first = matches.index(match.pk) if match.pk in matches else len(matches)
    return {"duplicate": {"deals": 1, "first": first}}
