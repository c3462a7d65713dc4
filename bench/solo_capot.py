"""Bot play of «капо на 1 руке» deals: does the level of the bidder or of the defenders matter?

    python bench/solo_capot.py --deals 100

``bench/bots.py`` plays whole Gambler matches, where ``normal`` and ``hard`` bid a solo capot
only with a hand that takes every trick in its own play-out (about one deal in 5,000), so it
says almost nothing about the solo deals themselves. This bench forces them: seeded deals
where seat 1 holds a likely solo capot in a suit (:func:`strong_trump`), dealer 0 or 3 in turn
(seat 1 leads, or seat 2 does); seat 1 bids the solo capot in that suit and everybody passes. Each
deal is played three times, the same cards each time: bidder and defenders ``normal``; bidder
``normal`` against ``hard`` defenders; bidder ``hard`` against ``normal`` defenders. Prints
JSON: the share of solo capots made in each configuration with a 95 % Wilson interval, and
the deals where the two configurations differ (a paired comparison).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.bots import Bot
from apps.bots.belot.auction import solo_takes_all
from apps.rules import api
from apps.rules.cards import CODES, DECK_32
from bench.bots import wilson

OPTIONS = {"ruleset": "gambler", "solo_capot": True}
#: Play-outs a chosen hand must take every trick in (a "likely" solo capot, not a sure one).
TRIAL_SAMPLES = 3
CONFIGS = {
    "normal_vs_normal": ("normal", "normal"),
    "normal_vs_hard_defence": ("normal", "hard"),
    "hard_vs_normal_defence": ("hard", "normal"),
}


def strong_trump(hand: list[str], dealer: int, samples: int = TRIAL_SAMPLES) -> str | None:
    """A suit of ``hand`` (seat 1) good enough to try a solo capot in: one that takes every
    trick in ``samples`` play-outs of :func:`apps.bots.belot.auction.solo_takes_all`
    (``normal`` itself wants all of 32, which about one hand in 20,000 passes)."""
    for suit in "scdh":
        long_suit = sum(c[1] == suit for c in hand) >= 4
        if long_suit and solo_takes_all(hand, suit, dealer, 1, samples=samples):
            return suit
    return None


def deals(count: int, seed: int, samples: int = TRIAL_SAMPLES) -> list[tuple[dict, int, str]]:
    """``count`` seeded ``(deal, dealer, trump)`` with a strong seat 1 (no four sevens)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        cards = [CODES[c] for c in DECK_32]
        rng.shuffle(cards)
        hands = {str(s): cards[8 * s : 8 * s + 8] for s in range(4)}
        if any(sum(c[0] == "7" for c in h) == 4 for h in hands.values()):
            continue
        dealer = 0 if len(out) % 2 == 0 else 3
        trump = strong_trump(hands["1"], dealer, samples)
        if trump:
            out.append(({"hands": hands, "stock": []}, dealer, trump))
    return out


def play(deal: dict, dealer: int, trump: str, bidder: str, defence: str) -> tuple[bool, list[float]]:
    """Play one solo deal; (made, hard decision times in ms)."""
    state = api.new_match("bazar_blot", OPTIONS, deals=[deal], dealer=dealer)
    first = (dealer + 1) % 4
    order = [(first + i) % 4 for i in range(4)]
    for seat in order[: order.index(1)]:
        api.apply(state, seat, {"type": "pass"})
    api.apply(state, 1, {"type": "capot", "trump": trump, "solo": True})
    while state.phase == "auction":
        api.apply(state, api.view(state, None)["awaiting"][0], {"type": "pass"})
    assert state.sitting == 3
    levels = {0: defence, 1: bidder, 2: defence, 3: "normal"}
    bots = {s: Bot(levels[s], seed=s, time_limit=None) for s in range(4)}
    for s in range(4):
        bots[s].observe(api.view(state, s), [])
    times = []
    while not api.summary(state)["deals"]:
        seat = api.to_act(state)[0]
        view = api.view(state, seat)
        started = time.thread_time()
        action = bots[seat].decide(view)
        if levels[seat] == "hard":
            times.append((time.thread_time() - started) * 1000)
        _, events = api.apply(state, seat, action)
        for s in range(4):
            bots[s].observe(api.view(state, s), events)
    return api.summary(state)["deals"][0]["made"], times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--trial-samples",
        type=int,
        default=TRIAL_SAMPLES,
        help="play-outs a chosen hand must take every trick in (32: the hands normal bids itself)",
    )
    args = parser.parse_args()
    made: dict[str, list[bool]] = {name: [] for name in CONFIGS}
    hard_ms: list[float] = []
    for deal, dealer, trump in deals(args.deals, args.seed, args.trial_samples):
        for name, (bidder, defence) in CONFIGS.items():
            ok, times = play(deal, dealer, trump, bidder, defence)
            made[name].append(ok)
            hard_ms.extend(times)
    n = args.deals
    base = made["normal_vs_normal"]
    out = {
        "deals": n,
        "trial_samples": args.trial_samples,
        "made": {
            name: {"made": sum(v), "rate": round(sum(v) / n, 3), "ci95": wilson(sum(v), n)}
            for name, v in made.items()
        },
        "paired_vs_normal": {
            name: {
                "better_for_bidder": sum(1 for a, b in zip(v, base, strict=True) if a and not b),
                "worse_for_bidder": sum(1 for a, b in zip(v, base, strict=True) if b and not a),
            }
            for name, v in made.items()
            if name != "normal_vs_normal"
        },
        "hard_ms_p50_p95_max": [
            round(sorted(hard_ms)[len(hard_ms) // 2], 2) if hard_ms else None,
            round(sorted(hard_ms)[int(len(hard_ms) * 0.95)], 2) if hard_ms else None,
            round(max(hard_ms), 2) if hard_ms else None,
        ],
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
