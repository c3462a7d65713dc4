"""The social side of ``/ws/lobby/`` against the live daphne: personal sockets, the live
``invitation`` frame, ``friends`` and ``watch`` answers, presence of open pages, and the
spectator's table socket (the public view: never a hand)."""

from __future__ import annotations

import json
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from apps.rules import api
from apps.social import presence, services
from apps.social.models import FriendRequest, Presence
from apps.tables import seating
from apps.tables.models import Match, Spectator
from apps.tables.selectors import match_view, seats_info
from tests.tables.helpers import bot_table
from tests.tables.live_clients import TableSocket, session_cookie

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


def op(name: str):
    return lambda m: m.get("op") == name


def befriend(a, b) -> None:
    services.friend_request(user=a, username=b.username)
    services.friend_accept(user=b, request_id=FriendRequest.objects.get(from_user=a, to_user=b).pk)


def wait_until(predicate, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.05)


def test_a_personal_socket_gets_the_invitation_live_and_no_table_list(live_site, make_user) -> None:
    anna, boris = make_user("anna"), make_user("boris")
    befriend(anna, boris)
    table = seating.table_create(user=anna, game="durak")
    personal = TableSocket(live_site, "/ws/lobby/?tables=0", session_cookie(boris))
    assert personal.wait_for(op("invitations"))["count"] == 0
    full = TableSocket(live_site, "/ws/lobby/", session_cookie(boris))
    full.wait_for(op("tables"))
    invitation = services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    for sock in (personal, full):  # every lobby socket of boris hears it
        frame = sock.wait_for(op("invitation"))
        assert frame["id"] == invitation.pk and frame["table"] == table.pk and frame["count"] == 1
        assert frame["from"] == {"id": anna.pk, "name": "anna"}
        assert frame["url"] == f"/lobby/tables/{table.pk}/"
        assert frame["accept"] == f"/friends/invitations/{invitation.pk}/accept/"
    # a table created now reaches the full socket only
    second = seating.table_create(user=anna, game="durak")
    full.wait_for(lambda m: m.get("op") == "tables_diff" and [t["id"] for t in m["added"]] == [second.pk])
    personal.send({"op": "ping", "t": 1})
    personal.wait_for(op("pong"))
    assert not [m for m in personal.messages if m["op"] in ("tables", "tables_diff")]
    services.invitation_answer(user=boris, invitation_id=invitation.pk, accept=False)
    assert personal.wait_for(op("invitations"), start=1)["count"] == 0
    personal.close()
    full.close()


def test_friends_see_each_other_online_through_the_socket(live_site, make_user) -> None:
    anna, boris, vera = make_user("anna"), make_user("boris"), make_user("vera")
    befriend(anna, boris)
    befriend(anna, vera)
    mine = TableSocket(live_site, "/ws/lobby/?tables=0", session_cookie(anna))
    mine.send({"op": "friends"})
    first = mine.wait_for(op("friends"))
    assert {f["username"]: f["online"] for f in first["friends"]} == {"boris": False, "vera": False}
    table = seating.table_create(user=vera, game="durak")
    boris_page = TableSocket(live_site, f"/ws/lobby/?tables=0&table={table.pk}", session_cookie(boris))
    boris_page.wait_for(op("invitations"))
    wait_until(lambda: Presence.objects.filter(user_id=boris.pk).exists())
    mine.send({"op": "friends"})
    second = mine.wait_for(lambda m: m.get("op") == "friends" and m is not first, start=len(mine.messages))
    boris_row = next(f for f in second["friends"] if f["username"] == "boris")
    assert boris_row["online"] and boris_row["table"]["role"] == "watches"
    assert boris_row["table"]["id"] == table.pk
    assert second["friends"][0]["username"] == "boris"  # online first
    boris_page.close()
    # a closed page counts a few seconds more (the next page's socket is on its way), then not
    fading = timezone.now() - timedelta(seconds=presence.STALE_SECONDS - presence.GRACE_SECONDS - 1)
    wait_until(lambda: Presence.objects.filter(user_id=boris.pk, seen_at__lt=fading).exists())
    time.sleep(presence.GRACE_SECONDS + 0.5)
    start = len(mine.messages)
    mine.send({"op": "friends"})
    third = mine.wait_for(op("friends"), start=start)
    assert not next(f for f in third["friends"] if f["username"] == "boris")["online"]
    mine.close()


