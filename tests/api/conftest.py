"""Fixtures of the API tests: users, tokens, a JSON client, throttles reset, scheduler off.

In-process tests call the API through Django's test client with ``Authorization: Token <key>``;
live tests (marked ``live``) use :func:`api_site`, a daphne of their own whose rates are high and
whose bots move at once (``TABLES_BOT_DELAY_MS=0``), plus the session's Celery worker.
"""

from __future__ import annotations

import itertools
import json

import pytest
from django.core.cache import cache
from django.test import Client

from apps.api import tokens
from tests.live import live_env, start_daphne, stop_process

_counter = itertools.count()
PASSWORD = "pw-secret-123"


@pytest.fixture(autouse=True)
def _scheduler_off_unless_live(request, settings):
    if request.node.get_closest_marker("live") is None:
        settings.TABLES_SCHEDULER = "none"
    settings.TABLES_BOT_DELAY_MS = 0


@pytest.fixture(autouse=True)
def _throttles_reset():
    """Rate counters live in the cache: each test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def make_user(django_user_model):
    def make(name: str | None = None, **fields):
        name = name or f"apiuser{next(_counter)}"
        return django_user_model.objects.create_user(username=name, password=PASSWORD, **fields)

    return make


class ApiClient:
    """Django's test client speaking JSON with one API token (or none)."""

    def __init__(self, key: str | None = None) -> None:
        self.client = Client()
        self.headers = {"HTTP_AUTHORIZATION": f"Token {key}"} if key else {}

    def get(self, path: str, **params):
        return self.client.get(path, params, **self.headers)

    def post(self, path: str, body=None):
        data = "" if body is None else json.dumps(body)
        return self.client.post(path, data, content_type="application/json", **self.headers)


@pytest.fixture
def api_for():
    """``api_for(user)``: an :class:`ApiClient` with a new token of ``user`` (None: anonymous)."""

    def make(user=None) -> ApiClient:
        if user is None:
            return ApiClient()
        _token, key = tokens.token_create(user=user, name="test")
        return ApiClient(key)

    return make


@pytest.fixture(scope="session")
def api_site(django_db_setup, django_db_blocker):
    """A daphne for the live API tests: high rate limits, bots without their human pause."""
    with django_db_blocker.unblock():
        env = live_env(API_RATE="100000/min", API_AUTH_RATE="1000/min", TABLES_BOT_DELAY_MS="0")
    site = start_daphne(env)
    yield site
    stop_process(site.process)
