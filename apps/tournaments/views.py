"""Tournament pages: the list, «Новый турнир», one tournament, joining and leaving. Thin: one
selector or service each."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_POST

from apps.core.errors import Refused
from apps.core.forms import MAX_ID

from . import fragments, registration, selectors
from .forms import TournamentForm
from .models import Tournament
from .rounds import no_show_ms

#: The page shows the first lines of the standings and the reader's own (the API gives all).
PAGE_LINES = 100
#: … and the tables of the best placed (a 1,000-player arena plays 500 at once; the API lists all).
PAGE_TABLES = 50


def page_words() -> dict[str, str]:
    """The words static/js/tournament.js writes (in the page's language)."""
    return {
        "watch": gettext("смотреть"),
        "played": gettext("сыграно"),
        "bye": gettext("пропуск тура"),
        "withdrawn": gettext("выбыл"),
        "no_tables": gettext("Столов пока нет."),
        "on_fire": gettext("Две победы подряд: следующая считается вдвойне"),
        "started": gettext("уже идёт"),
    }


def tournaments_page(request: HttpRequest) -> HttpResponse:
    """Upcoming (with a countdown), live and finished tournaments."""
    user = request.user if request.user.is_authenticated else None
    return render(request, "tournaments/index.html", {"groups": selectors.tournaments_list(user)})


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    """«Новый турнир»: the form, and on a valid POST the tournament (its page)."""
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            t = registration.tournament_create(user=request.user, **form.service_kwargs())
        except Refused as refused:
            form.add_error(None, refused.message())
        else:
            url = reverse("tournaments:detail", args=[t.pk])
            return redirect(f"{url}?code={t.invite_code}" if t.private else url)
    return render(request, "tournaments/new.html", {"form": form})


def _visible(request: HttpRequest, tournament_id: int) -> Tournament:
    t = Tournament.objects.filter(pk=tournament_id).first() if tournament_id <= MAX_ID else None
    code = request.GET.get("code") or request.POST.get("code")
    if t is None or not selectors.may_see(t, request.user, code):
        raise Http404
    return t


def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """One tournament: standings updating live, the round's tables, my table, the bracket."""
    t = _visible(request, tournament_id)
    detail, standings_key, tables_key = selectors.detail_keyed(
        t, request.user, lines=PAGE_LINES, tables=PAGE_TABLES
    )
    parts = fragments.page_parts(
        detail,
        standings_key=standings_key,
        tables_key=tables_key,
        lines=PAGE_LINES,
        tables=PAGE_TABLES,
        language=get_language(),
    )
    code = request.GET.get("code") if t.private else None
    context = {
        "t": detail,
        "parts": parts,
        "code": code,
        "words": page_words(),
        "no_show_seconds": no_show_ms() // 1000,
    }
    return render(request, "tournaments/detail.html", context)


def tournament_state(request: HttpRequest, tournament_id: int) -> JsonResponse:
    """The page's live data (static/js/tournament.js polls it): the detail as JSON."""
    t = _visible(request, tournament_id)
    return JsonResponse(selectors.tournament_detail(t, request.user, lines=PAGE_LINES, tables=PAGE_TABLES))


@login_required
@require_POST
def tournament_join(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """«Участвовать» (with a partner's username in a pair mode)."""
    code = request.POST.get("code") or None
    try:
        registration.tournament_join(
            tournament_id=min(tournament_id, MAX_ID),
            user=request.user,
            partner_name=(request.POST.get("partner") or "").strip()[:150],
            code=code,
        )
    except Refused as refused:
        messages.error(request, refused.message())
    url = reverse("tournaments:detail", args=[tournament_id])
    return redirect(f"{url}?code={code}" if code else url)


@login_required
@require_POST
def tournament_confirm(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """«Играю в паре»: the invited partner accepts."""
    try:
        registration.tournament_confirm(tournament_id=min(tournament_id, MAX_ID), user=request.user)
    except Refused as refused:
        messages.error(request, refused.message())
    return redirect("tournaments:detail", tournament_id=tournament_id)


@login_required
@require_POST
def tournament_leave(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """«Выйти из турнира»."""
    try:
        registration.tournament_leave(tournament_id=min(tournament_id, MAX_ID), user=request.user)
    except Refused as refused:
        messages.error(request, refused.message())
    return redirect("tournaments:detail", tournament_id=tournament_id)
