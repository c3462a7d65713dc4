"""Reads of live matches: the view a seat gets, the match record, the seats' names."""

from __future__ import annotations

from datetime import datetime
from typing import Any, overload

from apps.protocol.server import State, state_frame
from apps.rules import api
from apps.rules.base import Game
from apps.rules.seating import bot_names

from . import clock, hooks
from . import fairness as fair
from .access import table_visible
from .models import Match, Seat, Spectator, Table

#: Keys docs/protocol.md promises in every view, with their value before anything is known.
VIEW_DEFAULTS: dict[str, Any] = {
    "phase": "waiting",
    "dealer": None,
    "trump": None,
    "contract": None,
    "hand": [],
    "table_cards": [],
    "last_trick": [],
    "to_act": [],
    "legal": [],
    "deadline": None,
    "reserve_ms": None,
    "deals": [],
    "totals": [],
    "result": None,
}


@overload
def epoch_ms(moment: datetime) -> int: ...
@overload
def epoch_ms(moment: None) -> None: ...
@overload
def epoch_ms(moment: datetime | None) -> int | None: ...
def epoch_ms(moment: datetime | None) -> int | None:
    """``moment`` in milliseconds since the epoch (None stays None)."""
    return None if moment is None else int(moment.timestamp() * 1000)


def user_name(user) -> str:
    """What the table shows for a person: the display name, else the username."""
    return (getattr(user, "display_name", "") or "").strip() or user.get_username()


def match_names(table_id: int) -> dict[int, str]:
    """The names the people of the table's match being played had when it started, by user id
    (empty between matches). A display name changed meanwhile shows from the next match: a name
    is no channel to a partner during a team game, and nobody turns into someone else mid-match
    (docs/security.md)."""
    players = (
        Match.objects.filter(table_id=table_id, status=Match.Status.PLAYING)
        .order_by("-id")
        .values_list("players", flat=True)
        .first()
    )
    return {p["user"]: p["name"] for p in players or [] if p.get("user") and p.get("name")}


def shown_name(table_id: int, user) -> str:
    """What the table shows for ``user``: his name at the start of the match he plays there, else
    :func:`user_name`."""
    return match_names(table_id).get(user.pk) or user_name(user)


def seats_info(table_id: int) -> list[dict]:
    """Per seat of the table: ``seat``, ``name``, ``user`` id, ``bot``, ``connected``, ``ready`` and
    ``rating`` (the shown rating in the table's mode, «1512?»; None when the mode has none).
    While a match is played a person's ``name`` is the one he had at its start (:func:`match_names`)."""
    rows = list(Seat.objects.filter(table_id=table_id).select_related("user", "table").order_by("number"))
    table = rows[0].table if rows else None
    frozen = match_names(table_id) if table is not None and table.status == Table.Status.PLAYING else {}
    return seats_info_of(table, rows, frozen)


def seats_info_of(table: Table | None, rows: list[Seat], frozen: dict[int, str]) -> list[dict]:
    """:func:`seats_info` of ``table`` from its seat ``rows`` (by number, each person's ``user``
    loaded) and the names its playing match froze (``frozen``, by user id): no query but the
    seats' ratings (one)."""
    people = [r.number for r in rows if r.user_id]
    names = bot_names([r.number for r in rows if r.bot_level], people, len(rows) or 1)
    seats = [(r.number, r.user_id, r.bot_level) for r in rows]
    ratings = hooks.seat_ratings(table.game, table.options, seats) if table is not None else {}
    return [
        {
            "seat": r.number,
            "name": (frozen.get(r.user_id) or user_name(r.user)) if r.user_id else names.get(r.number),
            "user": r.user_id,
            "bot": r.bot_level or None,
            "connected": bool(r.bot_level) or r.connections > 0,
            "ready": bool(r.bot_level) or r.ready,
            "gone_at": epoch_ms(r.disconnected_at) if r.user_id and r.connections == 0 else None,
            "rating": ratings.get(r.number),
        }
        for r in rows
    ]


#: Per table: ``(match id, seats_version, seats_info)`` of this process (see ``seats_info_cached``).
_SEATS_CACHE: dict[int, tuple[int, int, list[dict]]] = {}
_SEATS_CACHE_MAX = 20_000


