"""Деберц cases: obligations of play with exact legal sets (expectations by hand)."""
# ruff: noqa: E501  (case tables: one card list or title per line reads better than wrapped)

from __future__ import annotations

from tests.rules.deberc.cases_auction import deal, plays
from tests.rules.deberc.scenario_kit import act

# 2 players, dealer 1, spades taken by seat 0: seat 0 gets Qc Kc Ac, seat 1 8h 9h Th.
P2 = (
    {0: "Kd 7c 8c 9c Tc Jc", 1: "Ad 7d Js 9s Ah Kh"},
    "7s Qc Kc Ac 8h 9h Th 8s Ts Qs Ks As 8d 9d Td Jd Qd 7h Jh Qh",
)
# 3 players, dealer 2, spades taken by seat 0; seat 1 is void in diamonds, seat 2 holds them.
P3F = (
    {0: "Kd 7c 8c 9c Tc Jc", 1: "Js 9s Ah Kh Qh Th", 2: "Ad 7d Ts As 8d 9d"},
    "7s Qc Kc Ac 8h 9h Jh Qs Ks 8s Td Jd Qd 7h",
)
# 4 players, dealer 3, hearts taken by seat 0 (Th led): trumps Ah 8h / Kh Qh / 9h Jh + 7h 8d..
P4A = (
    {0: "Th 7s 8s 9s Ts Js", 1: "Ah 8h Qs Ks As 7c", 2: "Kh Qh 8c 9c Tc Jc", 3: "9h Jh Qc Kc Ac 7d"},
    "7h 8d 9d Td Jd Qd Kd Ad",
)
# 4 players, dealer 3, hearts taken by seat 0; seat 2 has no hearts at all, seat 3 gets 7h 9h.
P4B = (
    {0: "Th 7s 8s 9s Ts Js", 1: "Ah Qs Ks As 7c 8c", 2: "9c Tc Jc Qc Kc Ac", 3: "Jh 8h Kh Qh 7d 8d"},
    "7h 9d Td Jd Qd Kd Ad 9h",
)
# 3 players, dealer 2, spades taken by seat 0 who leads Ac; seats 1 and 2 are void in clubs.
P3V = (
    {0: "Ac Kc Qc 7d 8d 9d", 1: "9s 8s Ad Kd Qd Jd", 2: "Js Ts Qs Ah Kh Qh"},
    "7s 9c Tc Jc Td 7h 8h 9h Th Jh 8c 7c Ks As",
)
P3U = (
    {0: "Ac Kc Qc 7d 8d 9d", 1: "9s 8s Ad Kd Qd Jd", 2: "As Ts Qs Ah Kh Qh"},
    "7s 9c Tc Jc Td 7h 8h 9h Th Jh 8c 7c Ks Js",
)
# 2 on 2, dealer 3, spades taken by seat 0 who leads 7c; the dealer gets 7s As.
P5A = (
    {0: "7c 8c 9d Td Jd Qd", 1: "Js 9s Kd Ad 7d 8d", 2: "9c Tc Jc Qc Kc Ac", 3: "8s Ts 7h 8h 9h Th"},
    "7s Jh Qh Kh Ah Qs Ks As",
)
P5B = (
    {0: "7c 8c 9d Td Jd Qd", 1: "Ac 9s Kd Ad 7d 8d", 2: "9c Tc Jc Qc Kc Js", 3: "8s Ts 7h 8h 9h Th"},
    "7s Jh Qh Kh Ah Qs Ks As",
)


def d(layout: tuple, actions: list[dict]) -> dict:
    return deal(layout[0], layout[1], actions)


TEAMS = {"players": 4, "teams": True}

