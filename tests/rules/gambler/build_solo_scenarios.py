"""Writes tests/rules/scenarios/bazar_gambler/solo_*.json: «капо на 1 руке» (option ``solo_capot``).

Run ``python tests/rules/gambler/build_solo_scenarios.py`` after editing. The rulings are
docs/rules.md "Variants beyond the seeds" (bazar_blot, ruleset gambler). Expectations are worked out
by hand (comments). In the whole deals the cards after the actions written here are filled in
when the file is written by the fixed policy of ``build_scenarios.autoplay`` (declare, show,
first legal card); the expected results follow from the rules whatever those cards are (the
bidder holds every trump, or has already lost a trick).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_scenarios as base

OUT = base.OUT
TRUMPS = base.TRUMPS
G = base.G
PASS, CONTRA, RECONTRA, DECLARE = base.PASS, base.CONTRA, base.RECONTRA, base.DECLARE
ON = {"solo_capot": True}


def solos(trumps=TRUMPS) -> list[dict]:
    return [{"type": "capot", "trump": t, "solo": True} for t in trumps]


def acts(text: str) -> list[dict]:
    """``base.acts`` plus ``"1 capot s solo"`` for a solo capot."""
    out = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        solo = part.endswith(" solo")
        (action,) = base.acts(part.removesuffix(" solo"))
        if solo:
            action["solo"] = True
        out.append(action)
    return out


SCENARIOS: list[tuple[str, dict]] = []


def scenario(file: str, name: str, deals: list[tuple[dict, str]], expect: dict, **extra) -> dict:
    spec = {
        "name": name,
        "game": "bazar_blot",
        "options": {"ruleset": "gambler", **extra.pop("options", ON)},
        "dealer": 0,
    }
    spec.update(extra)
    spec["deals"] = [{**deal, "actions": acts(text)} for deal, text in deals]
    spec["expect"] = expect
    SCENARIOS.append((f"solo_{file}", spec))
    return spec


def finish(spec: dict) -> None:
    """Append the rest of the deal's cards (declare, show, first legal card) to its actions."""
    spec["deals"][-1]["actions"] += base.autoplay(spec, {})


G1 = base.play("As", "Ks", "Ah", "Qh", "Td", "9d", "Jc", "8c")  # seat 1's cards in deal G
G2 = base.play("Ts", "7s", "Kh", "8h", "Ad", "8d", "9c", "7c")  # seat 2's

