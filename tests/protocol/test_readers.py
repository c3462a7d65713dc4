"""The typed readers cover what the engines and the table really send: every event, every legal
action and every view of the golden matches reads into its Struct and back to the same JSON."""

from __future__ import annotations

import msgspec
import pytest

from apps.protocol import decode_server, encode
from apps.protocol.actions import ACTIONS, Action, action_dict, action_from
from apps.protocol.events import EVENTS, Event, event_from
from apps.protocol.server import (
    SERVER_FRAMES,
    Invitation,
    Pong,
    State,
    TablesDiff,
    TournamentChanged,
    TournamentPair,
    TournamentSeated,
)
from apps.protocol.views import View, view_from
from apps.rules.actions import ACTION_FIELDS
from apps.rules.events import EVENT_TYPES
from tests.protocol.golden import of_kind


def _states():
    return [line["args"] for line in of_kind("state")]


def test_every_engine_event_reads_into_its_struct_and_back() -> None:
    seen = set()
    for _, _, events, _ in _states():
        for raw in events:
            event = event_from(raw)
            assert isinstance(event, Event), raw
            assert msgspec.to_builtins(event) == raw
            seen.add(raw["type"])
    assert len(seen) >= 29


def test_an_event_of_an_unknown_type_is_kept_as_it_came() -> None:
    assert event_from({"type": "comet", "seat": 1}) == {"type": "comet", "seat": 1}
    with pytest.raises(msgspec.ValidationError):
        event_from({"type": "play", "seat": "one", "card": "Ah"})


def test_every_legal_action_reads_into_its_struct_and_back() -> None:
    seen = set()
    for _, view, _, _ in _states():
        for raw in view["legal"]:
            assert action_dict(action_from(raw)) == raw
            seen.add(raw["type"])
    assert len(seen) >= 14


def test_the_actions_are_the_schema_of_the_rules() -> None:
    assert set(ACTIONS) == set(ACTION_FIELDS)
    for kind, cls in ACTIONS.items():
        assert set(cls.__struct_fields__) == set(ACTION_FIELDS[kind]), kind


def test_the_events_are_the_schema_of_the_rules() -> None:
    assert set(EVENTS) == set(EVENT_TYPES)
    for kind, cls in EVENTS.items():
        typed = EVENT_TYPES[kind]
        assert cls.__name__ == typed.__name__
        assert cls.__struct_fields__ == tuple(f for f in typed.__annotations__ if f != "type"), kind


def test_the_engines_write_every_event_with_its_schema_fields() -> None:
    seen = set()
    for _, _, events, _ in _states():
        for raw in events:
            typed = EVENT_TYPES[raw["type"]]
            assert set(typed.__required_keys__) <= set(raw) <= set(typed.__annotations__), raw
            seen.add(raw["type"])
    assert len(seen) >= 29


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "play", "card": ["6s"]},
        {"type": "play", "card": ""},
        {"type": "play", "card": "Ahhhh"},
        {"type": "bid", "value": True, "trump": "h"},
        {"type": "bid", "value": 10_001, "trump": "h"},
        {"type": "capot", "trump": "s", "solo": 1},
        {"type": "fly"},
        {"card": "Ah"},
    ],
)
def test_an_action_the_rules_schema_refuses_is_refused(raw: dict) -> None:
    from apps.rules.actions import canonical
    from apps.rules.errors import IllegalAction

    with pytest.raises(msgspec.ValidationError):
        action_from(raw)
    if raw.get("type") in ACTION_FIELDS or "type" not in raw:
        with pytest.raises(IllegalAction):
            canonical(raw)


def test_every_view_reads_into_a_view() -> None:
    for _, raw, _, _ in _states()[::5]:
        view = view_from(raw)
        assert isinstance(view, View)
        assert view.seat == raw["seat"] and len(view.seats) == len(raw["seats"])
        assert all(isinstance(a, Action) for a in view.legal)
    for line in of_kind("connect"):
        frame = decode_server(line["text"])
        assert isinstance(frame, State)
        view_from(frame.view)


def test_decode_server_reads_every_recorded_frame() -> None:
    ops = set()
    for line in of_kind("connect", "error", "pong", "chat", "lobby"):
        frame = decode_server(line["text"])
        ops.add(frame.__struct_config__.tag)
        assert encode(frame) == line["text"]
    assert ops == set(SERVER_FRAMES)


def test_the_tournament_notices_keep_the_documented_key_order() -> None:
    seated = TournamentSeated(tournament=3, name="Вечерний", table=8, url="/lobby/tables/8/")
    pair = TournamentPair(tournament=3, url="/tournaments/3/")
    assert encode(seated) == (
        '{"op":"tournament_seated","tournament":3,"name":"Вечерний","table":8,"url":"/lobby/tables/8/"}'
    )
    assert encode(pair) == '{"op":"tournament_pair","tournament":3,"url":"/tournaments/3/"}'
    assert decode_server(encode(seated)) == seated and decode_server(encode(pair)) == pair
    changed = TournamentChanged(tournament=3)
    assert encode(changed) == '{"op":"tournament_changed","tournament":3}'
    assert decode_server(encode(changed)) == changed


def test_the_lobby_diff_keeps_the_documented_key_order() -> None:
    row = {"id": 4, "game": "durak", "status": "waiting", "seats": []}
    diff = TablesDiff(added=[row], changed=[], removed=[3])
    assert encode(diff) == (
        '{"op":"tables_diff","added":[{"id":4,"game":"durak","status":"waiting","seats":[]}],'
        '"changed":[],"removed":[3]}'
    )
    assert decode_server(encode(diff)) == diff


def test_an_invitation_frame_round_trips_with_its_from_key() -> None:
    raw = {
        "op": "invitation", "id": 5, "from": {"id": 2, "name": "Анна"}, "table": 9, "game": "durak",
        "game_name": "Дурак", "url": "/lobby/tables/9/", "accept": "/a/", "decline": "/d/", "count": 1,
    }  # fmt: skip
    frame = decode_server(msgspec.json.encode(raw))
    assert isinstance(frame, Invitation) and frame.from_ == {"id": 2, "name": "Анна"}
    assert msgspec.json.decode(encode(frame)) == raw
    assert list(msgspec.json.decode(encode(frame))) == list(raw)


def test_pong_echoes_any_json_value_and_nothing_when_absent() -> None:
    assert encode(Pong()) == '{"op":"pong"}'
    assert encode(Pong(t=None)) == '{"op":"pong","t":null}'
    assert encode(Pong(t=[1, {"ж": 2**70}])) == '{"op":"pong","t":[1,{"ж":1180591620717411303424}]}'


def test_every_event_struct_is_in_the_union() -> None:
    assert {cls.__struct_config__.tag for cls in Event.__subclasses__()} == set(EVENTS)
