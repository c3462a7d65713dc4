"""Деберц cases over whole deals: combinations, бела, made / байт / hanging, the match end.

Crafted deals name the cards that matter and are played out by the timeout policy; the
scoring cases use shuffled deals found by :func:`scenario_kit.find_deals` (fixed seeds, so
the files are reproducible). Every ``expect`` is worked out by hand from docs/rules.md.
"""
# ruff: noqa: E501  (case tables: one card list or title per line reads better than wrapped)

from __future__ import annotations

from tests.rules.deberc.cases_auction import deal
from tests.rules.deberc.scenario_kit import act, fill, find_deals, find_partner_trick_deal, play_match

TEAMS = {"players": 4, "teams": True}


def searched(options: dict, dealer: int, wanted, start: int = 0) -> dict:
    """The first shuffled deal from seed ``start`` on whose result satisfies ``wanted``."""
    ((_seed, found, _result),) = find_deals(options, dealer, wanted, 1, start)
    return found


def outcome(kind: str, extra=None):
    return lambda r: r["outcome"] == kind and (extra is None or extra(r))


CASES: list[dict] = [
    # ------------------------------------------------------------------ combinations
    {
        "name": "combo_tierce_counted_for_its_owner_2p",
        "title": "2 players: a tierce (9c Tc Jc) counts automatically for its owner, who took a trick; he loses (байт) and his 22 + 20 go to the opponent",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [
            deal(
                {1: "9c Tc Jc As 7d Kh", 0: "7s 9s Jd Ad 8h Th"},
                "Ks Qd 7h Ah 7c Ts Qh 8s Js Qs 8c Qc Kc Ac 8d 9d Td Kd 9h Jh",
                [act(1, "take")],
                finish=True,
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "s"},
                    "tricks": [6, 3],
                    "card_points": [79, 22],
                    "combos": [0, 20],
                    "belote": [0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [121, 0],
                }
            ],
            "totals": [121, 0],
            "finished": False,
        },
    },
    {
        "name": "combo_fifty_beats_trump_tierce_to_ace_2p",
        "title": "2 players: a plain fifty (7c..Tc) beats a trump tierce to the ace; only the fifty counts",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [
            deal(
                {1: "7c 8c 9c Tc As Kd", 0: "Qh Kh Ah 7s 8d Td"},
                "Jh 9s 7d Js Qd Ts 8s Qs Ks Jc Qc Kc Ac 9d Jd Ad 7h 8h 9h Th",
                [act(1, "pass"), act(0, "take")],
                finish=True,
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 0, "trump": "h"},
                    "tricks": [6, 3],
                    "card_points": [60, 18],
                    "combos": [0, 50],
                    "belote": [20, 0],
                    "outcome": "made",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [80, 68],
                }
            ],
            "totals": [80, 68],
            "finished": False,
        },
    },
    {
        "name": "combo_higher_top_card_wins_3p",
        "title": "3 players: tierces of equal length: the one to the king (seat 1) beats the one to the queen; seat 0's does not count",
        "options": {"players": 3},
        "dealer": 2,
        "deals": [
            deal(
                {0: "Tc Jc Qc 7s As 7h", 1: "Jd Qd Kd 8s Ah 8h", 2: "Js Ks 7c 9h Th 9d"},
                "Jh Ac 7d Qh 9s Kh 8c Ts 9c Td Qs Kc 8d Ad",
                [act(0, "take")],
                finish=True,
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 0, "trump": "h"},
                    "tricks": [3, 2, 4],
                    "card_points": [27, 26, 71],
                    "combos": [0, 20, 0],
                    "belote": [0, 0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [0, 60, 84],
                }
            ],
            "totals": [0, 60, 84],
            "finished": False,
        },
    },
    {
        "name": "combo_trump_wins_equal_tierces_4p",
        "title": "4 players: two tierces 9-J, equal top: the trump one (seat 3) counts, seat 1's does not",
        "options": {"players": 4},
        "dealer": 3,
        "deals": [
            deal(
                {
                    0: "As Ac 7d 8d Td 7h",
                    1: "9c Tc Jc 8s Ad Ah",
                    2: "Ks Kc Kd Kh 7c 8c",
                    3: "9s Ts Js Qc Qd Qh",
                },
                "7s 8h Th 9d Jd Qs 9h Jh",
                [act(0, "take")],
                finish=True,
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 0, "trump": "s"},
                    "tricks": [2, 2, 1, 3],
                    "card_points": [27, 30, 7, 98],
                    "combos": [0, 0, 0, 20],
                    "belote": [0, 0, 0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [0, 39, 16, 127],
                }
            ],
            "totals": [0, 39, 16, 127],
            "finished": False,
        },
    },
    {
        "name": "combo_equal_tierces_first_in_play_order_wins_3p",
        "title": "3 players: equal plain tierces T-Q; the one earlier in play order from the first leader (seat 2, then 0) counts",
        "options": {"players": 3},
        "dealer": 1,
        "deals": [
            deal(
                {2: "Tc Jc Qc As 7d 7h", 0: "Td Jd Qd Ks 8s 8h", 1: "7s 9s Ac Kh Ah 9h"},
                "Qs Ad Kd 7c Ts Js Jh 8c 9c Th Kc 8d 9d Qh",
                [act(2, "take")],
                finish=True,
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 2, "trump": "s"},
                    "tricks": [5, 3, 1],
                    "card_points": [98, 30, 24],
                    "combos": [0, 0, 20],
                    "belote": [0, 0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [120, 52, 0],
                }
            ],
            "totals": [120, 52, 0],
            "finished": False,
        },
    },
    {
        "name": "combo_seven_in_a_row_fifty_plus_tierce_2p",
        "title": "2 players: 7 in a row (7d..Kd) counts as the top fifty plus a tierce: 70",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [
            deal(
                {1: "7d 8d 9d Td Jd Qd", 0: "As Ts 7c 9c Jc Kc"},
                "Js Kd 9s 7h 8h Th Qh 7s 8s Qs Ks 8c Tc Qc Ac Ad 9h Jh Kh Ah",
                [act(1, "take")],
                finish=True,
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "s"},
                    "tricks": [8, 1],
                    "card_points": [69, 14],
                    "combos": [0, 70],
                    "belote": [0, 0],
                    "outcome": "made",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [69, 84],
                }
            ],
            "totals": [69, 84],
            "finished": False,
        },
    },
    {
        "name": "combo_best_holder_took_no_trick_nobody_counts_2p",
        "title": "2 players: the best combination's owner (fifty 7c..Tc) took no trick: nobody's combinations count",
        "options": {"players": 2},
        "dealer": 1,
        "deals": [
            deal(
                {0: "Jh 9h Ah Kh 7h As", 1: "7c 8c 9c Tc 7s 8s"},
                "Th Ad Ks Qs 7d 9d Td 9s Ts Js Jc Qc Kc Ac 8d Jd Qd Kd 8h Qh",
                [act(0, "take")],
                finish=True,
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 0, "trump": "h"},
                    "tricks": [9, 0],
                    "card_points": [108, 0],
                    "combos": [0, 0],
                    "belote": [0, 0],
                    "outcome": "made",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [108, 0],
                }
            ],
            "totals": [108, 0],
            "finished": False,
        },
    },
    {
        "name": "combo_only_best_player_counts_all_his_3p",
        "title": "3 players: the best player counts all his combinations (fifty + tierce = 70); the others' tierces do not count",
        "options": {"players": 3},
        "dealer": 2,
        "deals": [
            deal(
                {0: "Js Qs Ks As 7d 8d", 1: "9c Tc Jc 7h 8h Ad", 2: "Qh Kh Ah 7s 8s 7c"},
                "Td 9d 8c Qc Kd 9s Kc Ts Jd Qd Ac 9h Th Jh",
                [act(0, "take")],
                finish=True,
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 0, "trump": "d"},
                    "tricks": [4, 3, 2],
                    "card_points": [47, 30, 52],
                    "combos": [70, 0, 0],
                    "belote": [0, 0, 0],
                    "outcome": "made",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [117, 30, 52],
                }
            ],
            "totals": [117, 30, 52],
            "finished": False,
        },
    },
    {
        "name": "combo_both_partners_count_2on2",
        "title": "2 on 2: the team with the best combination (seat 0's fifty) counts the partner's tierce too: 70",
        "options": TEAMS,
        "dealer": 3,
        "deals": [
            deal(
                {
                    0: "7c 8c 9c Tc As Ad",
                    1: "Qh Kh Ah 7s 8s 7d",
                    2: "Jd Qd Kd 9s Ts Ac",
                    3: "Js Qs Ks Jc Qc Kc",
                },
                "8d 9d 7h 8h Th 9h Jh Td",
                [act(0, "take")],
                finish=True,
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 0, "trump": "d"},
                    "tricks": [6, 2],
                    "card_points": [138, 24],
                    "combos": [70, 0],
                    "belote": [20, 0],
                    "outcome": "made",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [228, 24],
                }
            ],
            "totals": [228, 24],
            "finished": False,
        },
    },
    # ------------------------------------------------------------------ бела
    {
        "name": "bela_won_by_its_owner_2p",
        "title": "2 players: trump K and Q in one hand (and no higher trump against): бела is won, 20",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [
            deal(
                {1: "Js 9s As Ts Ks Qs", 0: "7c 8c Tc Qc 7d 9d"},
                "7s Ah Kh Jd 8s Ac Kd 9c Jc Kc 8d Td Qd Ad 7h 8h 9h Th Jh Qh",
                [act(1, "take")],
                finish=True,
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "s"},
                    "tricks": [2, 7],
                    "card_points": [17, 100],
                    "combos": [0, 50],
                    "belote": [0, 20],
                    "outcome": "made",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [17, 170],
                }
            ],
            "totals": [17, 170],
            "finished": False,
        },
    },
    {
        "name": "bela_lost_when_first_card_trick_lost_2p",
        "title": "2 players: бела announced with Ks, but As takes that trick: no 20, even though Qs wins later",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [
            deal(
                {1: "Ks Qs 9s 8s Ac Ad", 0: "As 7s Kc Kd Kh Ah"},
                "Ts 7c 8h 9d Tc Td Th Js 8c 9c Jc Qc 7d 8d Jd Qd 7h 9h Jh Qh",
                [act(1, "take"), act(1, "play", "Ks"), act(0, "play", "As")],
                finish=True,
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "s"},
                    "tricks": [4, 5],
                    "card_points": [46, 71],
                    "combos": [0, 0],
                    "belote": [0, 0],
                    "outcome": "made",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [46, 71],
                }
            ],
            "totals": [46, 71],
            "finished": False,
        },
    },
    {
        "name": "bela_won_by_partner_2on2",
        "title": "2 on 2: seat 1 announces бела with Kh and his partner takes that trick with Jh: 20 for the team",
        "options": TEAMS,
        "dealer": 0,
        "deals": [
            deal(
                {
                    1: "Kh Qh Ac Kc Ad Kd",
                    2: "7h 7c 9c Jc 7d 9d",
                    3: "Jh Th As Ks 8d Td",
                    0: "9h Ah Qs Js 7s 8s",
                },
                "8h 9s Ts Qc Jd 8c Tc Qd",
                [
                    act(1, "take"),
                    act(1, "play", "Kh"),
                    act(2, "play", "7h"),
                    act(3, "play", "Jh"),
                    act(0, "play", "8h"),
                ],
                finish=True,
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "h"},
                    "tricks": [2, 6],
                    "card_points": [52, 110],
                    "combos": [0, 0],
                    "belote": [0, 20],
                    "outcome": "made",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [52, 130],
                }
            ],
            "totals": [52, 130],
            "finished": False,
        },
    },
    {
        "name": "bela_lost_to_opponent_2on2",
        "title": "2 on 2: seat 1 announces бела with Kh, an opponent takes that trick with Ah: no 20",
        "options": TEAMS,
        "dealer": 0,
        "deals": [
            deal(
                {
                    1: "Kh Qh Ac Kc Ad Kd",
                    2: "7h 7c 9c Jc 7d 9d",
                    3: "Jh Th As Ks 8d Td",
                    0: "9h Ah Qs Js 7s 8s",
                },
                "8h 9s Ts Qc Jd 8c Tc Qd",
                [
                    act(1, "take"),
                    act(1, "play", "Kh"),
                    act(2, "play", "7h"),
                    act(3, "play", "Th"),
                    act(0, "play", "Ah"),
                ],
                finish=True,
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "h"},
                    "tricks": [4, 4],
                    "card_points": [103, 59],
                    "combos": [0, 0],
                    "belote": [0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [162, 0],
                }
            ],
            "totals": [162, 0],
            "finished": False,
        },
    },
    # ------------------------------------------------------------------ made / байт
    {
        "name": "score_made_each_records_own_3p",
        "title": "3 players: the chooser scores more than each opponent: everyone records his own points",
        "options": {"players": 3},
        "dealer": 0,
        "deals": [searched({"players": 3}, 0, outcome("made"))],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "c"},
                    "tricks": [2, 5, 2],
                    "card_points": [47, 52, 38],
                    "combos": [0, 0, 0],
                    "belote": [0, 0, 0],
                    "outcome": "made",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [47, 52, 38],
                }
            ],
            "totals": [47, 52, 38],
            "finished": False,
        },
    },
    {
        "name": "score_made_each_records_own_4p",
        "title": "4 players each for himself: made: everyone records his own points",
        "options": {"players": 4},
        "dealer": 1,
        "deals": [searched({"players": 4}, 1, outcome("made"))],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 2, "trump": "d"},
                    "tricks": [1, 3, 4, 0],
                    "card_points": [16, 36, 110, 0],
                    "combos": [0, 0, 0, 0],
                    "belote": [0, 0, 0, 0],
                    "outcome": "made",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [16, 36, 110, 0],
                }
            ],
            "totals": [16, 36, 110, 0],
            "finished": False,
        },
    },
    {
        "name": "score_bait_all_to_opponent_2p",
        "title": "2 players: байт: the chooser records 0, the opponent his own points plus all of the chooser's",
        "options": {"players": 2},
        "dealer": 1,
        "deals": [searched({"players": 2}, 1, outcome("bait"))],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 0, "trump": "d"},
                    "tricks": [2, 7],
                    "card_points": [8, 76],
                    "combos": [0, 0],
                    "belote": [0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [0, 84],
                }
            ],
            "totals": [0, 84],
            "finished": False,
        },
    },
    {
        "name": "score_bait_remainder_wraps_to_seat0_3p",
        "title": "3 players: chooser seat 2 loses with 71: 35 each, the extra point to the first opponent after him, seat 0",
        "options": {"players": 3},
        "dealer": 1,
        "deals": [
            searched(
                {"players": 3},
                1,
                outcome("bait", lambda r: (r["card_points"][2] + r["combos"][2] + r["belote"][2]) % 2 == 1),
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 2, "trump": "d"},
                    "tricks": [4, 3, 2],
                    "card_points": [78, 19, 21],
                    "combos": [0, 0, 50],
                    "belote": [0, 0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [114, 54, 0],
                }
            ],
            "totals": [114, 54, 0],
            "finished": False,
        },
    },
    {
        "name": "score_bait_remainder_to_next_seat_3p",
        "title": "3 players: chooser seat 0 loses with 71: 35 each, the extra point to seat 1",
        "options": {"players": 3},
        "dealer": 2,
        "deals": [
            searched(
                {"players": 3},
                2,
                outcome("bait", lambda r: (r["card_points"][0] + r["combos"][0] + r["belote"][0]) % 2 == 1),
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 0, "trump": "d"},
                    "tricks": [2, 4, 3],
                    "card_points": [21, 78, 19],
                    "combos": [50, 0, 0],
                    "belote": [0, 0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [0, 114, 54],
                }
            ],
            "totals": [0, 114, 54],
            "finished": False,
        },
    },
    {
        "name": "score_bait_remainder_one_4p",
        "title": "4 players: байт, chooser's points = 1 mod 3: equal thirds, 1 point to the first opponent after him",
        "options": {"players": 4},
        "dealer": 2,
        "deals": [
            searched(
                {"players": 4},
                2,
                outcome("bait", lambda r: (r["card_points"][3] + r["combos"][3] + r["belote"][3]) % 3 == 1),
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 3, "trump": "h"},
                    "tricks": [3, 0, 3, 2],
                    "card_points": [55, 0, 64, 43],
                    "combos": [20, 0, 0, 0],
                    "belote": [0, 0, 0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [90, 14, 78, 0],
                }
            ],
            "totals": [90, 14, 78, 0],
            "finished": False,
        },
    },
    {
        "name": "score_bait_remainder_two_4p",
        "title": "4 players: байт, chooser's points = 2 mod 3: 1 extra point each to the first two opponents after him (wrapping)",
        "options": {"players": 4},
        "dealer": 1,
        "deals": [
            searched(
                {"players": 4},
                1,
                outcome("bait", lambda r: (r["card_points"][2] + r["combos"][2] + r["belote"][2]) % 3 == 2),
            )
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 2, "trump": "d"},
                    "tricks": [2, 3, 2, 1],
                    "card_points": [81, 47, 20, 14],
                    "combos": [0, 20, 0, 0],
                    "belote": [0, 0, 0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [88, 73, 0, 21],
                }
            ],
            "totals": [88, 73, 0, 21],
            "finished": False,
        },
    },
    {
        "name": "score_bait_all_to_other_team_2on2",
        "title": "2 on 2: байт: the choosing team records 0, the other team both sums",
        "options": TEAMS,
        "dealer": 0,
        "deals": [searched(TEAMS, 0, outcome("bait"))],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "d"},
                    "tricks": [5, 3],
                    "card_points": [130, 32],
                    "combos": [0, 0],
                    "belote": [0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [162, 0],
                }
            ],
            "totals": [162, 0],
            "finished": False,
        },
    },
]