# ---------------------------------------------------------------- the bid
scenario(
    "offered_at_the_open",
    "solo capot: with the option on the first speaker may bid a solo capot in every trump",
    [(G, "")],
    {"rejected": [], "to_act": [1], "legal": {"1": [PASS, *base.bids(0), *base.capots(), *solos()]}},
)
scenario(
    "offered_over_a_bid",
    "solo capot: over a bid the next seat may bid, capot, solo capot or pass (his partner: contra)",
    [(G, "1 bid 8 c")],
    {
        "rejected": [],
        "to_act": [0, 2],
        "legal": {"2": [PASS, *base.bids(8), *base.capots(), *solos(), CONTRA], "0": [CONTRA]},
    },
)
scenario(
    "outranks_all_trumps_capot",
    "solo capot: a solo capot in any trump outranks an all-trumps capot",
    [(G, "1 capot all; 2 capot s solo")],
    {
        "rejected": [],
        "to_act": [1, 3],
        "legal": {"3": [PASS, {"type": "capot", "trump": "all", "solo": True}, CONTRA], "1": [CONTRA]},
    },
)
# After 1's solo capot in spades: no capot, no bid, no solo capot in another suit or no-trump;
# the all-trumps solo capot is the only call above it.
scenario(
    "after_solo_only_higher_solo",
    "solo capot: after it only pass, contra or a solo capot in a game worth more (all-trumps)",
    [(G, "1 capot s solo; 2 capot all; 2 bid 24 d; 2 capot h solo; 2 capot nt solo; 2 capot all solo")],
    {
        "rejected": [
            {"deal": 0, "index": 1, "code": "capot_too_low"},
            {"deal": 0, "index": 2, "code": "no_raise_after_capot"},
            {"deal": 0, "index": 3, "code": "capot_too_low"},
            {"deal": 0, "index": 4, "code": "capot_too_low"},
        ],
        "to_act": [1, 3],
        "legal": {"3": [PASS, CONTRA], "1": [CONTRA]},
    },
)
scenario(
    "all_trumps_solo_cannot_be_overcalled",
    "solo capot: after an all-trumps solo capot only pass and contra",
    [(G, "1 capot all solo; 2 capot all solo")],
    {
        "rejected": [{"deal": 0, "index": 1, "code": "capot_too_low"}],
        "to_act": [0, 2],
        "legal": {"2": [PASS, CONTRA], "0": [CONTRA]},
    },
)
scenario(
    "refused_when_option_off",
    "solo capot: at a Gambler table without the option it is refused and never offered",
    [(G, "1 capot s solo")],
    {
        "rejected": [{"deal": 0, "index": 0, "code": "solo_capot_off"}],
        "to_act": [1],
        "legal": {"1": [PASS, *base.bids(0), *base.capots()]},
    },
    options={},
)
scenario(
    "refused_in_classic",
    "solo capot: the classic Базар-блот has no solo capot: refused, the auction goes on",
    [(G, "1 capot s solo; 1 bid 8 s")],
    {
        "rejected": [{"deal": 0, "index": 0, "code": "solo_capot_off"}],
        "to_act": [2],
    },
    options={"ruleset": "classic"},
)
scenario(
    "solo_false_is_a_plain_capot",
    "solo capot: a capot with solo false is an ordinary capot (a solo capot may still outrank it)",
    [(G, "1 capot s")],
    {
        "rejected": [],
        "to_act": [0, 2],
        "legal": {"2": [PASS, base.capots(["all"])[0], *solos(), CONTRA], "0": [CONTRA]},
    },
)
SCENARIOS[-1][1]["deals"][0]["actions"][0]["solo"] = False
# ------------------------------------------------------------ the auction
# 1 and 3 passed in round one (1 pass, 3 pass): their pair keeps only pass and contra (1 may not
# contra: his partner 3 spoke since 2's bid).
scenario(
    "pair_passed_only_pass_and_contra",
    "solo capot: a pair that passed in round one may not bid a solo capot",
    [(G, "1 pass; 2 bid 8 s; 3 pass; 0 pass; 1 capot s solo")],
    {
        "rejected": [{"deal": 0, "index": 4, "code": "pair_passed"}],
        "to_act": [1, 3],
        "legal": {"1": [PASS], "3": [CONTRA]},
    },
)
scenario(
    "last_word_own_trump_ends",
    "solo capot: the last bidder's extra call is a solo capot in his own trump: play starts at once",
    [(G, "1 bid 8 c; 2 pass; 3 pass; 0 pass; 1 capot c solo")],
    {"rejected": [], "to_act": [1], "legal": {"1": G1}},
)
# 0 and 2 passed in round one: after the reopening they may only pass or say contra.
scenario(
    "last_word_other_trump_reopens",
    "solo capot: the extra call is a solo capot in another trump: the auction reopens",
    [(G, "1 bid 8 c; 2 pass; 3 pass; 0 pass; 1 capot h solo")],
    {"rejected": [], "to_act": [0, 2], "legal": {"2": [PASS, CONTRA], "0": [CONTRA]}},
)
# 3 overcalls his partner 1: the contract is 3's; 1 (left of dealer 0) sits out: 2 leads.
scenario(
    "partner_overcalls",
    "solo capot: the partner may overcall with a higher solo capot; then the first bidder sits out",
    [(G, "1 capot s solo; 2 pass; 3 capot all solo")],
    {"rejected": [], "to_act": [0, 2], "legal": {"0": [PASS, CONTRA], "2": [CONTRA]}},
)
scenario(
    "partner_left_of_dealer_next_seat_leads",
    "solo capot: the sitting partner is left of the dealer: the next seat leads, the partner is skipped",
    [(G, "1 capot s solo; 2 pass; 3 capot all solo; 0 pass; 1 pass; 2 pass; 3 pass; 1 play As")],
    {
        "rejected": [{"deal": 0, "index": 7, "code": "not_your_turn"}],
        "to_act": [2],
        "legal": {"2": G2},
    },
)
# ------------------------------------------------------------- contra
scenario(
    "contra_answered_by_the_partner",
    "solo capot: contra; the contracted pair answers clockwise from the contra-er, the partner too",
    [(G, "1 capot s solo; 0 contra; 1 pass")],
    {"rejected": [], "to_act": [3], "legal": {"3": [PASS, RECONTRA]}},
)
# ---------------------------------------------------------------- play
scenario(
    "three_card_trick",
    "solo capot: the partner is skipped: a trick of three cards; its winner leads the next",
    [(G, "1 capot c solo; 2 pass; 3 pass; 0 pass; 1 pass; 1 play As; 2 play 7s; 3 play Qs; 0 play 9s")],
    {
        "rejected": [{"deal": 0, "index": 7, "code": "not_your_turn"}],
        "to_act": [1],
        "legal": {"1": base.play("Ks", "Ah", "Qh", "Td", "9d", "Jc", "8c")},
    },
)
scenario(
    "sitting_partner_never_acts",
    "solo capot: the sitting partner may not declare, show or play; he is never awaited",
    [(G, "1 capot c solo; 2 pass; 3 pass; 0 pass; 1 pass; 3 declare; 1 play As; 3 play Qs")],
    {
        "rejected": [
            {"deal": 0, "index": 5, "code": "not_your_turn"},
            {"deal": 0, "index": 7, "code": "not_your_turn"},
        ],
        "to_act": [2],
    },
)

