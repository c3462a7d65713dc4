"""Bot strength and speed: two levels play whole matches through the engine.

    python bench/bots.py --game bazar_blot --a hard --b normal --matches 200
    python bench/bots.py --game bazar_blot --variant '{"players": 2}' --a normal --b easy
    python bench/bots.py --game durak --variant '{"transfer": true}' --seats 0,2 --a hard --b normal
    python bench/bots.py --game deberc --variant '{"players": 3}' --a hard --b normal

Sides: level A and level B. Seats alternate A, B, A, B (team games pair each level with
itself; 3 players: A on one seat, B on the other two, the A seat rotating). Matches come
in duplicate pairs: the same seed (so the same cards deal after deal) and dealer with the
sides swapped (3 players: triples, A on each seat in turn); dealers rotate across groups.
Prints JSON: matches won by each side with a
95% Wilson interval, the mean score per deal of A minus B (belot family; per seat in
individual games), deals played, and decision time p50 / p95 / max per level (ms), both in
CPU time of the deciding thread (what one core spends: the goal) and wall time (which
grows with whatever else the machine runs).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.bots import Bot
from apps.rules import api


def seat_levels(n_seats: list[int], a: str, b: str, swap: bool, rotate: int) -> dict[int, str]:
    """Level of each occupied seat: alternate A/B (3 seats: one A seat, rotating)."""
    seats = list(n_seats)
    if len(seats) == 3:
        a_seat = seats[rotate % 3]
        levels = {s: (a if s == a_seat else b) for s in seats}
        return levels
    levels = {s: (a if i % 2 == 0 else b) for i, s in enumerate(seats)}
    if swap:
        levels = {s: (b if lv == a else a) for s, lv in levels.items()} if a != b else levels
    return levels


def occupied_seats(game: str, options: dict, seats_arg: list[int] | None) -> list[int]:
    if game == "durak":
        return seats_arg or [0, 1, 2, 3]
    n = options.get("players", 4 if game == "bazar_blot" else 2)
    if game == "blot":
        n = 2
    return list(range(n))


def play_match(job: dict) -> dict:
    """Play one match; return who won, score per deal per seat and decision times."""
    game, options, levels = job["game"], job["options"], {int(k): v for k, v in job["levels"].items()}
    seats = sorted(levels)
    state = api.new_match(
        game, options, seed=job["seed"], dealer=job.get("dealer"), seats=seats if game == "durak" else None
    )
    bots = {s: Bot(levels[s], seed=job["seed"] * 10 + s, time_limit=job["time_limit"]) for s in seats}
    for s in seats:
        bots[s].observe(api.view(state, s), [])
    times: dict[str, list[float]] = {}
    wall: dict[str, list[float]] = {}
    rng = random.Random(job["seed"])
    steps = 0
    while steps < 5000:
        steps += 1
        acting = api.to_act(state)
        if not acting and api.view(state, None).get("phase") != "check":
            break
        order = list(acting)
        rng.shuffle(order)
        acted = False
        for s in order:
            view = api.view(state, s)
            t0, c0 = time.perf_counter(), time.thread_time()
            action = bots[s].decide(view)
            times.setdefault(levels[s], []).append(time.thread_time() - c0)
            wall.setdefault(levels[s], []).append(time.perf_counter() - t0)
            if action is None:
                continue
            _, events = api.apply(state, s, action)
            for o in seats:
                bots[o].observe(api.view(state, o), events)
            acted = True
            break
        if not acted:
            if api.view(state, None).get("phase") == "check":
                _, events = api.apply(state, None, {"type": "close"}, system=True)
                for o in seats:
                    bots[o].observe(api.view(state, o), events)
            else:
                raise RuntimeError(f"nobody acts: {api.view(state, None)}")
    summary = api.summary(state)
    return {
        "levels": levels,
        "winners": summary["winners"],
        "finished": summary["finished"],
        "deals": [d for d in summary["deals"] if d and not d.get("redeal")],
        "times": times,
        "wall": wall,
    }


def side_of_seat(game: str, options: dict, seat: int, n: int) -> int:
    """Index of the scoring side of ``seat`` in a deal's ``scores`` (team or seat)."""
    teams = (game == "bazar_blot" and options.get("players", 4) == 4) or (
        game == "deberc" and options.get("teams")
    )
    return seat % 2 if teams else seat


