"""Writes ``tests/rules/durak_snapshots_1beb911.json``: Дурак snapshots as commit 1beb911 stored
them, each taken mid-game, with the rest of its game as 1beb911 played it.

    git archive 1beb911 apps | tar -x -C /tmp/base
    python tests/rules/build_durak_snapshots.py /tmp/base

Run against an export of commit 1beb911 (the engine before h-durak7 changed what a state caches):
the file is what that engine wrote and did, and ``tests/rules/test_durak_fast.py`` checks that
today's engine loads each snapshot and plays on exactly so (the same legal lists, the same events,
the same JSON at the end).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "durak_snapshots_1beb911.json"
CLOSE = {"type": "close"}

#: (name, options, seats, seed, moves played before the snapshot is taken).
CASES: list[tuple[str, dict[str, Any], list[int] | None, int, int]] = [
    ("podkidnoy_4p", {}, None, 3, 17),
    ("perevodnoy_4p", {"transfer": True}, None, 5, 23),
    ("sheller_4p", {"cheating": True}, None, 2, 31),
    ("pairs_perevodnoy", {"teams": True, "transfer": True}, None, 7, 12),
    ("deck24_3p", {"deck": 24}, [0, 2, 3], 1, 9),
    ("deck52_6p_neighbors", {"deck": 52, "throw": "neighbors"}, [0, 1, 2, 3, 4, 5], 4, 40),
]


def one_move(api: Any, state: Any, rng: random.Random) -> dict[str, Any]:
    """One move of random play: the system's ``close`` when nobody may act, else a random seat's
    random legal action; the move as recorded (seat, index in the legal list, action, events)."""
    seats = api.to_act(state)
    if not seats:
        events = api.apply(state, None, CLOSE, system=True)[1]
        return {"seat": None, "index": None, "action": CLOSE, "legal": None, "events": events}
    seat = rng.choice(seats)
    legal = api.legal_actions(state, seat)
    index = rng.randrange(len(legal))
    action = dict(legal[index])
    events = api.apply(state, seat, legal[index])[1]
    return {"seat": seat, "index": index, "action": action, "legal": len(legal), "events": events}


def build(tree: Path) -> list[dict[str, Any]]:
    """The cases played by the engine of ``tree`` (an export of 1beb911)."""
    sys.path.insert(0, str(tree))
    from apps.rules import api

    out = []
    for name, options, seats, seed, before in CASES:
        rng = random.Random(f"snapshot {name}")
        state = api.new_match("durak", api.normalize_options("durak", dict(options)), seed=seed, seats=seats)
        for _ in range(before):
            one_move(api, state, rng)
        snapshot = json.loads(api.to_json_text(state))
        moves = []
        while not api.finished(state) and len(moves) < 400:
            moves.append(one_move(api, state, rng))
        out.append({"name": name, "snapshot": snapshot, "moves": moves, "final": api.to_json(state)})
    return out


if __name__ == "__main__":
    cases = build(Path(sys.argv[1]))
    OUT.write_text(json.dumps(cases, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{OUT}: {len(cases)} snapshots, {sum(len(c['moves']) for c in cases)} moves")
