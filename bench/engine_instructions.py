"""Rules engine, commits side by side in instructions per deal: a figure the box's load cannot move.

    python bench/engine_instructions.py d110159 main HEAD          # every mode of engine_vs.sh
    python bench/engine_instructions.py d110159 HEAD --modes bb4,k4 --matches 50

Each revision's ``apps/rules`` and ``bench/rules_speed.py`` are exported (``git archive``) to a
temporary directory; for each mode the revision's own ``play_match`` plays the same seeded
matches (seeds 0.., the bench's random generator seeded 12345) after 20 warm-up matches, under
``valgrind --tool=cachegrind``, once with N matches and once with none: the difference divided by
the complete deals (Дурак: games) is the instructions per deal. Both sides play the very same
games (the deals and actions counts are printed to show it) — each through its own public
api as its own bench drives it: up to 2e71edb's parent ``to_act``, ``legal_actions`` and
``apply`` per move, from then on ``api.stepper``'s ``to_act``, ``legal_count`` and ``step``
(the same choice by index, so the same cards). Needs valgrind; takes a few minutes (each run
is ~50× slower than native).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

#: mode -> (label, game, options, seats); the modes of bench/engine_vs.sh.
MODES: dict[str, tuple[str, str, dict, list[int] | None]] = {
    "bb4": ("Базар-блот 4p", "bazar_blot", {}, None),
    "bb2": ("Базар-блот 2p", "bazar_blot", {"players": 2}, None),
    "g4": ("Gambler 4p", "bazar_blot", {"ruleset": "gambler"}, None),
    "g2": ("Gambler 2p", "bazar_blot", {"ruleset": "gambler", "players": 2}, None),
    "d4": ("Деберц 4p", "deberc", {"players": 4}, None),
    "d22": ("Деберц 2 on 2", "deberc", {"players": 4, "teams": True}, None),
    "d3": ("Деберц 3p", "deberc", {"players": 3}, None),
    "d2": ("Деберц 2p", "deberc", {"players": 2}, None),
    "blot": ("блот", "blot", {}, None),
    "k4": ("Дурак 4p", "durak", {}, None),
    "k4t": ("Дурак 4p переводной", "durak", {"transfer": True}, None),
    "k24": ("Дурак 24 cards 4p", "durak", {"deck": 24}, None),
    "k52": ("Дурак 52 cards 6p", "durak", {"deck": 52}, [0, 1, 2, 3, 4, 5]),
    "k6": ("Дурак 36 cards 6p", "durak", {}, [0, 1, 2, 3, 4, 5]),
}

#: The child: play ``count`` seeded matches of a mode with the tree's own bench loop.
CHILD = r"""
import json, random, sys, time
tree, game, count = sys.argv[1], sys.argv[2], int(sys.argv[5])
options, seats = json.loads(sys.argv[3]), json.loads(sys.argv[4])
sys.path.insert(0, tree)
sys.path.insert(0, tree + "/bench")
import rules_speed
from apps.rules import api
options = api.normalize_options(game, options)
rng = random.Random(12345)
far = time.perf_counter() + 1e9
def play(first, n):
    deals = actions = 0
    for seed in range(first, first + n):
        args = (game, options, seed, rng, far) + ((seats,) if seats else ())
        d, a, _ = rules_speed.play_match(*args)
        deals += d
        actions += a
    return deals, actions
play(10**6, 20)
print(json.dumps(play(0, count)))
"""


def export(rev: str, into: Path) -> Path:
    """``apps/rules`` and ``bench`` of ``rev`` under ``into``; ``WORKTREE``: this tree as it is."""
    if rev == "WORKTREE":
        return HERE
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(HERE), "archive", rev, "apps/rules", "bench"], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    (into / "apps" / "__init__.py").touch()
    return into


def instructions(tree: Path, mode: str, count: int) -> tuple[int, int, int] | None:
    """(instructions, deals, actions) of ``count`` matches of ``mode`` on ``tree``; None when
    the tree cannot play the mode (an option or a seat layout older than it)."""
    _, game, options, seats = MODES[mode]
    args = [str(tree), game, json.dumps(options), json.dumps(seats), str(count)]
    proc = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", CHILD, *args],
        capture_output=True, text=True, check=False, cwd=tree,
    )  # fmt: skip
    if proc.returncode != 0:
        return None
    refs = re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr)
    assert refs, proc.stderr[-2000:]
    deals, actions = json.loads(proc.stdout.strip().splitlines()[-1])
    return int(refs.group(1).replace(",", "")), deals, actions


def ratio(base: float | None, other: float | None) -> str:
    """``base / other`` as a speed-up (fewer instructions: more than 1×); "—" when either is missing."""
    return "—" if base is None or other is None else f"{base / other:.2f}×"


def short_id(rev: str) -> str:
    if rev == "WORKTREE":
        return "worktree"
    out = subprocess.run(
        ["git", "-C", str(HERE), "rev-parse", "--short", rev], capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("revs", nargs="+", help="git revisions (WORKTREE: this tree); the first is the base")
    parser.add_argument("--modes", default=",".join(MODES), help="comma-separated, of: " + ", ".join(MODES))
    parser.add_argument("--matches", type=int, default=60, help="matches per mode (Дурак 52 cards: a third)")
    args = parser.parse_args()
    modes = args.modes.split(",")
    with tempfile.TemporaryDirectory(prefix="engine_ir.") as tmp:
        trees = {rev: export(rev, Path(tmp) / str(i)) for i, rev in enumerate(args.revs)}
        ids = {rev: short_id(rev) for rev in args.revs}
        print(f"instructions per deal (Дурак: per game), cachegrind, python {sys.version.split()[0]}; "
              f"{args.matches} seeded matches per mode after 20 warm-up matches")  # fmt: skip
        print()
        base = args.revs[0]
        head = "| mode | " + " | ".join(ids[r] for r in args.revs) + " | " + " | ".join(
            f"{ids[base]} / {ids[r]}" for r in args.revs[1:]
        ) + " |"  # fmt: skip
        print(head)
        print("|---" * (2 * len(args.revs)) + "|")
        for mode in modes:
            count = max(args.matches // 3, 5) if mode == "k52" else args.matches
            per_deal: dict[str, float | None] = {}
            for rev in args.revs:
                empty = instructions(trees[rev], mode, 0)
                full = instructions(trees[rev], mode, count) if empty else None
                if empty is None or full is None:
                    per_deal[rev] = None
                    print(f"{mode} {ids[rev]}: cannot play this mode", file=sys.stderr, flush=True)
                    continue
                per_deal[rev] = (full[0] - empty[0]) / max(full[1], 1)
                print(f"{mode} {ids[rev]}: {full[1]} deals, {full[2]} actions", file=sys.stderr, flush=True)
            cells = ["—" if per_deal[r] is None else f"{per_deal[r] / 1000:,.0f} K" for r in args.revs]
            ratios = [ratio(per_deal[base], per_deal[r]) for r in args.revs[1:]]
            print(f"| {MODES[mode][0]} | " + " | ".join(cells + ratios) + " |", flush=True)
    print()
    print(f"load average {os.getloadavg()[0]:.2f} (the counts do not depend on it)")


if __name__ == "__main__":
    main()
