"""Fixtures of the tables and lobby tests: users, games that exist, and the scheduler switch.

Unit tests (no live processes) run with ``TABLES_SCHEDULER=none`` so nothing reaches Celery;
they drive timers and bots by calling the services. Tests marked ``live`` keep Celery on.
"""

from __future__ import annotations

import itertools
from importlib import import_module

import pytest

from apps.rules import api

_counter = itertools.count()


def available_games() -> list[str]:
    """Games whose engine module exists in this tree (the others land later)."""
    games = []
    for game, target in api.GAMES.items():
        try:
            import_module(target.split(":")[0])
        except ImportError:
            continue
        games.append(game)
    return games


#: ``(game, options)`` for a whole match of every game that exists, with short targets.
MATCH_SETUPS = {
    "bazar_blot": {"players": 4, "target": 51},
    "blot": {"target": 501},
    "deberc": {"players": 3, "target": 301},
    "durak": {},
}


def game_params() -> list:
    return [pytest.param(g, MATCH_SETUPS.get(g, {}), id=g) for g in available_games()]


@pytest.fixture(autouse=True)
def _scheduler_off_unless_live(request, settings):
    if request.node.get_closest_marker("live") is None:
        settings.TABLES_SCHEDULER = "none"
    settings.TABLES_BOT_DELAY_MS = 0


@pytest.fixture
def make_user(django_user_model):
    def make(name: str | None = None):
        name = name or f"player{next(_counter)}"
        return django_user_model.objects.create_user(username=name, password="pw-secret-123")

    return make


@pytest.fixture(autouse=True)
def _replay_every_finished_match(request):
    """After each database test: every finished match rebuilds from its record (docs/rules.md §2
    format) to the same totals and winners as its row — whoever finished it (person, bot,
    timer, disconnect, a replaced bot game)."""
    marker = request.node.get_closest_marker("django_db")
    if marker is None:
        yield
        return
    request.getfixturevalue("transactional_db" if marker.kwargs.get("transaction") else "db")
    yield
    from apps.tables.models import Match
    from tests.tables.helpers import assert_replays

    for match in Match.objects.filter(status="finished").exclude(result__reason="aborted"):
        assert_replays(match)


@pytest.fixture
def durak_match(make_user):
    """A Durak match: a person at seat 0, bots at 1..3, waiting for whoever acts first."""
    from tests.tables.helpers import bot_table

    person = make_user()
    table = bot_table("durak", {}, people=[person])
    return person, table.matches.get()
