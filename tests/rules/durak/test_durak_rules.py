"""Дурак rules that scenarios cannot show: options, the seeded deal, views, summaries, reasons."""

from __future__ import annotations

import json
import random

import pytest

from apps.rules import api
from apps.rules.base import DealSource
from apps.rules.cards import CARD, CODES, DECK_36, SUITS, cards_of
from apps.rules.errors import IllegalAction, InvalidOptions


def test_options_defaults() -> None:
    assert api.normalize_options("durak", {}) == {
        "transfer": False,
        "teams": False,
        "cheating": False,
        "move_time": 30,
        "deck": 36,
        "throw": "all",
    }


def test_options_refused_field_by_field() -> None:
    with pytest.raises(InvalidOptions) as exc:
        api.normalize_options("durak", {"transfer": "yes", "cheating": 1, "move_time": 15, "players": 3})
    assert set(exc.value.errors) == {"transfer", "cheating", "move_time", "players"}


@pytest.mark.parametrize(
    "seats", [[0], [0, 0, 1], [0, 6], [], "0,1", [0, 1, 2, 3, 3], [-1, 2], [0, 1, 2, 3, 4, 5, 6]]
)
def test_bad_seats_refused(seats) -> None:
    with pytest.raises(InvalidOptions) as exc:
        api.new_match("durak", {}, seed=1, seats=seats)
    assert "seats" in exc.value.errors


@pytest.mark.parametrize("seats", [[0, 1], [1, 3], [0, 2, 3], [0, 1, 2, 3]])
def test_seeded_deal_one_by_one_from_the_lowest_seat(seats: list[int]) -> None:
    state = api.new_match("durak", {}, seed=42, seats=seats)
    deck = DealSource(42).next_deal(0, DECK_36)
    deal = api.current_deal(state)
    for k, seat in enumerate(seats):
        assert deal["hands"][str(seat)] == [CODES[deck[i * len(seats) + k]] for i in range(6)]
    assert deal["stock"] == [CODES[c] for c in deck[6 * len(seats) :]]
    view = api.view(state, None)
    assert view["trump"] == deal["stock"][-1][1]
    assert view["trump_card"] == deal["stock"][-1]
    assert view["stock"] == 36 - 6 * len(seats)
    assert [s["seat"] for s in view["seats"]] == seats
    assert all(s["cards"] == 6 for s in view["seats"])


