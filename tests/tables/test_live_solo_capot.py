"""«Капо на 1 руке» played through the table socket: daphne, the Redis layer, a Celery worker.

Four people at a Gambler table with ``solo_capot``: the first speaker bids a solo capot, the
others pass, and the deal is played over the sockets. The sitting partner is never offered an
action in the play, the others never receive one of his cards, and the deal is scored as the
ruling says (docs/rules.md "Variants beyond the seeds").
"""

from __future__ import annotations

import time

import pytest

from apps.rules import api
from apps.tables import seating
from apps.tables.models import Match
from tests.fair_seeds import find_server_seed, fix_server_seed
from tests.tables.helpers import assert_replays
from tests.tables.leaks import assert_no_leaks
from tests.tables.live_clients import TableSocket, session_cookie

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]

OPTIONS = {"players": 4, "ruleset": "gambler", "solo_capot": True}


def solo_or_pass(view: dict) -> dict:
    """Bid a solo capot in the first trump offered when nobody has bid yet; else pass; in the
    play the first legal card."""
    legal = view["legal"]
    if any(a["type"] == "play" for a in legal):
        return next(a for a in legal if a["type"] == "play")
    solos = [a for a in legal if a.get("solo")]
    if solos and not any(c["type"] in ("bid", "capot") for c in view.get("auction") or []):
        return solos[0]
    return next(a for a in legal if a["type"] == "pass")


def in_turn(sockets: dict[int, TableSocket], done, timeout: float = 90.0) -> dict:
    """Each seat the game waits for (``awaiting``) acts by :func:`solo_or_pass` on its newest
    state (an out-of-turn contra is never said); returns the state where ``done`` holds."""
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
            if view.get("match") and seat in view.get("awaiting", []) and (seat, state["seq"]) not in acted:
                acted.add((seat, state["seq"]))
                sock.act(state["seq"], solo_or_pass(view))
        time.sleep(0.01)
    raise AssertionError(f"not done in {timeout} s")


def seated_table(live_site, make_user, options: dict) -> tuple[object, dict[int, TableSocket]]:
    """A table of four people, each on his socket, all ready (the match has started)."""
    people = [make_user() for _ in range(4)]
    table = seating.table_create(user=people[0], game="bazar_blot", options=options)
    sockets = {0: TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(people[0]))}
    for n in range(1, 4):
        seating.seat_take(table_id=table.pk, user=people[n], seat=n)
        sockets[n] = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(people[n]))
    for n in range(4):
        sockets[n].wait_for(lambda m, n=n: m.get("op") == "state" and m["view"]["seat"] == n)
        seating.ready_set(table_id=table.pk, user=people[n])
    for sock in sockets.values():
        # A full state now: the socket knows the match before anyone acts on it.
        start = len(sock.messages)
        sock.send({"op": "sync"})
        sock.wait_for(lambda m: m.get("op") == "state" and m["view"].get("match"), start=start)
    return table, sockets


def plays_a_solo_capot(state) -> bool:
    """The engine alone, as :func:`in_turn` plays it: neither the first deal nor the one dealt by
    the move that scores it is void (four sevens in a hand). A void deal is never recorded
    (``tests/tables/test_void_deal_record.py``, a known defect): with a random seed this test
    failed its replay so about once in 50 runs."""
    if api.summary(state)["deals"]:
        return False
    while not api.summary(state)["deals"]:
        seat = api.view(state, None)["awaiting"][0]
        api.apply(state, seat, solo_or_pass(api.view(state, seat)))
    deal = api.summary(state)["deals"]
    return len(deal) == 1 and bool(deal[0]["contract"]) and deal[0]["contract"].get("solo") is True


def test_a_solo_capot_through_the_socket(live_site, celery_worker, make_user, monkeypatch):
    fix_server_seed(monkeypatch, find_server_seed(plays_a_solo_capot, "bazar_blot", OPTIONS))
    table, sockets = seated_table(live_site, make_user, OPTIONS)
    assert table.options["solo_capot"] is True
    watcher = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(make_user()))
    final = in_turn(sockets, lambda s: len(s["view"]["deals"]) >= 1)

    deal = final["view"]["deals"][0]
    contract = deal["contract"]
    assert contract["solo"] is True and contract["capot"] is True and contract["value"] == 25
    bidder = contract["seat"]
    partner = (bidder + 2) % 4
    # The play was 8 three-card tricks; the partner's cards never left his hand.
    assert sum(deal["tricks"]) == 8 and sum(deal["card_points"]) < 162
    ct = contract["team"]
    made = deal["tricks"][ct] == 8
    assert deal["made"] is made
    base = 70 if contract["trump"] == "all" else 50
    value = base + (sum(deal["combos"]) + sum(deal["belote"])) // 10
    assert deal["scores"][ct if made else 1 - ct] == value and deal["scores"][ct if not made else 1 - ct] == 0

    # During the play every seat's view named the sitting partner; he had no action, and his
    # seat kept 8 cards face down for the others.
    in_play = [s for s in sockets[bidder].states if s["view"].get("phase") == "play"]
    assert in_play and all(s["view"]["sitting"] == partner for s in in_play)
    assert all(s["view"]["seats"][partner]["cards"] == 8 for s in in_play)
    partner_play = [s for s in sockets[partner].states if s["view"].get("phase") == "play"]
    assert partner_play and all(s["view"]["legal"] == [] for s in partner_play)
    assert len(partner_play[-1]["view"]["hand"]) == 8
    hidden = set(partner_play[-1]["view"]["hand"])
    first_deal = [sock.states for n, sock in sockets.items() if n != partner] + [watcher.states]
    for states in first_deal:
        for s in states:
            if s["view"].get("match") and not s["view"]["deals"]:
                assert not hidden & set(s["view"].get("hand") or [])

    match = Match.objects.get(table=table)
    watcher.wait_for(lambda m: m.get("op") == "state" and m["seq"] >= final["seq"])
    received = {n: sock.states for n, sock in sockets.items()} | {None: watcher.states}
    assert assert_no_leaks(match, received) > 50
    assert_replays(match)
    for sock in [*sockets.values(), watcher]:
        sock.close()


def test_a_solo_capot_is_refused_over_the_socket_where_the_option_is_off(live_site, celery_worker, make_user):
    table, sockets = seated_table(live_site, make_user, {"players": 4, "ruleset": "gambler"})
    assert table.options["solo_capot"] is False
    state = seat = None
    deadline = time.monotonic() + 30
    while state is None and time.monotonic() < deadline:
        for n, sock in sockets.items():
            latest = sock.latest()
            if latest and latest["view"].get("match") and n in latest["view"].get("awaiting", []):
                seat, state = n, latest
        time.sleep(0.01)
    assert state is not None and state["view"]["phase"] == "auction"
    assert not any(a.get("solo") for a in state["view"]["legal"])
    start = len(sockets[seat].messages)
    sockets[seat].act(state["seq"], {"type": "capot", "trump": "s", "solo": True}, request_id="solo-1")
    reply = sockets[seat].wait_for(lambda m: m.get("op") == "error", start=start)
    assert reply["code"] == "illegal" and reply["rule"] == "solo_capot_off" and reply["id"] == "solo-1"
    # Nothing changed: the same seat is still to speak, and a plain pass is accepted.
    sockets[seat].act(state["seq"], {"type": "pass"})
    sockets[seat].wait_for(lambda m: m.get("op") == "state" and m["seq"] == state["seq"] + 1, start=start)
    for sock in sockets.values():
        sock.close()