def own(result: dict, side: int) -> int:
    """A side's deal points: card points + counted combinations + бела won."""
    return result["card_points"][side] + result["combos"][side] + result["belote"][side]


def chain(options: dict, dealer: int, *wanted) -> list[dict]:
    """Consecutive deals (dealers ``dealer``, ``dealer + 1``, ...) each satisfying its
    predicate ``wanted[i](result, hanging_before)``."""
    n = options["players"]
    deals, hanging = [], 0
    for i, pred in enumerate(wanted):
        ((_seed, found, result),) = find_deals(
            options, (dealer + i) % n, lambda r, p=pred, h=hanging: p(r, h), 1
        )
        deals.append(found)
        hanging = (
            hanging + own(result, result["contract"]["seat"] % len(result["scores"]))
            if result["outcome"] == "hanging"
            else 0
        )
    return deals


def match_deals(options: dict, seed: int, dealer: int, tie_only: bool = False) -> list[dict]:
    """A whole shuffled match, or (``tie_only``) its deals up to the first tie of leaders at
    the target plus the cards of the next deal (no actions)."""

    def tie(state) -> bool:
        best = max(state.totals)
        return best >= state.options["target"] and state.totals.count(best) > 1

    deals, state = play_match(options, seed, dealer, tie if tie_only else None)
    if tie_only:
        nxt = state.current_deal()
        deals.append({"hands": nxt["hands"], "stock": nxt["stock"], "actions": []})
    return deals