def wilson(wins: float, n: int) -> list[float]:
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    z = 1.96
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [round(centre - half, 4), round(centre + half, 4)]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _stats(times: dict[str, list[float]]) -> dict:
    return {
        lv: {
            "n": len(ts),
            "p50": round(percentile(ts, 0.5) * 1000, 2),
            "p95": round(percentile(ts, 0.95) * 1000, 2),
            "max": round(max(ts) * 1000, 2),
        }
        for lv, ts in sorted(times.items())
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True, choices=sorted(api.GAMES))
    parser.add_argument("--variant", default="{}", help="table options as JSON")
    parser.add_argument("--seats", help="Durak: occupied seats, e.g. 0,2")
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="normal")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--time-limit", type=float, default=0.5, help="bot safety cap, CPU s")
    args = parser.parse_args()
    options = api.normalize_options(args.game, json.loads(args.variant))
    seats = occupied_seats(
        args.game, options, [int(s) for s in args.seats.split(",")] if args.seats else None
    )
    jobs = []
    group = 3 if len(seats) == 3 else 2  # the same cards with A on each seat (3) or each side (2)
    for i in range(args.matches):
        pair, turn = divmod(i, group)
        levels = seat_levels(seats, args.a, args.b, bool(turn % 2), turn)
        jobs.append(
            {
                "game": args.game,
                "options": options,
                "levels": levels,
                "seed": args.seed + pair,
                "dealer": (pair % len(seats)) if args.game != "durak" else None,
                "time_limit": args.time_limit,
            }
        )
    start = time.perf_counter()
    if args.processes > 1:
        with ProcessPoolExecutor(args.processes) as pool:
            results = list(pool.map(play_match, jobs))
    else:
        results = [play_match(j) for j in jobs]
    a_wins = b_wins = draws = 0.0
    deal_diffs: list[float] = []
    times: dict[str, list[float]] = {}
    wall: dict[str, list[float]] = {}
    for r in results:
        levels = {int(k): v for k, v in r["levels"].items()}
        winners = set(r["winners"])
        a_won = any(levels[s] == args.a for s in winners) if winners else False
        b_won = any(levels[s] == args.b for s in winners) if winners else False
        if args.a == args.b:
            a_won = b_won = False
        if args.game == "durak" and r["deals"]:
            result = r["deals"][0]
            fool = result.get("fool")
            losers = set(result.get("losers") or [])
            if result.get("draw"):
                a_won = b_won = False
            else:
                a_won = not any(levels[s] == args.a for s in losers)
                b_won = not any(levels[s] == args.b for s in losers)
            del fool
        if a_won and not b_won:
            a_wins += 1
        elif b_won and not a_won:
            b_wins += 1
        else:
            draws += 1
        for lv, ts in r["times"].items():
            times.setdefault(lv, []).extend(ts)
        for lv, ts in r["wall"].items():
            wall.setdefault(lv, []).extend(ts)
        if args.game != "durak":
            for deal in r["deals"]:
                scores = deal["scores"]
                a_side = {
                    side_of_seat(args.game, options, s, len(seats))
                    for s, lv in levels.items()
                    if lv == args.a
                }
                b_side = {
                    side_of_seat(args.game, options, s, len(seats))
                    for s, lv in levels.items()
                    if lv == args.b
                }
                a_score = sum(scores[i] for i in a_side) / len(a_side)
                b_score = sum(scores[i] for i in b_side) / len(b_side)
                deal_diffs.append(a_score - b_score)
    n = len(results)
    out = {
        "game": args.game,
        "variant": options,
        "seats": seats,
        "a": args.a,
        "b": args.b,
        "matches": n,
        "a_wins": a_wins,
        "b_wins": b_wins,
        "draws": draws,
        "a_win_rate": round((a_wins + draws / 2) / n, 4) if n else None,
        "a_win_rate_95": wilson(a_wins + draws / 2, n),
        "deals": len(deal_diffs),
        "mean_score_per_deal_a_minus_b": round(sum(deal_diffs) / len(deal_diffs), 3) if deal_diffs else None,
        "unfinished": sum(1 for r in results if not r["finished"]),
        "decision_cpu_ms": _stats(times),
        "decision_wall_ms": _stats(wall),
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
