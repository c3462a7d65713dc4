"""Every write of a table outside its match: create it, sit, stand, bots, options, ready, chat
rule, invite links, «Ещё партию».

Each service locks the table row, validates, writes, starts the match when everyone is ready,
and after commit refreshes the table's sockets and sends
:data:`apps.tables.signals.tables_changed` (apps.lobby pushes its list). What higher apps must
check (blocks, rated-play bans) runs as the guards of :mod:`apps.tables.hooks`. Refusals raise
:class:`apps.core.errors.Refused` with a stable code (the JSON API maps them to 400/403/404/409).
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.db import transaction

from apps.core.errors import Refused
from apps.rules import api
from apps.rules import seating as seat_rules
from apps.rules.errors import InvalidOptions

from . import access, conf, hooks, selectors, signals
from . import fairness as fair
from .frames import table_refresh
from .models import BOT_LEVELS, Match, Seat, Table, TableAccess
from .moves import move_apply
from .starting import match_start


def normalized_options(game: str, options: dict | None) -> dict:
    """The engine's normalized options; ``invalid_options`` naming each bad field."""
    try:
        return api.normalize_options(game, options)
    except InvalidOptions as exc:
        raise Refused("invalid_options", errors=exc.errors) from None
    except ImportError:
        raise Refused("invalid_options", errors={"game": f"{game} is not available yet"}) from None


def table_create(
    *,
    user,
    game: str,
    options: dict | None = None,
    seat: int = 0,
    bots: dict | None = None,
    private: bool = False,
    time_scale: float | None = None,
    bot_delay_ms: int | None = None,
    seats: int | None = None,
    rated: bool | None = None,
    waits: bool = True,
) -> Table:
    """A new waiting table of ``game``; ``user`` owns it and sits at ``seat``; ``bots`` maps seats to
    levels; ``seats``: Durak's 2..6 seats (default 4). ``time_scale`` and ``bot_delay_ms``
    override the settings (tests, training tables). ``rated``: «на рейтинг» (None: rated when
    only people play, see apps.ratings; a private table's None is casual).

    Refused ``too_many_tables`` when ``user`` already owns and sits at
    ``LOBBY_WAITING_TABLES_PER_USER`` waiting tables (docs/security.md), checked with his row locked so
    parallel requests cannot slip past it; ``waits=False``: the caller starts the match in the
    same transaction (play with bots), so the table never waits and is not capped."""
    options = normalized_options(game, options)
    if private and rated is None:
        rated = False  # a table for friends is casual unless «на рейтинг» is chosen
    hooks.guards_run("create", table=Table(game=game, options=options, owner=user, rated=rated), user=user)
    count = seat_rules.seat_count(game, options, seats)
    if game == "durak" and options.get("teams") and count < 4:
        raise Refused("teams_need_four")  # pairs need four seats (not a 2- or 3-seat table)
    bots = {int(k): v for k, v in (bots or {}).items()}
    _check_seat_number(seat, count)
    for number, level in bots.items():
        _check_seat_number(number, count)
        _check_level(level)
        if number == seat:
            raise Refused("seat_taken")
    if len(bots) > seat_rules.max_bots(count):
        raise Refused("too_many_bots")
    _check_fit(game, options, 1 + len(bots))
    with transaction.atomic():
        if waits:
            _check_waiting_cap(user)
        table = Table.objects.create(
            game=game,
            options=options,
            seat_count=count,
            owner=user,
            private=private,
            invite_code=access.new_invite_code() if private else None,
            time_scale=time_scale,
            bot_delay_ms=bot_delay_ms,
            rated=rated,
        )
        Seat.objects.bulk_create(
            Seat(
                table=table,
                number=n,
                user=user if n == seat else None,
                bot_level=bots.get(n),
                ready=n in bots,
            )
            for n in range(count)
        )
        _after(table.pk)
    return table


