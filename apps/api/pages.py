"""The profile page's API-key forms (session and CSRF, like the rest of the site's pages)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from . import tokens


@never_cache
@require_POST
@login_required
def token_new(request: HttpRequest) -> HttpResponse:
    """Make a key named by the form and show it once (it is never shown again)."""
    name = (request.POST.get("name") or "").strip()[:60] or _("Ключ")
    token, key = tokens.token_create(user=request.user, name=name)
    return render(request, "api/token_created.html", {"token": token, "key": key})


@require_POST
@login_required
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    """Revoke one of the user's keys; back to the profile."""
    if tokens.token_revoke(user=request.user, token_id=token_id):
        messages.success(request, _("Ключ отозван."))
    else:
        messages.error(request, _("Такого ключа нет."))
    return redirect("accounts:profile")
