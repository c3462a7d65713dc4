"""Thin views of results: «Мои результаты», the match page with its replay, the export."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext

from apps.accounts.http import SignedInRequest
from apps.core import labels
from apps.rules import api
from apps.tables.fairness import match_fairness
from apps.tables.models import Match
from apps.tables.selectors import match_record

from . import hooks, selectors, sheet
from .replay import replay_frames
from .services import seat_sides


@login_required
def my_results(request: SignedInRequest) -> HttpResponse:
    """The user's last 30 games newest first, with per-game counters and the running chart."""
    items = [selectors.result_item(r) for r in selectors.results_for_user(request.user)]
    items = hooks.results_decorated(request.user.pk, items)
    words: dict = {"url": reverse("stats:match", args=[0]).replace("/0/", "/{}/")}
    rows = [_list_row(item, words) for item in items]
    context = {
        "rows": rows,
        "rows_html": format_html_join("\n", _ROW_HTML, ([r[k] for k in _ROW_KEYS] for r in rows)),
        "records": selectors.records_for_user(request.user),
        "chart": _chart(selectors.running_results(items)),
        "limit": selectors.RESULTS_LIMIT,
    }
    return render(request, "stats/my_results.html", context)


def _list_row(item: dict, words: dict) -> dict:
    """Everything one line of the list prints, as ready strings (the template only prints them:
    30 rows of filters and includes made the page several times slower). ``words`` caches the
    translated labels across the rows of one page."""

    def word(key: tuple, make) -> str:
        if key not in words:
            words[key] = make()
        return words[key]

    finished = timezone.localtime(datetime.fromisoformat(item["finished_at"]))
    others = [t for i, t in enumerate(item["totals"]) if i != item["side"]]
    score = " : ".join(str(t) for t in [item["score"], *others]) if item["score"] is not None else "—"
    return {
        "match": item["match"],
        "url": words["url"].format(item["match"]),
        "outcome": item["outcome"],
        "iso": item["finished_at"],
        "date": finished.strftime("%d.%m.%Y %H:%M"),
        "game": word(("game", item["game"]), lambda: labels.game_name(item["game"])),
        "mode": item["mode"],
        "event": _event_suffix(item.get("tournament")),
        "partners": ", ".join(
            word(("p", p["name"], p["bot"]), lambda p=p: labels.participant_label(p))
            for p in item["partners"]
        )
        or "—",
        "opponents": ", ".join(
            word(("p", p["name"], p["bot"]), lambda p=p: labels.participant_label(p))
            for p in item["opponents"]
        ),
        "score": score,
        "outcome_text": word(("o", item["outcome"]), lambda: labels.outcome_text(item["outcome"])),
        "ending_text": word(("e", item["ending"]), lambda: _ending_suffix(item["ending"])),
        "rating": _rating_suffix(item.get("rating")),
        "open": word(("open",), lambda: gettext("Партия")),
    }


#: A finished match never changes: its replay frames (hundreds of engine steps) are cached.
REPLAY_CACHE_SECONDS = 24 * 3600

#: One line of the list (format_html escapes every value; one template variable for 30 rows
#: instead of 360 keeps the page's rendering cheap, see docs/decisions-stats.md).
_ROW_HTML = (
    '<tr class="result result--{}" data-match="{}" data-outcome="{}">'
    '<td><time datetime="{}">{}</time></td><td>{}<br><span class="muted">{}</span>{}</td>'
    '<td>{}</td><td>{}</td><td class="score">{}</td>'
    '<td><span class="outcome outcome--{}">{}</span>{}{}</td><td><a href="{}">{}</a></td></tr>'
)
_ROW_KEYS = (
    "outcome",
    "match",
    "outcome",
    "iso",
    "date",
    "game",
    "mode",
    "event",
    "partners",
    "opponents",
    "score",
    "outcome",
    "outcome_text",
    "ending_text",
    "rating",
    "url",
    "open",
)


def _rating_suffix(change: dict | None):
    """The rating change of a rated match («+12» after the outcome), else ""."""
    if not change:
        return ""
    kind = "up" if change["delta"] > 0 else "down" if change["delta"] < 0 else "even"
    return format_html(
        ' <span class="rating-delta rating-delta--{}" data-testid="rating-delta" title="{}">{}</span>',
        kind,
        gettext("Рейтинг: %(after)s") % {"after": change["after"]},
        change["delta_text"],
    )


