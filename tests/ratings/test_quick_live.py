"""Quick play under two daphne processes: 40 people into 10 tables, nobody seated twice."""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections import Counter

import pytest

from apps.api import tokens
from apps.ratings.models import QuickEntry
from apps.tables.models import Match, Seat, Table
from tests.live import live_env, start_daphne, stop_process

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def two_sites(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        env = live_env(API_RATE="100000/min", TABLES_BOT_DELAY_MS="0")
    sites = [start_daphne(env), start_daphne(env)]
    yield sites
    for site in sites:
        stop_process(site.process)


def call(url: str, key: str, method: str = "GET", body: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        url,
        data=data,
        method=method,
        headers={"Authorization": f"Token {key}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def test_forty_people_ten_tables_nobody_twice_across_two_processes(two_sites, django_user_model):
    make = django_user_model.objects.create_user
    users = [make(username=f"quick{i}", password="pw-secret-123") for i in range(40)]
    keys = [tokens.token_create(user=u, name="quick")[1] for u in users]
    start = threading.Barrier(len(users))
    outcomes: dict[int, dict] = {}
    errors: list[str] = []

    def player(i: int) -> None:
        try:
            sites = [two_sites[i % 2].url, two_sites[(i + 1) % 2].url]
            start.wait()
            state = call(f"{sites[0]}/api/quick/", keys[i], "POST", {"mode": "bazar_4"})
            deadline = time.monotonic() + 90
            polls = 0
            while state["status"] != "seated" and time.monotonic() < deadline:
                time.sleep(0.3)
                polls += 1
                state = call(f"{sites[polls % 2]}/api/quick/", keys[i])  # polls go to both processes
            outcomes[i] = state
        except Exception as exc:  # collected: every player's failure is reported
            errors.append(f"player {i}: {exc!r}")

    threads = [threading.Thread(target=player, args=(i,)) for i in range(len(users))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    assert all(outcomes[i]["status"] == "seated" for i in range(len(users))), outcomes

    tables = list(Table.objects.all())
    assert len(tables) == 10 and Match.objects.filter(status="playing").count() == 10
    seated = Counter(Seat.objects.exclude(user=None).values_list("user_id", flat=True))
    assert set(seated) == {u.pk for u in users} and set(seated.values()) == {1}  # nobody twice
    for table in tables:
        assert table.seats.exclude(user=None).count() == 4
        assert not table.seats.exclude(bot_level=None).exists()
    entries = Counter(QuickEntry.objects.filter(status="seated").values_list("user_id", flat=True))
    assert set(entries.values()) == {1} and len(entries) == 40
    # what each player was told is the table he sits at
    for i, user in enumerate(users):
        assert Seat.objects.get(user=user).table_id == outcomes[i]["table"]
