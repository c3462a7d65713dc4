"""Деберц cases: trump choice and обяз, extra cards, деберц, timeouts, leave (expectations by hand)."""
# ruff: noqa: E501  (case tables: one card list or title per line reads better than wrapped)

from __future__ import annotations

from tests.rules.deberc.scenario_kit import ORDER, act, cards, fill

TAKE = {"type": "take"}
PASS = {"type": "pass"}


def name(t: str) -> dict:
    return {"type": "name", "trump": t}


def plays(text: str) -> list[dict]:
    return [{"type": "play", "card": c} for c in cards(text)]


def deal(hands: dict[int, str], stock: str, actions: list[dict], finish: bool = False) -> dict:
    """A deal with every one of the 32 cards given exactly once."""
    given = [c for h in hands.values() for c in cards(h)] + cards(stock)
    assert sorted(given) == sorted(ORDER), f"not a full deck: {sorted(set(ORDER) ^ set(given))}"
    return {
        "hands": {str(s): cards(h) for s, h in hands.items()},
        "stock": cards(stock),
        "actions": actions,
        "finish": finish,
    }


# Default deals by player count (fill: hands in deck order, then the stock).
F2 = fill({}, "", 2)  # 0: 7s..Qs  1: Ks As 7c 8c 9c Tc  stock: Jc(face) Qc Kc Ac 7d ...
F3 = fill({}, "", 3)  # 2: Jc Qc Kc Ac 7d 8d  stock: 9d(face) Td Jd Qd | Kd Ad 7h | 8h 9h Th | ...
F4 = fill({}, "", 4)  # 3: 9d Td Jd Qd Kd Ad  stock: 7h(face) 8h 9h Th Jh Qh Kh Ah


def with_actions(base: dict, actions: list[dict]) -> dict:
    return {**base, "actions": actions}


