"""Every API error as JSON ``{"code", "message"}`` (docs/protocol.md), with the right status.

Service refusals (:class:`apps.core.errors.Refused`) keep their stable codes; DRF's own errors
(bad JSON, validation, authentication, throttling) get codes of the same kind. A 400 from option
or field validation also carries ``errors``: one message per field.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.utils.translation import gettext_lazy as _
from django.views import csrf, defaults
from rest_framework import exceptions, status
from rest_framework.response import Response

from apps.core.errors import Refused

#: Refusal code -> HTTP status (codes not listed are 400).
REFUSAL_STATUS = {
    "not_found": status.HTTP_404_NOT_FOUND,
    "not_owner": status.HTTP_403_FORBIDDEN,
    "login_locked": status.HTTP_429_TOO_MANY_REQUESTS,
    "not_invited": status.HTTP_403_FORBIDDEN,
    "not_private": status.HTTP_409_CONFLICT,
    "blocked": status.HTTP_403_FORBIDDEN,
    "seat_taken": status.HTTP_409_CONFLICT,
    "already_started": status.HTTP_409_CONFLICT,
    "not_seated": status.HTTP_409_CONFLICT,
    "match_over": status.HTTP_409_CONFLICT,
    "match_not_finished": status.HTTP_409_CONFLICT,
    "stale": status.HTTP_409_CONFLICT,
    "playban": status.HTTP_403_FORBIDDEN,
    "playban_seated": status.HTTP_409_CONFLICT,
    "in_match": status.HTTP_409_CONFLICT,
    "too_many_tables": status.HTTP_409_CONFLICT,
    "client_seed_closed": status.HTTP_409_CONFLICT,
    # apps.tournaments (not_found, not_invited above; the others 400)
    "closed": status.HTTP_409_CONFLICT,
    "full": status.HTTP_409_CONFLICT,
    "already_joined": status.HTTP_409_CONFLICT,
    "not_joined": status.HTTP_409_CONFLICT,
    "rating_range": status.HTTP_403_FORBIDDEN,
    "tournament_ban": status.HTTP_403_FORBIDDEN,
    "removed": status.HTTP_403_FORBIDDEN,
    "rejoin_later": status.HTTP_409_CONFLICT,
    "already_played": status.HTTP_409_CONFLICT,
    "set_closed": status.HTTP_409_CONFLICT,
    "duplicate_table": status.HTTP_409_CONFLICT,
}

#: Messages of the API's own codes (the services' codes have theirs in apps.core.errors).
MESSAGES = {
    "invalid_request": _("Запрос неверен."),
    "not_authenticated": _("Нужен вход: сессия сайта или заголовок «Authorization: Token <ключ>»."),
    "authentication_failed": _("Вход не удался."),
    "permission_denied": _("Нет доступа."),
    "not_found": _("Не найдено."),
    "method_not_allowed": _("Такой метод здесь не поддерживается."),
    "not_acceptable": _("Ответ бывает только в JSON."),
    "unsupported_media_type": _("Тело запроса должно быть JSON."),
    "throttled": _("Слишком много запросов, подождите."),
    "match_not_finished": _("Партия ещё идёт: запись доступна после её конца."),
    "bad_credentials": _("Неверный логин или пароль."),
    "too_large": _("Тело запроса слишком велико."),
    "server_error": _("Ошибка сервера. Попробуйте ещё раз позже."),
}


def refusal(code: str) -> Refused:
    """A refusal with an API code (message from :data:`MESSAGES` when the services have none)."""
    return ApiRefused(code)


class ApiRefused(Refused):
    """A :class:`Refused` whose message may come from this module's :data:`MESSAGES`."""

    def message(self) -> str:
        if self.code in MESSAGES:
            return str(MESSAGES[self.code])
        return super().message()


def error_body(code: str, message: str, **extra) -> dict:
    return {"code": code, "message": str(message), **extra}


def _field_errors(detail, prefix: str = "") -> dict[str, str]:
    """DRF's nested validation detail flattened to ``{"field.sub": "first message"}``."""
    out: dict[str, str] = {}
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            out.update(_field_errors(value, name))
    elif isinstance(detail, list):
        if detail and all(not isinstance(item, dict | list) for item in detail):
            out[prefix or "request"] = str(detail[0])
        else:
            for index, item in enumerate(detail):
                out.update(_field_errors(item, f"{prefix}.{index}" if prefix else str(index)))
    else:
        out[prefix or "request"] = str(detail)
    return out


