"""Базар-блот engine behaviour that scenario results cannot show: options, events, views,
the gambler dispatch, timeouts and the autoplay policy."""

from __future__ import annotations

import json

import pytest

from apps.rules import api
from apps.rules.autoplay import choose_card
from apps.rules.bazar_blot import BazarBlot
from apps.rules.cards import CARD, mask_of
from apps.rules.errors import IllegalAction, InvalidOptions

DC = {
    "0": ["7c", "8c", "9c", "As", "Ah", "Th", "Kd", "Qd"],
    "1": ["7s", "Ks", "8h", "Jc", "Ac", "8d", "Td", "Ad"],
    "2": ["8s", "9s", "Ts", "9h", "Qh", "Tc", "Qc", "7d"],
    "3": ["Js", "Qs", "7h", "Jh", "Kh", "Kc", "9d", "Jd"],
}


def dc_match(trump: str = "d", **options):
    state = api.new_match(
        "bazar_blot", {"players": 4, **options}, deals=[{"hands": DC, "stock": []}], dealer=3
    )
    api.apply(state, 0, {"type": "bid", "value": 8, "trump": trump})
    for seat in (1, 2, 3):
        api.apply(state, seat, {"type": "pass"})
    return state


def test_default_options() -> None:
    assert api.normalize_options("bazar_blot", {}) == {
        "players": 4,
        "target": 101,
        "no_trump": True,
        "combos": "all",
        "auto_declare": False,
        "move_time": 20,
        "theme": "club",
        "ruleset": "classic",
    }
    assert api.normalize_options("bazar_blot", {"players": 2})["target"] == 51
    assert api.normalize_options("bazar_blot", {"ruleset": "gambler"})["target"] == 301


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"players": 3}, "players"),
        ({"target": 100}, "target"),
        ({"combos": "some"}, "combos"),
        ({"move_time": 10}, "move_time"),
        ({"theme": "beach"}, "theme"),
        ({"no_trump": "yes"}, "no_trump"),
        ({"auto_declare": 1}, "auto_declare"),
        ({"ruleset": "other"}, "ruleset"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_options_name_the_field(options: dict, field: str) -> None:
    with pytest.raises(InvalidOptions) as err:
        api.normalize_options("bazar_blot", options)
    assert field in err.value.errors


def test_gambler_ruleset_dispatches_to_its_class_and_round_trips() -> None:
    state = api.new_match("bazar_blot", {"ruleset": "gambler"}, seed=4)
    assert type(state).__name__ == "BazarGambler" and isinstance(state, BazarBlot)
    again = api.from_json(json.loads(json.dumps(api.to_json(state))))
    assert type(again) is type(state)
    classic = api.from_json(api.to_json(api.new_match("bazar_blot", {}, seed=4)))
    assert type(classic) is BazarBlot


def test_belote_and_rebelote_are_announced_on_the_two_cards() -> None:
    state = dc_match("d")
    said = []
    while state.phase == "play":
        seat = api.to_act(state)[0]
        legal = [a for a in api.legal_actions(state, seat) if a["type"] == "play"]
        pick = next((a for a in legal if a["card"] in ("Kd", "Qd")), legal[0])
        _, events = api.apply(state, seat, pick)
        said += [(pick["card"], e["word"]) for e in events if e["type"] == "belote"]
        if len(said) == 1:
            assert api.view(state, 2)["belote"] == [{"seat": 0, "suit": "d", "said": 1}]
    assert [w for _, w in said] == ["belote", "rebelote"] and {c for c, _ in said} == {"Kd", "Qd"}
    assert state.deals[-1]["belote"] == [20, 0]


def test_no_belote_event_in_no_trump() -> None:
    state = dc_match("nt")
    _, events = api.apply(state, 0, {"type": "play", "card": "Kd"})
    assert not [e for e in events if e["type"] == "belote"]


def test_declaration_kinds_visible_during_trick_one_cards_after() -> None:
    state = dc_match("h")
    _, events = api.apply(state, 0, {"type": "declare"})
    assert events == [{"type": "declare", "seat": 0, "kinds": ["tierce"]}]
    for seat in (0, 1, 2, 3):
        view = api.view(state, seat)
        assert view["declarations"] == [{"seat": 0, "kinds": ["tierce"]}]
        if seat != 0:
            assert not {"7c", "8c", "9c"} & set(json.dumps(view["declarations"]).split('"'))
    plays = [(0, "As"), (1, "7s"), (2, "8s"), (3, "Js")]
    events = []
    for seat, card in plays:
        events += api.apply(state, seat, {"type": "play", "card": card})[1]
    shown = [e for e in events if e["type"] == "combos"]
    assert shown and shown[0]["side"] == 0
    decl = api.view(state, 1)["declarations"]
    assert decl == [{"seat": 0, "kinds": ["tierce"], "counted": True, "cards": ["7c", "8c", "9c"]}]
    assert {"7c", "8c", "9c"} <= state.visible_cards(1)


def test_views_show_own_hand_only() -> None:
    state = dc_match("h")
    spectator = api.view(state, None)
    assert spectator["hand"] == [] and spectator["legal"] == [] and spectator["seat"] is None
    mine = api.view(state, 0)
    assert sorted(mine["hand"]) == sorted(DC["0"])
    assert mine["phase"] == "play" and mine["trump"] == "h" and mine["to_act"] == [0]
    assert mine["contract"]["value"] == 8 and mine["seats"][1] == {"seat": 1, "cards": 8, "team": 1}
    assert mine["auction"][0] == {"seat": 0, "type": "bid", "value": 8, "trump": "h"}
    other = api.view(state, 1)
    assert not set(DC["0"]) & set(json.dumps(other).replace('"', " ").split())


def test_trick_and_deal_events() -> None:
    state = dc_match("h")
    events = []
    while state.phase == "play":
        seat = api.to_act(state)[0]
        legal = [a for a in api.legal_actions(state, seat) if a["type"] == "play"]
        events += api.apply(state, seat, legal[0])[1]
    tricks = [e for e in events if e["type"] == "trick"]
    assert len(tricks) == 8 and sum(e["points"] for e in tricks) == 162
    scored = [e for e in events if e["type"] == "deal_scored"]
    assert len(scored) == 1 and scored[0]["result"]["redeal"] is False
    assert api.view(state, 0)["phase"] == "deal_over" and api.to_act(state) == []
    assert api.current_deal(state)["hands"] == {}


def test_current_deal_is_the_dealt_cards() -> None:
    state = api.new_match("bazar_blot", {}, seed=11)
    deal = api.current_deal(state)
    cards = [c for hand in deal["hands"].values() for c in hand]
    assert len(cards) == 32 == len(set(cards)) and deal["stock"] == [] and deal["number"] == 0


def test_timeout_in_play_is_a_legal_card_and_skips_the_declaration() -> None:
    state = dc_match("h")
    legal = api.legal_actions(state, 0)
    assert {"type": "declare"} in legal
    _, events = api.apply(state, 0, {"type": "timeout"}, system=True)
    played = [e for e in events if e["type"] == "play"]
    assert events[0] == {"type": "timeout", "seat": 0}
    assert len(played) == 1 and {"type": "play", "card": played[0]["card"]} in legal
    assert not [e for e in events if e["type"] == "declare"]
    assert state.declared[0] is None


def test_system_actions_need_the_system_flag() -> None:
    state = dc_match("h")
    before = api.to_json(state)
    with pytest.raises(IllegalAction) as err:
        api.apply(state, 0, {"type": "timeout"})
    assert err.value.code == "system_only" and api.to_json(state) == before


def test_two_player_view_shows_the_face_up_card() -> None:
    state = api.new_match("bazar_blot", {"players": 2}, seed=5)
    view = api.view(state, None)
    assert view["face_up"] == api.current_deal(state)["stock"][0]
    assert view["stock"] == 19 and [s["cards"] for s in view["seats"]] == [6, 6]


def test_autoplay_policy() -> None:
    m = mask_of
    c = CARD
    hearts = 3
    # Leading: a plain ace first.
    assert choose_card(m([c["As"], c["7s"], c["Jh"]]), hearts, -1, False) == c["As"]
    # Leading without a plain ace: the cheapest plain card.
    assert choose_card(m([c["Ks"], c["7d"], c["Jh"]]), hearts, -1, False) == c["7d"]
    # An opponent wins with the king of spades: take it with the cheapest winner.
    assert choose_card(m([c["As"], c["Ts"], c["7s"]]), hearts, c["Ks"], False) == c["Ts"]
    # Partner winning: play cheap.
    assert choose_card(m([c["As"], c["Ts"], c["7s"]]), hearts, c["Ks"], True) == c["7s"]
    # Void, an opponent winning: the lowest trump that wins.
    assert choose_card(m([c["Jh"], c["8h"]]), hearts, c["Ks"], False) == c["8h"]
    # Nothing wins: discard the cheapest.
    assert choose_card(m([c["8s"], c["Qs"]]), hearts, c["As"], False) == c["8s"]


def test_copy_is_independent_and_fast_path_actions_are_shared() -> None:
    state = dc_match("h")
    twin = state.copy()
    api.apply(twin, 0, {"type": "play", "card": "As"})
    assert state.hands[0] != twin.hands[0] and api.to_act(state) == [0]
    assert api.legal_actions(state, 0)[0] is api.legal_actions(state, 0)[0]


def test_fast_shuffle_is_exactly_the_deal_source() -> None:
    from apps.rules.base import DealSource
    from apps.rules.belot import shuffled_deck
    from apps.rules.cards import DECK_24, DECK_32

    for seed in range(200):
        for number in range(3):
            assert shuffled_deck(seed, number, DECK_32) == DealSource(seed).next_deal(number, DECK_32)
            assert shuffled_deck(seed, number, DECK_24) == DealSource(seed).next_deal(number, DECK_24)


def test_copy_of_a_copy_round_trips() -> None:
    state = api.new_match("bazar_blot", {}, seed=9)
    twin = state.copy().copy()
    assert api.to_json(twin) == api.to_json(state)
    assert api.to_json(api.from_json(api.to_json(twin))) == api.to_json(state)