def seats_info_cached(match: Match) -> list[dict]:
    """``seats_info`` of the match's table, read once per ``match.seats_version`` in a process.

    The seats of a playing match change only by presence or seating, and both bump
    ``Match.seats_version`` (:func:`apps.tables.frames.seats_changed`); the move that publishes has just read
    the match row, so every process sees a change at its next move without asking anybody."""
    key = match.table_id
    hit = _SEATS_CACHE.get(key)
    if hit is not None and hit[0] == match.pk and hit[1] == match.seats_version:
        return hit[2]
    info = seats_info(match.table_id)
    seats_info_remember(match, info)
    return info


def seats_info_remember(match: Match, info: list[dict]) -> None:
    """Keep ``info`` as the seats' info of ``match`` at its current ``seats_version``."""
    if len(_SEATS_CACHE) >= _SEATS_CACHE_MAX:
        _SEATS_CACHE.clear()
    _SEATS_CACHE[match.table_id] = (match.pk, match.seats_version, info)


def spectator_count(table_id: int) -> int:
    """How many signed-in people watch the table now (sockets open, not seated)."""
    return Spectator.objects.filter(table_id=table_id, connections__gt=0).count()


#: Per table: ``(match id, seats_version, spectators)`` of this process (see ``spectators_cached``).
_SPECTATORS_CACHE: dict[int, tuple[int, int, int]] = {}


def spectators_cached(match: Match) -> int:
    """``spectator_count`` of the match's table, read once per ``match.seats_version`` in a
    process (a spectator coming or going refreshes the table, which bumps the version)."""
    hit = _SPECTATORS_CACHE.get(match.table_id)
    if hit is not None and hit[0] == match.pk and hit[1] == match.seats_version:
        return hit[2]
    count = spectator_count(match.table_id)
    spectators_remember(match, count)
    return count


def spectators_remember(match: Match, count: int) -> None:
    """Keep ``count`` as the spectators of ``match``'s table at its current ``seats_version`` (a
    table created with its match started has none yet: no query to ask)."""
    if len(_SPECTATORS_CACHE) >= _SEATS_CACHE_MAX:
        _SPECTATORS_CACHE.clear()
    _SPECTATORS_CACHE[match.table_id] = (match.pk, match.seats_version, count)


def table_caches_fresh(match: Match) -> bool:
    """Whether this process holds the seats' info and the spectators of ``match`` at its
    ``seats_version``: then :func:`seats_info_cached` and :func:`spectators_cached` read nothing
    (the table actor builds frames on the event loop only then)."""
    seats = _SEATS_CACHE.get(match.table_id)
    watching = _SPECTATORS_CACHE.get(match.table_id)
    version = (match.pk, match.seats_version)
    return seats is not None and watching is not None and seats[:2] == version and watching[:2] == version


def table_caches_fill(match: Match) -> None:
    """Read what :func:`table_caches_fresh` asks for."""
    seats_info_cached(match)
    spectators_cached(match)


def rematch_seats(match: Match, agreed: list[int] | None) -> list[int]:
    """Seats that said «Ещё партию» after ``match``: its bots (they always agree) and the persons
    in ``agreed``; [] while the match is played."""
    if match.status != Match.Status.FINISHED:
        return []
    bots = {p["seat"] for p in match.players if p.get("bot")}
    return sorted(bots | {int(s) for s in agreed or []})


#: Table facts of a seat that are not part of its view.
_NOT_IN_VIEW = ("user", "gone_at")


def _merge_seats(engine_seats: list | None, info: list[dict]) -> list[dict]:
    by_seat = {s.get("seat"): s for s in (engine_seats or []) if isinstance(s, dict)}
    merged = []
    for entry in info:
        engine = by_seat.get(entry["seat"], {})
        table_facts = {k: v for k, v in entry.items() if k not in _NOT_IN_VIEW}
        merged.append({"cards": 0, "team": None, **engine, **table_facts})
    return merged


def _gone_deadlines(match: Match, seats: list[dict], info: list[dict]) -> None:
    """``gone_deadline`` (epoch ms) on each playing seat whose person has no socket open: when
    his absence ends the match (Durak) or lets the others claim it (docs/protocol.md); for a
    quick-play seat never opened, the match's ``show_deadline`` (a no-show aborts it then)."""
    away = {e["seat"]: e.get("gone_at") for e in info}
    # quick play: a person who never opened the table must by ``show_deadline`` (apps.tables.no_show)
    absent = {
        e["seat"] for e in info if e.get("user") and not e.get("connected") and e.get("gone_at") is None
    }
    show = epoch_ms(match.show_deadline) if match.show_deadline is not None else None
    for seat in seats:
        since = away.get(seat["seat"]) if seat["seat"] in match.seats else None
        seat["gone_deadline"] = since + clock.disconnect_ms(match.time_scale) if since is not None else None
        if show is not None and seat["seat"] in match.seats and seat["seat"] in absent:
            seat["gone_deadline"] = show