def test_first_attacker_holds_the_lowest_trump_in_seeded_games() -> None:
    for seed in range(200):
        state = api.new_match("durak", {}, seed=seed)
        trump = SUITS.index(api.view(state, None)["trump"])
        holders = {(c % 9, s) for s in range(4) for c in cards_of(state.hands[s]) if c // 9 == trump}
        if holders:
            assert api.to_act(state) == [min(holders)[1]]


def test_teams_only_with_four_seats() -> None:
    assert api.new_match("durak", {"teams": True}, seed=1, seats=[0, 1, 2]).options["teams"] is False
    four = api.new_match("durak", {"teams": True}, seed=1)
    assert four.options["teams"] is True
    assert [s["team"] for s in api.view(four, 0)["seats"]] == [0, 1, 0, 1]


def test_no_deals_means_waiting() -> None:
    state = api.new_match("durak", {}, deals=[])
    assert api.to_act(state) == []
    assert api.view(state, 0)["phase"] == "waiting"
    with pytest.raises(IllegalAction) as exc:
        api.apply(state, 0, {"type": "attack", "card": "6s"})
    assert exc.value.code == "not_dealt"


def deal(hands: dict, stock: list[str], **kw):
    return api.new_match("durak", kw.pop("options", {}), deals=[{"hands": hands, "stock": stock}], **kw)


def test_view_shows_the_table_and_hides_the_rest() -> None:
    state = deal({"0": ["6h", "7s", "Kd"], "1": ["9s", "8c", "Jd"]}, ["Qc", "Ah"], seats=[0, 1])
    api.apply(state, 0, {"type": "attack", "card": "7s"})
    view = api.view(state, 1)
    assert view["hand"] == ["9s", "8c", "Jd"]
    assert view["table_cards"] == [{"attack": "7s", "defence": None}]
    assert view["table_seats"] == [{"attack": 0, "defence": None}]
    assert view["attacker"] == 0 and view["defender"] == 1 and view["phase"] == "play"
    assert view["trump"] == "h" and view["trump_card"] == "Ah" and view["stock"] == 2
    assert view["legal"] == api.legal_actions(state, 1)
    assert view["to_act"] == [1]
    text = json.dumps(view)
    for hidden in ("6h", "Kd", "Qc"):
        assert hidden not in text
    spectator = api.view(state, None)
    assert spectator["hand"] == [] and spectator["legal"] == [] and spectator["seat"] is None
    api.apply(state, 1, {"type": "defend", "card": "9s", "target": "7s"})
    # the bout closed: 0 drew Qc and the face-up Ah, the stock is empty
    view = api.view(state, 0)
    assert view["hand"] == ["Qc", "Kd", "6h", "Ah"]  # by suit s c d h, trumps last
    assert view["trump_card"] is None and view["stock"] == 0 and view["discard"] == 2
    assert view["trump"] == "h"


def test_view_never_tells_which_card_was_unfair() -> None:
    state = deal(
        {"0": ["6h", "7s", "Kd"], "1": ["9s", "8c", "Jd"]},
        ["Qc", "Ah"],
        seats=[0, 1],
        options={"cheating": True},
    )
    api.apply(state, 0, {"type": "attack", "card": "7s"})
    api.apply(state, 1, {"type": "defend", "card": "8c", "target": "7s"})  # does not beat: unfair
    assert state.unfair == {CARD["8c"]}
    cleared = state.copy()
    cleared.unfair = set()
    for seat in (None, 0, 1):
        assert api.view(state, seat) == api.view(cleared, seat)
    legal = {json.dumps(a, sort_keys=True) for a in api.view(state, 0)["legal"]}
    assert legal == {
        json.dumps(a, sort_keys=True)
        for a in (
            {"type": "attack", "card": "Kd"},
            {"type": "attack", "card": "6h"},
            {"type": "done"},
            {"type": "catch", "card": "8c"},
        )
    }


def play_to_end(state) -> dict:
    """Random play to the end (always taking may cycle forever: the rules allow it)."""
    rng = random.Random(0)
    while api.to_act(state):
        seat = rng.choice(api.to_act(state))
        api.apply(state, seat, rng.choice(api.legal_actions(state, seat)))
    return api.summary(state)


def test_summary_of_a_finished_game() -> None:
    state = api.new_match("durak", {}, seed=9)
    assert api.summary(state) == {"deals": [], "totals": [], "finished": False, "winners": [], "reason": None}
    summary = play_to_end(state)
    assert summary["finished"] and summary["totals"] == []
    (result,) = summary["deals"]
    assert set(result) == {"fool", "draw", "winners", "losers", "out_order"}
    assert summary["winners"] == result["winners"]
    assert summary["reason"] == ("draw" if result["draw"] else "fool")
    view = api.view(state, 0)
    assert view["phase"] == "match_over" and view["result"] == {
        "winners": result["winners"],
        "reason": summary["reason"],
    }


@pytest.mark.parametrize(
    ("kind", "system", "reason"),
    [("leave", False, "leave"), ("surrender", False, "surrender"), ("leave", True, "disconnect")],
)
def test_leaving_reasons(kind: str, system: bool, reason: str) -> None:
    state = api.new_match("durak", {"teams": True}, seed=4)
    api.apply(state, 1, {"type": kind}, system=system)
    summary = api.summary(state)
    assert summary["reason"] == reason and summary["winners"] == [0, 2]
    assert summary["deals"] == [
        {"fool": None, "draw": False, "winners": [0, 2], "losers": [1, 3], "out_order": []}
    ]


def test_system_actions_need_system() -> None:
    state = api.new_match("durak", {"cheating": True}, seed=4)
    leader = api.to_act(state)[0]
    before = api.to_json(state)
    for action in ({"type": "timeout"}, {"type": "close"}):
        with pytest.raises(IllegalAction) as exc:
            api.apply(state, leader, action)
        assert exc.value.code == "system_only"
    assert api.to_json(state) == before
    assert state.awaiting() == [leader]


def test_round_trip_and_copy_keep_the_game() -> None:
    state = api.new_match("durak", {"transfer": True, "cheating": True}, seed=2, seats=[0, 2, 3])
    for _ in range(12):
        seat = api.to_act(state)[0]
        api.apply(state, seat, api.legal_actions(state, seat)[0])
    again = api.from_json(json.loads(json.dumps(api.to_json(state))))
    assert api.to_json(again) == api.to_json(state)
    assert api.view(again, 2) == api.view(state, 2)
    twin = state.copy()
    assert api.to_json(twin) == api.to_json(state)