HANG = lambda r, h: r["outcome"] == "hanging"  # noqa: E731
MADE = lambda r, h: r["outcome"] == "made"  # noqa: E731
BAIT = lambda r, h: r["outcome"] == "bait"  # noqa: E731

CASES += [
    {
        "name": "hanging_carried_to_next_made_2p",
        "title": "2 players: deal 1 ties (the chooser's points hang, the other records his); the next deal's maker receives them",
        "options": {"players": 2},
        "dealer": 0,
        "deals": chain({"players": 2}, 0, HANG, MADE),
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "s"},
                    "tricks": [5, 4],
                    "card_points": [54, 54],
                    "combos": [0, 0],
                    "belote": [0, 0],
                    "outcome": "hanging",
                    "hanging": 54,
                    "deberc": None,
                    "scores": [54, 0],
                },
                {
                    "contract": {"seat": 0, "trump": "h"},
                    "tricks": [6, 3],
                    "card_points": [77, 25],
                    "combos": [0, 0],
                    "belote": [0, 0],
                    "outcome": "made",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [131, 25],
                },
            ],
            "totals": [185, 25],
            "finished": False,
        },
    },
    {
        "name": "hanging_split_once_on_next_bait_3p",
        "title": "3 players: hanging points are added to the next байт chooser's points and the sum is split once (odd: extra point after him)",
        "options": {"players": 3},
        "dealer": 0,
        "deals": chain({"players": 3}, 0, HANG, lambda r, h: BAIT(r, h) and (own(r, 2) + h) % 2 == 1),
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "h"},
                    "tricks": [4, 4, 1],
                    "card_points": [75, 75, 9],
                    "combos": [0, 0, 0],
                    "belote": [0, 0, 0],
                    "outcome": "hanging",
                    "hanging": 75,
                    "deberc": None,
                    "scores": [75, 0, 9],
                },
                {
                    "contract": {"seat": 2, "trump": "c"},
                    "tricks": [2, 3, 4],
                    "card_points": [32, 62, 66],
                    "combos": [0, 20, 0],
                    "belote": [0, 0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [103, 152, 0],
                },
            ],
            "totals": [178, 152, 9],
            "finished": False,
        },
    },
    {
        "name": "hanging_twice_then_made_4p",
        "title": "4 players: two deals hang in a row; both amounts wait and go to the single leader of the third deal",
        "options": {"players": 4},
        "dealer": 0,
        "deals": chain({"players": 4}, 0, HANG, HANG, MADE),
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "d"},
                    "tricks": [4, 4, 0, 0],
                    "card_points": [81, 81, 0, 0],
                    "combos": [0, 0, 0, 0],
                    "belote": [0, 0, 0, 0],
                    "outcome": "hanging",
                    "hanging": 81,
                    "deberc": None,
                    "scores": [81, 0, 0, 0],
                },
                {
                    "contract": {"seat": 2, "trump": "d"},
                    "tricks": [0, 4, 4, 0],
                    "card_points": [0, 81, 81, 0],
                    "combos": [0, 0, 0, 0],
                    "belote": [0, 0, 0, 0],
                    "outcome": "hanging",
                    "hanging": 162,
                    "deberc": None,
                    "scores": [0, 81, 0, 0],
                },
                {
                    "contract": {"seat": 3, "trump": "d"},
                    "tricks": [0, 1, 3, 4],
                    "card_points": [0, 16, 36, 110],
                    "combos": [0, 0, 0, 0],
                    "belote": [0, 0, 0, 0],
                    "outcome": "made",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [0, 16, 36, 272],
                },
            ],
            "totals": [81, 97, 36, 272],
            "finished": False,
        },
    },
    {
        "name": "hanging_twice_then_bait_2on2",
        "title": "2 on 2: two deals hang in a row; on the third deal's байт the other team gets its points and both hanging amounts",
        "options": TEAMS,
        "dealer": 0,
        "deals": chain(TEAMS, 0, HANG, HANG, BAIT),
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "d"},
                    "tricks": [5, 3],
                    "card_points": [81, 81],
                    "combos": [0, 20],
                    "belote": [20, 0],
                    "outcome": "hanging",
                    "hanging": 101,
                    "deberc": None,
                    "scores": [101, 0],
                },
                {
                    "contract": {"seat": 2, "trump": "d"},
                    "tricks": [3, 5],
                    "card_points": [81, 81],
                    "combos": [20, 0],
                    "belote": [0, 20],
                    "outcome": "hanging",
                    "hanging": 202,
                    "deberc": None,
                    "scores": [0, 101],
                },
                {
                    "contract": {"seat": 3, "trump": "d"},
                    "tricks": [5, 3],
                    "card_points": [130, 32],
                    "combos": [0, 0],
                    "belote": [0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [364, 0],
                },
            ],
            "totals": [465, 101],
            "finished": True,
        },
    },
    {
        "name": "hanging_twice_then_bait_remainder_4p",
        "title": "4 players: two deals hang, the third is a байт: hanging + chooser's points split once over three, remainder after the chooser",
        "options": {"players": 4},
        "dealer": 1,
        "deals": chain({"players": 4}, 1, HANG, HANG, lambda r, h: BAIT(r, h) and (own(r, 0) + h) % 3 != 0),
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 2, "trump": "d"},
                    "tricks": [0, 4, 4, 0],
                    "card_points": [0, 81, 81, 0],
                    "combos": [0, 0, 0, 0],
                    "belote": [0, 0, 0, 0],
                    "outcome": "hanging",
                    "hanging": 81,
                    "deberc": None,
                    "scores": [0, 81, 0, 0],
                },
                {
                    "contract": {"seat": 3, "trump": "d"},
                    "tricks": [0, 0, 4, 4],
                    "card_points": [0, 0, 81, 81],
                    "combos": [0, 0, 0, 0],
                    "belote": [0, 0, 0, 0],
                    "outcome": "hanging",
                    "hanging": 162,
                    "deberc": None,
                    "scores": [0, 0, 81, 0],
                },
                {
                    "contract": {"seat": 0, "trump": "d"},
                    "tricks": [2, 1, 2, 3],
                    "card_points": [20, 14, 81, 47],
                    "combos": [0, 0, 0, 20],
                    "belote": [0, 0, 0, 0],
                    "outcome": "bait",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [0, 75, 142, 127],
                },
            ],
            "totals": [0, 156, 223, 127],
            "finished": False,
        },
    },
    {
        "name": "match_tied_leaders_play_on_3p",
        "title": "3 players: two leaders tie above the target: the match goes on with the next deal",
        "options": {"players": 3},
        "dealer": 0,
        "deals": match_deals({"players": 3}, 450, 0, tie_only=True),
        "expect": {
            "rejected": [],
            "totals": [317, 227, 317],
            "finished": False,
            "winners": [],
            "to_act": [1],
            "legal": {"1": [{"type": "take"}, {"type": "pass"}]},
        },
    },
    {
        "name": "match_tied_leaders_next_deal_decides_3p",
        "title": "3 players: after a tie of leaders above the target, the match ends when one total is strictly highest",
        "options": {"players": 3},
        "dealer": 0,
        "deals": match_deals({"players": 3}, 450, 0),
        "expect": {
            "rejected": [],
            "totals": [347, 324, 344],
            "finished": True,
            "winners": [0],
            "to_act": [],
            "legal": {},
        },
    },
    {
        "name": "match_tied_leaders_play_on_2p",
        "title": "2 players: 330 to 330 after the target: play on",
        "options": {"players": 2},
        "dealer": 0,
        "deals": match_deals({"players": 2}, 920, 0, tie_only=True),
        "expect": {"rejected": [], "totals": [330, 330], "finished": False, "winners": [], "to_act": [1]},
    },
    {
        "name": "match_tied_teams_then_winner_2on2",
        "title": "2 on 2: teams tie at 344 above the target, play on; the next deal decides the match",
        "options": TEAMS,
        "dealer": 0,
        "deals": match_deals(TEAMS, 344, 0),
        "expect": {"rejected": [], "totals": [424, 446], "finished": True, "winners": [1, 3]},
    },
    {
        "name": "match_target_501_highest_wins_4p",
        "title": "4 players, target 501: the match ends after the deal in which someone reaches 501; the highest total wins",
        "options": {"players": 4, "target": 501},
        "dealer": 2,
        "deals": match_deals({"players": 4, "target": 501}, 5, 2),
        "expect": {"rejected": [], "totals": [226, 470, 571, 473], "finished": True, "winners": [2]},
    },
]