def seat_take(*, table_id: int, user, seat: int, invite: str | None = None) -> Table:
    """``user`` sits at the free ``seat`` (moving from his other seat at this table, if any).

    A private table takes its members (:func:`apps.tables.access.invited`) and whoever gives its
    ``invite`` code (he is let in for good); a stranger gets ``not_found`` as if there were no
    such table, staff without the code ``not_invited``."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None:
            raise Refused("not_found")
        _check_invited(table, user, invite)
        table = _locked_waiting(table_id)
        _check_seat_number(seat, table.seat_count)
        row = table.seats.get(number=seat)
        if row.user_id == user.pk:
            return table
        if row.occupied:
            raise Refused("seat_taken")
        hooks.guards_run("sit", table=table, user=user)
        if not table.seats.filter(user=user).exists():
            _check_fit(table.game, table.options, _occupied(table) + 1)
        connections = sum(table.seats.filter(user=user).values_list("connections", flat=True))
        table.seats.filter(user=user).update(
            user=None, ready=False, connections=0, disconnected_at=None, client_seed=""
        )
        row.user = user
        row.ready = False
        row.connections = connections
        row.client_seed = ""
        row.save(update_fields=["user", "ready", "connections", "client_seed"])
        _after(table.pk)
    return table


def seat_leave(*, table_id: int, user) -> Table:
    """``user`` stands up. Before the start the seat frees; during a match it is ``leave``: the
    match ends at once and his side loses (docs/rules.md platform rules)."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise Refused("not_found")
    if table.status == Table.Status.PLAYING:
        match_leave(table=table, user=user)
        return table
    with transaction.atomic():
        table = _locked_waiting(table_id)
        row = table.seats.filter(user=user).first()
        if row is None:
            raise Refused("not_seated")
        row.user = None
        row.ready = False
        row.connections = 0
        row.disconnected_at = None
        row.client_seed = ""
        row.save()
        _seat_emptied(table)
        _after(table.pk)
    return table


def bots_set(*, table_id: int, user, seat: int, level: str | None) -> Table:
    """The owner puts a bot of ``level`` at the free ``seat`` (None removes the bot there).

    At most three bots; the match starts if this completes the table."""
    with transaction.atomic():
        table = _locked_waiting(table_id)
        _check_owner(table, user)
        _check_seat_number(seat, table.seat_count)
        row = table.seats.get(number=seat)
        if level is None:
            if not row.bot_level:
                return table
            row.bot_level = None
            row.ready = False
            row.save(update_fields=["bot_level", "ready"])
            _seat_emptied(table)
        else:
            _check_level(level)
            if row.user_id:
                raise Refused("seat_taken")
            bots = table.seats.exclude(bot_level=None).exclude(number=seat).count()
            if bots >= seat_rules.max_bots(table.seat_count):
                raise Refused("too_many_bots")
            if not row.bot_level:
                _check_fit(table.game, table.options, _occupied(table) + 1)
            row.bot_level = level
            row.ready = True
            row.save(update_fields=["bot_level", "ready"])
        _maybe_start(table)
        _after(table.pk)
    return table


def options_set(*, table_id: int, user, options: dict) -> Table:
    """The owner (Durak: the person on the lowest seat) changes the options before the start.

    Seats are added or removed when the number of players changes; everyone's «Готов» resets."""
    with transaction.atomic():
        table = _locked_waiting(table_id)
        _check_owner(table, user)
        options = normalized_options(table.game, options)
        if table.game == "durak" and options.get("teams"):
            occupied = sum(1 for s in table.seats.all() if s.occupied)
            if occupied < 4:
                raise Refused("teams_need_four")
        _check_fit(table.game, options, _occupied(table))
        count = seat_rules.seat_count(table.game, options, table.seat_count)
        if count < table.seat_count:
            table.seats.filter(number__gte=count).delete()
        for n in range(table.seat_count, count):
            Seat.objects.create(table=table, number=n)
        table.options = options
        table.seat_count = count
        table.save(update_fields=["options", "seat_count", "updated_at"])
        table.seats.filter(user__isnull=False).update(ready=False)
        _after(table.pk)
    return table


