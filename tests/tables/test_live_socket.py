"""The table socket against the live daphne: reconnect, sync, bad input, origin, auth, floods."""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import InvalidStatus

from apps.tables import seating
from tests.tables.helpers import bot_table
from tests.tables.live_clients import TableSocket, session_cookie

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


def is_state(message: dict) -> bool:
    return message.get("op") == "state"


def is_error(code: str):
    return lambda m: m.get("op") == "error" and m.get("code") == code


@pytest.fixture
def two_player_table(make_user):
    """A running 2-player Базар-блот between two people (no worker needed: nobody times out)."""
    a, b = make_user(), make_user()
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b])
    return table, a, b


def test_view_carries_the_protocol_keys(live_site, two_player_table):
    table, a, _ = two_player_table
    sock = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(a))
    state = sock.wait_for(is_state)
    view = state["view"]
    for key in (
        "table", "match", "game", "options", "seat", "seats", "phase", "dealer", "trump", "contract",
        "hand", "table_cards", "last_trick", "to_act", "legal", "deadline", "reserve_ms", "deals",
        "totals", "result",
    ):  # fmt: skip
        assert key in view, key
    assert view["seat"] == 0 and len(view["hand"]) == 6
    assert {"seat", "name", "bot", "connected", "cards", "team"} <= set(view["seats"][1])
    assert view["deadline"] > 0 and view["reserve_ms"] == 30_000
    sock.close()


def test_reconnect_mid_deal_restores_the_same_view_and_sync_returns_the_current_state(
    live_site, two_player_table
):
    table, a, b = two_player_table
    cookie_a, cookie_b = session_cookie(a), session_cookie(b)
    socks = {0: TableSocket(live_site, f"/ws/tables/{table.pk}/", cookie_a)}
    socks[1] = TableSocket(live_site, f"/ws/tables/{table.pk}/", cookie_b)
    for _ in range(3):  # a few moves of the auction (pass, pass, then a name or pass)
        latest = {n: s.wait_for(is_state) and s.latest() for n, s in socks.items()}
        seat = next(n for n, st in latest.items() if st["view"]["legal"])
        seq = latest[seat]["seq"]
        socks[seat].act(seq, latest[seat]["view"]["legal"][0])
        for s in socks.values():
            s.wait_for(lambda m, seq=seq: is_state(m) and m["seq"] == seq + 1)
    before = socks[0].latest()
    socks[0].close()
    again = TableSocket(live_site, f"/ws/tables/{table.pk}/", cookie_a)
    restored = again.wait_for(is_state)
    assert restored["seq"] == before["seq"]
    assert restored["view"]["hand"] == before["view"]["hand"]
    assert restored["view"]["legal"] == before["view"]["legal"]
    assert restored["view"]["to_act"] == before["view"]["to_act"]
    count = len(again.messages)
    again.send({"op": "sync"})
    synced = again.wait_for(is_state, start=count)
    assert synced["seq"] == before["seq"] and synced["view"]["hand"] == before["view"]["hand"]
    again.close()
    socks[1].close()


def test_bad_input_gets_errors_and_the_socket_stays_open(live_site, two_player_table, make_user):
    table, a, _ = two_player_table
    sock = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(a))
    state = sock.wait_for(is_state)
    n = len(sock.messages)
    sock.send("{not json")
    sock.wait_for(is_error("bad_message"), start=n)
    n = len(sock.messages)
    sock.send(json.dumps([1, 2, 3]))
    sock.wait_for(is_error("bad_message"), start=n)
    n = len(sock.messages)
    sock.send({"op": "dance", "id": 7})
    assert sock.wait_for(is_error("bad_message"), start=n)["id"] == 7
    n = len(sock.messages)
    sock.send({"op": "ping", "t": "x" * 17_000})
    sock.wait_for(is_error("bad_message"), start=n)
    n = len(sock.messages)
    sock.send({"op": "act", "seq": "zero", "action": {}})
    sock.wait_for(is_error("bad_message"), start=n)
    n = len(sock.messages)
    legal = state["view"]["legal"] or [{"type": "pass"}]
    sock.act(state["seq"], {**legal[0], "seat": 1}, request_id="x1")
    refused = sock.wait_for(is_error("not_your_seat"), start=n)
    assert refused["id"] == "x1" and refused["message"]
    n = len(sock.messages)
    sock.act(state["seq"] + 5, legal[0], request_id="x2")
    assert sock.wait_for(lambda m: m.get("op") == "error" and m.get("id") == "x2", start=n)["code"] == "stale"
    n = len(sock.messages)
    sock.send({"op": "ping", "t": 42})
    assert sock.wait_for(lambda m: m.get("op") == "pong", start=n)["t"] == 42
    sock.close()