def clock_fields(match: Match, to_act: list[int]) -> dict:
    """``deadline`` (epoch ms when the server acts), ``move_deadline`` and ``reserve_ms``."""
    fields: dict[str, Any] = {"deadline": epoch_ms(match.deadline), "move_deadline": None, "reserve_ms": None}
    if match.turn_started_at is not None and match.deadline is not None:
        fields["move_deadline"] = epoch_ms(match.turn_started_at) + match.turn_ms
    if clock.has_reserve(match.game):
        turn = [match.reserves.get(str(s), 0) for s in to_act]
        fields["reserve_ms"] = min(turn) if turn else None
        fields["reserves"] = dict(match.reserves)
    return fields


def match_view(
    match: Match,
    state: Game,
    seat: int | None,
    info: list[dict],
    engine_view: dict | None = None,
    *,
    agreed: list[int] | None = None,
    spectators: int = 0,
) -> dict:
    """The view of docs/protocol.md for ``seat`` (None: a spectator): the engine's view of that seat
    (``engine_view`` when already computed) plus the table's ids, names, connections, clock and
    result, ``rematch`` (:func:`rematch_seats` with the persons who ``agreed``) and the number
    of ``spectators``. Cards come from the engine only."""
    engine_views = {seat: engine_view} if engine_view is not None else None
    return match_views(match, state, [seat], info, engine_views, agreed=agreed, spectators=spectators)[seat]


def match_views(
    match: Match,
    state: Game,
    seats: list[int | None],
    info: list[dict],
    engine_views: dict[int | None, dict] | None = None,
    *,
    agreed: list[int] | None = None,
    spectators: int = 0,
) -> dict[int | None, dict]:
    """:func:`match_view` of each of ``seats``, by seat. The table's part (the seats' names and
    connections, the clock, ``rematch``) is built once and shared by the views, so change no
    view's nested values in place."""
    engine_views = engine_views or {}
    rematch = rematch_seats(match, agreed)
    fairness = fair.match_fairness(match)  # the seeds only once the match is over
    merged: dict[int, list[dict]] = {}  # by the engine's seats list (views built together share it)
    clocks: dict[tuple, dict] = {}
    out: dict[int | None, dict] = {}
    for seat in seats:
        view = dict(VIEW_DEFAULTS)
        engine = engine_views.get(seat)
        view.update(engine if engine is not None else api.view(state, seat))
        if "legal" not in view or seat is None:
            view["legal"] = api.legal_actions(state, seat) if seat is not None else []
        engine_seats = view.get("seats")
        table_seats = merged.get(id(engine_seats))
        if table_seats is None:
            table_seats = merged[id(engine_seats)] = _merge_seats(engine_seats, info)
            _gone_deadlines(match, table_seats, info)
        view.update(
            table=match.table_id,
            match=match.pk,
            game=match.game,
            options=match.options,
            seat=seat,
            seats=table_seats,
            result=match.result,
            rematch=rematch,
            spectators=spectators,
            fairness=fairness,
        )
        if seat is None:
            view["hand"] = []
        to_act = view.get("to_act") or []
        fields = clocks.get(tuple(to_act))
        if fields is None:
            fields = clocks[tuple(to_act)] = clock_fields(match, to_act)
        view.update(fields)
        out[seat] = view
    return out


def waiting_view(table: Table, seat: int | None, info: list[dict], spectators: int = 0) -> dict:
    """The view of a table whose match has not started: seats, options, who is ready."""
    view = dict(VIEW_DEFAULTS)
    view.update(
        table=table.pk,
        match=None,
        game=table.game,
        options=table.options,
        seat=seat,
        seats=_merge_seats(None, info),
        status=table.status,
        owner=options_owner_id(table, info),
        rematch=[],
        spectators=spectators,
        fairness=fair.table_fairness(table),
    )
    return view


def options_owner_id(table: Table, info: list[dict]) -> int | None:
    """Who sets the options and bots: Durak the person on the lowest seat (seed 001), else the owner."""
    if table.game == "durak":
        people = [s["user"] for s in info if s["user"]]
        if people:
            return people[0]
    return table.owner_id