# M: seat 1 holds every spade (he takes every trick in spades whatever is played). Seat 0 a
# heart terc A-K-Q, seat 2 a club fifty K-Q-J-T, seat 3 (the partner who sits out) diamond and
# club tercs that never count. Among the three 1's run of 8 in trumps (сто, 100) wins: team 1
# counts 100 (10 small points); belote Ks Qs (2). Made: 50 + 10 + 2 = 62. Card points: every
# card of seats 0, 1, 2 (62 + 29 + 34) and the last trick's 10 = 135.
M = base.hands(
    "Ah Kh Qh 7h 7d 8d 9d Ac",
    "7s 8s 9s Ts Js Qs Ks As",
    "Kc Qc Jc Tc 8h 9h Ad Kd",
    "Th Jh Td Jd Qd 9c 8c 7c",
)


def solo_result(contract: dict, made: bool, scores: list[int], **more) -> dict:
    return {
        "redeal": False,
        "contract": {"value": 25, "capot": True, "multiplier": 1, "solo": True, **contract},
        "made": made,
        "scores": scores,
        **more,
    }


M_CONTRACT = {"team": 1, "seat": 1, "trump": "s"}
M_MORE = {"trump": "s", "tricks": [0, 8], "card_points": [0, 135], "combos": [0, 100], "belote": [0, 20]}
finish(
    scenario(
        "made",
        "solo capot made: the bidder takes all 8 tricks alone: 50 + the counted combinations and "
        "belote of the three",
        [(M, "1 capot s solo; 2 pass; 3 pass; 0 pass; 1 pass")],
        {"rejected": [], "deals": [solo_result(M_CONTRACT, True, [0, 62], **M_MORE)], "totals": [0, 62]},
    )
)
# 2 says contra in turn; 3 then 1 answer (clockwise from 2); both pass: x2.
finish(
    scenario(
        "made_contra",
        "solo capot made against a contra: the whole value x2",
        [(M, "1 capot s solo; 2 contra; 3 pass; 1 pass")],
        {
            "rejected": [],
            "deals": [solo_result({**M_CONTRACT, "multiplier": 2}, True, [0, 124], **M_MORE)],
        },
    )
)
# 0 says contra out of turn; 1 passes, his partner 3 (who will sit out) says recontra: x4.
finish(
    scenario(
        "made_recontra_by_the_partner",
        "solo capot made, contra answered by the sitting partner's recontra: the whole value x4",
        [(M, "1 capot s solo; 0 contra; 1 pass; 3 recontra")],
        {
            "rejected": [],
            "deals": [solo_result({**M_CONTRACT, "multiplier": 4}, True, [0, 248], **M_MORE)],
        },
    )
)

