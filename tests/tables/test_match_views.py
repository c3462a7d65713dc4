"""Every seat's table view built together (``selectors.match_views``, as the frames of a move
are) is exactly the view built alone for that seat, key order included: the shared table part
(names, connections, clock) changes nothing a socket is sent."""

from __future__ import annotations

import json

import pytest

from apps.rules import api
from apps.tables import selectors
from apps.tables.bot_turns import match_bot_move
from apps.tables.models import Match
from apps.tables.moves import move_apply
from tests.tables.helpers import bot_table

pytestmark = pytest.mark.django_db

CASES = [
    ("bazar_blot", {"players": 4}),
    ("bazar_blot", {"players": 2}),
    ("bazar_blot", {"ruleset": "gambler"}),
    ("blot", {}),
    ("deberc", {"players": 3}),
    ("durak", {}),
    ("durak", {"transfer": True}),
]


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{json.dumps(o)}" for g, o in CASES])
def test_views_built_together_are_the_views_built_alone(game, options, make_user):
    person = make_user()
    table = bot_table(game, options, people=[person], time_scale=10)
    match = table.matches.get()
    info = selectors.seats_info(table.pk)
    compared = 0
    for _ in range(60):
        match = Match.objects.get(pk=match.pk)
        state = api.from_json(match.state)
        seats = [*match.seats, None]
        engine = api.views(state, seats)
        together = selectors.match_views(match, state, seats, info, engine, spectators=2)
        for seat in seats:
            alone = selectors.match_view(match, state, seat, info, spectators=2)
            assert json.dumps(together[seat]) == json.dumps(alone), f"seat {seat} at seq {match.seq}"
        compared += 1
        if match.status != Match.Status.PLAYING:
            break
        if not match_bot_move(match_id=match.pk, seq=match.seq):
            legal = api.legal_actions(state, 0)
            assert legal, "nobody may act"
            move_apply(
                match_id=match.pk, seat=0, action=legal[0], seq=match.seq, actor="person", user_id=person.pk
            )
    assert compared == 60 or match.status != Match.Status.PLAYING
