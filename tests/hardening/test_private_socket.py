"""No frame reaches a table socket before it passed every check (issue #30, findings 1 and 6).

Against the live daphne: a stranger reconnecting in a loop to a private table while its match
is played receives nothing but the 4404 close; every other refusal (signed out, a table that is
not there, an id past bigint, a block with the owner) closes before any frame too; a block made
while the sockets are open closes the blocked member's socket and silences the chat at once.
"""

from __future__ import annotations

import threading
import time

import pytest

from apps.social import services as social
from apps.tables import seating
from apps.tables.models import TableAccess
from tests.tables.helpers import bot_table
from tests.tables.live_clients import TableSocket, session_cookie

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]

CLOSE_NOT_FOUND = 4404
CLOSE_UNAUTHENTICATED = 4401


def is_state(message: dict) -> bool:
    return message.get("op") == "state"


def refused_without_a_frame(site, path: str, cookie: str | None, code: int) -> None:
    sock = TableSocket(site, path, cookie)
    assert sock.wait_closed() == code
    assert sock.messages == [], sock.messages[:2]


class Players(threading.Thread):
    """Both people of a duel play their first legal action until stopped or the match ends."""

    def __init__(self, socks: dict[int, TableSocket]) -> None:
        super().__init__(daemon=True)
        self.socks = socks
        self.stop = threading.Event()
        self.moves = 0

    def run(self) -> None:
        while not self.stop.is_set():
            latest = {n: s.latest() for n, s in self.socks.items()}
            if any(st is None for st in latest.values()):
                time.sleep(0.01)
                continue
            ready = [n for n, st in latest.items() if st["view"]["legal"]]
            if not ready or latest[ready[0]]["view"].get("result"):
                time.sleep(0.01)
                continue
            seat = ready[0]
            seq = latest[seat]["seq"]
            self.socks[seat].act(seq, latest[seat]["view"]["legal"][0])
            try:
                self.socks[seat].wait_for(lambda m, seq=seq: is_state(m) and m["seq"] > seq, timeout=5)
            except AssertionError:
                return
            self.moves += 1


def test_a_stranger_reconnecting_in_a_loop_during_play_gets_no_frame(live_site, make_user):
    a, b, stranger = make_user(), make_user(), make_user()
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b], private=True)
    path = f"/ws/tables/{table.pk}/"
    socks = {n: TableSocket(live_site, path, session_cookie(user)) for n, user in enumerate((a, b))}
    players = Players(socks)
    players.start()
    cookie = session_cookie(stranger)
    try:
        for _ in range(40):
            refused_without_a_frame(live_site, path, cookie, CLOSE_NOT_FOUND)
    finally:
        players.stop.set()
        players.join(10)
    assert players.moves > 0  # the match was being played meanwhile


def test_every_refused_socket_received_no_frame(live_site, make_user):
    owner, member, blocked = make_user(), make_user(), make_user()
    table = seating.table_create(user=owner, game="durak", private=True)
    TableAccess.objects.create(table=table, user=member)
    TableAccess.objects.create(table=table, user=blocked)
    social.block(user=owner, username=blocked.username)
    path = f"/ws/tables/{table.pk}/"
    refused_without_a_frame(live_site, path, None, CLOSE_UNAUTHENTICATED)
    refused_without_a_frame(live_site, path, session_cookie(blocked), CLOSE_NOT_FOUND)
    for missing in (table.pk + 1000, "9" * 30):
        refused_without_a_frame(live_site, f"/ws/tables/{missing}/", session_cookie(member), CLOSE_NOT_FOUND)
    sock = TableSocket(live_site, path, session_cookie(member))  # the member is let in
    assert sock.wait_for(is_state)["view"]["table"] == table.pk


def test_a_block_closes_the_blocked_members_socket_at_once(live_site, make_user):
    owner, guest = make_user(), make_user()
    table = seating.table_create(user=owner, game="durak", private=True)
    seating.invite_join(code=table.invite_code, user=guest)
    sock = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(guest))
    sock.wait_for(is_state)
    social.block(user=owner, username=guest.username)
    assert sock.wait_closed() == CLOSE_NOT_FOUND


def test_a_block_between_two_seated_players_silences_their_chat_at_once(live_site, make_user):
    a, b = make_user(), make_user()
    table = seating.table_create(user=a, game="durak")
    seating.seat_take(table_id=table.pk, user=b, seat=1)
    path = f"/ws/tables/{table.pk}/"
    sock_a, sock_b = (TableSocket(live_site, path, session_cookie(user)) for user in (a, b))
    sock_a.wait_for(is_state)
    sock_b.wait_for(is_state)
    social.block(user=b, username=a.username)
    time.sleep(1.0)  # the refresh of both sockets reads the muted set again
    sock_a.send({"op": "chat", "text": "после блокировки"})
    sock_a.wait_for(lambda m: m.get("op") == "chat" and m["text"] == "после блокировки")
    sock_b.send({"op": "chat", "text": "контроль"})
    sock_b.wait_for(lambda m: m.get("op") == "chat" and m["text"] == "контроль")
    assert not any(m.get("op") == "chat" and m["text"] == "после блокировки" for m in sock_b.messages)
