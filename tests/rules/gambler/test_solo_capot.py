"""«Капо на 1 руке» (Gambler option ``solo_capot``): options, views and scoring branches that the
scenario files do not reach (docs/rules.md "Variants beyond the seeds")."""

from __future__ import annotations

import pytest

from apps.rules import api
from apps.rules.errors import IllegalAction, InvalidOptions

G = {
    "hands": {
        "0": ["Js", "9s", "Jh", "7h", "Qd", "7d", "Kc", "Qc"],
        "1": ["As", "Ks", "Ah", "Qh", "Td", "9d", "Jc", "8c"],
        "2": ["Ts", "7s", "Kh", "8h", "Ad", "8d", "9c", "7c"],
        "3": ["Qs", "8s", "Th", "9h", "Kd", "Jd", "Ac", "Tc"],
    },
    "stock": [],
}
SOLO = {"ruleset": "gambler", "solo_capot": True}
PASS = {"type": "pass"}


def solo(trump: str) -> dict:
    return {"type": "capot", "trump": trump, "solo": True}


#: 1 bids a solo capot in clubs; everybody passes (1's last word a pass): 3 sits out.
CLUBS_SOLO = [(1, {"type": "capot", "trump": "c", "solo": True}), (2, PASS), (3, PASS), (0, PASS), (1, PASS)]


def started(calls: list[tuple[int, dict]], options: dict = SOLO):
    state = api.new_match("bazar_blot", options, deals=[G], dealer=0)
    for seat, action in calls:
        api.apply(state, seat, action)
    return state


def test_option_defaults_off_for_gambler_and_absent_for_classic():
    assert api.normalize_options("bazar_blot", {"ruleset": "gambler"})["solo_capot"] is False
    assert "solo_capot" not in api.normalize_options("bazar_blot", {})
    assert api.normalize_options("bazar_blot", SOLO)["solo_capot"] is True


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"solo_capot": True}, "ruleset gambler"),
        ({"ruleset": "classic", "solo_capot": True}, "ruleset gambler"),
        ({"ruleset": "gambler", "players": 2, "solo_capot": True}, "4 players"),
        ({"ruleset": "gambler", "solo_capot": "yes"}, "must be one of"),
        ({"ruleset": "gambler", "solo_capot": 1}, "must be one of"),
    ],
)
def test_bad_option_is_refused_with_a_clear_error(options, words):
    with pytest.raises(InvalidOptions) as err:
        api.normalize_options("bazar_blot", options)
    assert words in err.value.errors["solo_capot"]


@pytest.mark.parametrize("options", [{"ruleset": "gambler"}, {"ruleset": "classic"}])
def test_solo_capot_refused_when_the_option_is_off(options):
    state = api.new_match("bazar_blot", options, deals=[G], dealer=0)
    with pytest.raises(IllegalAction) as err:
        api.apply(state, 1, solo("s"))
    assert err.value.code == "solo_capot_off"
    assert not any(a.get("solo") for a in api.legal_actions(state, 1))
    # Nothing changed: the same seat still speaks first.
    assert api.to_act(state) == [1]


def test_solo_false_is_a_plain_capot():
    state = started([(1, {"type": "capot", "trump": "s", "solo": False})])
    assert state.calls[-1] == {"seat": 1, "type": "capot", "trump": "s"}
    assert state.solo is False


def test_partner_sits_out_his_hand_stays_hidden():
    state = started(CLUBS_SOLO)
    assert state.sitting == 3
    for seat in (0, 1, 2):
        view = api.view(state, seat)
        assert view["sitting"] == 3
        assert view["seats"][3]["cards"] == 8
        assert not set(G["hands"]["3"]) & state.visible_cards(seat)
    own = api.view(state, 3)
    assert own["hand"] == sorted(G["hands"]["3"], key=own["hand"].index)
    assert own["legal"] == []
    assert not set(G["hands"]["3"]) & state.visible_cards(None)


def test_state_round_trip_keeps_the_sitting_seat():
    state = started([*CLUBS_SOLO, (1, {"type": "play", "card": "As"})])
    back = api.from_json(api.to_json(state))
    assert back.sitting == 3
    assert api.to_act(back) == [2]
    api.apply(back, 2, {"type": "play", "card": "7s"})
    assert api.to_act(back) == [0]  # seat 3 skipped
    api.apply(back, 0, {"type": "play", "card": "9s"})
    assert back.trick_no == 1
    assert api.view(back, None)["last_trick"] == [
        {"seat": 1, "card": "As"},
        {"seat": 2, "card": "7s"},
        {"seat": 0, "card": "9s"},
    ]


def test_copy_keeps_the_sitting_seat_apart():
    state = started(CLUBS_SOLO)
    other = state.copy()
    assert other.sitting == 3 and other._next == state._next and other._tsize == 3


def test_next_deal_has_everybody_back():
    state = started(CLUBS_SOLO)
    state.set_sitting(-1)
    assert state._tsize == 4 and state._next == (1, 2, 3, 0)


def scored(state, tricks: list[int]) -> dict:
    state.tricks = tricks
    return state.score_deal()


def test_all_trumps_solo_made_is_70_times_recontra():
    state = started([(1, solo("all")), (0, {"type": "contra"}), (1, {"type": "recontra"})])
    assert state.contract == {
        "team": 1,
        "seat": 1,
        "value": 25,
        "trump": "all",
        "capot": True,
        "multiplier": 4,
        "solo": True,
    }
    result = scored(state, [0, 8])
    # Belote of the three in all-trumps: 0 holds Kc Qc (20); 3's cards never count.
    assert result["belote"] == [20, 0]
    assert result["made"] is True
    assert result["scores"] == [0, (70 + 2) * 4]


def test_solo_failed_gives_the_opponents_the_value_and_the_belote():
    state = started([(1, solo("all")), (2, PASS), (3, PASS), (0, PASS), (1, PASS)])
    result = scored(state, [1, 7])
    assert result["made"] is False
    assert result["scores"] == [72, 0]