def table_options_owner_id(table: Table) -> int | None:
    """:func:`options_owner_id` read from the seats' rows (the seating services, the pages)."""
    if table.game == "durak":
        first = (
            Seat.objects.filter(table=table, user__isnull=False)
            .order_by("number")
            .values_list("user_id", flat=True)
            .first()
        )
        if first is not None:
            return first
    return table.owner_id


def table_summary(table: Table, seats: list[Seat]) -> dict:
    """A table as lists show it (the lobby, «Смотреть», the JSON API): ids, options, status and
    per seat its name, bot level and readiness; ``seats`` are the table's rows by number."""
    people = [s.number for s in seats if s.user_id]
    names = bot_names([s.number for s in seats if s.bot_level], people, len(seats) or 1)
    return {
        "id": table.pk,
        "game": table.game,
        "options": table.options,
        "status": table.status,
        "private": table.private,
        "rated": table.rated,
        "seats": [
            {
                "seat": s.number,
                "name": user_name(s.user) if s.user_id else names.get(s.number),
                "bot": s.bot_level or None,
                "ready": bool(s.bot_level) or s.ready,
            }
            for s in seats
        ],
    }


def current_match(table_id: int) -> Match | None:
    return Match.objects.filter(table_id=table_id).order_by("-id").first()


def table_state(table_id: int, user_id: int | None, user=None) -> tuple[int | None, State]:
    """``(seat, state frame)`` for a socket of ``user_id`` at the table: its seat and full state.

    With ``user``: ``Table.DoesNotExist`` also when he may not see the table (a private one)."""
    table = Table.objects.get(pk=table_id)
    if user is not None and not table_visible(table, user):
        raise Table.DoesNotExist(table_id)
    info = seats_info(table_id)
    seat = next((s["seat"] for s in info if user_id is not None and s["user"] == user_id), None)
    watching = spectator_count(table_id)
    match = current_match(table_id)
    if match is None:
        view = waiting_view(table, seat, info, watching)
        return seat, state_frame(0, view, [])
    state = api.from_json(match.state)
    view = match_view(match, state, seat, info, agreed=table.rematch, spectators=watching)
    view["status"] = table.status
    return seat, state_frame(match.seq, view, [])


def unfinished_match_for(user_id: int) -> Match | None:
    """The user's newest match still being played, to offer «Продолжить партию»."""
    return (
        Match.objects.filter(status=Match.Status.PLAYING, table__seats__user_id=user_id)
        .order_by("-id")
        .first()
    )


def match_record(match: Match) -> dict:
    """The match in the scenario format of docs/rules.md §2: options, dealer, seed, and per deal the
    cards dealt and the actions taken in order (canonical, ``system: true`` for server actions);
    once a fair match is over its revealed ``fairness`` (docs/rules.md §3)."""
    deals = list(match.deal_records.order_by("number"))
    moves = list(match.moves.order_by("seq"))
    out = []
    for index, deal in enumerate(deals):
        end = deals[index + 1].start_seq if index + 1 < len(deals) else None
        actions = []
        for move in moves:
            if move.seq <= deal.start_seq or (end is not None and move.seq > end):
                continue
            action = {"seat": move.seat, **move.action}
            if move.system:
                action["system"] = True
            actions.append(action)
        out.append({"hands": deal.hands, "stock": deal.stock, "actions": actions})
    spec = {
        "name": f"match {match.pk}",
        "game": match.game,
        "options": match.options,
        "dealer": match.dealer,
        "seed": match.seed,
        "deals": out,
    }
    if match.game == "durak":
        spec["seats"] = match.seats
    spec.update(hooks.record_extras(match))  # a duplicate set's match: ``duplicate`` (apps.duplicates)
    fairness = fair.match_fairness(match)
    if fairness is not None and "server_seed" in fairness:  # revealed: the match is over
        spec["fairness"] = fairness
    if match.result is not None:
        spec["expect"] = {
            "finished": True,
            "winners": match.result.get("winners", []),
            "totals": match.result.get("totals", []),
        }
    return spec


def persons_to_act(match: Match, state: Game) -> list[int]:
    """The user ids of the persons (not bots) the match in ``state`` waits for."""
    to_act = set(api.to_act(state))
    return [p["user"] for p in match.players if p.get("user") and not p.get("bot") and p["seat"] in to_act]


def match_waits_for(match_id: int, user_id: int) -> int | None:
    """The table of ``match_id`` when that match is being played, its clock runs and it waits
    for the person ``user_id``; else None."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.PLAYING).first()
    if match is None or match.deadline is None:
        return None
    if user_id not in persons_to_act(match, api.from_json(match.state)):
        return None
    return match.table_id
