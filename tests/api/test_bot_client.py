"""``examples/bot_client.py`` plays whole matches against the real server: daphne, a Celery
worker (the bots' moves), PostgreSQL and Redis; the match then shows in ``/api/me/results/``."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request

import pytest

from apps.tables.models import Match
from tests.live import ROOT
from tests.tables.helpers import assert_replays

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]

CLIENT = ROOT / "examples" / "bot_client.py"


def run_client(site, user, *args: str) -> dict:
    """Run the example as a newcomer would; its last line is the match summary as JSON."""
    argv = [sys.executable, str(CLIENT), "--site", site.url, "--username", user.username]
    argv += ["--password", "pw-secret-123", "--seed", "7", *args]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("table "), done.stdout
    return json.loads(lines[-1])


def my_results(site, user) -> list[dict]:
    body = json.dumps({"username": user.username, "password": "pw-secret-123"}).encode()
    request = urllib.request.Request(
        f"{site.url}/api/auth/token/", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        key = json.loads(response.read())["token"]
    request = urllib.request.Request(f"{site.url}/api/me/results/", headers={"Authorization": f"Token {key}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


@pytest.mark.parametrize(
    ("game", "args", "reasons"),
    [
        pytest.param("durak", ["--bots", "1"], {"fool", "draw"}, id="durak"),
        pytest.param(
            "bazar_blot", ["--options", '{"players": 2, "target": 51}'], {"target"}, id="bazar_blot"
        ),
    ],
)
def test_the_example_bot_plays_a_whole_match(api_site, celery_worker, make_user, game, args, reasons):
    user = make_user()
    summary = run_client(api_site, user, "--game", game, "--level", "easy", *args)
    match = Match.objects.get(pk=summary["match"])
    assert match.status == Match.Status.FINISHED and match.game == game
    assert summary["result"]["reason"] in reasons and match.result["reason"] == summary["result"]["reason"]
    assert match.players[0]["user"] == user.pk and match.players[1]["bot"] == "easy"
    if game == "bazar_blot":
        assert max(summary["totals"]) >= 51 and len(match.deal_records.all()) >= 1
    assert_replays(match)
    results = my_results(api_site, user)
    assert results[0]["match"] == match.pk and results[0]["game"] == game
    assert results[0]["ending"] == summary["result"]["reason"]
    won = 0 in summary["result"]["winners"]
    assert results[0]["outcome"] in ({"win"} if won else {"loss", "fool", "draw"})
