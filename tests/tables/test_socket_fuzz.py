"""Random frames of every shape against the live daphne (issue #20): the socket survives.

One player of a running 2-player Базар-блот sends hypothesis-made frames — JSON of any shape, frames with
each op, actions of every type with fields of any type — at a pace under the frame limit.
After each one the socket still answers a ping; at the end it was never closed, daphne logged
no traceback, the match did not move (the sender is not to act, and ``leave`` / ``surrender``
are left out) and the other player's socket saw nothing but its own frames.
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.rules import api
from apps.rules.actions import ACTION_FIELDS, FIELD_TYPES
from apps.tables.models import Match
from tests.tables.helpers import bot_table
from tests.tables.live_clients import TableSocket, log_since, log_size, session_cookie

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]

SAFE_TYPES = sorted(set(ACTION_FIELDS) - {"leave", "surrender"})

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=6)
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=10,
)
actions = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    st.sampled_from(SAFE_TYPES) | st.text(min_size=9, max_size=12),
    st.dictionaries(st.sampled_from(sorted(FIELD_TYPES)) | st.text(max_size=4), json_values, max_size=3),
)
frames = st.one_of(
    json_values.map(json.dumps),
    st.builds(
        lambda op, rest: json.dumps({"op": op, **rest}),
        st.sampled_from(["act", "sync", "ping", "chat", "x"]),
        st.dictionaries(st.text(max_size=5), json_values, max_size=3),
    ),
    st.builds(
        lambda seq, action, rid: json.dumps({"op": "act", "seq": seq, "action": action, "id": rid}),
        json_values | st.integers(0, 3),
        actions,
        json_values,
    ),
    st.text(max_size=40),
    st.just("[" * 100 + "]" * 100),
)


def test_random_frames_never_break_the_socket_or_the_match(live_site, make_user) -> None:
    a, b = make_user(), make_user()
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b])
    match = table.matches.get()
    sender = 1 - api.to_act(api.from_json(match.state))[0]
    users = {0: a, 1: b}
    start = log_size(live_site)
    fuzzer = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(users[sender]))
    other = TableSocket(live_site, f"/ws/tables/{table.pk}/", session_cookie(users[1 - sender]))
    fuzzer.wait_for(lambda m: m.get("op") == "state")
    other.wait_for(lambda m: m.get("op") == "state")
    counter = iter(range(10**6))

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(frame=frames)
    def one_frame(frame: str) -> None:
        n = next(counter)
        mark = len(fuzzer.messages)
        fuzzer.send(frame)
        fuzzer.send({"op": "ping", "t": f"probe-{n}"})
        fuzzer.wait_for(lambda m: m.get("op") == "pong" and m.get("t") == f"probe-{n}", start=mark)
        time.sleep(0.08)  # two frames per example stay under 20 frames/s

    one_frame()
    assert fuzzer.close_code is None
    assert Match.objects.get(pk=match.pk).seq == match.seq
    assert {m.get("op") for m in other.messages} <= {"state", "chat_history"}
    assert {m["seq"] for m in other.states} == {match.seq}
    log = log_since(live_site, start)
    assert "Traceback" not in log and "1011" not in log
