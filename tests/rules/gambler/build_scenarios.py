"""Writes tests/rules/scenarios/bazar_gambler/*.json: the Gambler rule scenarios.

Run ``python tests/rules/gambler/build_scenarios.py`` after editing. Expectations are worked
out by hand (comments); for the few whole deals the card plays after the declarations are
filled in by a fixed policy (first legal card) when the file is written, and only results that
follow from the rules without tracing those tricks (combinations, belote, contract) are
expected.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from apps.rules import api  # noqa: E402

OUT = ROOT / "tests" / "rules" / "scenarios" / "bazar_gambler"
TRUMPS = ("s", "c", "d", "h", "nt", "all")


def cards(text: str) -> list[str]:
    """Card codes from a space-separated string."""
    return text.split()


def hands(*seats: str) -> dict:
    return {"hands": {str(i): cards(h) for i, h in enumerate(seats)}, "stock": []}


# G: the conformance deal (dealer 0; 1 speaks first). Each hand holds two cards of each suit.
G = hands(
    "Js 9s Jh 7h Qd 7d Kc Qc",
    "As Ks Ah Qh Td 9d Jc 8c",
    "Ts 7s Kh 8h Ad 8d 9c 7c",
    "Qs 8s Th 9h Kd Jd Ac Tc",
)
# V: every seat holds runs; seat 2 has no spade, seat 3 only clubs; a belote in every suit.
V = hands(
    "As Ks Qs Js Th 9h 8h 7h",
    "Ts 9s 8s 7s Ad Kd Qd Jd",
    "Ah Kh Qh Jh Td 9d 8d 7d",
    "Ac Kc Qc Jc Tc 9c 8c 7c",
)
# E: seat 0 holds four eights (and a spade terc A-K-Q); everybody has something to declare.
E = hands(
    "8s 8c 8d 8h As Ks Qs 7h",
    "Ah Kh Qh 7s 7c 7d Jd 9d",
    "Ts 9s Js Th 9h Jh Tc 9c",
    "Ac Kc Qc Jc Ad Kd Qd Td",
)
# S: E with 0's 8h and 2's Jh swapped: no four eights. Declarable: 0 spade terc to the ace,
# 1 heart terc to the ace, 2 spade terc 9-T-J and heart terc 8-9-T, 3 club fifty and diamond terc.
S = hands(
    "8s 8c 8d Jh As Ks Qs 7h",
    "Ah Kh Qh 7s 7c 7d Jd 9d",
    "Ts 9s Js Th 9h 8h Tc 9c",
    "Ac Kc Qc Jc Ad Kd Qd Td",
)
# F: seat 2 holds four sevens.
F = hands(
    "Js 9s Jh 8h Qd 8d Kc Qc",
    "As Ks Ah Qh Td 9d Jc 8c",
    "Ts 7s Kh 7h Ad 7d 9c 7c",
    "Qs 8s Th 9h Kd Jd Ac Tc",
)

PASS = {"type": "pass"}
CONTRA = {"type": "contra"}
RECONTRA = {"type": "recontra"}
DECLARE = {"type": "declare"}
SHOW = {"type": "show"}


def bids(above: int, trumps=TRUMPS) -> list[dict]:
    return [{"type": "bid", "value": v, "trump": t} for v in range(max(8, above + 1), 25) for t in trumps]


def capots(trumps=TRUMPS) -> list[dict]:
    return [{"type": "capot", "trump": t} for t in trumps]


def play(*codes: str) -> list[dict]:
    return [{"type": "play", "card": c} for c in codes]


def acts(text: str) -> list[dict]:
    """``"1 bid 8 c; 2 pass; 0 contra; 1 play As; 2 capot all; 0 timeout"`` -> actions."""
    out = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        words = part.split()
        seat, kind, rest = int(words[0]), words[1], words[2:]
        action: dict = {"seat": seat, "type": kind}
        if kind == "bid":
            action["value"], action["trump"] = int(rest[0]), rest[1]
        elif kind == "capot":
            action["trump"] = rest[0]
        elif kind == "play":
            action["card"] = rest[0]
        elif kind == "timeout":
            action["system"] = True
        out.append(action)
    return out


def autoplay(spec: dict, shows: dict[int, bool]) -> list[dict]:
    """Finish the last deal of ``spec``: every seat declares, shows when ``shows[seat]``, and
    plays its first legal card, until the deal is scored."""
    deal = spec["deals"][-1]
    state = api.new_match(
        "bazar_blot", spec["options"], deals=[{"hands": deal["hands"], "stock": []}], dealer=0
    )
    for a in deal["actions"]:
        api.apply(state, a["seat"], {k: v for k, v in a.items() if k not in ("seat", "system")})
    extra = []
    while not api.summary(state)["deals"]:
        (seat,) = api.to_act(state)
        legal = api.legal_actions(state, seat)
        if DECLARE in legal:
            action = DECLARE
        elif SHOW in legal and shows.get(seat, True):
            action = SHOW
        else:
            action = next(a for a in legal if a["type"] == "play")
        api.apply(state, seat, dict(action))
        extra.append({"seat": seat, **action})
    return extra


SCENARIOS: list[tuple[str, dict]] = []


def scenario(file: str, name: str, deals: list[tuple[dict, str]], expect: dict, **extra) -> dict:
    spec = {
        "name": name,
        "game": "bazar_blot",
        "options": {"ruleset": "gambler", **extra.pop("options", {})},
        "dealer": 0,
    }
    spec.update(extra)
    spec["deals"] = [{**deal, "actions": acts(text)} for deal, text in deals]
    spec["expect"] = expect
    SCENARIOS.append((file, spec))
    return spec


OPEN_AFTER_8 = [PASS, *bids(8), *capots()]

# ----------------------------------------------------------------- contra
scenario(
    "contra_out_of_turn_two_seats_act",
    "gambler: after a bid both opponents may say contra: the one in turn and his partner out of turn",
    [(G, "1 bid 8 c")],
    {"rejected": [], "to_act": [0, 2], "legal": {"2": [*OPEN_AFTER_8, CONTRA], "0": [CONTRA]}},
)
scenario(
    "contra_out_of_turn_closes_auction",
    "gambler: seat 0 says contra out of turn; the contracted pair answers clockwise from him: 1 first",
    [(G, "1 bid 8 c; 0 contra")],
    {"rejected": [], "to_act": [1], "legal": {"1": [PASS, RECONTRA]}},
)
scenario(
    "contra_window_partner_called",
    "gambler: once seat 2 passed, his partner 0 may no longer say contra; 2 still may, out of turn",
    [(G, "1 bid 8 c; 2 pass; 0 contra")],
    {
        "rejected": [{"deal": 0, "index": 2}],
        "to_act": [2, 3],
        "legal": {"2": [CONTRA], "3": OPEN_AFTER_8},
    },
)
scenario(
    "contra_in_turn_refused_after_partner_passed",
    "gambler: seat 0 in turn may not contra (partner 2 passed since the bid); 2 may, out of turn",
    [(G, "1 bid 8 c; 2 pass; 3 pass")],
    {"rejected": [], "to_act": [0, 2], "legal": {"0": OPEN_AFTER_8, "2": [CONTRA]}},
)
scenario(
    "contra_by_bidders_partner_refused",
    "gambler: the bidder's partner may not say contra",
    [(G, "1 bid 8 c; 2 pass; 3 contra")],
    {"rejected": [{"deal": 0, "index": 2, "code": "cannot_contra"}], "to_act": [2, 3]},
)
scenario(
    "recontra_answers_clockwise_from_contra",
    "gambler: 2 says contra out of turn while 0 is to speak: 3 answers first",
    [(G, "1 bid 8 c; 2 pass; 3 pass; 2 contra")],
    {"rejected": [], "to_act": [3], "legal": {"3": [PASS, RECONTRA]}},
)
scenario(
    "recontra_second_answerer",
    "gambler: 3 passes the contra: the bidder 1 answers next",
    [(G, "1 bid 8 c; 2 pass; 3 pass; 2 contra; 3 pass")],
    {"rejected": [], "to_act": [1], "legal": {"1": [PASS, RECONTRA]}},
)
scenario(
    "recontra_starts_play",
    "gambler: after recontra nothing more: play starts left of the dealer",
    [(G, "1 bid 8 c; 2 pass; 3 pass; 2 contra; 3 recontra; 0 contra")],
    {
        "rejected": [{"deal": 0, "index": 5}],
        "to_act": [1],
        "legal": {"1": play("As", "Ks", "Ah", "Qh", "Td", "9d", "Jc", "8c")},
    },
)
scenario(
    "recontra_without_contra_refused",
    "gambler: recontra only answers a contra",
    [(G, "1 bid 8 c; 2 recontra")],
    {"rejected": [{"deal": 0, "index": 1, "code": "cannot_recontra"}], "to_act": [0, 2]},
)
# ---------------------------------------------------------- bids, capots
scenario(
    "bid_must_be_higher",
    "gambler: a bid must be higher than the last one, whatever the trump",
    [(G, "1 bid 10 c; 2 bid 10 all")],
    {"rejected": [{"deal": 0, "index": 1, "code": "bid_too_low"}], "to_act": [0, 2]},
)
scenario(
    "partner_may_overbid",
    "gambler: the bidder's partner may raise (9 clubs over 8 clubs)",
    [(G, "1 bid 8 c; 2 pass; 3 bid 9 c")],
    {"rejected": [], "to_act": [0, 2], "legal": {"0": [PASS, *bids(9), *capots(), CONTRA], "2": [CONTRA]}},
)
scenario(
    "capot_overcall_only_all_trumps",
    "gambler: after a suit capot only an all-trumps capot may follow (plus pass and contra)",
    [(G, "1 capot s")],
    {
        "rejected": [],
        "to_act": [0, 2],
        "legal": {"2": [PASS, {"type": "capot", "trump": "all"}, CONTRA], "0": [CONTRA]},
    },
)
scenario(
    "capot_all_cannot_be_overcalled",
    "gambler: after an all-trumps capot nothing may be bid",
    [(G, "1 capot all; 2 capot all; 2 bid 24 s")],
    {
        "rejected": [{"deal": 0, "index": 1}, {"deal": 0, "index": 2}],
        "to_act": [0, 2],
        "legal": {"2": [PASS, CONTRA], "0": [CONTRA]},
    },
)
scenario(
    "capot_nt_overcall_refused",
    "gambler: a no-trump capot or a bid does not overcall a suit capot; an all-trumps capot does",
    [(G, "1 capot h; 2 capot nt; 2 bid 24 d; 2 capot all")],
    {
        "rejected": [{"deal": 0, "index": 1, "code": "capot_too_low"}, {"deal": 0, "index": 2}],
        "to_act": [1, 3],
        "legal": {"3": [PASS, CONTRA], "1": [CONTRA]},
    },
)
# ------------------------------------------------------------- last word
scenario(
    "last_word_after_three_passes",
    "gambler: three passes after a bid: its maker speaks once more (no contra for anybody)",
    [(G, "1 bid 8 c; 2 pass; 3 pass; 0 pass")],
    {"rejected": [], "to_act": [1], "legal": {"1": OPEN_AFTER_8}},
)
scenario(
    "last_word_raise_own_trump_ends",
    "gambler: the last word raises in his own trump: the auction ends at once, play starts",
    [(G, "1 bid 8 c; 2 pass; 3 pass; 0 pass; 1 bid 10 c")],
    {"rejected": [], "to_act": [1], "legal": {"1": play("As", "Ks", "Ah", "Qh", "Td", "9d", "Jc", "8c")}},
)
scenario(
    "last_word_capot_own_trump_ends",
    "gambler: the last word is a capot in his own trump: play starts at once",
    [(G, "1 bid 8 c; 2 pass; 3 pass; 0 pass; 1 capot c")],
    {"rejected": [], "to_act": [1], "legal": {"1": play("As", "Ks", "Ah", "Qh", "Td", "9d", "Jc", "8c")}},
)
# 0 and 2 passed in round one: their pair keeps only pass and contra.
scenario(
    "last_word_other_trump_reopens",
    "gambler: the last word in another trump reopens the auction; the pair that passed twice: pass or contra",
    [(G, "1 bid 8 c; 2 pass; 3 pass; 0 pass; 1 bid 9 h")],
    {"rejected": [], "to_act": [0, 2], "legal": {"2": [PASS, CONTRA], "0": [CONTRA]}},
)
scenario(
    "last_word_capot_other_trump_reopens",
    "gambler: the last word is an all-trumps capot: reopened; the silenced pair may pass or contra",
    [(G, "1 bid 8 c; 2 pass; 3 pass; 0 pass; 1 capot all")],
    {"rejected": [], "to_act": [0, 2], "legal": {"2": [PASS, CONTRA], "0": [CONTRA]}},
)
scenario(
    "last_word_pass_plays_the_bid",
    "gambler: the last word is a pass: the bid is the contract; left of the dealer leads",
    [(G, "1 bid 8 c; 2 pass; 3 pass; 0 pass; 1 pass")],
    {"rejected": [], "to_act": [1], "legal": {"1": play("As", "Ks", "Ah", "Qh", "Td", "9d", "Jc", "8c")}},
)
# ---------------------------------------------------------- silenced pair
scenario(
    "pair_passed_twice_only_pass",
    "gambler: 1 and 3 passed in round one: 1 may only pass (his partner spoke since the bid, so no contra)",
    [(G, "1 pass; 2 bid 8 s; 3 pass; 0 pass; 1 bid 9 h")],
    {
        "rejected": [{"deal": 0, "index": 4, "code": "pair_passed"}],
        "to_act": [1, 3],
        "legal": {"1": [PASS], "3": [CONTRA]},
    },
)
scenario(
    "pair_passed_twice_contra_still_allowed",
    "gambler: a pair that passed twice may still say contra",
    [(G, "1 pass; 2 bid 8 s; 3 pass; 0 pass; 3 contra")],
    {"rejected": [], "to_act": [0], "legal": {"0": [PASS, RECONTRA]}},
)
scenario(
    "silenced_pair_then_last_word",
    "gambler: 1 passes; three passes after 2's bid: 2 has the last word",
    [(G, "1 pass; 2 bid 8 s; 3 pass; 0 pass; 1 pass")],
    {"rejected": [], "to_act": [2], "legal": {"2": OPEN_AFTER_8}},
)
# ------------------------------------------------------- deals, timeouts
scenario(
    "four_sevens_redeal",
    "gambler: four sevens in one hand: the deal is void before the auction; the next dealer deals",
    [(F, ""), (G, "")],
    {"rejected": [], "deals": [{"redeal": True, "scores": [0, 0]}], "totals": [0, 0], "to_act": [2]},
)
scenario(
    "timeout_out_of_turn_gives_up_contra",
    "gambler: a timeout of the seat that could only say contra out of turn gives the contra up",
    [(G, "1 bid 8 c; 0 timeout")],
    {"rejected": [], "to_act": [2], "legal": {"2": [*OPEN_AFTER_8, CONTRA]}},
)
scenario(
    "timeout_in_turn_passes",
    "gambler: a timeout of the seat in turn is a pass; his partner may still contra (0 gave it up)",
    [(G, "1 bid 8 c; 0 timeout; 2 timeout")],
    {"rejected": [], "to_act": [2, 3], "legal": {"2": [CONTRA], "3": OPEN_AFTER_8}},
)
scenario(
    "leave_ends_match",
    "gambler: leaving ends the match: the other pair wins",
    [(G, "1 bid 8 c; 3 leave")],
    {"rejected": [], "finished": True, "winners": [0, 2], "to_act": []},
)
# ------------------------------------------------------------------ play
scenario(
    "all_trumps_must_beat_led_suit",
    "gambler: all-trumps: follow the led suit and beat its highest card when you can (Ts over Ks)",
    [(G, "1 bid 8 all; 2 pass; 3 pass; 0 pass; 1 pass; 1 play Ks")],
    {"rejected": [], "to_act": [2], "legal": {"2": play("Ts")}},
)
scenario(
    "all_trumps_cannot_beat_any_of_suit",
    "gambler: all-trumps: no card of the led suit above the best on the table: any card of that suit",
    [(G, "1 bid 8 all; 2 pass; 3 pass; 0 pass; 1 pass; 1 play Ks; 2 play Ts")],
    {"rejected": [], "to_act": [3], "legal": {"3": play("Qs", "8s")}},
)
scenario(
    "all_trumps_void_any_card",
    "gambler: all-trumps: void in the led suit: any card (and he may declare)",
    [(V, "1 bid 8 all; 2 pass; 3 pass; 0 pass; 1 pass; 1 declare; 1 play Ts")],
    {
        "rejected": [],
        "to_act": [2],
        "legal": {"2": [*play("Ah", "Kh", "Qh", "Jh", "Td", "9d", "8d", "7d"), DECLARE]},
    },
)
scenario(
    "suit_trump_void_must_trump",
    "gambler: hearts trump, spades led by an opponent: void seat 2 must trump",
    [(V, "1 bid 8 h; 2 pass; 3 pass; 0 pass; 1 pass; 1 play Ts")],
    {"rejected": [], "to_act": [2], "legal": {"2": [*play("Ah", "Kh", "Qh", "Jh"), DECLARE]}},
)
scenario(
    "show_offered_in_trick_two",
    "gambler: a declarer may show before his card in trick 2",
    [
        (
            V,
            "1 bid 8 all; 2 pass; 3 pass; 0 pass; 1 pass; "
            "1 declare; 1 play Ts; 2 play 7d; 3 play 7c; 0 declare; 0 play Js",
        )
    ],
    {"rejected": [], "to_act": [0], "legal": {"0": [*play("As", "Ks", "Qs", "Th", "9h", "8h", "7h"), SHOW]}},
)
scenario(
    "show_in_trick_one_refused",
    "gambler: show is refused in trick 1",
    [(V, "1 bid 8 all; 2 pass; 3 pass; 0 pass; 1 pass; 1 declare; 1 show")],
    {"rejected": [{"deal": 0, "index": 6}], "to_act": [1]},
)
scenario(
    "two_players_all_trumps_named",
    "gambler, 2 players: the naming round offers all-trumps too",
    [
        (
            {
                "hands": {"0": cards("Js 9s Jh 7h Qd 7d"), "1": cards("As Ks Ah Qh Td 9d")},
                "stock": cards("Kc Qc Ts 7s Kh 8h Ad 8d 9c 7c Qs 8s Th 9h Kd Jd Ac Tc Jc 8c"),
            },
            "1 pass; 0 pass",
        )
    ],
    {
        "rejected": [],
        "to_act": [1],
        "legal": {"1": [*({"type": "name", "trump": t} for t in ("s", "d", "h", "nt", "all")), PASS]},
    },
    options={"players": 2},
)

# The conformance deal's card play (team 1 takes 92 in clubs, team 0 70 and the club belote).
PLAY_G = (
    "1 play As; 2 play 7s; 3 play 8s; 0 play 9s; 1 play Ah; 2 play 8h; 3 play 9h; 0 play 7h; "
    "1 play Ks; 2 play Ts; 3 play Qs; 0 play Js; 2 play Ad; 3 play Jd; 0 play 7d; 1 play 9d; "
    "2 play 8d; 3 play Kd; 0 play Qd; 1 play Td; 1 play Qh; 2 play Kh; 3 play Th; 0 play Jh; "
    "3 play Ac; 0 play Qc; 1 play Jc; 2 play 7c; 1 play 8c; 2 play 9c; 3 play Tc; 0 play Kc"
)


def g_result(contract: dict, made: bool, scores: list[int]) -> dict:
    return {
        "redeal": False,
        "trump": "c",
        "contract": {"team": 1, "seat": 1, "trump": "c", "capot": False, **contract},
        "tricks": [3, 5],
        "card_points": [70, 92],
        "combos": [0, 0],
        "belote": [20, 0],
        "made": made,
        "scores": scores,
    }


# Bid 10 by the last word: 92 real points < 100: failed. Team 1 records nothing (no belote),
# team 0 the whole 16 + its belote 2.
scenario(
    "failed_bid_real_points",
    "gambler: a bid of 10 needs 100 real card points: 92 fails; the opponents record 16 + their belote",
    [(G, "1 bid 8 c; 2 pass; 3 pass; 0 pass; 1 bid 10 c; " + PLAY_G)],
    {"rejected": [], "deals": [g_result({"value": 10, "multiplier": 1}, False, [18, 0])], "totals": [18, 0]},
)
# Contra by 0 out of turn; 1 and 3 pass. Made (92 >= 80): (16 + 0) x 2 = 32 to team 1; the
# belote (2) stays with team 0, not multiplied.
scenario(
    "contra_made_doubled",
    "gambler: a doubled contract made: the game x2 to the contracting pair, belote stays with its owner",
    [(G, "1 bid 8 c; 0 contra; 1 pass; 3 pass; " + PLAY_G)],
    {"rejected": [], "deals": [g_result({"value": 8, "multiplier": 2}, True, [2, 32])], "totals": [2, 32]},
)
scenario(
    "recontra_made_quadrupled",
    "gambler: recontra: the whole game x4 (64) to the contracting pair",
    [(G, "1 bid 8 c; 0 contra; 1 recontra; " + PLAY_G)],
    {"rejected": [], "deals": [g_result({"value": 8, "multiplier": 4}, True, [2, 64])]},
)
# Bid 9: 92 >= 90, made; classic halves 7 / 9 as in the conformance sample.
scenario(
    "made_bid_real_points",
    "gambler: a bid of 9 is made with 92 real card points; each pair writes its own game",
    [(G, "1 bid 9 c; 2 pass; 3 pass; 0 pass; 1 pass; " + PLAY_G)],
    {"rejected": [], "deals": [g_result({"value": 9, "multiplier": 1}, True, [9, 9])]},
)

# Whole deals with declarations (plays after the declarations: first legal card).
# E, hearts by 1: 0 holds four eights: every combination is cancelled; 1's belote (Kh Qh) stays.
spec = scenario(
    "four_eights_cancel_combinations",
    "gambler: four eights in one hand: declared and shown combinations are all cancelled, belote stays",
    [(E, "1 bid 8 h; 2 pass; 3 pass; 0 pass; 1 pass")],
    {"rejected": [], "deals": [{"trump": "h", "combos": [0, 0], "belote": [0, 20]}]},
)
spec["deals"][-1]["actions"] += autoplay(spec, {})
# S, spades by 1: everybody declares; 3 (club fifty, the best) does not show. Shown: team 0's
# trump terc A-K-Q (0) beats 1's plain terc to the ace: team 0 counts 0's terc and 2's two
# tercs = 60. Belote: 0 holds Ks Qs.
spec = scenario(
    "best_combination_not_shown_opponents_count",
    "gambler: the best declared combination not shown: the opponents' shown ones count",
    [(S, "1 bid 8 s; 2 pass; 3 pass; 0 pass; 1 pass")],
    {"rejected": [], "deals": [{"trump": "s", "combos": [60, 0], "belote": [20, 0]}]},
)
spec["deals"][-1]["actions"] += autoplay(spec, {3: False})
# Same, everybody shows: 3's fifty wins; team 1 counts 50 + 20 (3's diamonds) + 20 (1's hearts).
spec = scenario(
    "all_shown_best_pair_counts_all",
    "gambler: every declaration shown: the pair with the best combination counts all of its shown ones",
    [(S, "1 bid 8 s; 2 pass; 3 pass; 0 pass; 1 pass")],
    {"rejected": [], "deals": [{"trump": "s", "combos": [0, 90], "belote": [20, 0]}]},
)
spec["deals"][-1]["actions"] += autoplay(spec, {})
# S, diamonds by 1: 3 (fifty, and the trump terc) does not show. Best shown: 0's spade terc
# to the ace and 1's heart terc to the ace, both plain: the player earlier from the dealer
# (1, left of dealer 0) wins: team 1 counts 1's terc only. Belote: 3 holds Kd Qd.
spec = scenario(
    "tie_plain_sequences_earlier_from_dealer",
    "gambler: equal plain sequences: the player earlier from the dealer wins",
    [(S, "1 bid 8 d; 2 pass; 3 pass; 0 pass; 1 pass")],
    {"rejected": [], "deals": [{"trump": "d", "combos": [0, 20], "belote": [0, 20]}]},
)
spec["deals"][-1]["actions"] += autoplay(spec, {3: False})
# V in all-trumps: every seat holds a king and queen of one suit: belote 40 per pair.
spec = scenario(
    "all_trumps_belote_in_every_suit",
    "gambler: all-trumps: belote in every suit (each seat holds one): 40 per pair",
    [(V, "1 bid 8 all; 2 pass; 3 pass; 0 pass; 1 pass")],
    {"rejected": [], "deals": [{"trump": "all", "belote": [40, 40]}]},
)
spec["deals"][-1]["actions"] += autoplay(spec, {})


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for file, spec in SCENARIOS:
        (OUT / f"{file}.json").write_text(
            json.dumps(spec, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
    print(len(SCENARIOS), "scenarios written to", OUT)


if __name__ == "__main__":
    main()
