"""Деберц rules that scenarios cannot state: options, the first dealer, events, views."""

from __future__ import annotations

import pytest

from apps.rules import api
from apps.rules.deberc_scoring import DealPoints, opponents_after, score_points, split
from apps.rules.errors import InvalidOptions


def test_options_defaults_and_refusals() -> None:
    assert api.normalize_options("deberc", {}) == {
        "players": 2,
        "teams": False,
        "target": 301,
        "move_time": 20,
    }
    assert api.normalize_options("deberc", {"players": 4, "teams": True, "target": 1001})["target"] == 1001
    for bad, field in (
        ({"players": 5}, "players"),
        ({"target": 101}, "target"),
        ({"players": 3, "teams": True}, "teams"),
        ({"players": True}, "players"),
        ({"move_time": 25}, "move_time"),
        ({"colour": "red"}, "colour"),
    ):
        with pytest.raises(InvalidOptions) as info:
            api.normalize_options("deberc", bad)
        assert field in info.value.errors


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_dealer_is_dealt_the_first_ace(players: int) -> None:
    dealers = set()
    for seed in range(12):
        state = api.new_match("deberc", {"players": players}, seed=seed)
        shown = state.view(0)["first_dealer"]
        cards = [c["card"] for c in shown["cards"]]
        assert [c[0] for c in cards].count("A") == 1 and cards[-1][0] == "A"
        assert [c["seat"] for c in shown["cards"]] == [i % players for i in range(len(cards))]
        assert shown["dealer"] == shown["cards"][-1]["seat"] == state.dealer
        assert api.to_act(state) == [(state.dealer + 1) % players]
        again = api.new_match("deberc", {"players": players}, seed=seed)
        assert again.dealer == state.dealer and api.current_deal(again) == api.current_deal(state)
        dealers.add(state.dealer)
    assert len(dealers) > 1, "the first dealer depends on the seed"


def test_first_draw_is_shown_only_in_the_first_auction() -> None:
    state = api.new_match("deberc", {"players": 2}, seed=3)
    seat = api.to_act(state)[0]
    api.apply(state, seat, {"type": "take"})
    assert state.view(0)["first_dealer"] is None
    assert api.new_match("deberc", {"players": 2}, seed=3, dealer=1).view(0)["first_dealer"] is None


def _deal(hands: dict[int, str], stock: str) -> list[dict]:
    return [{"hands": {str(s): h.split() for s, h in hands.items()}, "stock": stock.split()}]


def test_bela_announced_once_with_its_first_card() -> None:
    deals = _deal(
        {1: "Ks Qs 9s 8s Ac Ad", 0: "As 7s Kc Kd Kh Ah"},
        "Ts 7c 8h 9d Tc Td Th Js 8c 9c Jc Qc 7d 8d Jd Qd 7h 9h Jh Qh",
    )
    state = api.new_match("deberc", {"players": 2}, deals=deals, dealer=0)
    api.apply(state, 1, {"type": "take"})
    _, events = api.apply(state, 1, {"type": "play", "card": "Ks"})
    assert {"type": "belote", "seat": 1, "suit": "s", "word": "bela"} in events
    _, events = api.apply(state, 0, {"type": "play", "card": "As"})
    assert {"type": "bela", "seat": 1, "counted": False} in events
    assert state.view(1)["bela"] == {"seat": 1, "counted": False}
    # Seat 0 leads; later the Qs is played: no second announcement.
    said = []
    while not state.deals:
        seat = api.to_act(state)[0]
        _, events = api.apply(state, seat, api.legal_actions(state, seat)[-1])
        said += [e for e in events if e["type"] == "belote"]
    assert said == []
    assert state.deals[0]["belote"] == [0, 0]


def test_view_shows_face_up_obligation_and_hides_the_stock() -> None:
    state = api.new_match("deberc", {"players": 3}, seed=5, dealer=1)
    view = state.view(2)
    face = api.current_deal(state)["stock"][0]
    assert view["face_up"] == face and view["obligation"] == 1 and view["round"] == 1
    assert view["hanging"] == 0 and view["chooser"] is None
    hidden = set(api.current_deal(state)["stock"][1:])
    assert not hidden & set(str(view).replace("'", " ").split())


def test_scoring_split_remainder_in_order_after_the_chooser() -> None:
    assert opponents_after(2, [0, 1, 2, 3]) == [3, 0, 1]
    assert opponents_after(1, [0, 1, 0, 1]) == [0]
    assert split(182, [1, 2, 3], 4) == [0, 61, 61, 60]
    assert split(71, [0, 1], 3) == [36, 35, 0]
    made = score_points(
        DealPoints(own=[40, 80, 30], chooser=1, chooser_seat=1, side_of=[0, 1, 2], hanging=12)
    )
    assert (made.outcome, made.scores, made.hanging) == ("made", [40, 92, 30], 0)
    bait = score_points(
        DealPoints(own=[40, 30, 50], chooser=1, chooser_seat=1, side_of=[0, 1, 2], hanging=11)
    )
    assert (bait.outcome, bait.scores, bait.hanging) == ("bait", [60, 0, 71], 0)
    hang = score_points(DealPoints(own=[50, 50, 20], chooser=1, chooser_seat=1, side_of=[0, 1, 2], hanging=7))
    assert (hang.outcome, hang.scores, hang.hanging) == ("hanging", [50, 0, 20], 57)


def test_deberc_ends_the_match_with_its_reason_and_event() -> None:
    deals = _deal(
        {0: "8h 9h Th Jh Qh 7s", 1: "7c 8c 9c Tc Jc Qc"},
        "7h 8s 9s Ts Kh Ah Js Qs Ks As Kc Ac 7d 8d 9d Td Jd Qd Kd Ad",
    )
    state = api.new_match("deberc", {"players": 2}, deals=deals, dealer=0)
    _, events = api.apply(state, 1, {"type": "take"})
    assert {"type": "deberc", "seat": 0, "cards": ["8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah"]} in events
    summary = api.summary(state)
    assert summary["finished"] and summary["winners"] == [0] and summary["reason"] == "deberc"
    assert state.view(1)["result"] == {"winners": [0], "reason": "deberc"}
    assert api.to_act(state) == [] and api.legal_actions(state, 0) == []
