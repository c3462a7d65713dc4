"""Writes the scenarios of Дурак's variants (docs/rules.md "Variants beyond the seeds").

    python tests/rules/durak/build_variant_scenarios.py

writes ``tests/rules/scenarios/durak/durak_variant_*.json`` (played by
tests/rules/test_scenarios.py and the shared checker) and
``tests/rules/invalid_scenarios/durak/*.json``: specs the runner must refuse as a whole
(``InvalidOptions``; the CLI exits 2), with ``expect_invalid`` naming the refused fields
(tests/rules/durak/test_durak_variants.py). Expectations are worked out by hand in the
comments, never copied from the engine.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "scenarios" / "durak"
INVALID = ROOT / "invalid_scenarios" / "durak"


def cards(text: str) -> list[str]:
    return text.split()


def attack(seat: int, card: str) -> dict:
    return {"seat": seat, "type": "attack", "card": card}


def defend(seat: int, card: str, target: str) -> dict:
    return {"seat": seat, "type": "defend", "card": card, "target": target}


def transfer(seat: int, card: str) -> dict:
    return {"seat": seat, "type": "transfer", "card": card}


def act(seat: int, kind: str) -> dict:
    return {"seat": seat, "type": kind}


def attacks(*codes: str, done: bool = False) -> list[dict]:
    out: list[dict] = [{"type": "attack", "card": c} for c in codes]
    if done:
        out.append({"type": "done"})
    return out


def spec(
    name: str, options: dict, seats: list[int] | None, hands: dict, stock: str, actions: list, expect: dict
):
    out = {"name": name, "game": "durak", "options": options}
    if seats is not None:
        out["seats"] = seats
    out["deals"] = [
        {"hands": {str(s): cards(h) for s, h in hands.items()}, "stock": cards(stock), "actions": actions}
    ]
    out["expect"] = expect
    return out


SCENARIOS: dict[str, dict] = {}
INVALIDS: dict[str, dict] = {}

# --- 52 cards: ranks 2..A -----------------------------------------------------------------
# Trump d (the last stock card 2d). Lowest trump held: 4d (seat 1) -> seat 1 leads at seat 0.
# 4s is beaten by a higher spade (5s, As) or any trump (5d, Kd). After 5s beats it the table
# has ranks 4 and 5: seat 1 may throw 4d (and not Qs, 2c, 3h, Ac). 4d is a trump: only 5d and
# Kd beat it.
SCENARIOS["durak_variant_deck52_ranks_2_to_5_beat_and_throw_2p"] = spec(
    "52 cards: 5s beats 4s, the table's ranks 4 and 5 let 4d be thrown, 5d and Kd beat it",
    {"deck": 52},
    [0, 1],
    {0: "2h 5s 5d As Kd 3c", 1: "3h 4s 2c Ac Qs 4d"},
    "9s Th 2d",
    [attack(1, "4s"), defend(0, "5s", "4s"), attack(1, "4d")],
    {
        "rejected": [],
        "to_act": [0],
        "legal": {
            "0": [
                {"type": "defend", "card": "5d", "target": "4d"},
                {"type": "defend", "card": "Kd", "target": "4d"},
                {"type": "take"},
            ]
        },
    },
)
# Trump h (stock ends 5h). Seat 0 holds 2h, the lowest trump, and leads Ac: seat 1 has no
# higher club, so only his trump 3h beats it (a two of trumps beats a plain ace, too).
SCENARIOS["durak_variant_deck52_holder_of_the_two_of_trumps_leads_trump_beats_ace_2p"] = spec(
    "52 cards: the 2 of trumps is the lowest trump and leads; 3h (a trump) beats the plain Ac",
    {"deck": 52},
    [0, 1],
    {0: "Ac 2h 7s 8s 9d Td", 1: "3h 2c Kc 4s Qd Jd"},
    "As Kh 5h",
    [attack(0, "Ac")],
    {
        "rejected": [],
        # seat 1 beats with 3h or takes; the starter holds no other ace to throw
        "to_act": [1],
        "legal": {"1": [{"type": "defend", "card": "3h", "target": "Ac"}, {"type": "take"}]},
    },
)
# In the 36-card game the codes 2..5 are no cards at all.
SCENARIOS["durak_variant_deck36_low_rank_code_is_no_card"] = spec(
    "36 cards (the default): an attack with 2s is refused as no card; the lead is still due",
    {},
    [0, 1],
    {0: "6c 7s 8s 9d Td Js", 1: "7h Kc Ks Qd Jd Ah"},
    "Ac Kh 7c",
    [attack(0, "2s"), attack(0, "5s")],
    {
        "rejected": [
            {"deal": 0, "index": 0, "code": "bad_card"},
            {"deal": 0, "index": 1, "code": "bad_card"},
        ],
        "to_act": [0],
    },
)

# --- the deck used up by the deal -----------------------------------------------------------
# 24 cards, 4 players, no stock: the last card dealt (seat 3's sixth, 9d) names trumps d; it
# is the lowest trump, so its holder leads, and he may lead it. 0 then beats 9d only with a
# higher diamond (Td): a plain card never beats a trump.
SCENARIOS["durak_variant_deck24_four_players_no_stock_last_card_dealt_is_trump"] = spec(
    "24 cards to 4 players: no stock; the last card dealt (9d) is trump, stays with seat 3 and leads",
    {"deck": 24},
    None,
    {0: "Td 9s Ts 9c Tc 9h", 1: "Js Jc Jh Qs Qc Qh", 2: "Ks Kc Kh As Ac Ah", 3: "Jd Qd Kd Ad Th 9d"},
    "",
    [attack(3, "9d")],
    {
        "rejected": [],
        "to_act": [0],
        "legal": {"0": [{"type": "defend", "card": "Td", "target": "9d"}, {"type": "take"}]},
    },
)
# Same, before the first move: seat 3 is to lead with any of his six cards, 9d included.
SCENARIOS["durak_variant_deck24_trump_card_holder_keeps_it"] = spec(
    "24 cards to 4 players: the trump card 9d is in its holder's hand and among his leads",
    {"deck": 24},
    None,
    {0: "Td 9s Ts 9c Tc 9h", 1: "Js Jc Jh Qs Qc Qh", 2: "Ks Kc Kh As Ac Ah", 3: "Jd Qd Kd Ad Th 9d"},
    "",
    [attack(0, "Td")],
    {
        "rejected": [{"deal": 0, "index": 0, "code": "not_your_turn"}],
        "to_act": [3],
        "legal": {"3": attacks("Jd", "Qd", "Kd", "Ad", "Th", "9d")},
    },
)
# 36 cards to 6 players: seat 5's last card 7s makes spades trump; the lowest spade held is
# 6s (seat 2), who leads at seat 3; 3 beats 6s only with a higher spade (Ts) or takes. 2 holds
# no other six, so 0 and 1 may throw their sixes before the defence (3 holds 6 cards).
SIX_FULL = {
    0: "6c 7c 8c 9c Tc Jc",
    1: "Qc Kc Ac 6d 7d 8d",
    2: "6s 9d Td Jd Qd Kd",
    3: "Ad 6h 7h 8h Ts 9h",
    4: "Th Jh Qh Kh Ah 8s",
    5: "9s Js Qs Ks As 7s",
}
SCENARIOS["durak_variant_deck36_six_players_no_stock_trump_from_last_card"] = spec(
    "36 cards to 6 players: no stock; 7s (seat 5's last card) is trump; 6s leads at seat 3",
    {},
    [0, 1, 2, 3, 4, 5],
    SIX_FULL,
    "",
    [attack(2, "6s")],
    {
        "rejected": [],
        "to_act": [0, 1, 3],
        "legal": {
            "0": attacks("6c"),
            "1": attacks("6d"),
            "3": [{"type": "defend", "card": "Ts", "target": "6s"}, {"type": "take"}],
        },
    },
)

# --- six players: the draw order --------------------------------------------------------------
# 52 cards, seats 0..5, trump c (stock ends 7c). Seat 4 holds 2c, the lowest trump: he leads
# 6s at seat 5, who beats it with 8s; nobody else holds a 6 or an 8: discard at once.
# Drawing: clockwise from the first attacker (4), past the defender, the defender last:
# 4 (5 cards) takes Qs, 0 (5) Kh, 1 (5) Qc, 2 (6) nothing, 3 (5) Qd, then 5 (5) the trump 7c.
# 5 beat off the attack, so he leads: Qh at seat 0, who takes. 5 holds no other queen, so all
# throw at once: the queens drawn show who drew what — 1 Qc, 3 Qd, 4 Qs (2 has none).
SIX_DRAW_HANDS = {
    0: "2s 3s 4s 9s Ts",
    1: "2d 3d 5d 9d Td",
    2: "2h 4h 5h 7h 7s 7d",
    3: "3c 4c 5c 9c Tc",
    4: "2c 6s 9h Th Jd Ah",
    5: "8s Qh 3h 4d 5s Ks",
}
SIX_DRAW_ACTIONS = [attack(4, "6s"), defend(5, "8s", "6s"), attack(5, "Qh"), act(0, "take")]
SCENARIOS["durak_variant_six_players_draw_order_clockwise_from_attacker_defender_last"] = spec(
    "6 players: after the discard 4, 0, 1, (2 full), 3 draw, the defender 5 last; the queens show it",
    {"deck": 52},
    [0, 1, 2, 3, 4, 5],
    SIX_DRAW_HANDS,
    "Qs Kh Qc Qd 7c",
    SIX_DRAW_ACTIONS,
    {
        "rejected": [],
        "to_act": [1, 3, 4],
        "legal": {
            "1": attacks("Qc", done=True),
            "3": attacks("Qd", done=True),
            "4": attacks("Qs", done=True),
        },
    },
)
# The same game with neighbours' throw-in: at defender 0 only 5 (no queen left) and 1 throw.
SCENARIOS["durak_variant_six_players_neighbors_only_the_defenders_neighbours_throw"] = spec(
    "6 players, throw neighbors: at defender 0 only seats 5 and 1 may throw; 3 and 4 hold queens in vain",
    {"deck": 52, "throw": "neighbors"},
    [0, 1, 2, 3, 4, 5],
    SIX_DRAW_HANDS,
    "Qs Kh Qc Qd 7c",
    [*SIX_DRAW_ACTIONS, attack(4, "Qs"), attack(3, "Qd")],
    {
        "rejected": [
            {"deal": 0, "index": 4, "code": "not_your_turn"},
            {"deal": 0, "index": 5, "code": "not_your_turn"},
        ],
        "to_act": [1],
        "legal": {"1": attacks("Qc", done=True)},
    },
)

# --- neighbours' throw-in after a transfer ----------------------------------------------------------
# Five players, transfer, trump h (stock ends 6h; the lowest trump held is 7h, seat 0).
# 0 leads 9s at 1; 1 transfers with 9c to 2 (2 holds 6 > 2 cards). The bout's throwers are
# now 2's: with neighbours' throw-in 1 (the transferrer, first) and 3, never 0 or 4.
# 2 beats 9s with Ts and 9c with the trump 8h: ranks 9, T, 8 are on the table.
# 1 holds Tc, so he is asked first (0's 9d is refused); when 1 says done 3 may throw 8s or 8d
# while 4's Th is refused.
FIVE = {
    0: "7h 9s 9d As Ks Kd",
    1: "9c Tc Jc Qc Kc Ac",
    2: "Ts Td 8h 6s 6d 7s",
    3: "Js 8s 7d 8d 6c 7c",
    4: "Qs Qd Jd Jh Th Qh",
}
FIVE_ACTIONS = [
    attack(0, "9s"),
    transfer(1, "9c"),
    defend(2, "Ts", "9s"),
    defend(2, "8h", "9c"),
    attack(0, "9d"),
    act(1, "done"),
    attack(4, "Th"),
]
SCENARIOS["durak_variant_neighbors_after_a_transfer_the_new_defenders_neighbours_throw_5p"] = spec(
    "5 players, transfer, throw neighbors: after 1 transfers to 2 only 1 and 3 throw; 0 and 4 are refused",
    {"transfer": True, "throw": "neighbors"},
    [0, 1, 2, 3, 4],
    FIVE,
    "Ah 8c 6h",
    FIVE_ACTIONS,
    {
        "rejected": [
            {"deal": 0, "index": 4, "code": "not_your_turn"},
            {"deal": 0, "index": 6, "code": "not_your_turn"},
        ],
        "to_act": [3],
        "legal": {"3": attacks("8s", "8d", done=True)},
    },
)
# The same with everyone throwing: after the transfer the transferrer 1 holds no nine, so the
# others may throw at once: 0's 9d is accepted (with neighbours it was refused). 9d is unbeaten,
# so 1's done is refused; 4's Th (a ten is on the table) is accepted. Now 1 (Tc) and 3 (8s, 8d)
# may throw, without done while cards are unbeaten, and 2 must beat 9d and Th.
SCENARIOS["durak_variant_all_throw_after_a_transfer_5p"] = spec(
    "5 players, transfer, throw all: 0 and 4, not neighbours of the new defender, throw too",
    {"transfer": True},
    [0, 1, 2, 3, 4],
    FIVE,
    "Ah 8c 6h",
    FIVE_ACTIONS,
    {
        "rejected": [{"deal": 0, "index": 5, "code": "cannot_say_done"}],
        "to_act": [1, 2, 3],
        "legal": {"1": attacks("Tc"), "3": attacks("8s", "8d")},
    },
)
# Four players with neighbours' throw-in: at defender 1 the neighbours are 0 and 2; seat 3
# (opposite) holds a 9 but may not throw. Trump h, 7h lowest (seat 0).
SCENARIOS["durak_variant_neighbors_four_players_opposite_seat_does_not_throw"] = spec(
    "4 players, throw neighbors: at defender 1 seats 0 and 2 throw, seat 3 (opposite) does not",
    {"throw": "neighbors"},
    None,
    {0: "7h 9s As Ks Td Qd", 1: "Ts Jc Qc Kc Ac Tc", 2: "9d 8s 7d 8d 6c 7c", 3: "9c Jd Js Qs 8c 6d"},
    "Ah 9h 6h",
    [attack(0, "9s"), defend(1, "Ts", "9s"), act(0, "done"), attack(3, "9c")],
    {
        "rejected": [{"deal": 0, "index": 3, "code": "not_your_turn"}],
        "to_act": [2],
        "legal": {"2": attacks("9d", done=True)},
    },
)
# Three players on a six-seat table (seats 0, 2, 4) with neighbours' throw-in: with three in
# the game this is everyone; empty seats 1, 3, 5 are skipped. 0 leads at 2; after 0's done
# seat 4 throws its 9.
SCENARIOS["durak_variant_neighbors_three_players_is_everyone_seats_0_2_4"] = spec(
    "3 players on seats 0, 2, 4, throw neighbors: same as all; 0 leads at 2, then 4 may throw",
    {"throw": "neighbors"},
    [0, 2, 4],
    {0: "7h 9s As Ks Td Qd", 2: "Ts Jc Qc Kc Ac Tc", 4: "9d 8s 7d 8d 6c 7c"},
    "Ah 9h 6h",
    [attack(0, "9s"), defend(2, "Ts", "9s"), act(0, "done")],
    {"rejected": [], "to_act": [4], "legal": {"4": attacks("9d", done=True)}},
)
# Pairs with four people on a six-seat table (seats 0, 1, 3, 5): partners are the 1st and 3rd
# (0 & 3) and the 2nd and 4th (1 & 5). 0 leads 9s at 1 (his next opponent); after 0's done
# 3 may throw 9d; 5, the defender's partner, may not throw 9c.
SCENARIOS["durak_variant_teams_on_six_seats_partners_by_position"] = spec(
    "pairs on seats 0,1,3,5: 0&3 against 1&5; 3 throws at 1, 1's partner 5 may not",
    {"teams": True},
    [0, 1, 3, 5],
    {0: "7h 9s As Ks Td Qd", 1: "Ts Jc Qc Kc Ac Tc", 3: "9d 8s 7d 8d 6c 7c", 5: "9c Jd Js Qs 8c 6d"},
    "Ah 9h 6h",
    [attack(0, "9s"), defend(1, "Ts", "9s"), act(0, "done"), attack(5, "9c")],
    {
        "rejected": [{"deal": 0, "index": 3, "code": "not_your_turn"}],
        "to_act": [3],
        "legal": {"3": attacks("9d", done=True)},
    },
)
# Six players, 36 cards, last bout: when the player to lead next is out, the next in the game
# clockwise leads. Stock empty, seat 5 (defender) beats his last card and goes out; 4 (the
# attacker, beaten off) hands the lead to 5, who is out: 0 leads at 1.
SCENARIOS["durak_variant_six_players_out_defender_lead_passes_clockwise"] = spec(
    "6 players, no stock: 5 beats his last card and goes out; the lead passes to 0, attacking 1",
    {},
    [0, 1, 2, 3, 4, 5],
    {0: "6c 7c", 1: "8c 9c", 2: "Tc Jc", 3: "Qc Kc", 4: "6s 7d", 5: "8s"},
    "",
    [attack(4, "6s"), defend(5, "8s", "6s")],
    {
        "rejected": [],
        "deals": [],
        "to_act": [0],
        "legal": {"0": attacks("6c", "7c")},
    },
)

# --- refused as a whole (InvalidOptions) ---------------------------------------------------------
FIVE_SEATS = [0, 1, 2, 3, 4]
INVALIDS["deck24_with_five_players"] = {
    "name": "24 cards deal to at most 4 players",
    "game": "durak",
    "options": {"deck": 24},
    "seats": FIVE_SEATS,
    "deals": [],
    "expect_invalid": ["deck"],
}
INVALIDS["deck24_with_six_players"] = {
    "name": "24 cards deal to at most 4 players (6 seated)",
    "game": "durak",
    "options": {"deck": 24},
    "seats": [0, 1, 2, 3, 4, 5],
    "deals": [],
    "expect_invalid": ["deck"],
}
INVALIDS["teams_with_five_players"] = {
    "name": "pairs play with 4 people, not 5",
    "game": "durak",
    "options": {"teams": True},
    "seats": FIVE_SEATS,
    "deals": [],
    "expect_invalid": ["teams"],
}
INVALIDS["teams_and_deck24_with_six_players"] = {
    "name": "both refusals at once name both fields",
    "game": "durak",
    "options": {"teams": True, "deck": 24},
    "seats": [0, 1, 2, 3, 4, 5],
    "deals": [],
    "expect_invalid": ["deck", "teams"],
}
INVALIDS["deck_of_32"] = {
    "name": "no 32-card Durak",
    "game": "durak",
    "options": {"deck": 32},
    "deals": [],
    "expect_invalid": ["deck"],
}
INVALIDS["deck_as_text"] = {
    "name": "deck is a number",
    "game": "durak",
    "options": {"deck": "36", "throw": "left"},
    "deals": [],
    "expect_invalid": ["deck", "throw"],
}
INVALIDS["seven_seats"] = {
    "name": "at most six seats, 0..5",
    "game": "durak",
    "options": {},
    "seats": [0, 1, 2, 3, 4, 5, 6],
    "deals": [],
    "expect_invalid": ["seats"],
}
INVALIDS["low_card_in_a_36_card_deal"] = {
    "name": "2s is no card of the 36-card deck",
    "game": "durak",
    "options": {},
    "seats": [0, 1],
    "deals": [{"hands": {"0": ["2s"], "1": ["6s"]}, "stock": ["7h"]}],
    "expect_invalid": ["deals"],
}
INVALIDS["six_in_a_24_card_deal"] = {
    "name": "6s is no card of the 24-card deck",
    "game": "durak",
    "options": {"deck": 24},
    "seats": [0, 1],
    "deals": [{"hands": {"0": ["6s"], "1": ["9s"]}, "stock": ["Th"]}],
    "expect_invalid": ["deals"],
}
INVALIDS["cards_for_an_empty_sixth_seat"] = {
    "name": "cards for seat 5, which is not occupied",
    "game": "durak",
    "options": {},
    "seats": [0, 1, 2],
    "deals": [{"hands": {"0": ["6s"], "1": ["9s"], "5": ["7s"]}, "stock": []}],
    "expect_invalid": ["deals"],
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    INVALID.mkdir(parents=True, exist_ok=True)
    for name, data in SCENARIOS.items():
        (OUT / f"{name}.json").write_text(
            json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
    for name, data in INVALIDS.items():
        (INVALID / f"{name}.json").write_text(
            json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
    print(f"wrote {len(SCENARIOS)} scenarios to {OUT} and {len(INVALIDS)} refusals to {INVALID}")


if __name__ == "__main__":
    main()