def test_acting_at_a_table_you_do_not_sit_at_is_refused(live_site, two_player_table, make_user):
    table, *_ = two_player_table
    watcher = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(make_user()))
    state = watcher.wait_for(is_state)
    assert state["view"]["seat"] is None and state["view"]["hand"] == [] and state["view"]["legal"] == []
    watcher.act(state["seq"], {"type": "pass"}, request_id=1)
    error = watcher.wait_for(is_error("not_seated"))
    assert error["id"] == 1
    watcher.close()


def test_error_messages_follow_the_users_language(live_site, two_player_table, make_user):
    table, *_ = two_player_table
    english = make_user()
    english.language = "en"
    english.save()
    ru = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(make_user()))
    en = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(english))
    for sock in (ru, en):
        sock.act(sock.wait_for(is_state)["seq"], {"type": "pass"})
    message_ru = ru.wait_for(is_error("not_seated"))["message"]
    message_en = en.wait_for(is_error("not_seated"))["message"]
    assert message_en == "You do not sit at this table."
    assert message_ru == "Вы не сидите за этим столом."
    assert message_ru != message_en and any("а" <= ch <= "я" for ch in message_ru.lower())
    ru.close()
    en.close()


def test_forged_origin_is_refused_and_anonymous_closed_with_4401(live_site, two_player_table):
    table, a, _ = two_player_table
    with pytest.raises(InvalidStatus) as refused:
        TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(a), origin="http://evil.example")
    assert refused.value.response.status_code == 403
    anonymous = TableSocket(live_site, f"/ws/tables/{table.pk}/", None)
    assert anonymous.wait_closed() == 4401
    assert not anonymous.states


def test_a_flood_is_rate_limited_then_closed(live_site, two_player_table):
    table, a, _ = two_player_table
    sock = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(a))
    sock.wait_for(is_state)
    for i in range(200):
        try:
            sock.send({"op": "ping", "t": i})
        except Exception:
            break
    sock.wait_for(is_error("rate_limited"))
    assert sock.wait_closed() == 4429


def test_lobby_socket_pushes_open_tables_as_they_change(live_site, make_user):
    owner = make_user()
    lobby_sock = TableSocket(live_site, "/ws/lobby/", session_cookie(owner))
    first = lobby_sock.wait_for(lambda m: m.get("op") == "tables")
    assert first["tables"] == []
    table = seating.table_create(user=owner, game="durak")
    pushed = lobby_sock.wait_for(lambda m: m.get("op") == "tables_diff" and m["added"])
    assert pushed["added"][0]["id"] == table.pk and pushed["added"][0]["game"] == "durak"
    assert pushed["changed"] == [] and pushed["removed"] == []
    seating.bots_set(table_id=table.pk, user=owner, seat=1, level="easy")
    changed = lobby_sock.wait_for(lambda m: m.get("op") == "tables_diff" and m["changed"])
    assert changed["changed"][0]["id"] == table.pk and changed["changed"][0]["seats"][1]["bot"]
    seating.seat_leave(table_id=table.pk, user=owner)  # nobody sits there now: out of the list
    gone = lobby_sock.wait_for(lambda m: m.get("op") == "tables_diff" and m["removed"])
    assert (gone["added"], gone["changed"], gone["removed"]) == ([], [], [table.pk])
    lobby_sock.close()


def test_a_socket_opened_before_the_start_acts_on_the_first_frame_of_the_match(live_site, make_user):
    """The socket learned the match's id only from a full state: an act sent on the first frame
    of a new match was refused ``no_match``."""
    anna, boris = make_user(), make_user()
    table = seating.table_create(user=anna, game="bazar_blot", options={"players": 2})
    seating.seat_take(table_id=table.pk, user=boris, seat=1)
    sockets = {
        0: TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(anna)),
        1: TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(boris)),
    }
    for sock in sockets.values():
        sock.wait_for(lambda m: is_state(m) and m["view"]["match"] is None)
    for person in (anna, boris):
        seating.ready_set(table_id=table.pk, user=person)
    first = {
        n: s.wait_for(lambda m: is_state(m) and m["view"]["match"] is not None) for n, s in sockets.items()
    }
    seat = next(n for n, f in first.items() if f["view"]["legal"])
    frame = first[seat]
    before = len(sockets[seat].messages)
    sockets[seat].act(frame["seq"], frame["view"]["legal"][0], request_id="first")
    after = sockets[seat].wait_for(
        lambda m: (is_state(m) and m["seq"] > frame["seq"]) or m.get("op") == "error", start=before
    )
    assert after.get("op") == "state", after
    for sock in sockets.values():
        sock.close()