CASES: list[dict] = [
    # ------------------------------------------------------------------ trump choice
    {
        "name": "auction_round1_left_of_dealer_speaks_first_2p",
        "title": "2 players: round 1 starts left of the dealer with take or pass; the dealer may not speak first",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [with_actions(F2, [act(0, "take")])],
        "expect": {
            "rejected": [{"deal": 0, "index": 0, "code": "not_your_turn"}],
            "deals": [],
            "to_act": [1],
            "legal": {"1": [TAKE, PASS]},
        },
    },
    {
        "name": "auction_round2_dealer_must_name_2p",
        "title": "2 players: after two passes the round 2 dealer may not pass (обяз) nor take; he names another suit",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [
            with_actions(F2, [act(1, "pass"), act(0, "pass"), act(1, "pass"), act(0, "pass"), act(0, "take")])
        ],
        "expect": {
            "rejected": [{"deal": 0, "index": 3, "code": "must_name"}, {"deal": 0, "index": 4}],
            "deals": [],
            "to_act": [0],
            "legal": {"0": [name("s"), name("d"), name("h")]},
        },
    },
    {
        "name": "auction_round2_dealer_must_name_4p",
        "title": "4 players: everyone passes twice round the table; the dealer's pass is refused, he must name",
        "options": {"players": 4},
        "dealer": 2,
        "deals": [
            with_actions(
                F4,
                [
                    act(3, "pass"),
                    act(0, "pass"),
                    act(1, "pass"),
                    act(2, "pass"),
                    act(3, "pass"),
                    act(0, "pass"),
                    act(1, "pass"),
                    act(2, "pass"),
                ],
            )
        ],
        "expect": {
            "rejected": [{"deal": 0, "index": 7, "code": "must_name"}],
            "deals": [],
            "to_act": [2],
            "legal": {"2": [name("s"), name("c"), name("d")]},
        },
    },
    {
        "name": "auction_round2_non_dealer_may_pass_or_name_3p",
        "title": "3 players: in round 2 a non-dealer may pass or name one of the three other suits; no no-trump",
        "options": {"players": 3},
        "dealer": 0,
        "deals": [with_actions(F3, [act(1, "pass"), act(2, "pass"), act(0, "pass"), act(1, "name", "nt")])],
        "expect": {
            "rejected": [{"deal": 0, "index": 3}],
            "to_act": [1],
            "legal": {"1": [name("s"), name("c"), name("h"), PASS]},
        },
    },
    {
        "name": "auction_round2_first_name_wins_2on2",
        "title": "2 on 2: round 2, the first suit named is trump; left of the dealer leads with 6 + 2 cards",
        "options": {"players": 4, "teams": True},
        "dealer": 1,
        "deals": [
            with_actions(
                F4,
                [
                    *(act(s, "pass") for s in (2, 3, 0, 1)),
                    act(2, "pass"),
                    act(3, "name", "s"),
                    act(0, "name", "c"),
                ],
            )
        ],
        "expect": {
            "rejected": [{"deal": 0, "index": 6, "code": "not_your_turn"}],
            "deals": [],
            "to_act": [2],
            "legal": {"2": plays("Jc Qc Kc Ac 7d 8d 8h 9h")},
        },
    },
    {
        "name": "auction_take_ends_round1_3p",
        "title": "3 players: the first take ends the choice (the dealer never speaks); left of the dealer leads",
        "options": {"players": 3},
        "dealer": 2,
        "deals": [with_actions(F3, [act(0, "pass"), act(1, "take"), act(2, "pass")])],
        "expect": {
            "rejected": [{"deal": 0, "index": 2, "code": "not_your_turn"}],
            "deals": [],
            "to_act": [0],
            "legal": {"0": plays("7s 8s 9s Ts Js Qs Td Jd Qd")},
        },
    },
    {
        "name": "auction_wrong_round_refused_3p",
        "title": "3 players: name is refused in round 1 and take in round 2",
        "options": {"players": 3},
        "dealer": 0,
        "deals": [
            with_actions(
                F3, [act(1, "name", "s"), act(1, "pass"), act(2, "pass"), act(0, "pass"), act(1, "take")]
            )
        ],
        "expect": {
            "rejected": [
                {"deal": 0, "index": 0, "code": "wrong_round"},
                {"deal": 0, "index": 4, "code": "wrong_round"},
            ],
            "to_act": [1],
            "legal": {"1": [name("s"), name("c"), name("h"), PASS]},
        },
    },
    {
        "name": "auction_round2_face_up_suit_refused_2p",
        "title": "2 players: in round 2 the face-up card's suit may not be named",
        "options": {"players": 2},
        "dealer": 1,
        "deals": [with_actions(F2, [act(0, "pass"), act(1, "pass"), act(0, "name", "c")])],
        "expect": {
            "rejected": [{"deal": 0, "index": 2, "code": "bad_trump"}],
            "to_act": [0],
            "legal": {"0": [name("s"), name("d"), name("h"), PASS]},
        },
    },
    # ------------------------------------------------------------------ extra cards
    {
        "name": "extras_2p_three_each_face_up_stays_out",
        "title": "2 players: the taker left of the dealer gets stock[1..3], not the face-up card, and leads 9 cards",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [
            deal(
                {1: "Js 9s As Ah Kh 7c", 0: "Ac Tc Kc Ad Td Kd"},
                "8s Qh Th 8h 9c Jc 9d "
                + " ".join(c for c in cards("7s Ts Qs Ks 8c Qc 7d 8d Jd Qd 7h 9h Jh")),
                [act(1, "take"), act(1, "play", "8s")],
            )
        ],
        "expect": {
            "rejected": [{"deal": 0, "index": 1, "code": "not_in_hand"}],
            "to_act": [1],
            "legal": {"1": plays("Js 9s As Ah Kh 7c Qh Th 8h")},
        },
    },
    {
        "name": "extras_2p_dealer_gets_second_batch",
        "title": "2 players: the dealer gets stock[4..6]; void in hearts and without trumps he may play any of his 9",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [
            deal(
                {1: "Js 9s As Ah Kh 7c", 0: "Ac Tc Kc Ad Td Kd"},
                "8s Qh Th 8h 9c Jc 9d 7s Ts Qs Ks 8c Qc 7d 8d Jd Qd 7h 9h Jh",
                [act(1, "take"), act(1, "play", "Ah")],
            )
        ],
        "expect": {
            "rejected": [],
            "to_act": [0],
            "legal": {"0": plays("Ac Tc Kc Ad Td Kd 9c Jc 9d")},
        },
    },
    {
        "name": "extras_2p_dealer_names_left_of_dealer_leads",
        "title": "2 players: the dealer names hearts under обяз; the non-dealer still gets the first batch and leads",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [
            deal(
                {1: "Js 9s As Ah Kh 7c", 0: "Ac Tc Kc Ad Td Kd"},
                "8s Qh Th 8h 9c Jc 9d 7s Ts Qs Ks 8c Qc 7d 8d Jd Qd 7h 9h Jh",
                [act(1, "pass"), act(0, "pass"), act(1, "pass"), act(0, "name", "h"), act(0, "play", "Ac")],
            )
        ],
        "expect": {
            "rejected": [{"deal": 0, "index": 4, "code": "not_your_turn"}],
            "to_act": [1],
            "legal": {"1": plays("Js 9s As Ah Kh 7c Qh Th 8h")},
        },
    },
    {
        "name": "extras_3p_first_batch_left_of_dealer",
        "title": "3 players: left of the dealer gets stock[1..3] and leads 9 cards",
        "options": {"players": 3},
        "dealer": 1,
        "deals": [with_actions(F3, [act(2, "take")])],
        "expect": {"rejected": [], "to_act": [2], "legal": {"2": plays("Jc Qc Kc Ac 7d 8d Td Jd Qd")}},
    },
    {
        "name": "extras_3p_second_batch_next_seat",
        "title": "3 players: the next seat gets stock[4..6]; void in clubs he must trump with them (Kd Ad)",
        "options": {"players": 3},
        "dealer": 1,
        "deals": [with_actions(F3, [act(2, "take"), act(2, "play", "Jc"), act(0, "play", "7s")])],
        "expect": {
            "rejected": [{"deal": 0, "index": 2, "code": "must_trump"}],
            "to_act": [0],
            "legal": {"0": plays("Kd Ad")},
        },
    },
    {
        "name": "extras_4p_two_each_dealer_gets_face_up",
        "title": "4 players: left of the dealer gets stock[1..2] and leads 8 cards",
        "options": {"players": 4},
        "dealer": 2,
        "deals": [
            deal(
                {
                    3: "9s Ts 9d Td Jd Qd",
                    0: "7s 8s 7c 8c 9c Tc",
                    1: "Js Qs Jc Qc Kc Ac",
                    2: "7d 8d Kd Ad 9h Th",
                },
                "7h Ks As Jh Qh Kh Ah 8h",
                [act(3, "take")],
            )
        ],
        "expect": {"rejected": [], "to_act": [3], "legal": {"3": plays("9s Ts 9d Td Jd Qd Ks As")}},
    },
    {
        "name": "extras_4p_dealer_holds_face_up_and_stock7",
        "title": "4 players: the dealer's batch is the face-up card and stock[7]; void in spades he must trump",
        "options": {"players": 4},
        "dealer": 2,
        "deals": [
            deal(
                {
                    3: "9s Ts 9d Td Jd Qd",
                    0: "7s 8s 7c 8c 9c Tc",
                    1: "Js Qs Jc Qc Kc Ac",
                    2: "7d 8d Kd Ad 9h Th",
                },
                "7h Ks As Jh Qh Kh Ah 8h",
                [act(3, "take"), act(3, "play", "9s"), act(0, "play", "7s"), act(1, "play", "Qs")],
            )
        ],
        "expect": {"rejected": [], "to_act": [2], "legal": {"2": plays("9h Th 7h 8h")}},
    },
    {
        "name": "extras_2on2_dealer_gets_face_up_when_partner_takes",
        "title": "2 on 2: the dealer's partner takes; the face-up card still goes to the dealer",
        "options": {"players": 4, "teams": True},
        "dealer": 2,
        "deals": [
            deal(
                {
                    3: "9s Ts 9d Td Jd Qd",
                    0: "7s 8s 7c 8c 9c Tc",
                    1: "Js Qs Jc Qc Kc Ac",
                    2: "7d 8d Kd Ad 9h Th",
                },
                "7h Ks As Jh Qh Kh Ah 8h",
                [
                    act(3, "pass"),
                    act(0, "take"),
                    act(3, "play", "9s"),
                    act(0, "play", "7s"),
                    act(1, "play", "Qs"),
                ],
            )
        ],
        "expect": {"rejected": [], "to_act": [2], "legal": {"2": plays("9h Th 7h 8h")}},
    },
    # ------------------------------------------------------------------ деберц
    {
        "name": "deberc_2p_non_chooser_wins_match",
        "title": "2 players: the extra cards complete 8..A of trumps in the dealer's hand: he wins the match at once",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [
            deal(
                {0: "8h 9h Th Jh Qh 7s", 1: "7c 8c 9c Tc Jc Qc"},
                "7h 8s 9s Ts Kh Ah Js Qs Ks As Kc Ac 7d 8d 9d Td Jd Qd Kd Ad",
                [act(1, "take")],
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "redeal": False,
                    "trump": "h",
                    "contract": {"seat": 1, "trump": "h"},
                    "tricks": [0, 0],
                    "card_points": [0, 0],
                    "combos": [0, 0],
                    "belote": [0, 0],
                    "hanging": 0,
                    "deberc": 0,
                    "scores": [0, 0],
                }
            ],
            "totals": [0, 0],
            "finished": True,
            "winners": [0],
            "to_act": [],
            "legal": {},
        },
    },
    {
        "name": "deberc_3p_named_suit_completed_by_extras",
        "title": "3 players: clubs named in round 2; the dealer's extra cards bring Ac to his 8c..Kc: деберц",
        "options": {"players": 3},
        "dealer": 2,
        "deals": [
            deal(
                {2: "8c 9c Tc Jc Qc Kc", 0: "7s 8s 7d 8d 9d Td", 1: "Jd Qd Kd Ad 9h Th"},
                "7h 9s Ts Js Qs Ks As Ac Jh Qh 7c Kh Ah 8h",
                [act(0, "pass"), act(1, "pass"), act(2, "pass"), act(0, "pass"), act(1, "name", "c")],
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {"trump": "c", "contract": {"seat": 1, "trump": "c"}, "deberc": 2, "scores": [0, 0, 0]}
            ],
            "totals": [0, 0, 0],
            "finished": True,
            "winners": [2],
            "to_act": [],
        },
    },
    {
        "name": "deberc_4p_face_up_ace_to_dealer",
        "title": "4 players: the face-up Ac is taken; it goes to the dealer holding 8c..Kc: деберц, he alone wins",
        "options": {"players": 4},
        "dealer": 3,
        "deals": [
            deal(
                {
                    3: "8c 9c Tc Jc Qc Kc",
                    0: "7s 8s 9s Ts Js Qs",
                    1: "Ks As 7d 8d 9d Td",
                    2: "Jd Qd Kd Ad 7h 8h",
                },
                "Ac 9h Th Jh Qh Kh Ah 7c",
                [act(0, "take")],
            )
        ],
        "expect": {
            "deals": [
                {"trump": "c", "contract": {"seat": 0, "trump": "c"}, "deberc": 3, "scores": [0, 0, 0, 0]}
            ],
            "finished": True,
            "winners": [3],
        },
    },
    {
        "name": "deberc_2on2_team_wins_match",
        "title": "2 on 2: деберц in the dealer's hand wins the match for his team",
        "options": {"players": 4, "teams": True},
        "dealer": 3,
        "deals": [
            deal(
                {
                    3: "8c 9c Tc Jc Qc Kc",
                    0: "7s 8s 9s Ts Js Qs",
                    1: "Ks As 7d 8d 9d Td",
                    2: "Jd Qd Kd Ad 7h 8h",
                },
                "Ac 9h Th Jh Qh Kh Ah 7c",
                [act(0, "take")],
            )
        ],
        "expect": {
            "deals": [{"deberc": 3, "scores": [0, 0], "tricks": [0, 0]}],
            "totals": [0, 0],
            "finished": True,
            "winners": [1, 3],
        },
    },
    {
        "name": "seven_trumps_without_ace_is_not_deberc_2p",
        "title": "2 players: 7..K of trumps (no ace) is not деберц: play starts",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [
            deal(
                {1: "7h 8h 9h Th Jh Qh", 0: "7c 8c 9c Tc Jc Qc"},
                "Ah Kh 7s 8s 9s Ts Js Qs Ks As Kc Ac 7d 8d 9d Td Jd Qd Kd Ad",
                [act(1, "take")],
            )
        ],
        "expect": {
            "deals": [],
            "finished": False,
            "to_act": [1],
            "legal": {"1": plays("7h 8h 9h Th Jh Qh Kh 7s 8s")},
        },
    },
    # ------------------------------------------------------------------ timeouts, leave
    {
        "name": "timeout_auction_passes_3p",
        "title": "3 players: a timed-out seat passes in round 1 (system action); a player cannot send a timeout",
        "options": {"players": 3},
        "dealer": 0,
        "deals": [
            with_actions(
                F3, [act(1, "timeout"), act(1, "timeout", system=True), act(1, "timeout", system=True)]
            )
        ],
        "expect": {
            "rejected": [
                {"deal": 0, "index": 0, "code": "system_only"},
                {"deal": 0, "index": 2, "code": "not_your_turn"},
            ],
            "to_act": [2],
            "legal": {"2": [TAKE, PASS]},
        },
    },
    {
        "name": "timeout_obliged_dealer_names_2p",
        "title": "2 players: the obliged dealer times out in round 2: the server names a suit for him and play starts",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [
            with_actions(F2, [act(1, "pass"), act(0, "pass"), act(1, "pass"), act(0, "timeout", system=True)])
        ],
        "expect": {"rejected": [], "deals": [], "to_act": [1]},
    },
    {
        "name": "timeout_play_plays_the_only_legal_card_4p",
        "title": "4 players: a timed-out seat that must beat the trump gets its only legal card played",
        "options": {"players": 4},
        "dealer": 3,
        "deals": [
            deal(
                {
                    0: "Th 7s 8s 9s Ts Js",
                    1: "Ah 8h Qs Ks As 7c",
                    2: "Kh Qh 8c 9c Tc Jc",
                    3: "9h Jh Qc Kc Ac 7d",
                },
                "7h 8d 9d Td Jd Qd Kd Ad",
                [act(0, "take"), act(0, "play", "Th"), act(1, "timeout", system=True)],
            )
        ],
        "expect": {"rejected": [], "to_act": [2], "legal": {"2": plays("Kh Qh")}},
    },
    {
        "name": "leave_3p_others_win",
        "title": "3 players: a player leaves: the match ends, both others win",
        "options": {"players": 3},
        "dealer": 0,
        "deals": [with_actions(F3, [act(1, "pass"), act(2, "leave"), act(1, "pass")])],
        "expect": {
            "rejected": [{"deal": 0, "index": 2}],
            "deals": [],
            "finished": True,
            "winners": [0, 1],
            "to_act": [],
            "legal": {},
        },
    },
    {
        "name": "surrender_2on2_team_loses",
        "title": "2 on 2: a player surrenders: his team loses, the other team wins",
        "options": {"players": 4, "teams": True},
        "dealer": 0,
        "deals": [with_actions(F4, [act(3, "surrender")])],
        "expect": {"finished": True, "winners": [0, 2], "totals": [0, 0], "to_act": []},
    },
    {
        "name": "leave_4p_every_other_seat_wins",
        "title": "4 players each for himself: the leaver loses, the three others win",
        "options": {"players": 4},
        "dealer": 0,
        "deals": [with_actions(F4, [act(2, "leave")])],
        "expect": {"finished": True, "winners": [0, 1, 3], "totals": [0, 0, 0, 0]},
    },
]
