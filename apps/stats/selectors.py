"""Reads of results: a user's last games, his per-game counters, match pages and their access.

The JSON API (``GET /api/me/results/``) reuses :func:`results_for_user` and
:func:`result_item`; the «Мои результаты» page uses the same two plus :func:`records_for_user`.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import NamedTuple

from django.db import connection
from django.utils import timezone

from apps.core import labels
from apps.rules import api
from apps.tables.selectors import match_record

from . import hooks
from .models import GameRecord, Outcome, Result

#: «Мои результаты» lists the last 30 games (seed 004).
RESULTS_LIMIT = 30


class ResultRow(NamedTuple):
    """One line of a user's history: the :class:`Result` columns :func:`result_item` reads."""

    id: int
    match_id: int
    game: str
    options: dict
    seat: int
    side: int
    partners: list
    opponents: list
    totals: list
    score: int | None
    outcome: str
    ending: str
    ended_by: int | None
    deals: int
    started_at: datetime
    finished_at: datetime


_JSON_FIELDS = frozenset({"options", "partners", "opponents", "totals"})
_TIME_FIELDS = frozenset({"started_at", "finished_at"})


def results_sql() -> str:
    """The list query: ``%s`` user id, ``%s`` limit. Served by the index
    ``stats_result_user_recent (user_id, finished_at DESC, id DESC)``: it reads ``limit`` index
    entries whatever the size of the table or of the user's history."""
    quote = connection.ops.quote_name
    column = {key: f.column for f in Result._meta.concrete_fields for key in (f.name, f.attname)}
    columns = ", ".join(quote(column[name]) for name in ResultRow._fields)
    return (
        f"SELECT {columns} FROM {quote(Result._meta.db_table)} WHERE {quote('user_id')} = %s "
        f"ORDER BY {quote('finished_at')} DESC, {quote('id')} DESC LIMIT %s"
    )


def results_for_user(user, limit: int = RESULTS_LIMIT) -> list[ResultRow]:
    """The user's last ``limit`` results, newest first, in one indexed query (:func:`results_sql`).

    Rows are plain tuples with the attributes of :class:`Result` that :func:`result_item` reads:
    the ORM's query building and model instances cost three times the query itself here, and
    this is the page every player opens (see docs/decisions-stats.md)."""
    with connection.cursor() as cursor:
        cursor.execute(results_sql(), [user.pk, limit])
        return [_result_row(values) for values in cursor.fetchall()]


def _result_row(values: tuple) -> ResultRow:
    fields = dict(zip(ResultRow._fields, values, strict=True))
    for name in _JSON_FIELDS:
        if isinstance(fields[name], str | bytes):
            fields[name] = json.loads(fields[name])
    for name in _TIME_FIELDS:
        fields[name] = _aware(fields[name])
    return ResultRow(**fields)


def _aware(value: datetime | str | None) -> datetime | None:
    """A raw cursor's timestamp as an aware UTC datetime.

    PostgreSQL returns aware datetimes; SQLite (the embedded default of ``./run``) returns
    text or, with its converters, naive datetimes in UTC: both become aware here, so
    ``localtime()`` in the pages and the API's offsets never see a naive value."""
    if value is None:
        return None
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment, UTC)


def result_item(result: Result | ResultRow) -> dict:
    """One result as the page and the JSON API show it::

        {"match": 17, "game": "bazar_blot", "options": {...}, "mode": "4 игрока · до 101",
         "finished_at": "2026-11-29T17:03:00+00:00", "started_at": "...", "seat": 0, "side": 0,
         "partners": [{"seat": 2, "name": "Бот 2", "user": null, "bot": "normal"}],
         "opponents": [{"seat": 1, "name": "Оля", "user": 5, "bot": null}, ...],
         "totals": [103, 87], "score": 103, "outcome": "win", "ending": "target",
         "ended_by": null, "deals": 9}

    ``outcome``: ``win`` | ``loss`` | ``draw`` | ``fool`` (Durak's fool) | ``void`` (ended by an
    admin); ``ending``: ``target`` | ``deberc`` | ``fool`` | ``draw`` | ``surrender`` | ``leave`` |
    ``disconnect`` | ``aborted``. ``totals`` per side (team or seat; empty in Durak) and
    ``score`` this player's side total (null in Durak). ``mode`` is in the request's language.
    """
    return {
        "match": result.match_id,
        "game": result.game,
        "options": result.options,
        "mode": labels.mode_label(result.game, result.options),
        "finished_at": result.finished_at.isoformat(),
        "started_at": result.started_at.isoformat(),
        "seat": result.seat,
        "side": result.side,
        "partners": result.partners,
        "opponents": result.opponents,
        "totals": result.totals,
        "score": result.score,
        "outcome": result.outcome,
        "ending": result.ending,
        "ended_by": result.ended_by,
        "deals": result.deals,
    }


def records_for_user(user) -> list[dict]:
    """Per game the user played: ``{"game", "name", "played", "won", "lost", "drawn", "fool",
    "win_rate"}`` (win rate in percent, rounded; games in the site's order). One query on the
    per-user counters, whatever the number of results."""
    rows = {r.game: r for r in GameRecord.objects.filter(user_id=user.pk)}
    out = []
    for game in sorted(rows, key=lambda g: (labels.GAME_ORDER.index(g) if g in labels.GAME_ORDER else 99, g)):
        r = rows[game]
        out.append(
            {
                "game": game,
                "name": labels.game_name(game),
                "played": r.played,
                "won": r.won,
                "lost": r.lost,
                "drawn": r.drawn,
                "fool": r.fool,
                "win_rate": round(100 * r.won / r.played) if r.played else 0,
            }
        )
    return out


def running_results(items: list[dict]) -> list[int]:
    """The running balance of ``items`` (newest first) from the oldest: +1 a win, -1 a loss or
    fool, 0 a draw or void. Starts at 0 before the oldest game."""
    balance, points = 0, [0]
    for item in reversed(items):
        balance += {Outcome.WIN: 1, Outcome.LOSS: -1, Outcome.FOOL: -1}.get(item["outcome"], 0)
        points.append(balance)
    return points


def match_participant_ids(match) -> set[int]:
    """User ids of the people who played ``match``."""
    return {p["user"] for p in match.players if p.get("user")}


def match_visible_to(match, user) -> bool:
    """Whether ``user`` may open the page (score sheet, replay with every hand) and the record of
    ``match``: only a finished match; a private table's match only to its players and staff."""
    if match.status != "finished":
        return False
    if not match.table.private:
        return True
    if not (user and user.is_authenticated):
        return False
    return user.is_staff or user.pk in match_participant_ids(match) or hooks.match_access_granted(match, user)


def match_sheet(match) -> dict:
    """The score sheet of ``match`` from its stored state: ``deals``, ``totals``, ``winners``,
    ``reason`` (the engine's summary plus the table's result)."""
    state = api.from_json(match.state)
    summary = api.summary(state)
    result = match.result or {}
    return {
        "deals": summary["deals"],
        "totals": summary["totals"],
        "finished": summary["finished"],
        "winners": result.get("winners", summary["winners"]),
        "reason": result.get("reason", summary["reason"]),
    }


def match_export(match) -> dict:
    """``match`` as a self-checking scenario file: the tables' record with an ``expect`` of the
    finished match's deals, totals and winners as the live engine stored them."""
    spec = match_record(match)
    summary = api.summary(api.from_json(match.state))
    spec["expect"] = {
        "rejected": [],
        "deals": summary["deals"],
        "totals": summary["totals"],
        "finished": summary["finished"],
        "winners": summary["winners"],
    }
    return spec
