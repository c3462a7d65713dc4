"""A tournament no-show, live: the final of a knockout starts with one player at his table (his
socket on live daphne) and the other never coming. After the no-show time (shortened here to
10 s) the Celery worker puts a bot into the absent player's seat, the present player's socket is
told, the worker's bot scheduler plays that seat to the end of the match, and the standings
record the absent player's loss and no-show."""

from __future__ import annotations

import random
import time

import pytest
from django.utils import timezone

from apps.core.errors import Refused
from apps.rules import api
from apps.stats.models import Result
from apps.tables import bot_players
from apps.tables.models import Match, Seat
from apps.tables.moves import move_apply
from apps.tables.presence import seat_presence
from apps.tournaments.models import Entrant, Tournament
from apps.tournaments.standings import standings
from tests.tables.live_clients import TableSocket, session_cookie
from tests.tournaments.helpers import final_of_two

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


def _play_my_turns(match: Match, user_id: int, timeout: float = 180.0) -> Match:
    """Make ``user_id``'s moves (a normal bot's choice, as a person's) whenever the match waits
    for him; the other seat is left to the worker. Returns the finished match."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return match
        state = api.from_json(match.state)
        mine = next((p for p in match.players if p["user"] == user_id), None)
        assert mine is not None
        if mine["seat"] not in api.to_act(state):
            time.sleep(0.05)
            continue
        view = api.view(state, mine["seat"])
        view.setdefault("legal", api.legal_actions(state, mine["seat"]))
        action = bot_players.decide(view, "normal", random.Random(match.seq)) or view["legal"][0]
        try:
            at = {"seat": mine["seat"], "seq": match.seq}
            move_apply(match_id=match.pk, action=action, actor="person", user_id=user_id, **at)
        except Refused as exc:  # the bot moved first (Durak lets both act at times)
            assert exc.code in ("stale", "match_over"), exc.code
    raise AssertionError(f"match {match.pk} still playing after {timeout:.0f} s")


def test_a_no_show_is_replaced_by_a_bot_who_plays_on_and_he_loses(
    live_site, celery_worker, make_user, settings
):
    settings.TOURNAMENTS_NO_SHOW_SECONDS = 10  # not 60, and time enough on a loaded box
    settings.TABLES_BOT_DELAY_MS = 30
    present, absent = make_user(), make_user()
    cup, final = final_of_two(present, absent, name="Финал без соперника")  # its no-show check: the worker's
    match = Match.objects.get(table=final.table, status=Match.Status.PLAYING)
    assert match.absent_bot
    assert (match.show_deadline - match.created_at).total_seconds() == pytest.approx(10, abs=0.5)
    seat = Seat.objects.get(table=final.table, user=absent).number

    # he comes at once (as the other live tests' players do: a socket on a loaded box may take
    # longer than the shortened delay), and watches his table on live daphne
    seat_presence(table_id=final.table_id, user_id=present.pk, delta=+1)
    assert timezone.now() < match.show_deadline  # he came in time
    sock = TableSocket(live_site, f"/ws/tables/{final.table_id}/", session_cookie(present))
    sock.wait_for(lambda m: m.get("op") == "state")

    def bot_there(message: dict) -> bool:
        seats = message.get("view", {}).get("seats") or [] if message.get("op") == "state" else []
        return any(s["seat"] == seat and s.get("bot") == "normal" and s.get("connected") for s in seats)

    sock.wait_for(bot_there, timeout=40)  # the worker replaced him and the socket was told
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING and match.show_deadline is None
    assert [p["replaced"] for p in match.players if p.get("replaced")] == [absent.pk]
    assert not Seat.objects.filter(table=final.table, user=absent).exists()

    match = _play_my_turns(match, present.pk)
    bot_moves = match.moves.filter(seat=seat, actor="bot").count()
    assert bot_moves > 0  # the worker's bot scheduler played his seat
    rows = {r.seat: r for r in Result.objects.filter(match=match)}
    assert rows[seat].user_id is None and rows[seat].bot_level == "normal"
    assert [r.user_id for s, r in rows.items() if s != seat] == [present.pk]

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and Tournament.objects.get(pk=cup.pk).status != "finished":
        time.sleep(0.2)  # the worker's tournaments.advance ends the event
    cup.refresh_from_db()
    final.refresh_from_db()
    gone = Entrant.objects.get(tournament=cup, user=absent)
    kept = Entrant.objects.get(tournament=cup, user=present)
    assert final.results[str(gone.pk)]["outcome"] == "loss"
    assert final.results[str(kept.pk)]["outcome"] == "win"
    assert cup.status == "finished" and cup.winner_id == kept.pk
    gone.refresh_from_db()
    assert gone.no_shows == 1 and gone.eliminated
    lines = {line.entrant_id: line for line in standings(cup)}
    assert lines[kept.pk].score == 1 and lines[gone.pk].score == 0
    seat_presence(table_id=final.table_id, user_id=present.pk, delta=-1)
