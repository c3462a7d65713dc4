"""Fixtures of the duplicates tests: users, the scheduler off (bots driven in-process), and a
helper playing a whole set through the real table services."""

from __future__ import annotations

import itertools

import pytest

_counter = itertools.count()


@pytest.fixture(autouse=True)
def _scheduler_off_unless_live(request, settings):
    if request.node.get_closest_marker("live") is None:
        settings.TABLES_SCHEDULER = "none"
    settings.TABLES_BOT_DELAY_MS = 0


@pytest.fixture
def make_user(django_user_model):
    def make(name: str | None = None):
        name = name or f"dup{next(_counter)}"
        return django_user_model.objects.create_user(username=name, password="pw-secret-123")

    return make