def test_watch_lists_live_public_tables_with_spectators_and_finished_replays(live_site, make_user) -> None:
    anna, boris, vera = make_user("anna"), make_user("boris"), make_user("vera")
    table = bot_table("bazar_blot", {"players": 2}, people=[anna, boris])
    hidden = bot_table("bazar_blot", {"players": 2}, people=[vera], private=True)
    watcher = TableSocket(live_site, "/ws/lobby/?tables=0", session_cookie(vera))
    watcher.wait_for(op("invitations"))
    watching = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(vera))  # a spectator
    watching.wait_for(op("state"))
    wait_until(lambda: Spectator.objects.filter(table=table, connections__gt=0).exists())
    time.sleep(2.1)  # the list is rebuilt at most every 2 s
    watcher.send({"op": "watch"})
    frame = watcher.wait_for(op("watch"))
    ids = [t["id"] for t in frame["tables"]]
    assert table.pk in ids and hidden.pk not in ids
    row = next(t for t in frame["tables"] if t["id"] == table.pk)
    assert [p["name"] for p in row["players"]] == ["anna", "boris"]
    assert row["spectators"] == 1 and row["url"] == f"/lobby/tables/{table.pk}/"
    assert row["score"]["totals"] == [0, 0] and row["game_name"] == "Базар-блот"
    # anna leaves: the match is over and listed with its replay
    seating.seat_leave(table_id=table.pk, user=anna)
    time.sleep(2.1)
    start = len(watcher.messages)
    watcher.send({"op": "watch"})
    frame = watcher.wait_for(op("watch"), start=start)
    assert table.pk not in [t["id"] for t in frame["tables"]]
    done = next(m for m in frame["finished"] if m["table"] == table.pk)
    assert done["replay"] == f"/matches/{done['match']}/"
    assert [p["won"] for p in done["players"]] == [False, True]
    watcher.close()
    watching.close()


def test_a_spectators_table_socket_never_carries_a_hand(live_site, make_user) -> None:
    anna, boris, vera = make_user("anna"), make_user("boris"), make_user("vera")
    table = bot_table("bazar_blot", {"players": 2}, people=[anna, boris])
    spectator = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(vera))
    players = {0: TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(anna))}
    players[1] = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(boris))
    state = spectator.wait_for(op("state"))
    assert state["view"]["seat"] is None and state["view"]["hand"] == [] and state["view"]["legal"] == []
    seen = json.dumps(state["view"])
    for seat, sock in players.items():
        held = sock.wait_for(op("state"))["view"]["hand"]
        assert len(held) == 6, seat
        assert not [card for card in held if f'"{card}"' in seen]  # no dealt card reaches him
    # two moves: the spectator's frames follow, each without a hand
    for _move in range(2):
        latest = {n: s.latest() for n, s in players.items()}
        seat = next(n for n, st in latest.items() if st["view"]["legal"])
        players[seat].act(latest[seat]["seq"], latest[seat]["view"]["legal"][0])
        for sock in (*players.values(), spectator):
            sock.wait_for(lambda m, s=latest[seat]["seq"]: m.get("op") == "state" and m["seq"] > s)
    assert len(spectator.states) >= 3
    for frame in spectator.states:
        assert frame["view"]["hand"] == [] and frame["view"]["seat"] is None and frame["view"]["legal"] == []
    # what he got last is exactly the public view of the match now (the engine's view of nobody)
    match = Match.objects.get(table=table)
    public = match_view(match, api.from_json(match.state), None, seats_info(table.pk))
    last = spectator.latest()
    assert last["seq"] == match.seq
    clock = {"deadline", "move_deadline", "reserve_ms", "reserves"}
    presence = {"spectators"}  # counted by the live sockets, not by the match
    assert last["view"]["spectators"] == 1
    assert {k: v for k, v in last["view"].items() if k not in clock | presence | {"status"}} == json.loads(
        json.dumps({k: v for k, v in public.items() if k not in clock | presence})
    )
    assert last["view"]["spectators"] == 1  # he himself
    for sock in (*players.values(), spectator):
        sock.close()


def test_inviting_again_at_once_renews_without_popping_up_twice(live_site, make_user) -> None:
    anna, boris = make_user("anna"), make_user("boris")
    befriend(anna, boris)
    table = seating.table_create(user=anna, game="durak")
    sock = TableSocket(live_site, "/ws/lobby/?tables=0", session_cookie(boris))
    sock.wait_for(op("invitations"))
    first = services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)
    sock.wait_for(op("invitation"))
    again = services.invite(user=anna, friend_id=boris.pk, table_id=table.pk)  # a double click
    assert again.pk == first.pk
    sock.send({"op": "ping", "t": 2})
    sock.wait_for(op("pong"))
    assert len([m for m in sock.messages if m["op"] == "invitation"]) == 1
    sock.close()
