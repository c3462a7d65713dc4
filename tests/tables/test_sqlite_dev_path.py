"""The embedded default (``./run``: SQLite) plays moves through the same services: the move
store's portable read and write paths (apps/tables/store.py) on a real SQLite database."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.live import ROOT, embedded_env, embedded_migrated

#: Each test runs Django in a child process on a migrated SQLite copy: long, so handed out first.
pytestmark = pytest.mark.slow

SCRIPT = """
import json
import django
django.setup()
from django.conf import settings
from django.core.management import call_command
from django.contrib.auth import get_user_model
from django.db import connection

settings.TABLES_SCHEDULER = "none"
call_command("migrate", verbosity=0)
from apps.tables.bot_turns import match_bot_move
from apps.tables.moves import move_apply
from apps.core.errors import Refused
from apps.tables.models import Move
from tests.tables.helpers import bot_table, person_turn

person = get_user_model().objects.create_user(username="dev-path", password="pw-secret-123")
match, action = person_turn(bot_table("durak", {}, people=[person]).matches.get())
kwargs = dict(match_id=match.pk, seat=0, action=action, seq=match.seq, actor="person", user_id=person.pk)
applied = move_apply(**kwargs)
try:
    move_apply(**kwargs)
    again = "applied"
except Refused as exc:
    again = exc.code
bots = bot_table("bazar_blot", {"target": 51}, level="easy").matches.get()
for _ in range(5000):
    bots.refresh_from_db()
    if bots.status != "playing" or not match_bot_move(match_id=bots.pk, seq=bots.seq):
        break
bots.refresh_from_db()
print(json.dumps({
    "vendor": connection.vendor,
    "applied": applied, "before": match.seq, "again": again,
    "status": bots.status, "seq": bots.seq,
    "moves": list(Move.objects.filter(match=bots).order_by("seq").values_list("seq", flat=True)),
    "deals": bots.deal_records.count(),
}))
"""


def run_on_sqlite(script: str, tmp_path: Path) -> dict:
    """Run ``script`` with the embedded default's settings on a fresh SQLite file under
    ``tmp_path`` (migrated once for the session; the script's own ``migrate`` finds nothing to do;
    no timers or bot tasks); return the JSON object it printed last."""
    env = embedded_env(embedded_migrated(tmp_path / "dev.sqlite3"), TABLES_SCHEDULER="none")
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_moves_apply_once_and_a_bot_match_finishes_on_sqlite(tmp_path) -> None:
    out = run_on_sqlite(SCRIPT, tmp_path)
    assert out["vendor"] == "sqlite"
    assert out["applied"] == out["before"] + 1
    assert out["again"] == "stale"
    assert out["status"] == "finished"
    assert out["moves"] == list(range(1, out["seq"] + 1))  # contiguous: none lost or doubled
    assert out["deals"] >= 1


RESULTS_SCRIPT = """
import json
import django
django.setup()
from django.conf import settings
from django.core.management import call_command
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

settings.TABLES_SCHEDULER = "none"
call_command("migrate", verbosity=0)
from apps.rules import api
from apps.tables.bot_turns import match_bot_move
from apps.tables.moves import move_apply
from tests.tables.helpers import bot_table

person = get_user_model().objects.create_user(username="dev-results", password="pw-secret-123")
match = bot_table("durak", {}, people=[person]).matches.get()
for _ in range(5000):
    match.refresh_from_db()
    if match.status != "playing":
        break
    state = api.from_json(match.state)
    legal = api.legal_actions(state, 0)
    if legal:
        move_apply(match_id=match.pk, seat=0, action=legal[0], seq=match.seq,
                   actor="person", user_id=person.pk)
    else:
        match_bot_move(match_id=match.pk, seq=match.seq)
client = Client(HTTP_HOST="127.0.0.1")
client.force_login(person)
page = client.get(reverse("stats:my_results"))
api_answer = client.get("/api/me/results/")
print(json.dumps({
    "status": match.status,
    "page": page.status_code,
    "api": api_answer.status_code,
    "finished_at": (api_answer.json() or [{}])[0].get("finished_at")
    if api_answer.status_code == 200 else None,
}))
"""


def test_my_results_page_and_api_answer_on_sqlite_after_a_finished_match(tmp_path) -> None:
    """«Мои результаты» answered 500 on the embedded default: SQLite's raw cursor returns naive
    datetimes, which ``localtime()`` refuses (issue #19, item 1)."""
    out = run_on_sqlite(RESULTS_SCRIPT, tmp_path)
    assert out["status"] == "finished"
    assert out["page"] == 200
    assert out["api"] == 200
    assert out["finished_at"] and out["finished_at"].endswith("+00:00")