def ready_set(*, table_id: int, user, ready: bool = True, client_seed: str | None = None) -> Table:
    """«Готов»: the match starts when every seat that must be filled is filled and ready.

    ``client_seed`` (docs/rules.md §3, optional): the person's seed for the deals of the next match;
    ``bad_client_seed`` when it is not 1–64 printable ASCII characters without ``:`` and ``|``,
    ``client_seed_closed`` once the match has started (nothing changes either way)."""
    if client_seed is not None:
        fair.check_client_seed(client_seed)
    with transaction.atomic():
        if client_seed is not None:
            started = Table.objects.filter(pk=table_id).exclude(status=Table.Status.WAITING).exists()
            if started:
                raise Refused("client_seed_closed")
        table = _locked_waiting(table_id)
        row = table.seats.filter(user=user).first()
        if row is None:
            raise Refused("not_seated")
        if ready:
            hooks.guards_run("ready", table=table, user=user)
        row.ready = bool(ready)
        fields = ["ready"]
        if client_seed is not None:
            row.client_seed = client_seed
            fields.append("client_seed")
        row.save(update_fields=fields)
        _maybe_start(table)
        _after(table.pk)
    return table


def table_create_seated(
    *,
    game: str,
    options: dict,
    owner_id: int | None,
    seats: list[tuple[int | None, str | None]],
    rated: bool | None,
    show_ms: int | None = None,
    absent_bot: bool = False,
) -> Table:
    """A table of ``game`` (``options`` normalized) whose first seats are filled at once, one
    ``(user id, bot level)`` per seat, all ready, and its match started (quick play seats a pool
    this way). Seats past ``seats`` stay empty. Call it inside the caller's transaction.
    A person who does not open the table within 20 s (``show_ms``) of the start aborts its match
    (no-show), or with ``absent_bot`` a bot takes his seat (:mod:`apps.tables.replacing`)."""
    count = seat_rules.seat_count(game, options)
    with transaction.atomic():
        table = Table.objects.create(
            game=game, options=options, seat_count=count, owner_id=owner_id, rated=rated
        )
        Seat.objects.bulk_create(
            Seat(
                table=table,
                number=n,
                user_id=seats[n][0] if n < len(seats) else None,
                bot_level=seats[n][1] if n < len(seats) else None,
                ready=n < len(seats),
            )
            for n in range(count)
        )
        match_start(table=table, no_show=True, show_ms=show_ms, absent_bot=absent_bot)
        transaction.on_commit(lambda: signals.tables_changed.send(sender=Table, table_id=table.pk))
    return table


def table_create_duplicate(
    *,
    people: dict,
    game: str,
    options: dict,
    level: str,
    server_seed: str,
    deals: int,
    dealer: int | None = 0,
    seats: int | None = None,
    first_deal: int = 0,
) -> Table:
    """A duplicate set's table (apps.duplicates, docs/rules.md «Дубль»): private and casual, the users
    of ``people`` (seat number -> user) seated, bots of ``level`` at every other seat, its match
    started at once from the set's ``server_seed`` (no client seeds) by ``dealer``, ``deals``
    deals each scored alone (``seats``: Durak's seat count; ``first_deal``: a Durak game's deal
    number in the set). Owned by the person at the lowest seat. Call it inside the caller's
    transaction."""
    options = normalized_options(game, options)
    count = seat_rules.seat_count(game, options, seats)
    for seat in people:
        _check_seat_number(seat, count)
    _check_level(level)
    with transaction.atomic():
        table = Table.objects.create(
            game=game,
            options=options,
            seat_count=count,
            owner=people[min(people)],
            private=True,
            invite_code=access.new_invite_code(),
            rated=False,
            server_seed=server_seed,
        )
        Seat.objects.bulk_create(
            Seat(
                table=table,
                number=n,
                user=people.get(n),
                bot_level=None if n in people else level,
                ready=True,
            )
            for n in range(count)
        )
        match_start(table=table, dealer=dealer, duplicate=deals, first_deal=first_deal)
        transaction.on_commit(lambda: signals.tables_changed.send(sender=Table, table_id=table.pk))
    return table


def invite_join(*, code: str, user) -> Table:
    """``user`` opened the invite link ``/t/<code>/``: he may see the table and sit at it from now
    on (even after the owner revokes the code). ``not_found`` for a code no table has."""
    if not isinstance(code, str) or not code:
        raise Refused("not_found")
    table = Table.objects.filter(invite_code=code).first()
    if table is None:
        raise Refused("not_found")
    TableAccess.objects.get_or_create(table=table, user=user)
    return table


