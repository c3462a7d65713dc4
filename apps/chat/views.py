"""«Вернуть» on a hidden person (the profile and the chat panel): lift a chat mute or
one's own block."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from apps.core.errors import Refused
from apps.core.forms import cleaned, local_path
from apps.social import services as social

from . import services
from .forms import ReturnForm


@login_required
@require_POST
def hidden_return(request: HttpRequest, kind: str) -> HttpResponse:
    """``kind`` ``mute``: show the chat of ``user`` again; ``block``: lift my block of him.
    A script (``Accept: application/json``) gets ``{"ok": true}`` (or 400 with the refusal); a
    form goes back to ``next`` (a path of this site) or the profile, with a message."""
    if kind not in ("mute", "block"):
        raise Http404("no such kind")
    wants_json = "application/json" in request.headers.get("Accept", "")
    other = cleaned(ReturnForm, request.POST)["user"]
    try:
        if other is None:
            raise Refused("bad_message", detail="user: a user's id")
        if kind == "mute":
            services.mute_set(user=request.user, other_id=other, mute=False)
        else:
            social.unblock(user=request.user, user_id=other)
    except Refused as exc:
        if wants_json:
            return JsonResponse({"code": exc.code, "message": exc.message()}, status=400)
        messages.error(request, exc.message())
    else:
        if wants_json:
            return JsonResponse({"ok": True, "user": other, "kind": kind})
        messages.success(request, _("Сообщения снова видны.") if kind == "mute" else _("Блокировка снята."))
    return redirect(local_path(request, request.POST.get("next")) or "accounts:profile")
