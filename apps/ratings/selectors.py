"""Reads of the ratings: a user's ratings with their history, leaderboards, the changes of
matches (for «Мои результаты»), a user's ban and completion rate."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Sum

from . import calibration, fairplay, labels
from .models import Rating, RatingBucket, RatingChange
from .modes import MODE_ORDER, MODES
from .ranking import PROVISIONAL_GAMES, provisional

#: The leaderboard lists the best 100 established players of a mode.
BOARD_SIZE = 100
#: Points of the profile's chart at most (the newest games of the mode).
HISTORY_POINTS = 200


def rating_item(rating: Rating) -> dict:
    """One of a user's ratings as pages and the API show it::

    {"mode": "durak_2", "name": "Дурак, 2 игрока", "rating": 1512, "provisional": false,
     "games": 14, "text": "1512", "level": "normal", "level_name": "обычный"}

    ``level``: the bot level whose fixed rating in the mode is nearest («you play at about the
    level of …»)."""
    level = calibration.nearest_level(rating.mode, rating.value)
    return {
        "mode": rating.mode,
        "name": labels.mode_name(rating.mode),
        "rating": rating.value,
        "provisional": rating.provisional,
        "games": rating.games,
        "text": labels.rating_text(rating.value, rating.provisional),
        "level": level,
        "level_name": str(labels.LEVEL_NAMES[level]),
    }


def ratings_of(user_id: int) -> list[dict]:
    """The user's ratings in the modes he played, in page order."""
    rows = {r.mode: r for r in Rating.objects.filter(user_id=user_id, games__gt=0)}
    return [rating_item(rows[m]) for m in MODE_ORDER if m in rows]


def history(user_id: int, mode: str, limit: int = HISTORY_POINTS) -> list[dict]:
    """The user's rating after each of his last ``limit`` rated games of ``mode``, oldest first:
    ``[{"at": datetime, "rating": int, "match": id}]``, starting with the value before the first."""
    changes = list(
        RatingChange.objects.filter(user_id=user_id, mode=mode)
        .order_by("-finished_at", "-id")
        .values_list("finished_at", "before", "after", "match_id")[:limit]
    )
    changes.reverse()
    if not changes:
        return []
    points = [{"at": changes[0][0], "rating": changes[0][1], "match": None}]
    points += [{"at": at, "rating": after, "match": match} for at, _before, after, match in changes]
    return points


def chart(points: list[dict], width: int = 320, height: int = 90, pad: int = 6) -> dict | None:
    """An inline SVG polyline of ``points`` (:func:`history`): ``{"width", "height", "points",
    "low", "high", "last"}`` with the polyline's coordinates as text; None with fewer than two."""
    if len(points) < 2:
        return None
    values = [p["rating"] for p in points]
    low, high = min(values), max(values)
    span = max(high - low, 1)
    step = (width - 2 * pad) / (len(values) - 1)
    coords = " ".join(
        f"{pad + i * step:.1f},{pad + (high - v) * (height - 2 * pad) / span:.1f}"
        for i, v in enumerate(values)
    )
    return {"width": width, "height": height, "points": coords, "low": low, "high": high, "last": values[-1]}


def profile_ratings(user_id: int) -> list[dict]:
    """Per mode the user played: :func:`rating_item` plus its ``chart``."""
    out = []
    for item in ratings_of(user_id):
        item["chart"] = chart(history(user_id, item["mode"]))
        out.append(item)
    return out


def _board_rows(mode: str) -> list[tuple]:
    return list(
        Rating.objects.filter(mode=mode, games__gte=PROVISIONAL_GAMES)
        .order_by("-value", "id")
        .values_list("id", "value", "games", "user__username", "user__display_name")[:BOARD_SIZE]
    )


def place_of(rating: Rating) -> int | None:
    """The 1-based place of an established ``rating`` on its mode's board (None if provisional):
    the established players above it (higher value: a sum over the :class:`RatingBucket` rows
    above; equal value and an older rating: a count among the few with that value), plus one."""
    if rating.games < PROVISIONAL_GAMES:
        return None
    higher = RatingBucket.objects.filter(mode=rating.mode, value__gt=rating.value).aggregate(
        n=Sum("players")
    )["n"]
    tied = Rating.objects.filter(
        mode=rating.mode, games__gte=PROVISIONAL_GAMES, value=rating.value, id__lt=rating.id
    ).count()
    return (higher or 0) + tied + 1


def leaderboard(mode: str, user=None) -> dict:
    """The board of ``mode``: ``{"mode", "name", "min_games", "players": [{"place", "username",
    "name", "rating", "games"}], "you": {"place", "rating", "games", "provisional", "text"} | None}``
    (``you`` for a signed-in ``user`` who played the mode; ``place`` None while provisional).
    Raises ``KeyError`` for an unknown mode."""
    if mode not in MODES:
        raise KeyError(mode)
    players = [
        {
            "place": i,
            "username": username,
            "name": (display or "").strip() or username,
            "rating": value,
            "games": games,
        }
        for i, (_id, value, games, username, display) in enumerate(_board_rows(mode), start=1)
    ]
    you = None
    if user is not None and user.is_authenticated:
        mine = Rating.objects.filter(user_id=user.pk, mode=mode, games__gt=0).first()
        if mine is not None:
            you = {
                "place": place_of(mine),
                "rating": mine.value,
                "games": mine.games,
                "provisional": mine.provisional,
                "text": labels.rating_text(mine.value, mine.provisional),
            }
    return {
        "mode": mode,
        "name": labels.mode_name(mode),
        "min_games": PROVISIONAL_GAMES,
        "players": players,
        "you": you,
    }


