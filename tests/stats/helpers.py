"""Helpers of the stats tests: scripted matches driven through the tables' move service."""

from __future__ import annotations

from django.db import transaction

from apps.rules import api
from apps.rules.seating import seat_count
from apps.tables.bot_turns import match_bot_move
from apps.tables.models import DealRecord, Match, Seat, Table
from apps.tables.moves import move_apply
from apps.tables.selectors import seats_info


def scripted_table(spec: dict, *, people=(), private: bool = False) -> tuple[Table, Match]:
    """A table whose match deals the cards of the scenario ``spec`` (people from seat 0, bots on
    the other seats); its actions are not applied yet (see :func:`play_actions`)."""
    game = spec["game"]
    options = api.normalize_options(game, spec.get("options") or {})
    count = seat_count(game, options)
    seats = spec.get("seats") or list(range(count))
    deals = [{"hands": d["hands"], "stock": d["stock"]} for d in spec["deals"]]
    state = api.new_match(
        game,
        options,
        seed=spec.get("seed", 0),
        deals=deals,
        dealer=spec.get("dealer"),
        seats=seats if game == "durak" else None,
    )
    deal = api.current_deal(state)
    with transaction.atomic():
        table = Table.objects.create(
            game=game,
            options=options,
            seat_count=count,
            owner=people[0] if people else None,
            private=private,
            status=Table.Status.PLAYING,
        )
        for n in range(count):
            user = people[n] if n < len(people) else None
            bot = None if user is not None or n not in seats else "normal"
            Seat.objects.create(table=table, number=n, user=user, bot_level=bot, ready=True)
        info = {i["seat"]: i for i in seats_info(table.pk)}
        match = Match.objects.create(
            table=table,
            game=game,
            options=options,
            seed=spec.get("seed", 0),
            dealer=deal.get("dealer"),
            seats=seats,
            players=[
                {"seat": s, "user": info[s]["user"], "bot": info[s]["bot"], "name": info[s]["name"]}
                for s in seats
            ],
            state=api.to_json(state),
            deal_number=deal.get("number", 0),
        )
        DealRecord.objects.create(
            match=match,
            number=match.deal_number,
            dealer=deal.get("dealer"),
            hands=deal["hands"],
            stock=deal["stock"],
            start_seq=0,
        )
    return table, match


def play_actions(match: Match, spec: dict) -> Match:
    """Apply every action of ``spec`` through the move service (as bots, system actions as the
    timer); stops when the match is over."""
    for deal in spec["deals"]:
        for raw in deal["actions"]:
            match.refresh_from_db()
            if match.status != Match.Status.PLAYING:
                return match
            action = {k: v for k, v in raw.items() if k not in ("seat", "system")}
            move_apply(
                match_id=match.pk,
                seat=raw["seat"],
                action=action,
                seq=match.seq,
                actor="timer" if raw.get("system") else "bot",
            )
    match.refresh_from_db()
    return match


def person_acts(match: Match, user, action: dict) -> Match:
    """``user`` does ``action`` at his seat now (leave and surrender need no turn)."""
    match.refresh_from_db()
    seat = next(p["seat"] for p in match.players if p["user"] == user.pk)
    move_apply(match_id=match.pk, seat=seat, action=action, seq=match.seq, actor="person", user_id=user.pk)
    match.refresh_from_db()
    return match


def play_out(match: Match, limit: int = 5000, until=None) -> Match:
    """Play ``match`` to its end (or until ``until(match)`` holds): bots by the bot task's service,
    people by a normal bot's choice made for them as person actions. A move refused ``stale``
    (the row changed under it: a page's socket coming or going bumps the seats' version, a live
    worker moved) is read again and chosen afresh, as a client does."""
    import random

    from apps.core.errors import Refused
    from apps.tables import bot_players

    for _ in range(limit):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING or (until is not None and until(match)):
            return match
        if match_bot_move(match_id=match.pk, seq=match.seq):
            continue
        state = api.from_json(match.state)
        person = next((p for p in match.players if p["user"] and p["seat"] in api.to_act(state)), None)
        if person is None:
            _system_act(match, state)
            continue
        view = api.view(state, person["seat"])
        view.setdefault("legal", api.legal_actions(state, person["seat"]))
        action = bot_players.decide(view, "normal", random.Random(match.seq)) or view["legal"][0]
        try:
            move_apply(
                match_id=match.pk,
                seat=person["seat"],
                action=action,
                seq=match.seq,
                actor="person",
                user_id=person["user"],
            )
        except Refused as refused:
            if refused.code != "stale":
                raise
    raise AssertionError(f"match {match.pk} still playing after {limit} moves")


def each_side_played(match: Match) -> bool:
    """:func:`apps.stats.services.played_through` for the match as it stands."""
    from apps.stats.services import played_through, seat_sides

    sides = seat_sides(api.from_json(match.state), [p["seat"] for p in match.players])
    return played_through(match, sides)


def play_through(match: Match) -> Match:
    """Play on until each side has played (a card; in Дурак an attack and a defence): a match a
    leave or a surrender ends after that is rated, not aborted (issue #30)."""
    match = play_out(match, until=each_side_played)
    assert match.status == Match.Status.PLAYING, "the match ended before each side played"
    return match


def _system_act(match: Match, state) -> None:
    """Nobody may act but the server: the Шулер check closes, or the awaited seat times out."""
    public = api.view(state, None)
    if public.get("phase") == "check":
        seat, action = None, {"type": "close"}
    else:
        seat, action = (public.get("awaiting") or api.to_act(state))[0], {"type": "timeout"}
    move_apply(match_id=match.pk, seat=seat, action=action, seq=match.seq, actor="timer")
