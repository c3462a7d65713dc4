"""Many tables at once, each seated and its match started: the bulk path of
:func:`apps.tables.seating.table_create_seated` for a server that seats a crowd in one go (a
tournament's round or arena pass, issue #35).

One at a time a seated, started table costs about 24 queries (the table, its seats, the seats'
info read back, the seeds' updates, the match, the deal's record, the status) and its own
after-commit sends; a pass of an arena opening tables for 1,000 players spent most of its time
there while it held the tournament's lock (docs/performance.md). Here the tables, their seats,
matches and first deals' records are each one ``bulk_create``, the deals and the fairness
commitments are computed in Python exactly as :func:`apps.tables.starting.match_prepare` does
for one table, and after the commit every table's first frames leave in one batch.

What stays as for one table: each table's own server seed (its commitment in the match, the
next one kept on the table), the ``"start"`` guards of :mod:`.hooks` for every seated person
(a refusal raises and nothing of the batch is written, as a refusal in the caller's
transaction would undo the tables before it), the show-up deadline and its check, the timer
and the bots, the open-tables list (:data:`.signals.tables_changed` per table).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from apps.rules import seating as seat_rules

from . import fairness as fair
from . import frames, groups, hooks, moves, publishing, selectors, signals
from .models import DealRecord, Match, Seat, Table
from .starting import Opening, match_prepare, show_check_schedule

#: One seat of a new table: ``(user id, bot level)``, one of them None.
SeatSpec = tuple[int | None, str | None]


@dataclass(frozen=True)
class Seated:
    """One table to create: its ``seats`` from seat 0 (the rest of the mode's seats stay empty)
    and its ``owner_id``."""

    seats: list[SeatSpec]
    owner_id: int | None = None


def tables_create_seated(
    *,
    game: str,
    options: dict,
    tables: list[Seated],
    rated: bool | None,
    show_ms: int | None = None,
    absent_bot: bool = False,
) -> list[Table]:
    """One table of ``game`` (``options`` normalized) per item of ``tables``, in that order, each
    with its seats filled and ready and its match started, as
    :func:`~apps.tables.seating.table_create_seated` makes one (``show_ms``, ``absent_bot``: the
    show-up deadline and a bot for an absent person). Call it inside the caller's transaction;
    a refused ``"start"`` guard raises :class:`~apps.core.errors.Refused` (the caller's
    transaction undoes the batch). About ten queries whatever the number of tables, plus one per
    table for the seats' ratings and the guards' own."""
    if not tables:
        return []
    count = seat_rules.seat_count(game, options)
    user_ids = {pk for spec in tables for pk, _bot in spec.seats if pk is not None}
    users = get_user_model().objects.in_bulk(list(user_ids))
    seeds = [(fair.new_server_seed(), fair.new_server_seed()) for _ in tables]
    with transaction.atomic():
        rows = Table.objects.bulk_create(
            Table(
                game=game,
                options=options,
                seat_count=count,
                owner_id=spec.owner_id,
                rated=rated,
                status=Table.Status.PLAYING,
                rematch=[],
                server_seed=next_seed,
            )
            for spec, (_seed, next_seed) in zip(tables, seeds, strict=True)
        )
        seats_by_table = [
            [
                Seat(
                    table=table,
                    number=n,
                    user_id=spec.seats[n][0] if n < len(spec.seats) else None,
                    bot_level=spec.seats[n][1] if n < len(spec.seats) else None,
                    ready=n < len(spec.seats),
                )
                for n in range(count)
            ]
            for table, spec in zip(rows, tables, strict=True)
        ]
        Seat.objects.bulk_create(seat for seats in seats_by_table for seat in seats)
        for seats in seats_by_table:
            for seat in seats:
                if seat.user_id is not None:
                    seat.user = users[seat.user_id]
        for table, seats in zip(rows, seats_by_table, strict=True):
            for seat in seats:  # as match_start: every seated person passes the start guards
                if seat.user is not None:
                    hooks.guards_run("start", table=table, user=seat.user)
        now = timezone.now()
        openings = []
        for table, seats, (seed, next_seed) in zip(rows, seats_by_table, seeds, strict=True):
            openings.append(
                match_prepare(
                    table=table,
                    seats=seats,
                    info_list=selectors.seats_info_of(table, seats, {}),
                    server_seed=seed,
                    next_server_seed=next_seed,
                    now=now,
                    no_show=True,
                    show_ms=show_ms,
                    absent_bot=absent_bot,
                )
            )
        Match.objects.bulk_create(o.match for o in openings)
        DealRecord.objects.bulk_create(r for o in openings for r in o.deal_records())
        for opening in openings:
            selectors.seats_info_remember(opening.match, opening.info)
            selectors.spectators_remember(opening.match, 0)
        transaction.on_commit(lambda: started_publish(openings))
    return rows


def started_publish(openings: list[Opening]) -> None:
    """After the commit: every new match's first frames in one batch of sends, then each match's
    timer, bots, turn notice and show-up check, and the open-tables list per table."""
    messages = []
    for opening in openings:
        applied = opening.applied
        match = applied.match
        texts = frames.match_frames(match, applied.state, applied.events, applied.views)
        message = frames.frames_message(texts, match_id=match.pk, seq=match.seq)
        messages.append((groups.table_all(match.table_id), message))
    publishing.send_many(messages)
    for opening in openings:
        moves.after_publish(opening.applied)
        show_check_schedule(opening.match)
    for opening in openings:
        signals.tables_changed.send(sender=Table, table_id=opening.match.table_id)