CASES += [
    {
        "name": "hanging_stays_after_deberc_2p",
        "title": "2 players: a deal hangs; the next deal ends by деберц: it scores nothing and the hanging points stay where they are",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [
            *chain({"players": 2}, 0, HANG),
            deal(
                {1: "8h 9h Th Jh Qh 7s", 0: "7c 8c 9c Tc Jc Qc"},
                "7h 8s 9s Ts Kh Ah Js Qs Ks As Kc Ac 7d 8d 9d Td Jd Qd Kd Ad",
                [act(0, "take")],
            ),
        ],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "s"},
                    "tricks": [5, 4],
                    "card_points": [54, 54],
                    "combos": [0, 0],
                    "belote": [0, 0],
                    "outcome": "hanging",
                    "hanging": 54,
                    "deberc": None,
                    "scores": [54, 0],
                },
                {
                    "contract": {"seat": 0, "trump": "h"},
                    "tricks": [0, 0],
                    "card_points": [0, 0],
                    "combos": [0, 0],
                    "belote": [0, 0],
                    "outcome": "made",
                    "hanging": 54,
                    "deberc": 1,
                    "scores": [0, 0],
                },
            ],
            "totals": [54, 0],
            "finished": True,
            "winners": [1],
        },
    },
]

F3_NEXT = {
    "hands": {
        "0": ["7s", "8s", "9s", "Ts", "Js", "Qs"],
        "1": ["Ks", "As", "7c", "8c", "9c", "Tc"],
        "2": ["Jc", "Qc", "Kc", "Ac", "7d", "8d"],
    },
    "stock": ["9d", "Td", "Jd", "Qd", "Kd", "Ad", "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah"],
}

