"""Bots and «капо на 1 руке» (Gambler option ``solo_capot``): every level plays solo deals
legally (the sitting partner is never asked), ``normal`` bids a solo capot only with a hand that
takes every trick in its own play-out, and ``hard`` defends against one."""

from __future__ import annotations

import pytest

from apps.bots import Bot
from apps.bots.belot.auction import solo_lead, solo_takes_all
from apps.rules import api
from apps.rules.cards import CARD, mask_of
from apps.rules.tricks import MODE_OF

OPTIONS = {"ruleset": "gambler", "solo_capot": True}
#: Seat 1 holds every spade; the others as in the solo scenarios (dealer 0: 1 speaks first).
M = {
    "hands": {
        "0": ["Ah", "Kh", "Qh", "7h", "7d", "8d", "9d", "Ac"],
        "1": ["7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As"],
        "2": ["Kc", "Qc", "Jc", "Tc", "8h", "9h", "Ad", "Kd"],
        "3": ["Th", "Jh", "Td", "Jd", "Qd", "9c", "8c", "7c"],
    },
    "stock": [],
}
#: Deal G of the Gambler scenarios: nobody holds a solo capot.
G = {
    "hands": {
        "0": ["Js", "9s", "Jh", "7h", "Qd", "7d", "Kc", "Qc"],
        "1": ["As", "Ks", "Ah", "Qh", "Td", "9d", "Jc", "8c"],
        "2": ["Ts", "7s", "Kh", "8h", "Ad", "8d", "9c", "7c"],
        "3": ["Qs", "8s", "Th", "9h", "Kd", "Jd", "Ac", "Tc"],
    },
    "stock": [],
}


def play_deal(deal: dict, levels: dict[int, str]) -> tuple[object, list[tuple[int, dict]]]:
    """One deal with bots at ``levels``; every decision checked legal; the log of moves."""
    state = api.new_match("bazar_blot", OPTIONS, deals=[deal], dealer=0)
    bots = {s: Bot(levels[s], seed=s, time_limit=None) for s in range(4)}
    log = []
    while api.to_act(state) and not api.summary(state)["deals"]:
        seat = api.view(state, None)["awaiting"][0]
        view = api.view(state, seat)
        action = bots[seat].decide(view)
        assert action in view["legal"]
        _, events = api.apply(state, seat, action)
        log.append((seat, action))
        for s in range(4):
            bots[s].observe(api.view(state, s), events)
    return state, log


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_sure_hand_bids_the_solo_capot_and_makes_it(level):
    state, log = play_deal(M, {0: "hard", 1: level, 2: "hard", 3: "normal"})
    # Leading first with every spade he takes all tricks in all-trumps too: the game worth more.
    assert log[0] == (1, {"type": "capot", "trump": "all", "solo": True})
    (deal,) = api.summary(state)["deals"]
    assert deal["contract"]["solo"] is True and deal["made"] is True
    assert all(seat != 3 for seat, a in log if a["type"] in ("play", "declare", "show"))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_solo_capot_without_a_sure_hand(level):
    _, log = play_deal(G, {s: level for s in range(4)})
    assert not any(a.get("solo") for _, a in log)


def test_sure_hand_check():
    spades = ["7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As"]
    assert solo_takes_all(spades, "s", dealer=0, me=1)
    # Six top trumps and two aces: sure whoever leads (trumps drawn first, then the aces).
    top = ["Js", "9s", "As", "Ts", "Ks", "Qs", "Ah", "Ad"]
    assert solo_takes_all(top, "s", dealer=0, me=1) and solo_takes_all(top, "s", dealer=0, me=2)
    # A small heart loses a trick.
    assert not solo_takes_all(["Js", "9s", "As", "Ts", "Ks", "Qs", "7h", "Ad"], "s", dealer=0, me=1)
    assert not solo_takes_all(spades, "h", dealer=0, me=1)


def test_solo_lead_draws_trumps_while_any_may_be_out():
    hand = mask_of(CARD[c] for c in ["Js", "9s", "Ah", "Ad"])
    s = MODE_OF["s"]
    assert solo_lead(hand, s, mask_of([CARD["7s"]])) == CARD["Js"]
    assert solo_lead(hand, s, mask_of([CARD["7h"]])) == -1  # no trump left out: normal lead
    assert solo_lead(hand, MODE_OF["nt"], mask_of([CARD["7s"]])) == -1


def test_every_level_plays_solo_deals_legally():
    """Easy bids solo capots at random: normal and hard defend and bid next to it."""
    from tests.bots.driver import play

    solo = 0
    for seed in range(6):
        state, _log = play(
            "bazar_blot", OPTIONS, {0: "easy", 1: "hard", 2: "easy", 3: "normal"}, seed=seed, max_deals=2
        )
        for d in api.summary(state)["deals"]:
            solo += bool((d.get("contract") or {}).get("solo"))
    assert solo >= 1
