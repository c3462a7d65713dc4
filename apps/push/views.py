"""The JSON endpoints of the profile's «Уведомления» section (static/js/push.js). Each is a
POST with Django's CSRF token (the ``X-CSRFToken`` header) by a signed-in user; a refusal
answers 400 ``{"error": code}`` and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_POST

from apps.accounts.http import SignedInRequest
from apps.core.errors import Refused

from . import devices, keys, kinds, services

#: The largest body these endpoints read (a subscription is under 1 KiB).
MAX_BODY = 4096


def _json_endpoint(view: Callable) -> Callable:
    @wraps(view)
    @require_POST
    def wrapped(request: HttpRequest) -> JsonResponse:
        if not request.user.is_authenticated:
            return JsonResponse({"error": "not_authenticated"}, status=403)
        if len(request.body) > MAX_BODY:
            return JsonResponse({"error": "too_large"}, status=413)
        try:
            body = json.loads(request.body or b"{}")
        except ValueError:
            return JsonResponse({"error": "bad_json"}, status=400)
        if not isinstance(body, dict):
            return JsonResponse({"error": "bad_json"}, status=400)
        try:
            return view(request, body)
        except Refused as exc:
            return JsonResponse({"error": str(exc.code)}, status=400)

    return wrapped


@_json_endpoint
def subscribe(request: HttpRequest, body: dict) -> JsonResponse:
    """Keep this browser's subscription (``{endpoint, keys: {p256dh, auth}}``)."""
    if not keys.configured():
        raise Refused("push_off")
    label = devices.label(request.headers.get("User-Agent", ""))
    row = services.subscribe(
        user=request.user, endpoint=body.get("endpoint"), keys=body.get("keys"), label=label
    )
    return JsonResponse({"id": row.pk, "label": row.label}, status=201)


@_json_endpoint
def unsubscribe(request: HttpRequest, body: dict) -> JsonResponse:
    """Forget a subscription: ``{id}`` (the devices list) or ``{endpoint}`` (this browser)."""
    removed = services.unsubscribe(
        user=request.user, subscription_id=body.get("id"), endpoint=body.get("endpoint")
    )
    return JsonResponse({"removed": removed})


@_json_endpoint
def preference(request: HttpRequest, body: dict) -> JsonResponse:
    """Turn a kind on or off: ``{kind, on}``."""
    prefs = services.preference_set(user=request.user, kind=body.get("kind"), on=body.get("on"))
    return JsonResponse({"kinds": prefs})


@_json_endpoint
def test(request: SignedInRequest, body: dict) -> JsonResponse:
    """«Проверить»: a test notification to every device of the user (queued: 202)."""
    if not services.subscribed([request.user.pk]):
        raise Refused("no_subscription")
    services.notify(request.user.pk, kinds.TEST)
    return JsonResponse({"queued": True}, status=202)