def changes_by_match(user_id: int, match_ids: list[int]) -> dict[int, dict]:
    """The user's rating change per match among ``match_ids`` (rated ones only): ``{"mode",
    "before", "after", "delta", "provisional", "delta_text"}``. One query."""
    out = {}
    rows = RatingChange.objects.filter(user_id=user_id, match_id__in=match_ids).values_list(
        "match_id", "mode", "before", "after", "games"
    )
    for match_id, mode, before, after, games in rows:
        out[match_id] = {
            "mode": mode,
            "before": before,
            "after": after,
            "delta": after - before,
            "provisional": provisional(games),
            "delta_text": labels.delta_text(after - before),
        }
    return out


def with_rating_changes(user_id: int, items: list[dict]) -> list[dict]:
    """``items`` (:func:`apps.stats.selectors.result_item` dicts) each with ``rating``: its
    :func:`changes_by_match` entry, or None for a casual match."""
    changes = changes_by_match(user_id, [i["match"] for i in items])
    for item in items:
        item["rating"] = changes.get(item["match"])
    return items


def user_by_username(username: str):
    """The active user of ``username``, or None."""
    return get_user_model().objects.filter(username=username, is_active=True).first()


def fair_play(user_id: int) -> dict:
    """The profile's fair play block: ``{"ban": {"reason", "ends_at"} | None, "completion"}``."""
    ban = fairplay.active_ban(user_id)
    return {
        "ban": {"reason": ban.reason, "ends_at": ban.ends_at} if ban else None,
        "completion": fairplay.completion(user_id),
    }


def bot_table() -> list[dict]:
    """The bots' fixed ratings per mode with the mode names (the ratings page publishes them)."""
    return [{**row, "name": labels.mode_name(row["mode"])} for row in calibration.table()]


def table_mode(game: str, options: dict, seats: list[tuple[int, int | None, str | None]]) -> str | None:
    """The rating mode a table's match would have: its seats (Durak: the occupied ones, at least
    two, since 2..4 of its four seats play)."""
    from .modes import mode_of

    players = len(seats)
    if game == "durak":
        players = max(2, sum(1 for _n, user, bot in seats if user is not None or bot))
    return mode_of(game, options, players)


def tables_seat_ratings(
    tables: list[tuple[int, str, dict, list[tuple[int, int | None, str | None]]]],
) -> dict:
    """:func:`seat_ratings` of many tables at once (the lobby list): ``tables`` are ``(table id,
    game, options, seats)``; returns ``{table id: {seat: text}}``. One query for all."""
    modes: dict[int, str | None] = {}
    users: set[int] = set()
    for table_id, game, options, seats in tables:
        modes[table_id] = table_mode(game, options, seats)
        users.update(u for _n, u, _b in seats if u is not None)
    known = {}
    if users:
        rows = Rating.objects.filter(
            user_id__in=users, mode__in={m for m in modes.values() if m}
        ).values_list("user_id", "mode", "value", "games")
        known = {(u, m): (v, g) for u, m, v, g in rows}
    out: dict[int, dict[int, str]] = {}
    for table_id, _game, _options, seats in tables:
        mode = modes[table_id]
        if mode is None:
            out[table_id] = {}
            continue
        texts = {}
        for number, user, bot in seats:
            if user is not None:
                value, games = known.get((user, mode), (1500, 0))
                texts[number] = labels.rating_text(value, provisional(games))
            elif bot:
                texts[number] = str(calibration.bot_rating(mode, bot))
        out[table_id] = texts
    return out


def seat_ratings(game: str, options: dict, seats: list[tuple[int, int | None, str | None]]) -> dict[int, str]:
    """The rating shown beside each occupied seat's name at a table of ``game`` with ``options``:
    ``{seat: "1512"}`` (``"1512?"`` provisional; a person new to the mode shows ``"1500?"``; a bot
    its level's fixed rating). ``seats`` are ``(number, user id, bot level)``; {} when the table's
    mode has no rating. One query."""
    occupied = [s for s in seats if s[1] is not None or s[2]]
    mode = table_mode(game, options, seats)
    if mode is None:
        return {}
    users = [u for _n, u, _b in occupied if u is not None]
    known = {}
    if users:
        rows = Rating.objects.filter(mode=mode, user_id__in=users).values_list("user_id", "value", "games")
        known = {user: (value, games) for user, value, games in rows}
    out = {}
    for number, user, bot in occupied:
        if user is not None:
            value, games = known.get(user, (1500, 0))
            out[number] = labels.rating_text(value, provisional(games))
        elif bot:  # always, for a seat of ``occupied`` without a person
            out[number] = str(calibration.bot_rating(mode, bot))
    return out
