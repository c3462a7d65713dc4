"""Ratings pages: the modes with the bots' ratings, a leaderboard per mode, a player's ratings,
and «Быстрая игра». Thin: one selector or service each."""

from __future__ import annotations

from urllib.parse import quote, urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from apps.accounts.http import SignedInRequest
from apps.core.errors import Refused
from apps.core.forms import cleaned
from apps.tables.selectors import unfinished_match_for

from . import selectors
from .forms import QuickJoinForm
from .modes import MODE_ORDER


def _modes_nav(current: str | None = None) -> list[dict]:
    """The modes with their names and board URLs (one ``reverse`` for all)."""
    from .labels import mode_name

    prefix = reverse("ratings:board", args=["MODE"]).replace("MODE", "{}")
    return [
        {"code": m, "name": mode_name(m), "current": m == current, "url": prefix.format(m)}
        for m in MODE_ORDER
    ]


#: One row of the board (format_html escapes each value; one variable for 100 rows keeps the
#: page cheap, as «Мои результаты» does: docs/performance.md «Leaderboard»).
_ROW_HTML = (
    '<tr{}><td class="num">{}</td><td><a href="{}">{}</a></td>'
    '<td class="num">{}</td><td class="num wide">{}</td></tr>'
)


def board_rows_html(players: list[dict], me: str | None) -> str:
    """The board's table rows, the signed-in player's marked ``is-you``."""
    prefix = reverse("ratings:player", args=["USER"]).replace("USER", "{}")
    return format_html_join(
        "\n",
        _ROW_HTML,
        (
            (
                mark_safe(' class="is-you"') if p["username"] == me else "",
                p["place"],
                prefix.format(quote(p["username"])),
                p["name"],
                p["rating"],
                p["games"],
            )
            for p in players
        ),
    )


def ratings_index(request: HttpRequest) -> HttpResponse:
    """Every mode (links to the boards), your ratings, and the bots' fixed ratings."""
    mine = selectors.ratings_of(request.user.pk) if request.user.is_authenticated else []
    return render(
        request,
        "ratings/index.html",
        {"modes": _modes_nav(), "mine": mine, "bots": selectors.bot_table()},
    )


def leaderboard_page(request: HttpRequest, mode: str) -> HttpResponse:
    """The best 100 established players of ``mode`` and your own place (public page)."""
    try:
        board = selectors.leaderboard(mode, request.user)
    except KeyError:
        raise Http404("no such mode") from None
    me = request.user.get_username() if request.user.is_authenticated else None
    return render(
        request,
        "ratings/leaderboard.html",
        {"board": board, "modes": _modes_nav(mode), "rows_html": board_rows_html(board["players"], me)},
    )


def player_page(request: HttpRequest, username: str) -> HttpResponse:
    """A player's ratings per mode with charts, and his completion rate (public page)."""
    user = selectors.user_by_username(username)
    if user is None:
        raise Http404("no such player")
    return render(
        request,
        "ratings/player.html",
        {
            "player": user,
            "ratings": selectors.profile_ratings(user.pk),
            "fair": selectors.fair_play(user.pk),
            "own": request.user.is_authenticated and request.user.pk == user.pk,
        },
    )


@login_required
def quick_page(request: SignedInRequest) -> HttpResponse:
    """«Быстрая игра»: choose a mode and whether bots may fill in; then wait (the page polls
    ``/api/quick/`` and opens the table once seated)."""
    from .quick import BOT_WAITS, quick_status

    state = quick_status(user=request.user, match=False)
    # a refused join comes back with its choice (?mode=…&bots_after=…): the form keeps it
    chosen = cleaned(QuickJoinForm, request.GET)
    mode = state["mode"] or (chosen["mode"] if chosen["mode"] in MODE_ORDER else None)
    return render(
        request,
        "ratings/quick.html",
        {
            "modes": _modes_nav(mode),
            "waits": BOT_WAITS,
            "bots_after": chosen["bots_after"],
            "state": state,
            "ratings": {r["mode"]: r for r in selectors.ratings_of(request.user.pk)},
            "unfinished": unfinished_match_for(request.user.pk) if state["status"] != "waiting" else None,
            "ban": selectors.fair_play(request.user.pk)["ban"],
        },
    )


@login_required
@require_POST
def quick_join(request: HttpRequest) -> HttpResponse:
    """The page's form: enter the pool (JavaScript does the same through the API)."""
    from .quick import quick_join as join

    post = cleaned(QuickJoinForm, request.POST)
    try:
        state = join(user=request.user, mode=post["mode"], bots_after=post["bots_after"])
    except Refused as exc:
        if exc.code not in ("in_match", "playban"):  # the page itself says those, with a link
            messages.error(request, exc.message())
        choice = {k: v for k, v in post.items() if v not in (None, "")}
        return redirect(f"{reverse('ratings:quick')}?{urlencode(choice)}" if choice else "ratings:quick")
    if state["status"] == "seated":
        return redirect("lobby:table", table_id=state["table"])
    return redirect("ratings:quick")


@login_required
@require_POST
def quick_cancel(request: HttpRequest) -> HttpResponse:
    from .quick import quick_cancel as cancel

    cancel(user=request.user)
    return redirect("ratings:quick")
