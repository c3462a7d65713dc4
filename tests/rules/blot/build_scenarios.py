"""Writes tests/rules/scenarios/blot/*.json: the Обычный блот rule scenarios.

Run ``python tests/rules/blot/build_scenarios.py`` after editing; the JSON files are the tests
(tests/rules/test_scenarios.py and the shared checker run them). Expectations are worked out
by hand in the comments, never copied from the engine.
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "scenarios" / "blot"


def cards(text: str) -> list[str]:
    """Card codes from a space-separated string."""
    return text.split()


# D1 (the conformance deal): dealer 1, non-dealer 0, face-up Qc.
D1 = {
    "hands": {"0": cards("Jc 9c Ad Td As Ks"), "1": cards("Kc Tc Ah Th Qh Jd")},
    "stock": cards("Qc Kd 9h 9d Qs Js Ts 9s Kh Jh Qd Ac"),
}
# D3: face-up Th. 0 holds a spade terc 9-T-J after taking, 1 a club fifty T-J-Q-K.
D3 = {
    "hands": {"0": cards("Kh 9s Ts Ks Ad 9d"), "1": cards("Qh Ah Jc Qc Kc Tc")},
    "stock": cards("Th 9h Js Jh As Qs Qd Td Jd Kd Ac 9c"),
}
# D4: face-up As. 0 gets four kings; 1 a heart fifty 9-T-J-Q.
D4 = {
    "hands": {"0": cards("Ks Kc Kd Kh 9d Td"), "1": cards("9h Th Jh Qh Ah 9c")},
    "stock": cards("As Js Ts Qs 9s Jc Tc Qc Ac Jd Qd Ad"),
}
# D5: face-up Ah. 0 a club terc 9-T-J, 1 a heart terc 9-T-J.
D5 = {
    "hands": {"0": cards("9c Tc Jc As Ks 9d"), "1": cards("9h Th Jh Ac Kc 9s")},
    "stock": cards("Ah Qd Kd Td Jd Qs Qc Ts Js Ad Qh Kh"),
}
# J: the conformance face-up jack deal (dealer 0, non-dealer 1), face-up Jh.
DJ = {
    "hands": {"0": cards("Qs Ks As Ad Td Tc"), "1": cards("9s Ts Js Qd Kd 9c")},
    "stock": cards("Jh 9d Jd Jc Qc Kc Ac 9h Th Qh Kh Ah"),
}

TAKE = {"type": "take"}
PASS = {"type": "pass"}
DECLARE = {"type": "declare"}
SHOW = {"type": "show"}
CONCEDE = {"type": "concede"}


def play(*cards: str) -> list[dict]:
    return [{"type": "play", "card": c} for c in cards]


def names(face_suit: str, with_pass: bool) -> list[dict]:
    out = [{"type": "name", "trump": t, "keep": k} for t in "scdh" if t != face_suit for k in (True, False)]
    out += [{"type": "name", "trump": "nt", "keep": k} for k in (True, False)]
    return out + ([PASS] if with_pass else [])


def acts(text: str) -> list[dict]:
    """``"0 take; 0 play Kh; 1 name h keep"`` -> action dicts."""
    out = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        words = part.split()
        seat, kind, rest = int(words[0]), words[1], words[2:]
        action: dict = {"seat": seat, "type": kind}
        if kind == "play":
            action["card"] = rest[0]
        elif kind == "name":
            action["trump"] = rest[0]
            action["keep"] = rest[1] == "keep"
        elif kind == "timeout":
            action["system"] = True
        out.append(action)
    return out


SCENARIOS: list[dict] = []


def scenario(file: str, name: str, deals: list[tuple[dict, str]], expect: dict, **extra) -> None:
    spec = {
        "name": name,
        "game": "blot",
        "options": extra.pop("options", {}),
        "dealer": extra.pop("dealer", 1),
    }
    spec.update(extra)
    spec["deals"] = [{**deal, "actions": acts(text)} for deal, text in deals]
    spec["expect"] = expect
    SCENARIOS.append((file, spec))


def result(tricks, points, combos, belote, made, scores, trump, seat) -> dict:
    return {
        "redeal": False,
        "trump": trump,
        "contract": {"seat": seat, "trump": trump},
        "tricks": tricks,
        "card_points": points,
        "combos": combos,
        "belote": belote,
        "made": made,
        "scores": scores,
    }


# ------------------------------------------------------------------ auction
scenario(
    "auction_nondealer_speaks_first",
    "blot: the non-dealer speaks first: take or pass",
    [(D1, "")],
    {"rejected": [], "to_act": [0], "legal": {"0": [TAKE, PASS]}},
)
scenario(
    "auction_dealer_after_pass",
    "blot: after the non-dealer's pass the dealer may take or pass",
    [(D1, "0 pass")],
    {"rejected": [], "to_act": [1], "legal": {"1": [TAKE, PASS]}},
)
scenario(
    "auction_dealer_out_of_turn",
    "blot: the dealer may not speak before the non-dealer",
    [(D1, "1 take")],
    {"rejected": [{"deal": 0, "index": 0, "code": "not_your_turn"}], "to_act": [0]},
)
scenario(
    "naming_round_nondealer_names_or_passes",
    "blot: both passed: the non-dealer may name another suit or nt, keeping the face-up card or not, or pass",
    [(D1, "0 pass; 1 pass")],
    {"rejected": [], "to_act": [0], "legal": {"0": names("c", True)}},
)
scenario(
    "naming_round_dealer_must_name",
    "blot: the non-dealer passes again: the dealer must name (no pass)",
    [(D1, "0 pass; 1 pass; 0 pass; 1 pass")],
    {
        "rejected": [{"deal": 0, "index": 3}],
        "to_act": [1],
        "legal": {"1": names("c", False)},
    },
)
scenario(
    "naming_face_up_suit_rejected",
    "blot: the face-up suit cannot be named in the second round",
    [(D1, "0 pass; 1 pass; 0 name c keep")],
    {"rejected": [{"deal": 0, "index": 2}], "to_act": [0]},
)
scenario(
    "take_in_naming_round_rejected",
    "blot: take is a first-round action only",
    [(D1, "0 pass; 1 pass; 0 take")],
    {"rejected": [{"deal": 0, "index": 2}], "to_act": [0]},
)
scenario(
    "name_in_first_round_rejected",
    "blot: name is a second-round action only",
    [(D1, "0 name h drop")],
    {"rejected": [{"deal": 0, "index": 0}], "to_act": [0], "legal": {"0": [TAKE, PASS]}},
)
scenario(
    "face_up_jack_nondealer_choice",
    "blot: a face-up jack: the non-dealer may take it or pass",
    [(DJ, "")],
    {"rejected": [], "to_act": [1], "legal": {"1": [TAKE, PASS]}},
    dealer=0,
)
# The dealer takes the jack: he gets Jh + Qc Kc, the non-dealer 9d Jd Jc and leads; his hand:
# 9s Ts Js Qd Kd 9c 9d Jd Jc (terc 9-T-J of spades, terc J-Q-K of diamonds: he may declare).
scenario(
    "face_up_jack_dealer_cannot_pass",
    "blot: the non-dealer passes a face-up jack: the dealer's pass is refused and he takes it",
    [(DJ, "1 pass; 0 pass; 0 take")],
    {
        "rejected": [{"deal": 0, "index": 1}],
        "to_act": [1],
        "legal": {"1": [*play("9s", "Ts", "Js", "Qd", "Kd", "9c", "9d", "Jd", "Jc"), DECLARE, CONCEDE]},
    },
    dealer=0,
)
# D1, the dealer takes: the non-dealer gets Kd 9h 9d (three), the dealer Qc + Qs Js.
scenario(
    "extra_cards_dealer_takes",
    "blot: the dealer takes: the non-dealer's three extra cards first, the dealer the face-up card + two",
    [(D1, "0 pass; 1 take")],
    {
        "rejected": [],
        "to_act": [0],
        "legal": {"0": [*play("Jc", "9c", "Ad", "Td", "As", "Ks", "Kd", "9h", "9d"), CONCEDE]},
    },
)
scenario(
    "extra_cards_name_keep",
    "blot: the non-dealer names hearts and keeps the face-up card: Qc + Kd 9h",
    [(D1, "0 pass; 1 pass; 0 name h keep")],
    {
        "rejected": [],
        "to_act": [0],
        "legal": {"0": [*play("Jc", "9c", "Ad", "Td", "As", "Ks", "Qc", "Kd", "9h"), CONCEDE]},
    },
)
scenario(
    "extra_cards_name_without_keep",
    "blot: the non-dealer names hearts without the face-up card: three from the stock, Kd 9h 9d",
    [(D1, "0 pass; 1 pass; 0 name h drop")],
    {
        "rejected": [],
        "to_act": [0],
        "legal": {"0": [*play("Jc", "9c", "Ad", "Td", "As", "Ks", "Kd", "9h", "9d"), CONCEDE]},
    },
)
# Dealer names nt keeping Qc: he holds Kc Tc Qc; the lead Jc must be followed with a club.
scenario(
    "dealer_names_keeping_face_up",
    "blot: the dealer names no-trump keeping the face-up Qc: he gets it plus two",
    [(D1, "0 pass; 1 pass; 0 pass; 1 name nt keep; 0 play Jc")],
    {"rejected": [], "to_act": [1], "legal": {"1": [*play("Kc", "Tc", "Qc"), CONCEDE]}},
)
scenario(
    "dealer_names_without_face_up",
    "blot: the dealer names no-trump without the face-up card: three from the stock each (Qs Js Ts: a terc)",
    [(D1, "0 pass; 1 pass; 0 pass; 1 name nt drop; 0 play Jc")],
    {"rejected": [], "to_act": [1], "legal": {"1": [*play("Kc", "Tc"), DECLARE, CONCEDE]}},
)
# --------------------------------------------------------------------- play
# D3, 0 takes hearts: 0 Kh Th 9h 9s Ts Js Ks Ad 9d; 1 Qh Ah Jh Jc Qc Kc Tc As Qs.
scenario(
    "trump_led_must_beat",
    "blot: trumps led and a higher trump held: it must beat (Qh refused); he may still declare",
    [(D3, "0 take; 0 play Kh; 1 play Qh")],
    {
        "rejected": [{"deal": 0, "index": 2, "code": "must_overtrump"}],
        "to_act": [1],
        "legal": {"1": [*play("Ah", "Jh"), DECLARE, CONCEDE]},
    },
)
scenario(
    "trump_led_only_jack_beats_nine",
    "blot: the trump nine led: only the jack beats it, so the jack must be played",
    [(D3, "0 take; 0 play 9h")],
    {"rejected": [], "to_act": [1], "legal": {"1": [*play("Jh"), DECLARE, CONCEDE]}},
)
scenario(
    "trump_led_cannot_beat_any_trump",
    "blot: trumps led and no higher trump: any trump",
    [(D3, "0 take; 0 play 9h; 1 play Jh; 1 play Ah")],
    {"rejected": [], "to_act": [0], "legal": {"0": [*play("Kh", "Th"), CONCEDE]}},
)
scenario(
    "void_must_trump",
    "blot: void in the led suit with a trump: must trump (a plain card refused)",
    [(D3, "0 take; 0 play 9h; 1 play Jh; 1 play Ah; 0 play Th; 1 play Qc; 0 play Ad")],
    {
        "rejected": [{"deal": 0, "index": 6, "code": "must_trump"}],
        "to_act": [0],
        "legal": {"0": [*play("Kh"), CONCEDE]},
    },
)
scenario(
    "dealer_void_must_trump",
    "blot: the dealer void in diamonds holding the trump queen must play it",
    [(D3, "0 take; 0 play 9h; 1 play Jh; 1 play Ah; 0 play Th; 1 play Qc; 0 play Kh; 0 play Ad")],
    {"rejected": [], "to_act": [1], "legal": {"1": [*play("Qh"), CONCEDE]}},
)
# D4 in no-trump named by 0 without the face-up card: 1 gets 9s Jc Tc and has no diamond.
scenario(
    "no_trump_void_any_card",
    "blot: no-trump: void in the led suit, any card (he may declare his fifty and terc)",
    [(D4, "0 pass; 1 pass; 0 name nt drop; 0 play 9d")],
    {
        "rejected": [],
        "to_act": [1],
        "legal": {
            "1": [*play("9h", "Th", "Jh", "Qh", "Ah", "9c", "9s", "Jc", "Tc"), DECLARE, CONCEDE],
        },
    },
)
# ------------------------------------------------------------ declarations
scenario(
    "declare_offered_with_combination",
    "blot: the leader with a terc may declare (F2) before his first card",
    [(D3, "0 take")],
    {
        "rejected": [],
        "to_act": [0],
        "legal": {"0": [*play("Kh", "Th", "9h", "9s", "Ts", "Js", "Ks", "Ad", "9d"), DECLARE, CONCEDE]},
    },
)
scenario(
    "declare_after_trick_one_rejected",
    "blot: declare is refused in trick 2",
    [(D3, "0 take; 0 play 9h; 1 play Jh; 1 declare")],
    {"rejected": [{"deal": 0, "index": 3}], "to_act": [1]},
)
scenario(
    "show_offered_in_trick_two",
    "blot: having declared, the player may show (F4) in trick 2 before his card",
    [(D3, "0 take; 0 declare; 0 play 9h; 1 declare; 1 play Jh")],
    {
        "rejected": [],
        "to_act": [1],
        "legal": {"1": [*play("Qh", "Ah", "Jc", "Qc", "Kc", "Tc", "As", "Qs"), SHOW, CONCEDE]},
    },
)
scenario(
    "show_without_declaration_rejected",
    "blot: show is refused when nothing was declared",
    [(D3, "0 take; 0 play 9h; 1 play Jh; 1 show")],
    {"rejected": [{"deal": 0, "index": 3, "code": "cannot_show"}], "to_act": [1]},
)
scenario(
    "show_in_trick_one_rejected",
    "blot: show is refused in trick 1",
    [(D3, "0 take; 0 declare; 0 show")],
    {"rejected": [{"deal": 0, "index": 2}], "to_act": [0]},
)
# 0 declares and shows the terc, 1 declares the fifty but does not show: only 0's terc counts.
# Tricks: 9h+Jh 34 and Ah+Th 21 to 1; 1 concedes at trick 3: 0 gets 31+36+10 = 77.
# 0 (taker) 77 + 20 = 97 > 55: made, 162 - 55 + 20 = 127; 1 writes 55.
scenario(
    "declared_not_shown_does_not_count",
    "blot: a stronger combination declared but not shown loses to a weaker shown one",
    [(D3, "0 take; 0 declare; 0 play 9h; 1 declare; 1 play Jh; 1 play Ah; 0 show; 0 play Th; 1 concede")],
    {
        "rejected": [],
        "deals": [result([7, 2], [77, 55], [20, 0], [0, 0], True, [127, 55], "h", 0)],
        "totals": [127, 55],
    },
)
# Both show: the fifty beats the terc; 1: 55 + 50 = 105 > 77: 0 failed, 1 writes 162 + 50.
scenario(
    "failed_stronger_combination_shown",
    "blot: both shown, the fifty wins all combinations; the taker is not strictly ahead: failed",
    [
        (
            D3,
            "0 take; 0 declare; 0 play 9h; 1 declare; 1 play Jh; "
            "1 show; 1 play Ah; 0 show; 0 play Th; 1 concede",
        )
    ],
    {
        "rejected": [],
        "deals": [result([7, 2], [77, 55], [0, 50], [0, 0], False, [0, 212], "h", 0)],
        "totals": [0, 212],
    },
)
# 1 times out leading trick 2: the server plays for him (As, the policy's plain ace) and he
# does not show; 0 still may. After trick 2 only 0's terc is shown and counts.
scenario(
    "timeout_in_trick_two_does_not_show",
    "blot: a player whose time runs out in trick 2 does not show; the opponent still may",
    [(D3, "0 take; 0 declare; 0 play 9h; 1 declare; 1 play Jh; 1 timeout")],
    {"rejected": [], "to_act": [0], "legal": {"0": [*play("9s", "Ts", "Js", "Ks"), SHOW, CONCEDE]}},
)
# Then 0 shows and plays Ks (As takes: 15 to 1); 1 concedes: 0 gets 132 - 49 = 83.
# 0: 83 + 20 > 49: made, 162 - 49 + 20 = 133; 1 writes 49.
scenario(
    "timeout_in_trick_two_declaration_lost",
    "blot: the timed-out player's declared fifty was never shown and does not count",
    [(D3, "0 take; 0 declare; 0 play 9h; 1 declare; 1 play Jh; 1 timeout; 0 show; 0 play Ks; 1 concede")],
    {
        "rejected": [],
        "deals": [result([7, 2], [83, 49], [20, 0], [0, 0], True, [133, 49], "h", 0)],
    },
)
# 1 concedes in trick 1 with 9h on the table: everything (132) goes to 0; both declarations
# count as shown (their window was cut off); the fifty wins. 0 made: 162 + 21 (капут).
scenario(
    "concede_in_trick_one",
    "blot: concede (F8): the trick on the table and all later tricks go to the opponent; капут +21",
    [(D3, "0 take; 0 declare; 0 play 9h; 1 declare; 1 concede")],
    {
        "rejected": [],
        "deals": [result([9, 0], [132, 0], [0, 50], [0, 0], True, [183, 50], "h", 0)],
        "totals": [183, 50],
        "to_act": [],
    },
)
# D4: 0 takes spades: four kings (100) against 1's fifty. Tricks: As+9s 25 to 1, Ah+Kh 15 to 1;
# 1 concedes at trick 3: 0 gets 122 - 40 = 82. 0: 82 + 100 > 40: 162 - 40 + 100 = 222.
scenario(
    "carre_beats_sequence",
    "blot: four kings (100) beat a fifty; the taker records 162 minus the opponent's points plus 100",
    [
        (
            D4,
            "0 take; 0 declare; 0 play As; 1 declare; 1 play 9s; "
            "1 show; 1 play Ah; 0 show; 0 play Kh; 1 concede",
        )
    ],
    {
        "rejected": [],
        "deals": [result([7, 2], [82, 40], [100, 0], [0, 0], True, [222, 40], "s", 0)],
    },
)
# D5, hearts: two tercs to the jack; 1's is in trumps and wins. Tricks: Ks+9s 4 to 0, As+Qs 14
# to 0; 0 concedes at trick 3: 1 gets 129 - 18 = 111. 0: 18 + 0 < 111 + 20: failed, 162 + 20.
scenario(
    "tie_trump_sequence_wins",
    "blot: equal sequences: the one in trumps wins",
    [
        (
            D5,
            "0 take; 0 declare; 0 play Ks; 1 declare; 1 play 9s; "
            "0 show; 0 play As; 1 show; 1 play Qs; 0 concede",
        )
    ],
    {
        "rejected": [],
        "deals": [result([2, 7], [18, 111], [0, 20], [0, 0], False, [0, 182], "h", 0)],
    },
)
# D5 with spades named by 0 keeping Ah: equal plain tercs: the non-dealer (who declared first)
# wins. Ks+9s 18 to 1, Qs+As 14 to 0; 0 concedes at trick 3: 1 gets 111 - 32 = 79 more (97).
# Spades: 152 - 51 (Qc Ts Js Ad Qh Kh out) + 10 = 111. 0: 14 + 20 < 97: failed, 162 + 20.
scenario(
    "tie_plain_sequences_nondealer_wins",
    "blot: equal plain sequences: the non-dealer's (declared first) wins",
    [
        (
            D5,
            "0 pass; 1 pass; 0 name s keep; 0 declare; 0 play Ks; 1 declare; 1 play 9s; "
            "1 show; 1 play Qs; 0 show; 0 play As; 0 concede",
        )
    ],
    {"rejected": [], "deals": [result([1, 8], [14, 97], [20, 0], [0, 0], False, [0, 182], "s", 0)]},
)
# ------------------------------------------------------------------ belote
# D1, dealer takes clubs: he holds Kc and Qc. 0 concedes at once: 132 and every trick to 1.
scenario(
    "belote_counts_without_declaring",
    "blot: the trump king and queen in one hand: belote 20, counted without any declaration",
    [(D1, "0 pass; 1 take; 0 concede")],
    {
        "rejected": [],
        "deals": [result([0, 9], [0, 132], [0, 0], [0, 20], True, [0, 203], "c", 1)],
    },
)
# No-trump named by the dealer keeping Qc: Kc Qc but no belote. NT points of the 18 cards:
# 152 - 38 (Ts 9s Kh Jh Qd Ac out) + 10 = 124.
scenario(
    "no_belote_in_no_trump",
    "blot: no belote in no-trump; no-trump card points (ace 19)",
    [(D1, "0 pass; 1 pass; 0 pass; 1 name nt keep; 0 concede")],
    {
        "rejected": [],
        "deals": [result([0, 9], [0, 124], [0, 0], [0, 0], True, [0, 183], "nt", 1)],
    },
)
scenario(
    "taker_concedes_failed",
    "blot: the taker concedes at once: failed, the opponent records 162 + капут 21",
    [(D1, "0 take; 0 concede")],
    {
        "rejected": [],
        "deals": [result([0, 9], [0, 132], [0, 0], [0, 0], False, [0, 183], "c", 0)],
        "totals": [0, 183],
        "finished": False,
    },
)
# ------------------------------------------------------------- match flow
scenario(
    "dealer_alternates",
    "blot: the next deal is dealt by the other player: the old dealer now speaks first",
    [(D1, "0 take; 0 concede"), (D1, "")],
    {"rejected": [], "to_act": [1], "legal": {"1": [TAKE, PASS]}},
)
scenario(
    "first_dealer_from_seed",
    "blot: without a given dealer the seed chooses him (seed 1: seat 1 deals, seat 0 speaks)",
    [(D1, "")],
    {"rejected": [], "to_act": [0]},
    dealer=None,
    seed=1,
)
# Party to 501: 183 (0 concedes), 203 (1 takes clubs with belote, 0 concedes after his lead),
# 183: 1 has 569. With three parties the match goes on and the next deal starts from zero.
PARTY = [
    (D1, "0 take; 0 concede"),
    (D1, "1 take; 1 play Ah; 0 concede"),
    (D1, "0 take; 0 concede"),
]
scenario(
    "party_won_final_sheet",
    "blot: a party is won at the target: totals show that party's final sheet",
    PARTY,
    {
        "rejected": [],
        "deals": [{"scores": [0, 183]}, {"scores": [0, 203], "belote": [0, 20]}, {"scores": [0, 183]}],
        "totals": [0, 569],
        "finished": False,
    },
    options={"parties": 3},
)
scenario(
    "next_party_starts_from_zero",
    "blot: after a party is won (parties 3), the next deal starts a new party from zero",
    [*PARTY, (D1, "")],
    {"rejected": [], "totals": [0, 0], "finished": False, "to_act": [1]},
    options={"parties": 3},
)
scenario(
    "match_won_at_target",
    "blot: one party to 501: the first to reach it strictly ahead wins the match",
    PARTY,
    {"rejected": [], "totals": [0, 569], "finished": True, "winners": [1], "to_act": []},
)
scenario(
    "target_1001_not_reached",
    "blot: with target 1001 the same 569 does not end the match",
    PARTY,
    {"rejected": [], "totals": [0, 569], "finished": False},
    options={"target": 1001},
)
scenario(
    "timeout_in_auction_passes",
    "blot: a timeout in the first round is a pass",
    [(D1, "0 timeout")],
    {"rejected": [], "to_act": [1], "legal": {"1": [TAKE, PASS]}},
)
# The dealer must name: a timeout names the suit he holds most of (hearts: Ah Th Qh), no keep.
scenario(
    "timeout_dealer_must_name",
    "blot: the dealer's timeout in the second round names a suit without the face-up card",
    [(D1, "0 pass; 1 pass; 0 pass; 1 timeout")],
    {
        "rejected": [],
        "to_act": [0],
        "legal": {"0": [*play("Jc", "9c", "Ad", "Td", "As", "Ks", "Kd", "9h", "9d"), CONCEDE]},
    },
)
scenario(
    "leave_loses",
    "blot: leaving ends the match: the opponent wins",
    [(D1, "0 take; 0 leave")],
    {"rejected": [], "finished": True, "winners": [1], "to_act": []},
)
scenario(
    "surrender_loses",
    "blot: surrender in the auction: the opponent wins",
    [(D1, "1 surrender")],
    {"rejected": [], "finished": True, "winners": [0], "to_act": []},
)
scenario(
    "options_2001_five_parties",
    "blot: target 2001, five parties and 30 s moves are accepted options",
    [(D1, "")],
    {"rejected": [], "to_act": [0]},
    options={"target": 2001, "parties": 5, "move_time": 30},
)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for file, spec in SCENARIOS:
        if spec.get("dealer") is None:
            spec.pop("dealer")
        (OUT / f"{file}.json").write_text(
            json.dumps(spec, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
    print(len(SCENARIOS), "scenarios written to", OUT)


if __name__ == "__main__":
    main()