#: DRF's exception classes and this API's code for each, the first that fits wins.
_DRF_CODES: tuple[tuple[type[exceptions.APIException], str], ...] = (
    (exceptions.NotAuthenticated, "not_authenticated"),
    (exceptions.AuthenticationFailed, "authentication_failed"),
    (exceptions.PermissionDenied, "permission_denied"),
    (exceptions.NotFound, "not_found"),
    (exceptions.MethodNotAllowed, "method_not_allowed"),
    (exceptions.NotAcceptable, "not_acceptable"),
    (exceptions.UnsupportedMediaType, "unsupported_media_type"),
    (exceptions.Throttled, "throttled"),
)


def _drf_code(exc: exceptions.APIException) -> str:
    """The code of a DRF exception; ``invalid_request`` for any other (validation, parse)."""
    return next((code for cls, code in _DRF_CODES if isinstance(exc, cls)), "invalid_request")


def api_exception_handler(exc, context) -> Response | None:
    """DRF's ``EXCEPTION_HANDLER``: the JSON error of ``exc``, or None for a real server error."""
    if isinstance(exc, RequestDataTooBig):  # a body over DATA_UPLOAD_MAX_MEMORY_SIZE
        return Response(_error("too_large"), status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, Refused):
        status_code = REFUSAL_STATUS.get(exc.code, status.HTTP_400_BAD_REQUEST)
        return Response(exc.as_dict(), status=status_code)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None
    code = _drf_code(exc)
    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(exc.wait))
    if isinstance(exc, exceptions.ValidationError | exceptions.ParseError) and code == "invalid_request":
        errors = _field_errors(exc.detail)
        summary = "; ".join(f"{k}: {v}" for k, v in errors.items())
        message = f"{MESSAGES['invalid_request']!s} {summary}".strip()
        return Response(error_body(code, message, errors=errors), status=exc.status_code, headers=headers)
    if code in ("not_authenticated", "not_found", "throttled", "method_not_allowed") or not isinstance(
        exc.detail, str
    ):
        message = str(MESSAGES[code])
    else:
        message = str(exc.detail)
    return Response(error_body(code, message), status=exc.status_code, headers=headers)


def _error(code: str) -> dict:
    """The body of one of this module's own codes, in the request's language."""
    return error_body(code, str(MESSAGES[code]))


def _json_error(code: str, status_code: int) -> JsonResponse:
    """A response outside DRF with the same body (UTF-8, as DRF's renderer writes it)."""
    return JsonResponse(_error(code), status=status_code, json_dumps_params={"ensure_ascii": False})


def is_api(request) -> bool:
    """Whether ``request`` is under ``/api/``, where every error is JSON."""
    return request.path.startswith("/api/")


def bad_request_handler(request, exception=None):
    """Django's ``handler400`` (a suspicious request: a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``
    read outside DRF, a bad Host, ...): under ``/api/`` the API's JSON error (413 for the body,
    else 400), elsewhere Django's page."""
    if is_api(request):
        if isinstance(exception, RequestDataTooBig):
            return _json_error("too_large", 413)
        return _json_error("invalid_request", 400)
    return defaults.bad_request(request, exception)


def permission_denied_handler(request, exception=None):
    """Django's ``handler403``: under ``/api/`` JSON ``permission_denied``, elsewhere Django's page."""
    if is_api(request):
        return _json_error("permission_denied", 403)
    return defaults.permission_denied(request, exception)


def csrf_failure(request, reason: str = ""):
    """``CSRF_FAILURE_VIEW``: under ``/api/`` (the key forms) JSON ``permission_denied``, elsewhere
    Django's page. DRF's own views check CSRF themselves and already answer JSON."""
    if is_api(request):
        return _json_error("permission_denied", 403)
    return csrf.csrf_failure(request, reason)


def page_not_found_handler(request, exception=None):
    """Django's ``handler404``: under ``/api/`` the API's JSON 404 (an ``Http404`` of a view outside
    DRF, e.g. the key forms), elsewhere the site's ``404.html``."""
    if is_api(request):
        return _json_error("not_found", 404)
    return defaults.page_not_found(request, exception)


def server_error_handler(request):
    """Django's ``handler500``: under ``/api/`` JSON ``server_error``, elsewhere the site's ``500.html``."""
    if is_api(request):
        return _json_error("server_error", 500)
    return defaults.server_error(request)