# F: seat 2 (team 0) bids a solo capot in spades; 1 leads (left of dealer 0), 0 sits out. 1 leads
# Ah, 2 must follow with 7h and loses trick 1: failed. Among the three 2's run of 7 in trumps
# (сто) beats 3's club fifty and 1's heart terc: team 0's 100 is counted; 2's belote Ks Qs too.
# Failed: the opponents (team 1) record 50 + 10 + 2 = 62; team 0 nothing. The play goes on.
F = base.hands(
    "7s Jh Td Jd Qd Tc 9c 8c",
    "Ah Kh Qh 8h 7d 8d 9d 7c",
    "8s 9s Ts Js Qs Ks As 7h",
    "Ac Kc Qc Jc Ad Kd Th 9h",
)
F_AUCTION = "1 pass; 2 capot s solo; 3 pass; 0 pass; 1 pass; 2 pass; "
finish(
    scenario(
        "failed",
        "solo capot failed (the bidder loses trick 1): the opponents record 50 + every counted "
        "combination and belote of the three, whichever pair holds them",
        [(F, F_AUCTION + "1 declare; 1 play Ah; 2 declare; 2 play 7h; 3 declare; 3 play 9h")],
        {
            "rejected": [],
            "deals": [
                solo_result(
                    {"team": 0, "seat": 2, "trump": "s"},
                    False,
                    [0, 62],
                    trump="s",
                    combos=[100, 0],
                    belote=[20, 0],
                )
            ],
            "totals": [0, 62],
        },
    )
)
# F in all-trumps, with 0 holding Kd Qd (3 holds Jd instead of Kd). 1 leads Ah; 2 follows 7h; 3
# must beat the ace: 9h takes the trick: failed. Belote of the three: 1 Kh Qh, 3 Kc Qc (team 1),
# 2 Ks Qs (team 0); 0's Kd Qd never count. Combos: 2's сто wins (100). The opponents record
# 70 + 10 + 6 = 86.
P = base.hands(
    "7s Jh Td Kd Qd Tc 9c 8c",
    "Ah Kh Qh 8h 7d 8d 9d 7c",
    "8s 9s Ts Js Qs Ks As 7h",
    "Ac Kc Qc Jc Ad Jd Th 9h",
)
finish(
    scenario(
        "failed_all_trumps_partner_belote_never_counts",
        "solo capot in all-trumps failed: 70 + combinations + belote of the three; the sitting "
        "partner's belote never counts",
        [
            (
                P,
                "1 pass; 2 capot all solo; 3 pass; 0 pass; 1 pass; 2 pass; "
                "1 declare; 1 play Ah; 2 declare; 2 play 7h; 3 declare; 3 play 9h",
            )
        ],
        {
            "rejected": [],
            "deals": [
                solo_result(
                    {"team": 0, "seat": 2, "trump": "all"},
                    False,
                    [0, 86],
                    trump="all",
                    combos=[100, 0],
                    belote=[20, 40],
                )
            ],
        },
    )
)
# F with the four eights in the sitting partner's hand (0): every combination is cancelled,
# belote stays: the opponents record 50 + 2.
E8 = base.hands(
    "8s 8h 8d 8c Jh Td Jd Qd",
    "Ah Kh Qh 9h 7d 9d Tc 7c",
    "7s 9s Ts Js Qs Ks As 7h",
    "Ac Kc Qc Jc Ad Kd Th 9c",
)
finish(
    scenario(
        "partner_four_eights_cancel_combinations",
        "solo capot: the sitting partner's four eights still cancel every combination; belote stays",
        [(E8, F_AUCTION + "1 declare; 1 play Ah; 2 declare; 2 play 7h; 3 declare; 3 play Th")],
        {
            "rejected": [],
            "deals": [
                solo_result(
                    {"team": 0, "seat": 2, "trump": "s"},
                    False,
                    [0, 52],
                    combos=[0, 0],
                    belote=[20, 0],
                )
            ],
        },
    )
)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for file, spec in SCENARIOS:
        text = json.dumps(spec, ensure_ascii=False, indent=1) + "\n"
        (OUT / f"{file}.json").write_text(text, encoding="utf-8")
    print(len(SCENARIOS), "scenarios written to", OUT)


if __name__ == "__main__":
    main()
