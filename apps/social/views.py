"""Thin views of the social app: the friends page and its buttons, answering an invitation,
the «Смотреть» page. Every write is a service call; a refusal becomes a message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from apps.accounts.http import SignedInRequest
from apps.accounts.models import User
from apps.core.errors import Refused
from apps.core.forms import cleaned, local_path

from . import selectors, services
from .featured import featured_ensure
from .forms import FriendActionForm
from .words import page_words


@login_required
def friends_page(request: HttpRequest) -> HttpResponse:
    """«Друзья»: invitations to tables, requests both ways, friends with where they are (kept
    fresh by the lobby socket), the add and block forms, the blocked list."""
    user = request.user
    return render(
        request,
        "social/friends.html",
        {
            "friends": selectors.friends_status(user),
            "incoming": selectors.incoming_requests(user),
            "outgoing": selectors.outgoing_requests(user),
            "invitations": selectors.pending_invitations(user),
            "blocked": selectors.blocked_users(user),
            "my_tables": selectors.my_open_tables(user),
            "words": page_words(),
        },
    )


#: The service of each action: (user, the form's cleaned data) -> its result.
ACTIONS: dict[str, Callable[[User, dict[str, Any]], object]] = {
    "request": lambda user, post: services.friend_request(user=user, username=post["username"]),
    "accept": lambda user, post: services.friend_accept(user=user, request_id=post["request"]),
    "decline": lambda user, post: services.friend_decline(user=user, request_id=post["request"]),
    "remove": lambda user, post: services.friend_remove(user=user, friend_id=post["friend"]),
    "block": lambda user, post: services.block(user=user, username=post["username"]),
    "unblock": lambda user, post: services.unblock(user=user, user_id=post["user"]),
    "invite": lambda user, post: services.invite(user=user, friend_id=post["friend"], table_id=post["table"]),
}

#: Messages after a successful action.
DONE = {
    "request": lambda result: _("Вы теперь друзья.") if result == "friends" else _("Заявка отправлена."),
    "accept": lambda result: _("Заявка принята: вы теперь друзья."),
    "decline": lambda result: _("Заявка отклонена."),
    "remove": lambda result: _("Больше не друзья."),
    "block": lambda result: _("Игрок заблокирован."),
    "unblock": lambda result: _("Блокировка снята."),
    "invite": lambda result: _("Приглашение отправлено."),
}


@login_required
@require_POST
def friends_action(request: SignedInRequest, action: str) -> HttpResponse:
    """The friends page's buttons: request, accept, decline, remove, block, unblock, invite."""
    if action not in DONE:
        raise Http404("no such action")
    post = cleaned(FriendActionForm, request.POST)
    try:
        result = ACTIONS[action](request.user, post)
    except Refused as exc:
        messages.error(request, exc.message())
    else:
        messages.success(request, DONE[action](result))
    return redirect("social:friends")


@login_required
@require_POST
def invitation_answer(request: HttpRequest, invitation_id: int, answer: str) -> HttpResponse:
    """«Принять» goes to the table (:func:`selectors.invitation_target`); «Отклонить» stays."""
    if answer not in ("accept", "decline"):
        raise Http404("no such answer")
    try:
        target = services.invitation_answer(
            user=request.user, invitation_id=invitation_id, accept=answer == "accept"
        )
    except Refused as exc:
        messages.error(request, exc.message())
        return redirect("social:friends")
    if target is None:
        messages.success(request, _("Приглашение отклонено."))
        return redirect(local_path(request, request.POST.get("next")) or "social:friends")
    return redirect(target)


@login_required
def watch_page(request: HttpRequest) -> HttpResponse:
    """«Смотреть»: public tables being played (kept fresh through the lobby socket) and the
    last public matches finished, with their replays."""
    featured_ensure()  # nothing of people plays: a match of strong bots does
    return render(request, "social/watch.html", {"watch": selectors.watch_list(), "words": page_words()})