def invite_renew(*, table_id: int, user) -> Table:
    """The owner revokes the private table's link: a new code; the old link leads nowhere.

    Who already came in (seated, or opened the link) keeps access; invitations not yet accepted
    end (``invite_revoked``). ``not_owner`` for others,
    ``not_private`` for a public table (it needs no link)."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None or not access.table_visible(table, user):
            raise Refused("not_found")
        if table.owner_id != user.pk:
            raise Refused("not_owner")
        if not table.private:
            raise Refused("not_private")
        table.invite_code = access.new_invite_code()
        table.save(update_fields=["invite_code", "updated_at"])
        signals.invite_revoked.send(sender=Table, table_id=table.pk)
    return table


def chat_free_set(*, table_id: int, user, free: bool) -> Table:
    """The owner allows (or forbids) free text between players while a team match is played."""
    with transaction.atomic():
        table = _locked_waiting(table_id)
        _check_owner(table, user)
        table.chat_free = bool(free)
        table.save(update_fields=["chat_free", "updated_at"])
        _after(table.pk)
    return table


def rematch_vote(*, table_id: int, user, yes: bool = True) -> Table:
    """«Ещё партию» (``yes``) or not, after the table's match ended.

    Bots always agree. When every person at the table has agreed, a new match starts at the
    same table with the same seats and options; the first dealer moves on by one seat. The
    finished match stays as it was (results, history). Refusals: ``not_seated``,
    ``no_rematch`` (the match is not over)."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None:
            raise Refused("not_found")
        row = table.seats.filter(user=user).first()
        if row is None:
            raise Refused("not_seated")
        if table.status != Table.Status.FINISHED:
            raise Refused("no_rematch")
        agreed = {int(s) for s in table.rematch or []}
        agreed = agreed | {row.number} if yes else agreed - {row.number}
        people = set(table.seats.exclude(user=None).values_list("number", flat=True))
        table.rematch = sorted(agreed & people)
        table.save(update_fields=["rematch", "updated_at"])
        if people and people <= agreed:
            _rematch_start(table)
        elif yes:
            others = list(table.seats.filter(number__in=people - agreed).values_list("user_id", flat=True))
            offer = {"sender": Table, "table_id": table.pk, "by_user_id": user.pk, "user_ids": others}
            transaction.on_commit(lambda: signals.send_logged(signals.rematch_offered, **offer))
        transaction.on_commit(lambda: _rematch_publish(table.pk))
    return table