def _event_suffix(event: dict | None):
    """A tournament match's link to its event (apps.tournaments adds ``tournament``), else ""."""
    if not event:
        return ""
    return format_html(
        '<br><a href="{}" class="result-event" data-testid="result-tournament">🏆 {}</a>',
        event["url"],
        event["name"],
    )


def _ending_suffix(ending: str):
    text = labels.ending_text(ending)
    return format_html(' <span class="muted">· {}</span>', text) if text else ""


def _chart(points: list[int], width: int = 300, height: int = 80) -> dict | None:
    """SVG coordinates of the running balance (None with fewer than two points)."""
    if len(points) < 2:
        return None
    top, bottom = max(max(points), 1), min(min(points), -1)
    span = top - bottom
    step = width / (len(points) - 1)

    def y(v: int) -> float:
        return round((top - v) * height / span, 1)

    coords = [(round(i * step, 1), y(v)) for i, v in enumerate(points)]
    return {
        "width": width,
        "height": height,
        "zero": f"{y(0)}",
        "polyline": " ".join(f"{x},{yy}" for x, yy in coords),
        "dots_svg": format_html_join(
            "",
            '<circle cx="{}" cy="{}" r="2.5" class="stats-chart__dot"/>',
            ((f"{x}", f"{yy}") for x, yy in coords[1:]),
        ),
        "final": points[-1],
    }


def _visible_match(request: HttpRequest, match_id: int) -> Match | HttpResponse:
    """The finished match if this user may open it; a login redirect or 404 otherwise."""
    match = Match.objects.select_related("table").filter(pk=match_id).first()
    if match is None or match.status != Match.Status.FINISHED:
        raise Http404
    if not selectors.match_visible_to(match, request.user):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise Http404
    return match


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """Score sheet deal by deal and the replay of every action with every hand."""
    match = _visible_match(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    state = api.from_json(match.state)
    sides = seat_sides(state, [p["seat"] for p in match.players])
    seat_names = {p["seat"]: labels.display_name(p.get("name"), p.get("bot")) for p in match.players}
    data = selectors.match_sheet(match)
    key = f"stats:replay:{match.pk}:{match.seq}:{match.created_at.timestamp()}"
    frames: list[list[dict]] | None = cache.get(key)
    if frames is None:
        frames = replay_frames(match_record(match))
        cache.set(key, frames, REPLAY_CACHE_SECONDS)
    user_id = request.user.pk if request.user.is_authenticated else None
    mine = next((p["seat"] for p in match.players if user_id and p.get("user") == user_id), None)
    context = {
        "match": match,
        "game_name": labels.game_name(match.game),
        "mode": labels.mode_label(match.game, match.options),
        "players": [
            {**p, "label": labels.participant_label(p), "side": sides[p["seat"]], "mine": p["seat"] == mine}
            for p in match.players
        ],
        "side_names": sheet.side_names(match.players, sides),
        "sheet": data,
        "belot_rows": sheet.belot_rows(data["deals"], seat_names) if match.game != "durak" else [],
        "durak_rows": sheet.durak_rows(data["deals"], seat_names) if match.game == "durak" else [],
        "winner_names": [seat_names.get(s, str(s)) for s in data["winners"]],
        "reason_text": labels.reason_text(data["reason"]),
        "replay": {
            "game": match.game,
            "seats": [
                {"seat": p["seat"], "name": labels.display_name(p.get("name"), p.get("bot"))}
                for p in match.players
            ],
            "frames": frames,
        },
        "frame_count": sum(len(f) for f in frames),
        "fairness": match_fairness(match),
    }
    return render(request, "stats/match.html", context)


def match_record_json(request: HttpRequest, match_id: int) -> HttpResponse:
    """The finished match as a self-checking scenario file (a download)."""
    match = _visible_match(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    response = JsonResponse(
        selectors.match_export(match), json_dumps_params={"ensure_ascii": False, "indent": 1}
    )
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}-{match.game}.json"'
    return response


def match_verify(request: HttpRequest, match_id: int) -> HttpResponse:
    """«Проверить раздачи»: the browser recomputes every deal of the finished match from its
    revealed seeds (static/js/fairness.js, WebCrypto) and marks each ✓ or ✗. The same access
    as the match page and its record."""
    match = _visible_match(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    record = match_record(match)
    context = {
        "match": match,
        "game_name": labels.game_name(match.game),
        "record": record,
        "fairness": record.get("fairness"),
    }
    return render(request, "stats/match_verify.html", context)
