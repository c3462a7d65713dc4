"""The duplicate pages: the open sets with the form of a new one, a set's page (play it, then the
comparison and the leaderboard), a private set's link. Thin: services and selectors do the work."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from apps.core.errors import Refused

from . import labels, selectors, services
from .errors import DuplicateRefused
from .models import DuplicateSet
from .modes import DEFAULT_DEALS, MAX_DEALS, MIN_DEALS, MODES


def _row(dset: DuplicateSet) -> dict:
    return {
        "id": dset.pk,
        "url": reverse("duplicates:detail", args=[dset.pk]),
        "kind": dset.kind,
        "mode_name": labels.mode_name(dset.mode),
        "deals": dset.deals,
        "closes_at": dset.closes_at,
        "played": getattr(dset, "played", False),
        "players": getattr(dset, "players", 0),
        "private": dset.private,
    }


def index(request: HttpRequest) -> HttpResponse:
    """«Дубль»: today's daily sets per mode, the open public sets (and the user's own), a form for
    a new set with friends, the user's streak of days."""
    sets = selectors.open_sets(request.user)
    user = request.user if request.user.is_authenticated else None
    return render(
        request,
        "duplicates/index.html",
        {
            "daily": [_row(s) for s in sets if s.kind == DuplicateSet.Kind.DAILY],
            "friends": [_row(s) for s in sets if s.kind == DuplicateSet.Kind.FRIENDS],
            "teams": [_row(s) for s in sets if s.kind == DuplicateSet.Kind.TEAM],
            "modes": [(k, labels.mode_name(k)) for k in MODES],
            "team_modes": [(k, labels.mode_name(k)) for k in services.TEAM_MODES],
            "open_choices": labels.OPEN_CHOICES,
            "deals_range": range(MIN_DEALS, MAX_DEALS + 1),
            "default_deals": DEFAULT_DEALS,
            "streak": selectors.streak(user) if user else None,
        },
    )


@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    """The form of a new «Дубль с друзьями»: the set's page (with its link) or the list again
    with the refusal's message."""
    try:
        dset = services.set_create(
            user=request.user,
            mode=request.POST.get("mode", ""),
            deals=_int(request.POST.get("deals")),
            open_minutes=_int(request.POST.get("open_minutes")),
            private=request.POST.get("private") == "on",
        )
    except Refused as exc:
        messages.error(request, exc.message())
        return redirect("duplicates:index")
    return redirect(_set_url(dset))


@login_required
@require_POST
def team(request: HttpRequest) -> HttpResponse:
    """The form of a team duplicate: the partner's and the two opponents' logins; both tables
    start at once and the set's page links each person's."""
    model = get_user_model()
    names = [request.POST.get(k, "").strip() for k in ("partner", "opponent1", "opponent2")]
    found = {u.username.lower(): u for u in model.objects.filter(username__in=[n for n in names if n])}
    try:
        people = [found.get(n.lower()) for n in names]
        if any(p is None for p in people):
            raise DuplicateRefused("no_such_player")
        dset = services.team_create(
            user=request.user,
            mode=request.POST.get("mode", ""),
            partner=people[0],
            opponents=people[1:],
            deals=_int(request.POST.get("deals")),
        )
    except Refused as exc:
        messages.error(request, exc.message())
        return redirect("duplicates:index")
    return redirect("duplicates:detail", set_id=dset.pk)


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _set_url(dset: DuplicateSet) -> str:
    if dset.private:
        return reverse("duplicates:link", args=[dset.code])
    return reverse("duplicates:detail", args=[dset.pk])


def detail(request: HttpRequest, set_id: int, code: str | None = None) -> HttpResponse:
    """A set's page: its mode, deals, close and commitment; «Играть» (or back to the table);
    once the player finished, his score, each deal against the field with the best result's
    replay, and the leaderboard with his own place; once closed, the seed."""
    try:
        dset = services.set_find(set_id, user=request.user, code=code)
    except Refused as exc:
        raise Http404 from exc
    data = selectors.set_detail(dset, request.user)
    results = data["results"]
    deals = []
    if results is not None:
        mine = (results["mine"] or {}).get("deals") or []
        for n in range(dset.deals):
            best = results["best"][n]
            deals.append(
                {
                    "number": n + 1,
                    "mine": mine[n] if n < len(mine) else None,
                    "best": best,
                    "best_url": reverse("stats:match", args=[best["match"]]) if best else None,
                }
            )
    return render(
        request,
        "duplicates/detail.html",
        {
            "set": dset,
            "d": data,
            "mode_name": labels.mode_name(dset.mode),
            "code": code,
            "deals": deals,
            "table_url": reverse("lobby:table", args=[data["entry"]["table"]])
            if data["entry"] and data["entry"]["table"]
            else None,
            "share_url": request.build_absolute_uri(reverse("duplicates:link", args=[dset.code]))
            if dset.private and dset.creator_id == getattr(request.user, "pk", None)
            else None,
        },
    )


def link(request: HttpRequest, code: str) -> HttpResponse:
    """A private set's link ``/duplicates/c/<code>/``: its page."""
    set_id = DuplicateSet.objects.filter(code=code).values_list("pk", flat=True).first()
    if set_id is None:
        raise Http404
    return detail(request, set_id, code=code)


@login_required
@require_POST
def play(request: HttpRequest, set_id: int) -> HttpResponse:
    """«Играть»: the player's table of the set (started, bots ready), or the set's page with
    the refusal (played already, closed)."""
    code = request.POST.get("code") or None
    try:
        entry = services.set_play(user=request.user, set_id=set_id, code=code)
    except Refused as exc:
        if exc.code == "not_found":
            raise Http404 from exc
        messages.error(request, exc.message())
        return redirect(
            reverse("duplicates:link", args=[code]) if code else reverse("duplicates:detail", args=[set_id])
        )
    return redirect("lobby:table", table_id=entry.table_id)