CASES: list[dict] = [
    {
        "name": "play_follow_suit_need_not_beat_2p",
        "title": "2 players: a plain card led: follow suit, any card of it (no need to beat, no trump)",
        "options": {"players": 2},
        "dealer": 1,
        "deals": [d(P2, [act(0, "take"), act(0, "play", "Kd"), act(1, "play", "Js")])],
        "expect": {
            "rejected": [{"deal": 0, "index": 2, "code": "must_follow_suit"}],
            "to_act": [1],
            "legal": {"1": plays("Ad 7d")},
        },
    },
    {
        "name": "play_follow_suit_after_a_trump_3p",
        "title": "3 players: the led suit was trumped; a player holding the led suit just follows it (no need to trump over)",
        "options": {"players": 3},
        "dealer": 2,
        "deals": [d(P3F, [act(0, "take"), act(0, "play", "Kd"), act(1, "play", "9s"), act(2, "play", "Ts")])],
        "expect": {
            "rejected": [{"deal": 0, "index": 3, "code": "must_follow_suit"}],
            "to_act": [2],
            "legal": {"2": plays("Ad 7d 8d 9d")},
        },
    },
    {
        "name": "play_void_must_trump_3p",
        "title": "3 players: void in the led suit: a trump must be played",
        "options": {"players": 3},
        "dealer": 2,
        "deals": [d(P3V, [act(0, "take"), act(0, "play", "Ac"), act(1, "play", "Ad")])],
        "expect": {
            "rejected": [{"deal": 0, "index": 2, "code": "must_trump"}],
            "to_act": [1],
            "legal": {"1": plays("9s 8s")},
        },
    },
    {
        "name": "play_void_must_overtrump_3p",
        "title": "3 players: void, an opponent's trump takes the trick: beat it when you can (only Js beats 9s)",
        "options": {"players": 3},
        "dealer": 2,
        "deals": [d(P3V, [act(0, "take"), act(0, "play", "Ac"), act(1, "play", "9s"), act(2, "play", "Ts")])],
        "expect": {
            "rejected": [{"deal": 0, "index": 3, "code": "must_overtrump"}],
            "to_act": [2],
            "legal": {"2": plays("Js")},
        },
    },
    {
        "name": "play_void_cannot_overtrump_still_trumps_3p",
        "title": "3 players: void and unable to beat the trump: still a trump (any), not a plain card",
        "options": {"players": 3},
        "dealer": 2,
        "deals": [d(P3U, [act(0, "take"), act(0, "play", "Ac"), act(1, "play", "9s"), act(2, "play", "Ah")])],
        "expect": {"rejected": [{"deal": 0, "index": 3}], "to_act": [2], "legal": {"2": plays("As Ts Qs")}},
    },
    {
        "name": "play_void_without_trump_any_card_4p",
        "title": "4 players: void in the led trump suit and no trump at all: any card",
        "options": {"players": 4},
        "dealer": 3,
        "deals": [d(P4B, [act(0, "take"), act(0, "play", "Th"), act(1, "play", "Ah")])],
        "expect": {"rejected": [], "to_act": [2], "legal": {"2": plays("9c Tc Jc Qc Kc Ac Kd Ad")}},
    },
    {
        "name": "play_trump_led_must_beat_4p",
        "title": "4 players: trump led: a player holding a higher trump must play it (Ah over Th; 8h refused)",
        "options": {"players": 4},
        "dealer": 3,
        "deals": [d(P4A, [act(0, "take"), act(0, "play", "Th"), act(1, "play", "8h")])],
        "expect": {
            "rejected": [{"deal": 0, "index": 2, "code": "must_overtrump"}],
            "to_act": [1],
            "legal": {"1": plays("Ah")},
        },
    },
    {
        "name": "play_trump_led_cannot_beat_any_trump_4p",
        "title": "4 players: trump led and beaten by Ah; a player with only lower trumps plays any of them",
        "options": {"players": 4},
        "dealer": 3,
        "deals": [d(P4A, [act(0, "take"), act(0, "play", "Th"), act(1, "play", "Ah"), act(2, "play", "9c")])],
        "expect": {"rejected": [{"deal": 0, "index": 3}], "to_act": [2], "legal": {"2": plays("Kh Qh")}},
    },
    {
        "name": "play_beat_highest_trump_of_any_opponent_4p",
        "title": "4 players each for himself: the highest trump (Ah of seat 1) must be beaten (Jh or 9h)",
        "options": {"players": 4},
        "dealer": 3,
        "deals": [
            d(
                P4B,
                [
                    act(0, "take"),
                    act(0, "play", "Th"),
                    act(1, "play", "Ah"),
                    act(2, "play", "Ac"),
                    act(3, "play", "8h"),
                ],
            )
        ],
        "expect": {
            "rejected": [{"deal": 0, "index": 4, "code": "must_overtrump"}],
            "to_act": [3],
            "legal": {"3": plays("Jh 9h")},
        },
    },
    {
        "name": "play_partner_trump_need_not_be_beaten_2on2",
        "title": "2 on 2: the highest trump is the partner's (Ah of seat 1): seat 3 may play any trump",
        "options": TEAMS,
        "dealer": 3,
        "deals": [d(P4B, [act(0, "take"), act(0, "play", "Th"), act(1, "play", "Ah"), act(2, "play", "Ac")])],
        "expect": {"rejected": [], "to_act": [3], "legal": {"3": plays("Jh 9h 8h Kh Qh 7h")}},
    },
    {
        "name": "play_void_partner_trumped_any_trump_2on2",
        "title": "2 on 2: void while the partner's trump takes the trick: a trump is still due, any trump",
        "options": TEAMS,
        "dealer": 3,
        "deals": [
            d(
                P5A,
                [
                    act(0, "take"),
                    act(0, "play", "7c"),
                    act(1, "play", "Js"),
                    act(2, "play", "9c"),
                    act(3, "play", "7h"),
                ],
            )
        ],
        "expect": {
            "rejected": [{"deal": 0, "index": 4}],
            "to_act": [3],
            "legal": {"3": plays("8s Ts 7s As")},
        },
    },
    {
        "name": "play_void_partner_wins_plain_must_trump_2on2",
        "title": "2 on 2: void while the partner's plain ace takes the trick: a trump must still be played",
        "options": TEAMS,
        "dealer": 3,
        "deals": [d(P5B, [act(0, "take"), act(0, "play", "7c"), act(1, "play", "Ac"), act(2, "play", "9c")])],
        "expect": {"rejected": [], "to_act": [3], "legal": {"3": plays("8s Ts 7s As")}},
    },
    {
        "name": "play_void_must_trump_first_trump_in_trick_4p",
        "title": "4 players: void in the led suit, no trump in the trick yet: any trump",
        "options": {"players": 4},
        "dealer": 3,
        "deals": [d(P5A, [act(0, "take"), act(0, "play", "7c"), act(1, "play", "Kd")])],
        "expect": {
            "rejected": [{"deal": 0, "index": 2, "code": "must_trump"}],
            "to_act": [1],
            "legal": {"1": plays("Js 9s")},
        },
    },
]
