"""Whole games over real sockets: daphne, the Redis channel layer and a Celery worker process.

No message to any seat ever holds a card that seat may not see (checked against the engine
replaying the match's own record).
"""

from __future__ import annotations

import time

import pytest

from apps.lobby import services as lobby
from apps.tables import seating
from apps.tables.models import Match
from tests.live import live_env, start_celery_worker, stop_process
from tests.tables.conftest import game_params
from tests.tables.helpers import assert_replays, bot_table
from tests.tables.leaks import assert_no_leaks
from tests.tables.live_clients import TableSocket, session_cookie

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


def auction_or_play_choice(view: dict) -> dict:
    """A quick way through a belot-family deal: the first speaker bids low, the rest pass,
    then everyone plays his first legal card."""
    legal = view["legal"]
    kinds = {a["type"] for a in legal}
    if "play" in kinds:
        return next(a for a in legal if a["type"] == "play")
    bids = [a for a in legal if a["type"] == "bid"]
    if bids and not view.get("contract") and all(d.get("type") != "bid" for d in view.get("auction") or []):
        return min(bids, key=lambda a: a["value"])
    return next((a for a in legal if a["type"] == "pass"), legal[0])


def play_until(sockets: dict[int, TableSocket], done, choose, timeout: float = 90.0) -> dict:
    """Each socket acts on its newest state when it may; returns the state where ``done`` holds."""
    acted: set[tuple[int, int]] = set()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for seat, sock in sockets.items():
            state = sock.latest()
            if state is None:
                continue
            if done(state):
                return state
            view = state["view"]
            if view["legal"] and (seat, state["seq"]) not in acted:
                acted.add((seat, state["seq"]))
                sock.act(state["seq"], choose(view))
        time.sleep(0.01)
    raise AssertionError(f"not done in {timeout} s: {[s.latest()['seq'] for s in sockets.values()]}")


def test_four_clients_play_a_whole_bazar_blot_deal(live_site, celery_worker, make_user):
    people = [make_user() for _ in range(4)]
    table = seating.table_create(user=people[0], game="bazar_blot", options={"players": 4})
    sockets = {0: TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(people[0]))}
    for n in range(1, 4):
        seating.seat_take(table_id=table.pk, user=people[n], seat=n)
        sockets[n] = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(people[n]))
    watcher = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(make_user()))
    for n in range(4):
        sockets[n].wait_for(lambda m, n=n: m.get("op") == "state" and m["view"]["seat"] == n)
        seating.ready_set(table_id=table.pk, user=people[n])
    final = play_until(sockets, lambda s: len(s["view"]["deals"]) >= 1, auction_or_play_choice)
    deal = final["view"]["deals"][0]
    assert deal["redeal"] is False and sum(deal["card_points"]) == 162
    match = Match.objects.get(table=table)
    watcher.wait_for(lambda m: m.get("op") == "state" and m["seq"] >= final["seq"])
    assert watcher.latest()["view"]["hand"] == [] and watcher.latest()["view"]["seat"] is None
    seqs = sorted({s["seq"] for s in sockets[0].states if s["view"]["match"]})
    assert seqs == list(range(seqs[0], seqs[-1] + 1)), "every seq reached seat 0"
    received = {n: sock.states for n, sock in sockets.items()} | {None: watcher.states}
    assert assert_no_leaks(match, received) > 100
    assert_replays(match)
    for sock in [*sockets.values(), watcher]:
        sock.close()


def test_one_person_plays_a_whole_durak_game_against_three_bots(live_site, celery_worker, make_user):
    person = make_user()
    table = lobby.play_with_bots(user=person, game="durak", level="normal", bot_delay_ms=0)
    sock = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(person))
    friend = make_user()  # a game with bots is private: a spectator comes by its invite link
    seating.invite_join(code=table.invite_code, user=friend)
    watcher = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(friend))

    def choose(view: dict) -> dict:
        legal = view["legal"]
        return next((a for a in legal if a["type"] in ("done", "take")), legal[0])

    final = play_until({0: sock}, lambda s: s["view"]["result"] is not None, choose, timeout=120)
    match = Match.objects.get(table=table)
    assert match.status == "finished"
    assert final["view"]["result"]["winners"] == match.result["winners"]
    assert match.moves.filter(actor="person").exists() and match.moves.filter(actor="bot").exists()
    watcher.wait_for(lambda m: m.get("op") == "state" and m["view"]["result"] is not None)
    assert assert_no_leaks(match, {0: sock.states, None: watcher.states}) > 20
    assert_replays(match)
    sock.close()
    watcher.close()


def test_bots_finish_a_whole_match_of_every_game_alone_through_workers(live_site, celery_worker):
    """Every game at once, on the session worker plus a second one (per-match locks keep each
    match serial while the two workers take tasks of all of them)."""
    second = start_celery_worker(live_env())
    try:
        matches = {
            p.values[0]: bot_table(p.values[0], p.values[1], level="normal", bot_delay_ms=0).matches.get()
            for p in game_params()
        }
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            for match in matches.values():
                match.refresh_from_db()
            if all(m.status == "finished" for m in matches.values()):
                break
            time.sleep(0.5)
    finally:
        stop_process(second.process)
    for game, match in matches.items():
        assert match.status == "finished", f"{game}: seq {match.seq} after 240 s"
        assert set(match.moves.values_list("actor", flat=True)) == {"bot"}
        assert_replays(match)
