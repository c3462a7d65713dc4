"""Nothing a client sends crashes a table socket (issue #20, item 1 and 7), against live daphne.

Each frame below used to close the socket with 1011 and a traceback, leaving the seat counted
as connected for ever. Now each is an ``error`` frame, the socket keeps answering, and closing
it marks the seat disconnected for the others.
"""

from __future__ import annotations

import pytest

from tests.tables.helpers import bot_table
from tests.tables.live_clients import TableSocket, log_since, log_size, session_cookie

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]

CRASHERS = [
    "[" * 5000 + "]" * 5000,
    '{"op":"ping","t":' + "[" * 3000 + "]" * 3000 + "}",
    {"op": "act", "seq": 0, "action": {"type": "attack", "card": ["6s"]}},
    {"op": "act", "seq": 0, "action": {"type": "attack", "card": {"x": 1}}},
    {"op": "act", "seq": 0, "action": {"type": "defend", "card": [1], "target": "6s"}},
    {"op": "act", "seq": 0, "action": {"type": "transfer", "card": [[]]}},
    {"op": "act", "seq": 0, "action": {"type": "catch", "card": {}}},
]


def is_state(message: dict) -> bool:
    return message.get("op") == "state"


def test_malformed_frames_are_refused_and_the_seat_shows_disconnected_after_close(live_site, make_user):
    log_start = log_size(live_site)
    a, b = make_user(), make_user()
    table = bot_table("durak", {}, people=[a, b])
    mine = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(a))
    other = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(b))
    mine.wait_for(is_state)
    other.wait_for(lambda m: is_state(m) and m["view"]["seats"][0]["connected"])
    for n, frame in enumerate(CRASHERS):
        start = len(mine.messages)
        mine.send(frame)
        error = mine.wait_for(lambda m: m.get("op") == "error", start=start)
        assert error["code"] in ("bad_message", "stale", "illegal", "not_your_turn"), (n, error)
        mine.send({"op": "ping", "t": n})
        mine.wait_for(lambda m, n=n: m.get("op") == "pong" and m.get("t") == n, start=start)
    assert mine.close_code is None
    mine.close()
    other.send({"op": "sync"})
    other.wait_for(lambda m: is_state(m) and m["view"]["seats"][0]["connected"] is False)
    assert "Traceback" not in log_since(live_site, log_start)


def test_an_over_long_table_id_is_not_found(live_site, make_user):
    sock = TableSocket(live_site, "/ws/tables/" + "9" * 120 + "/", session_cookie(make_user()))
    assert sock.wait_closed() == 4404


def test_sockets_per_user_are_capped_and_a_closed_one_frees_its_place(live_site, make_user):
    """300 sockets of one account slowed every table (issue #20, item 2): a fifth socket of one
    user to one table is refused with ``too_many_sockets`` and 4429; closing one frees a place."""
    from apps.tables import conf

    a, b = make_user(), make_user()
    table = bot_table("durak", {}, people=[a, b])
    path, cookie = f"/ws/tables/{table.pk}/", session_cookie(a)
    socks = [TableSocket(live_site, path, cookie) for _ in range(conf.MAX_SOCKETS_PER_PLACE)]
    for sock in socks:
        sock.wait_for(is_state)
    extra = TableSocket(live_site, path, cookie)
    assert extra.wait_for(lambda m: m.get("op") == "error")["code"] == "too_many_sockets"
    assert extra.wait_closed() == 4429
    assert not extra.states
    other = TableSocket(live_site, path, session_cookie(b))  # another user is not affected
    other.wait_for(is_state)
    socks[0].close()
    for _ in range(50):  # the close reaches daphne a moment later
        again = TableSocket(live_site, path, cookie)
        if again.wait_for(lambda m: m.get("op") in ("state", "error"))["op"] == "state":
            break
        again.wait_closed()
    else:
        raise AssertionError("a closed socket never freed its place")


@pytest.mark.parametrize("path", ["/ws/nothing-here/", "/ws/tables/abc/", "/elsewhere/"])
def test_an_unknown_socket_path_is_closed_with_4404(live_site, make_user, path):
    start = log_size(live_site)
    sock = TableSocket(live_site, path, session_cookie(make_user()))
    assert sock.wait_closed() == 4404
    assert "Traceback" not in log_since(live_site, start)
