"""The scenario runner of docs/rules.md §2: drives exactly the engine the site uses.

``run(spec)`` returns the result dict; ``python -m apps.rules.scenario FILE...`` prints one
JSON result per line in file order, exits 0 even when actions were refused (refusals are
data) and 2 only for a spec it cannot read.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from . import api, fairness
from .errors import IllegalAction, InvalidOptions


def run(spec: dict[str, Any]) -> dict[str, Any]:
    """Play ``spec`` through the engine and return the result of docs/rules.md §2. A record of a
    duplicate set's table carries ``duplicate: {"deals": K, "first": n}`` (docs/rules.md «Дубль»: K
    deals each scored alone, the first of them the set's deal ``n``)."""
    deals = spec.get("deals") or []
    state = api.new_match(
        spec["game"],
        spec.get("options") or {},
        seed=spec.get("seed", 0),
        deals=[{"hands": d.get("hands", {}), "stock": d.get("stock", [])} for d in deals],
        dealer=spec.get("dealer"),
        seats=spec.get("seats"),
        fair=record_seeds(spec),
        duplicate=(spec.get("duplicate") or {}).get("deals"),
        first_deal=(spec.get("duplicate") or {}).get("first", 0),
    )
    rejected = []
    for deal_index, deal in enumerate(deals):
        for index, raw in enumerate(deal.get("actions", [])):
            action = {k: v for k, v in raw.items() if k not in ("seat", "system")}
            try:
                api.apply(state, raw.get("seat"), action, system=bool(raw.get("system")))
            except IllegalAction as exc:
                rejected.append({"deal": deal_index, "index": index, "code": exc.code})
    to_act = api.to_act(state)
    summary = api.summary(state)
    return {
        "name": spec.get("name", ""),
        "rejected": rejected,
        "deals": summary["deals"],
        "totals": summary["totals"],
        "finished": summary["finished"],
        "winners": summary["winners"],
        "to_act": to_act,
        "legal": {str(seat): api.legal_actions(state, seat) for seat in to_act},
    }


def record_seeds(spec: dict[str, Any]) -> fairness.Seeds | None:
    """The revealed seeds of a live match's record (its ``fairness``), so that a replay draws
    what the match drew (a Шулер penalty card); None for a spec without them."""
    fair = spec.get("fairness")
    if not isinstance(fair, dict) or not fair.get("server_seed"):
        return None
    seeds = fair.get("client_seeds") or {}
    client = "" if spec.get("duplicate") else fairness.client_string(seeds, map(int, seeds))
    return fairness.Seeds(bytes.fromhex(fair["server_seed"]), client)


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m apps.rules.scenario FILE.json [FILE.json ...]", file=sys.stderr)
        return 2
    for path in argv:
        try:
            with open(path, encoding="utf-8") as f:
                spec = json.load(f)
            if not isinstance(spec, dict) or "game" not in spec:
                raise ValueError("a scenario is a JSON object with a 'game'")
            result = run(spec)
        except (OSError, ValueError, KeyError, TypeError, InvalidOptions) as exc:
            print(f"{path}: cannot run scenario: {exc}", file=sys.stderr)
            return 2
        print(json.dumps(result, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
