"""Write the Деберц scenarios of ``tests/rules/scenarios/deberc/`` from the cases below.

    .venv/bin/python -m tests.rules.deberc.build_scenarios          # write every file
    .venv/bin/python -m tests.rules.deberc.build_scenarios --show X # print the result of case X

Every ``expect`` here is written by hand from docs/rules.md (the deberc section): the engine only
completes a deal marked ``finish`` with legal cards (see ``scenario_kit``), and the files are
then checked like any other scenario by ``tests/rules/test_scenarios.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from apps.rules.scenario import run
from tests.rules.deberc.cases_auction import CASES as AUCTION
from tests.rules.deberc.cases_play import CASES as PLAY
from tests.rules.deberc.cases_score import CASES as SCORE
from tests.rules.deberc.scenario_kit import build

OUT = Path(__file__).resolve().parents[1] / "scenarios" / "deberc"
CASES = [*AUCTION, *PLAY, *SCORE]


def main(argv: list[str]) -> int:
    if argv[:1] == ["--show"]:
        for case in CASES:
            if case["name"] in argv[1:]:
                spec = build(case)
                result = run(spec)
                print(json.dumps({"actions": [d["actions"] for d in spec["deals"]]}, ensure_ascii=False))
                print(json.dumps(result, ensure_ascii=False, indent=1))
        return 0
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names)), "case names are unique"
    for case in CASES:
        spec = build(case)
        path = OUT / f"{case['name']}.json"
        path.write_text(json.dumps(spec, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(CASES)} scenarios to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
