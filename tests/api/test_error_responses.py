"""Errors under ``/api/`` are JSON ``{"code", "message"}`` whatever raised them (issue #33): a body
over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is a 413 logged in one line (it was Django's HTML debug page
and a traceback), Django's own 403/404/500 handlers and CSRF refusals answer JSON there, and the
site's pages elsewhere."""

from __future__ import annotations

import json
import logging
import sys

import pytest
from django.core.exceptions import RequestDataTooBig
from django.test import Client, RequestFactory

from apps.api import errors, views
from config.logs import OneLineSecurityRecords
from tests.api.test_endpoints import error

pytestmark = pytest.mark.django_db

FIVE_MB = '{"username": "' + "x" * 5_000_000 + '"}'


def _log_lines(caplog) -> list[str]:
    """What the site's console handler would print for the captured records."""
    handler = logging.StreamHandler()
    handler.addFilter(OneLineSecurityRecords())
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    out: list[str] = []
    for record in caplog.records:
        if handler.filter(record):
            out.extend(handler.format(record).splitlines())
    return out


@pytest.mark.parametrize("debug", [False, True])
def test_a_5_mb_body_is_a_json_413_logged_in_one_line(api_for, make_user, settings, caplog, debug):
    settings.DEBUG = debug  # DRF's handler answers it, so DEBUG=1 gets JSON too
    caplog.set_level(logging.WARNING)
    anonymous = api_for().client.post("/api/auth/token/", FIVE_MB, content_type="application/json")
    assert error(anonymous, 413, "too_large")["message"] == "Тело запроса слишком велико."
    assert anonymous["Content-Type"] == "application/json"
    signed_in = api_for(make_user())
    response = signed_in.client.post(
        "/api/tables/", FIVE_MB, content_type="application/json", **signed_in.headers
    )
    error(response, 413, "too_large")
    lines = _log_lines(caplog)
    assert lines == [
        "WARNING django.request: Request Entity Too Large: /api/auth/token/",
        "WARNING django.request: Request Entity Too Large: /api/tables/",
    ], lines


def test_a_5_mb_form_outside_drf_is_a_json_413_and_one_log_line(make_user, caplog):
    """The key forms are Django views: the body is refused by Django itself (handler400)."""
    client = Client()
    client.force_login(make_user())
    caplog.set_level(logging.WARNING)
    body = "name=" + "x" * 5_000_000
    response = client.post("/api/keys/new/", body, content_type="application/x-www-form-urlencoded")
    error(response, 413, "too_large")
    lines = _log_lines(caplog)
    assert any("DATA_UPLOAD_MAX_MEMORY_SIZE" in line for line in lines), lines
    assert not any("Traceback" in line for line in lines), lines


def test_the_one_line_filter_drops_security_tracebacks_only() -> None:
    keep = OneLineSecurityRecords()
    try:
        raise ValueError("boom")
    except ValueError:
        info = sys.exc_info()
    name = "django.security.RequestDataTooBig"
    security = logging.LogRecord(name, logging.ERROR, "", 0, "too big", (), info)
    other = logging.LogRecord("django.request", logging.ERROR, "", 0, "crash", (), info)
    assert keep.filter(security) and keep.filter(other)
    assert security.exc_info is None
    assert other.exc_info is info  # a real server error keeps its traceback


def test_a_server_error_under_api_is_json_elsewhere_the_sites_page(api_for, make_user, monkeypatch):
    def crash(self, request, *args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(views.TablesView, "get", crash)
    signed_in = api_for(make_user())
    client = Client(raise_request_exception=False)
    response = client.get("/api/tables/", **signed_in.headers)
    error(response, 500, "server_error")
    page = errors.server_error_handler(RequestFactory().get("/lobby/"))
    assert page.status_code == 500 and "Ошибка сервера" in page.content.decode()


def _body(response, status: int) -> dict:
    """The JSON body of a handler's response (not through the test client), checked for ``status``."""
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    return json.loads(response.content)


def test_django_400_403_and_404_handlers_under_api_are_json() -> None:
    factory = RequestFactory()
    api, page = factory.get("/api/keys/x/"), factory.get("/lobby/x/")
    assert _body(errors.page_not_found_handler(api, Exception("x")), 404)["code"] == "not_found"
    assert _body(errors.permission_denied_handler(api, Exception("x")), 403)["code"] == "permission_denied"
    assert _body(errors.bad_request_handler(api, Exception("x")), 400)["code"] == "invalid_request"
    too_big = errors.bad_request_handler(api, RequestDataTooBig("big"))
    assert _body(too_big, 413) == {"code": "too_large", "message": "Тело запроса слишком велико."}
    for handler, status in [(errors.page_not_found_handler, 404), (errors.permission_denied_handler, 403)]:
        response = handler(page, Exception("x"))
        assert response.status_code == status and response["Content-Type"].startswith("text/html")


def test_unknown_pages_get_the_sites_404_and_unknown_api_paths_json(client) -> None:
    page = client.get("/no-such-page/")
    assert page.status_code == 404
    assert "Страница не найдена" in page.content.decode()
    assert "404.html" in [template.name for template in page.templates]
    error(client.get("/api/no/such/path/"), 404, "not_found")


def test_a_refused_csrf_under_api_is_json(make_user) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user())
    error(client.post("/api/keys/new/", {"name": "k"}), 403, "permission_denied")
    page = client.post("/accounts/logout/")
    assert page.status_code == 403 and page["Content-Type"].startswith("text/html")