CASES += [
    {
        "name": "obligation_passes_clockwise_3p",
        "title": "3 players: after a deal dealt by seat 2, seat 0 deals: seat 1 speaks first and seat 0 holds the обяз in round 2",
        "options": {"players": 3},
        "dealer": 2,
        "deals": [
            searched({"players": 3}, 2, outcome("made")),
            {**F3_NEXT, "actions": [act(s, "pass") for s in (1, 2, 0, 1, 2, 0)]},
        ],
        "expect": {
            "rejected": [{"deal": 1, "index": 5, "code": "must_name"}],
            "to_act": [0],
            "legal": {"0": [{"type": "name", "trump": t} for t in "sch"]},
        },
    },
    {
        "name": "first_dealer_by_first_ace_seed5_4p",
        "title": "4 players, no dealer given: cards dealt face up from seat 0 until the first ace (seed 5: Jh 9d Kd Tc Qc 7d Ah, seat 2 gets the ace and deals) — seat 3 speaks first",
        "options": {"players": 4},
        "seed": 5,
        "deals": [{**fill({}, "", 4), "actions": [act(0, "take")]}],
        "expect": {
            "rejected": [{"deal": 0, "index": 0, "code": "not_your_turn"}],
            "to_act": [3],
            "legal": {"3": [{"type": "take"}, {"type": "pass"}]},
        },
    },
]

CASES += [
    {
        "name": "combo_team_counts_when_partner_took_the_trick_2on2",
        "title": "2 on 2: the owner of the best combination took no trick but his partner did: the team's combinations count",
        "options": TEAMS,
        "dealer": 0,
        "deals": [find_partner_trick_deal(0)],
        "expect": {
            "rejected": [],
            "deals": [
                {
                    "contract": {"seat": 1, "trump": "c"},
                    "tricks": [2, 6],
                    "card_points": [8, 154],
                    "combos": [0, 20],
                    "belote": [0, 0],
                    "outcome": "made",
                    "hanging": 0,
                    "deberc": None,
                    "scores": [8, 174],
                }
            ],
            "totals": [8, 174],
            "finished": False,
        },
    },
]
