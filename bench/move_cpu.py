"""The in-memory work of one live move, in CPU µs, piece by piece (no database, no sockets).

    python bench/move_cpu.py                 # 3,000 moves of 4-player Базар-блот, best of 5
    python bench/move_cpu.py --moves 5000

Plays seeded random matches of Базар-блот (4 players, to 301) and keeps the state after every
move; then times, over those states, what a move of the table actor computes besides its write
and its socket sends: the engine's ``views`` of the four seats and the public, the snapshot the
write binds (``to_json`` written by ``compact``, and ``to_json_text`` where the tree has it),
the table's views (``selectors.match_views``) and the five ``state`` frames. Figures are CPU time
(``time.process_time``), the best of ``--rounds`` rounds, so a loaded box moves them less than
wall time; run it from each tree to compare commits.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django

django.setup()

from django.utils import timezone  # noqa: E402

from apps.core.jsontext import compact  # noqa: E402
from apps.rules import api  # noqa: E402
from apps.tables import selectors  # noqa: E402
from apps.tables.frames import frame_text  # noqa: E402
from apps.tables.models import Match  # noqa: E402
from bench.common import best_us, print_json  # noqa: E402

SEATS: list[int | None] = [0, 1, 2, 3, None]


def states_after_moves(count: int) -> list[tuple[Any, list]]:
    """``count`` (state, events) pairs: a copy of the state after each move of seeded matches."""
    out: list[tuple[Any, list]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        state = api.new_match("bazar_blot", {"players": 4, "target": 301}, seed=seed)
        rng = random.Random(seed)
        while len(out) < count and not api.finished(state):
            seat = api.to_act(state)[0]
            _, events = api.apply(state, seat, rng.choice(api.legal_actions(state, seat)))
            out.append((state.copy(), events))
    return out


def a_match() -> tuple[Match, list[dict]]:
    """An unsaved playing match of 4 persons and its seats' info, as the frames read them."""
    now = timezone.now()
    match = Match(
        id=1,
        table_id=1,
        game="bazar_blot",
        options={"players": 4, "target": 301},
        seq=10,
        players=[{"seat": s, "user": 100 + s, "bot": None} for s in range(4)],
        status=Match.Status.PLAYING,
        server_seed="ab" * 32,
        deadline=now + timedelta(seconds=30),
        turn_started_at=now,
        turn_ms=30_000,
        reserves={},
        time_scale=1.0,
    )
    info = [
        {"seat": s, "user": 100 + s, "name": f"Игрок {s}", "bot": None, "connected": True, "ready": False}
        for s in range(4)
    ]
    return match, info


def cpu_us(items: list, fn: Callable[[Any], object], rounds: int) -> float:
    """The best round's CPU µs per item of ``fn`` over ``items`` (:func:`bench.common.best_us`)."""
    return round(best_us(fn, items, rounds, clock=time.process_time), 1)


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    states = states_after_moves(args.moves)
    match, info = a_match()
    views = [(api.views(state, SEATS), state, events) for state, events in states]
    table = [(selectors.match_views(match, s, SEATS, info, v), e) for v, s, e in views]
    out: dict[str, Any] = {"moves": len(states), "µs_per_move": {}}
    figures = out["µs_per_move"]
    figures["views"] = cpu_us(states, lambda se: api.views(se[0], SEATS), args.rounds)
    figures["snapshot to_json + compact"] = cpu_us(
        states, lambda se: compact(api.to_json(se[0])), args.rounds
    )
    if hasattr(api, "to_json_text"):
        figures["snapshot to_json_text"] = cpu_us(states, lambda se: api.to_json_text(se[0]), args.rounds)
    figures["table views"] = cpu_us(
        views, lambda vse: selectors.match_views(match, vse[1], SEATS, info, vse[0]), args.rounds
    )
    figures["5 frames"] = cpu_us(
        table, lambda te: [frame_text(10, te[0][s], te[1]) for s in SEATS], args.rounds
    )
    out["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print_json(out)
    return out


if __name__ == "__main__":
    main()
