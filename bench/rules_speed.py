"""Rules engine speed: random legal play through the public API, on one core.

    python bench/rules_speed.py --game bazar_blot --seconds 10
    python bench/rules_speed.py --game bazar_blot --ruleset gambler
    python bench/rules_speed.py --game deberc --players 4
    python bench/rules_speed.py --game durak --options '{"transfer": true}'
    python bench/rules_speed.py --game durak --options '{"deck": 52}' --seats 0,1,2,3,4,5

Plays whole matches (seeded 0, 1, 2, ...) choosing uniformly among the legal actions of a
random seat in ``to_act`` and playing the one drawn by its index (``api.stepper``: the state's
``to_act``, ``legal_count`` and ``step``; the same games as choosing from ``legal_actions`` and
calling ``apply``), and prints JSON: complete deals per second (redeals not counted;
for Durak, complete games per second), actions per second and the totals.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.rules import api
from apps.rules.errors import IllegalAction

#: The server's own action that ends a phase nobody acts in (Шулер's check).
CLOSE = {"type": "close"}


def play_match(
    game: str, options: dict, seed: int, rng: random.Random, deadline: float, seats: list[int] | None = None
) -> tuple[int, int, bool]:
    """Play one match to its end (or the deadline); return (complete deals, actions, finished).
    ``seats``: Durak's occupied seats (default 0..3)."""
    state = api.new_match(game, options, seed=seed, seats=seats)
    to_act, legal_count, step = api.stepper(state)
    uniform = rng.random  # index by random() rather than rng.choice: same choice, a third of its cost
    actions = 0
    while True:
        seats = to_act()
        if not seats:
            try:  # a phase only the server's clock ends, as the live table's timer would
                api.apply(state, None, CLOSE, system=True)
            except IllegalAction:
                break
            actions += 1
            continue
        seat = seats[0] if len(seats) == 1 else seats[int(uniform() * len(seats))]
        step(seat, int(uniform() * legal_count(seat)))
        actions += 1
        if actions & 1023 == 0 and time.perf_counter() > deadline:
            return 0, actions, False
    summary = api.summary(state)
    deals = 1 if game == "durak" else sum(1 for d in summary["deals"] if not d.get("redeal"))
    return deals, actions, summary["finished"]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True, choices=sorted(api.GAMES))
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--options", default="{}", help="table options as JSON")
    parser.add_argument("--players", type=int)
    parser.add_argument("--ruleset")
    parser.add_argument("--seats", help="Durak: occupied seats, e.g. 0,1,2,3,4,5 (default 0..3)")
    args = parser.parse_args()
    seats = [int(s) for s in args.seats.split(",")] if args.seats else None
    options = json.loads(args.options)
    if args.players is not None:
        options["players"] = args.players
    if args.ruleset is not None:
        options["ruleset"] = args.ruleset
    options = api.normalize_options(args.game, options)

    rng = random.Random(12345)
    deals = actions = matches = 0
    start = time.perf_counter()
    deadline = start + args.seconds
    seed = 0
    while time.perf_counter() < deadline:
        d, a, finished = play_match(args.game, options, seed, rng, deadline, seats)
        seed += 1
        actions += a
        if finished:
            deals += d
            matches += 1
    elapsed = time.perf_counter() - start
    unit = "games" if args.game == "durak" else "deals"
    print(
        json.dumps(
            {
                "game": args.game,
                "options": options,
                **({"seats": seats} if seats else {}),
                "seconds": round(elapsed, 3),
                "matches": matches,
                unit: deals,
                f"{unit}_per_second": round(deals / elapsed, 1),
                "actions_per_second": round(actions / elapsed, 1),
                "python": sys.version.split()[0],
            },
            ensure_ascii=False,
        )
    )


if __name__ == "__main__":
    main()
