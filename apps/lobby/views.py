"""Lobby and table pages: thin views over the seating services (the JSON API calls the same)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from apps.accounts.http import SignedInRequest
from apps.core.errors import Refused
from apps.core.forms import cleaned
from apps.core.labels import game_name, mode_label
from apps.duplicates import selectors as duplicate_selectors
from apps.rules.seating import is_team_game
from apps.tables import access, seating
from apps.tables.fairness import table_fairness
from apps.tables.models import Table
from apps.tables.selectors import current_match, seats_info, table_options_owner_id, unfinished_match_for

from . import selectors, services
from .forms import (
    GAMES,
    RATED_CHOICES,
    SeatActionForm,
    level_choices,
    listing_row,
    listing_words,
    option_choices,
    options_from_post,
    rated_from_post,
    seats_from_post,
    shown_seats,
)


@login_required
def lobby(request: SignedInRequest) -> HttpResponse:
    """Open tables (kept fresh by ``/ws/lobby/``), the create form, «Играть с ботами», and the
    offer to continue an unfinished match."""
    return render(
        request,
        "lobby/lobby.html",
        {
            "tables": [listing_row(t) for t in selectors.open_tables()],
            "games": GAMES,
            "option_fields": [(code, option_choices(code, table=True)) for code, _label in GAMES],
            "levels": level_choices(),
            "rated_choices": RATED_CHOICES,
            "words": listing_words(),
            "unfinished": unfinished_match_for(request.user.pk),
        },
    )


@login_required
@require_POST
def table_create(request: HttpRequest) -> HttpResponse:
    game = request.POST.get("game", "")
    try:
        table = seating.table_create(
            user=request.user,
            game=game,
            options=options_from_post(game, request.POST),
            private=request.POST.get("private") == "1",
            seats=seats_from_post(game, request.POST),
            rated=rated_from_post(request.POST),
        )
    except Refused as exc:
        messages.error(request, exc.message())
        return redirect("lobby:home")
    return redirect("lobby:table", table_id=table.pk)


@login_required
@require_POST
def play_with_bots(request: SignedInRequest) -> HttpResponse:
    """Starts at once; an unfinished bot game is replaced (a loss) only after confirmation."""
    game = request.POST.get("game", "")
    if selectors.unfinished_bot_matches(request.user.pk) and request.POST.get("confirm") != "yes":
        return render(request, "lobby/confirm_new.html", {"post": request.POST})
    try:
        table = services.play_with_bots(
            user=request.user,
            game=game,
            options=options_from_post(game, request.POST),
            level=request.POST.get("level", "normal"),
            seats=seats_from_post(game, request.POST),
        )
    except Refused as exc:
        messages.error(request, exc.message())
        return redirect("lobby:home")
    return redirect("lobby:table", table_id=table.pk)


def _visible_or_404(request: HttpRequest, table_id: int) -> Table:
    """The table if the user may see it (a private one: its people only); 404 otherwise."""
    table = access.visible_table(table_id, request.user)
    if table is None:
        raise Http404
    return table


@login_required
def invite(request: HttpRequest, code: str) -> HttpResponse:
    """``/t/<code>/``: the invite link of a private table lets the user in and opens the table
    (a free seat offered before the start; a spectator's seat after). 404 for an unknown code."""
    try:
        table = seating.invite_join(code=code, user=request.user)
    except Refused:
        raise Http404 from None
    return redirect("lobby:table", table_id=table.pk)


@login_required
def table_page(request: SignedInRequest, table_id: int) -> HttpResponse:
    """Before the start: seats, bots, options, «Готов». Then the live table client."""
    table = _visible_or_404(request, table_id)
    info = seats_info(table.pk)
    is_creator = table.owner_id == request.user.pk
    mine = next((s for s in info if s["user"] == request.user.pk), None)
    elsewhere = unfinished_match_for(request.user.pk) if table.status == Table.Status.WAITING else None
    if elsewhere is not None and elsewhere.table_id == table.pk:
        elsewhere = None
    return render(
        request,
        "tables/table.html",
        {
            "table": table,
            "seats": shown_seats(info),
            "match": current_match(table.pk),
            "my_seat": mine["seat"] if mine else None,
            "my_ready": bool(mine and mine["ready"]),
            "is_owner": table_options_owner_id(table) == request.user.pk,
            "option_fields": option_choices(table.game, table.options, defaults=False),
            "levels": level_choices(),
            "game_name": game_name(table.game),
            "mode": mode_label(table.game, table.options),
            "invite_url": request.build_absolute_uri(reverse("invite:invite", args=[table.invite_code]))
            if is_creator and table.private and table.invite_code
            else None,
            "can_invite": is_creator and table.private,
            "team_game": is_team_game(table.game, table.options),
            "fairness": table_fairness(table),
            # a match of his at another table: no «Сесть» here, a link back there
            "playing_elsewhere": elsewhere,
            "duplicate": duplicate_selectors.table_banner(table.pk),
        },
    )


@login_required
@require_POST
def table_action(request: HttpRequest, table_id: int, action: str) -> HttpResponse:
    """The seat buttons of the waiting table: sit, stand, bots, options, ready; the owner's
    new invite link («invite») and the team games' chat rule («chat»)."""
    post = request.POST
    seat = cleaned(SeatActionForm, post)
    _visible_or_404(request, table_id)
    try:
        if action in ("sit", "bots") and seat["seat"] is None:
            raise Refused("bad_seat")
        if action == "sit":
            seating.seat_take(table_id=table_id, user=request.user, seat=seat["seat"])
        elif action == "stand":
            seating.seat_leave(table_id=table_id, user=request.user)
        elif action == "bots":
            seating.bots_set(
                table_id=table_id, user=request.user, seat=seat["seat"], level=seat["level"] or None
            )
        elif action == "options":
            table = get_object_or_404(Table, pk=table_id)
            options = {**table.options, **options_from_post(table.game, post)}
            seating.options_set(table_id=table_id, user=request.user, options=options)
        elif action == "ready":
            # docs/rules.md §3: the seed the player typed («Ещё настройки»), else the page's random one
            client_seed = post.get("client_seed_own") or post.get("client_seed") or None
            seating.ready_set(
                table_id=table_id, user=request.user, ready=post.get("ready") != "0", client_seed=client_seed
            )
        elif action == "invite":
            seating.invite_renew(table_id=table_id, user=request.user)
            messages.success(request, _("Новая ссылка готова: старая больше не действует."))
        elif action == "chat":
            seating.chat_free_set(table_id=table_id, user=request.user, free=post.get("free") == "1")
    except Refused as exc:
        messages.error(request, exc.message())
    return redirect("lobby:table", table_id=table_id)
