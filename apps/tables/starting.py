"""Starting a match: its first deal from the table's committed server seed (docs/rules.md §3), the
clock, the table marked playing.

The seating services (:mod:`.seating`) call :func:`match_start` once everyone is ready, in
their transaction; the match's moves then go through :mod:`.moves`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from apps.rules import api
from apps.rules.events import MatchStarted

from . import clock, conf, hooks, moves, scheduling, selectors
from . import fairness as fair
from .models import DealRecord, Match, Seat, Table


def match_start(
    *,
    table: Table,
    dealer: int | None = None,
    rematch_of: int | None = None,
    no_show: bool = False,
    show_ms: int | None = None,
    absent_bot: bool = False,
    duplicate: int | None = None,
    first_deal: int = 0,
) -> Match:
    """Start the match of ``table`` (the caller holds the table's row lock in a transaction).

    Deals the first deal from the table's server seed and the seats' client seeds (``dealer``:
    the first dealer, else the engine's choice), records its cards, sets the clock and marks
    the table playing; after commit publishes the first views and schedules the timer and
    bots. ``rematch_of``: the finished match this one follows at the same table («Ещё
    партию»), named in the ``match_started`` event.
    Refused (nothing starts) when a ``"start"`` guard of :mod:`.hooks` refuses a seated person.
    ``no_show`` (quick play): a person who has not opened the table within
    :data:`.clock.NO_SHOW_MS` (or ``show_ms``; both scaled by the table's time scale) aborts the
    match (``show_deadline``; :mod:`.no_show`); with ``absent_bot`` (a tournament) a bot takes
    his seat instead and the match plays on (:mod:`.replacing`).
    ``duplicate`` (apps.duplicates): a duplicate set's match of that many deals, each scored
    alone (docs/rules.md «Дубль»); the table's server seed is then the set's; ``first_deal``: the
    set's number of the match's deal 0 (a duplicate Durak game).
    """
    seats = list(table.seats.select_related("user").order_by("number"))
    for seat in seats:  # every path that starts a match passes here (a banned player, ...)
        if seat.user is not None:
            hooks.guards_run("start", table=table, user=seat.user)
    info_list = selectors.seats_info(table.pk)
    # docs/rules.md §3: the table's committed server seed and the seated people's client seeds;
    # the table draws the next match's server seed at once (a rematch deals from a new one).
    opening = match_prepare(
        table=table,
        seats=seats,
        info_list=info_list,
        server_seed=table.server_seed or fair.new_server_seed(),
        next_server_seed=fair.new_server_seed(),
        now=timezone.now(),
        dealer=dealer,
        rematch_of=rematch_of,
        no_show=no_show,
        show_ms=show_ms,
        absent_bot=absent_bot,
        duplicate=duplicate,
        first_deal=first_deal,
    )
    match = opening.match
    table.server_seed = opening.next_server_seed
    Table.objects.filter(pk=table.pk).update(server_seed=table.server_seed)
    table.seats.exclude(client_seed="").update(client_seed="")
    match.save()
    selectors.seats_info_remember(match, info_list)
    DealRecord.objects.bulk_create(opening.deal_records())
    Table.objects.filter(pk=table.pk).update(status=Table.Status.PLAYING, rematch=[])
    table.status = Table.Status.PLAYING
    table.rematch = []
    transaction.on_commit(functools.partial(match_started_publish, opening))
    return match


@dataclass
class Opening:
    """A match built in memory by :func:`match_prepare`, not yet written: the unsaved ``match``,
    the ``deals`` dealt as it began (the engine's :func:`apps.rules.api.deals_dealt`: one, or more
    when a deal was void as dealt), the table's ``next_server_seed``, what is published after
    the commit (``applied``) and the seats' ``info`` it was named from."""

    match: Match
    deals: list[dict]
    next_server_seed: str
    applied: moves.Applied
    #: The seats' info the match was named from (:func:`.selectors.seats_info`).
    info: list[dict]

    def deal_records(self) -> list[DealRecord]:
        """The unsaved records of the cards dealt as the match began (it must have its id)."""
        return [moves.deal_record(self.match, deal, start_seq=0) for deal in self.deals]


def match_prepare(
    *,
    table: Table,
    seats: list[Seat],
    info_list: list[dict],
    server_seed: str,
    next_server_seed: str,
    now: datetime,
    dealer: int | None = None,
    rematch_of: int | None = None,
    no_show: bool = False,
    show_ms: int | None = None,
    absent_bot: bool = False,
    duplicate: int | None = None,
    first_deal: int = 0,
) -> Opening:
    """The match :func:`match_start` starts, built without touching the database: dealt from
    ``server_seed`` and the client seeds on ``seats`` (the table's seats by number, their
    ``client_seed`` as sent), named by ``info_list`` (:func:`.selectors.seats_info`), its clock
    set from ``now``; ``next_server_seed`` is what the table keeps for its next match and whose
    commitment the match carries. The caller writes it (and the table) in its transaction and
    publishes with :func:`match_started_publish` after the commit."""
    occupied = [s.number for s in seats if s.occupied]
    info = {i["seat"]: i for i in info_list}
    client_seeds = {str(s.number): s.client_seed for s in seats if s.user_id is not None and s.client_seed}
    state = api.new_match(
        table.game,
        table.options,
        dealer=dealer,
        seats=occupied if table.game == "durak" else None,
        # a duplicate set's tables all deal with the client string "" (docs/rules.md §3)
        fair=fair.match_seeds(server_seed, {} if duplicate else client_seeds, [] if duplicate else occupied),
        duplicate=duplicate,
        first_deal=first_deal,
    )
    deals = api.deals_dealt(state, None)
    match = Match(
        table=table,
        game=table.game,
        options=table.options,
        seed=0,
        server_seed=server_seed,
        client_seeds=client_seeds,
        next_commitment=fair.commitment_of(next_server_seed),
        dealer=deals[0].get("dealer"),
        seats=occupied,
        players=[
            {"seat": s.number, "user": s.user_id, "bot": s.bot_level or None, "name": info[s.number]["name"]}
            for s in seats
            if s.occupied
        ],
        state=api.to_json(state),
        deal_number=deals[-1].get("number", 0),
        time_scale=table.time_scale if table.time_scale is not None else conf.time_scale(),
        bot_delay_ms=table.bot_delay_ms if table.bot_delay_ms is not None else conf.bot_delay_ms(),
    )
    if no_show:
        wait = clock.scaled(clock.NO_SHOW_MS if show_ms is None else show_ms, match.time_scale)
        match.show_deadline = now + timedelta(milliseconds=wait)
        match.absent_bot = absent_bot
    views = api.views(state, [*match.seats, None])
    moves.clock_update(
        match, state, mover=None, before_to_act=[], deal_changed=True, now=now, public=views[None]
    )
    match.timer_due = match.deadline  # a new match has no timer yet: its first turn's is armed
    timer = match.deadline is not None
    opening = api.opening_events(state)
    moves.bots_observe(match, views, opening)
    started: MatchStarted = {"type": "match_started"}
    if rematch_of is not None:
        started["rematch_of"] = rematch_of
    events = [started, *opening]
    applied = moves.Applied(match=match, state=state, events=events, views=views, timer=timer)
    return Opening(
        match=match, deals=deals, next_server_seed=next_server_seed, applied=applied, info=info_list
    )


def match_started_publish(opening: Opening) -> None:
    """After the commit that wrote ``opening``'s match: its first views to the table's sockets,
    its timer and bots, and the show-up check of a match with a show-up deadline."""
    moves.after_commit(opening.applied)
    show_check_schedule(opening.match)


def show_check_schedule(match: Match) -> None:
    """After the commit: the show-up check of a match with a show-up deadline (:mod:`.no_show`)."""
    if match.show_deadline is not None:
        scheduling.no_show_check_at(match.pk, match.show_deadline)