def rematch_cancel(*, table_id: int) -> bool:
    """A person left the finished table (his last socket closed): the agreements so far are
    dropped (True when there were any). He may come back and everyone agree again."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None or table.status != Table.Status.FINISHED or not table.rematch:
            return False
        table.rematch = []
        table.save(update_fields=["rematch", "updated_at"])
    return True


def match_next(*, table_id: int, show_ms: int | None = None, absent_bot: bool = False) -> bool:
    """The server starts the next match at a finished table without asking its players (a
    tournament's best-of-3 pairing): as «Ещё партию» agreed by all. True if it started.
    ``show_ms``: a person with no socket at the table since the start is a no-show then
    (:func:`apps.tables.starting.match_start`'s ``show_ms`` and ``absent_bot``)."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None or table.status != Table.Status.FINISHED:
            return False
        table.rematch = []
        table.save(update_fields=["rematch", "updated_at"])
        _rematch_start(table, show_ms=show_ms, absent_bot=absent_bot)
        transaction.on_commit(lambda: _rematch_publish(table.pk))
    return True


def _rematch_start(table: Table, *, show_ms: int | None = None, absent_bot: bool = False) -> None:
    """The next match of ``table`` (row locked): its first dealer one seat on from the last one's.
    A rematch is casual unless the table was made «на рейтинг» (``rated`` True, quick play's
    tables too): the default (None) turns to casual here."""
    if table.rated is None:
        table.rated = False
        table.save(update_fields=["rated", "updated_at"])
    last = Match.objects.filter(table=table).order_by("-id").first()
    dealer = None
    if last is not None and last.dealer is not None:
        dealer = (last.dealer + 1) % table.seat_count
    table.seats.filter(user__isnull=False).update(ready=True)
    match_start(
        table=table,
        dealer=dealer,
        rematch_of=last.pk if last else None,
        no_show=show_ms is not None,
        show_ms=show_ms,
        absent_bot=absent_bot,
    )


def _rematch_publish(table_id: int) -> None:
    signals.tables_changed.send(sender=Table, table_id=table_id)
    table_refresh(table_id)


# --------------------------------------------------------------------------- helpers


def _check_invited(table: Table, user, invite: str | None) -> None:
    if access.invited(table, user):
        return
    code = table.invite_code or ""
    if isinstance(invite, str) and code and secrets.compare_digest(invite.encode(), code.encode()):
        TableAccess.objects.get_or_create(table=table, user=user)
        return
    raise Refused("not_invited" if access.table_visible(table, user) else "not_found")


def match_leave(*, table: Table, user) -> None:
    """``user`` leaves the match being played at ``table``: his side loses at once (``leave``,
    at whatever ``seq`` the match is at). ``not_seated``, ``match_over`` when there is no such
    match."""
    match = Match.objects.filter(table=table, status=Match.Status.PLAYING).first()
    seat = table.seats.filter(user=user).values_list("number", flat=True).first()
    if match is None or seat is None:
        raise Refused("not_seated" if seat is None else "match_over")
    move_apply(
        match_id=match.pk, seat=seat, action={"type": "leave"}, seq=None, actor="person", user_id=user.pk
    )


def _locked_waiting(table_id: int) -> Table:
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None:
        raise Refused("not_found")
    if table.status != Table.Status.WAITING:
        raise Refused("already_started")
    return table


def _check_waiting_cap(user) -> None:
    """Refuse ``too_many_tables`` when ``user`` owns and sits at the cap of waiting tables (his
    row locked until the caller's transaction ends: the one check for every create path)."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    waiting = Table.objects.filter(
        owner_id=user.pk, status=Table.Status.WAITING, seats__user_id=user.pk
    ).distinct()
    if waiting.count() >= conf.waiting_tables_per_user():
        raise Refused("too_many_tables")


def _check_seat_number(seat, count: int) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < count:
        raise Refused("bad_seat")


def _check_level(level) -> None:
    if level not in BOT_LEVELS:
        raise Refused("bad_level")


def _occupied(table: Table) -> int:
    return sum(1 for s in table.seats.all() if s.occupied)


def _check_fit(game: str, options: dict, occupied: int) -> None:
    """Refuse a seating the options cannot be played with (Durak: 24 cards or pairs and more
    than four players), before the engine would refuse the game at its start."""
    code = seat_rules.misfit(game, options, occupied)
    if code is not None:
        raise Refused(code)


def _check_owner(table: Table, user) -> None:
    if selectors.table_options_owner_id(table) != user.pk:
        raise Refused("not_owner")


def _seat_emptied(table: Table) -> None:
    """Durak's pair against pair needs four players: it reverts when a seat empties (seed 001).
    The owner who stood up hands a public table to the first person still seated; the creator of
    a private one keeps it (its access and its invite code stay hers) while the table lives."""
    if table.game == "durak" and table.options.get("teams"):
        table.options = {**table.options, "teams": False}
        table.save(update_fields=["options", "updated_at"])
    people = list(table.seats.exclude(user=None).order_by("number").values_list("user_id", flat=True))
    if not table.private and table.owner_id not in people and people:
        table.owner_id = people[0]
        table.save(update_fields=["owner", "updated_at"])


def _maybe_start(table: Table) -> None:
    rows = list(table.seats.all())
    occupied = {s.number for s in rows if s.occupied}
    ready = {s.number for s in rows if s.bot_level or s.ready}
    people = {s.number for s in rows if s.user_id}
    if seat_rules.can_start(table.game, table.seat_count, occupied, ready, people):
        match_start(table=table)


def _after(table_id: int) -> None:
    """After commit: the open-tables list (:data:`~apps.tables.signals.tables_changed`) and every
    socket of the table learn the change."""

    def publish() -> None:
        signals.tables_changed.send(sender=Table, table_id=table_id)
        table_refresh(table_id)

    transaction.on_commit(publish)
