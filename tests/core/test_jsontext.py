"""apps.core.jsontext.compact: the text json.dumps would write, whichever encoder writes it."""

from __future__ import annotations

import json
import random

import pytest

from apps.core.jsontext import compact
from apps.rules import api


def reference(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize(
    "value",
    [
        {"name": "Игрок «Пас»", "hand": ["7S", "AH"], "seat": 0, "bot": None, "ready": True},
        {1: "integer keys", 2: [1.5, 0.1, -3, 10**15]},
        [(1, 2), {"nested": {"deep": ["ё", "\u2028", '"quoted"', "tab\t"]}}],
        "",
        [],
        {},
    ],
)
def test_the_same_text_as_json_dumps(value):
    assert compact(value) == reference(value)


def test_a_table_frame_is_written_as_json_would():
    state = api.new_match("bazar_blot", {"players": 4, "target": 301}, seed=7)
    rng = random.Random(7)
    for _ in range(120):
        seat = api.to_act(state)[0]
        legal = [
            a for a in api.legal_actions(state, seat) if a["type"] not in ("surrender", "leave", "concede")
        ]
        api.apply(state, seat, rng.choice(legal))
    for seat in (0, 1, 2, 3, None):
        frame = {"op": "state", "seq": 120, "view": api.view(state, seat), "events": []}
        assert compact(frame) == reference(frame)
    assert compact(api.to_json(state)) == reference(api.to_json(state))


def test_an_integer_too_large_for_the_fast_encoder_still_writes():
    assert compact({"big": 2**70}) == '{"big":1180591620717411303424}'
