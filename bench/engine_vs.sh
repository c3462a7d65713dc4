#!/usr/bin/env bash
# Rules engine, old commit against new, side by side in one run:
#
#     bench/engine_vs.sh OLD NEW            e.g. bench/engine_vs.sh d110159 HEAD
#     SECONDS_PER=3 ROUNDS=3 MODES=quick bench/engine_vs.sh d110159 main
#
# Checks OLD and NEW out into temporary git worktrees (detached, removed at the end; NEW may
# be the word WORKTREE for this tree as it is on disk, uncommitted changes included) and runs
# bench/rules_speed.py of each side against its own engine and through its own public api (a
# newer bench plays by index through api.stepper, an older one through legal_actions and apply:
# the same random games), mode by mode, OLD and NEW
# interleaved (the order alternating round to round, so a change of load hits both sides
# alike). Prints per mode each side's deals (Дурак: games) per second, min–max over the rounds
# and the median, and NEW / OLD of the medians: per second of wall time, and per CPU-second of
# the bench's process (its CPU time from the kernel, minus what the same bench spends starting
# with --seconds 0), which a loaded box disturbs far less than the wall figure. A mode the old
# commit lacks (an option it rejects, a flag its bench has not got) shows "—" for that side.
#
# Environment: SECONDS_PER (default 3) seconds per run, ROUNDS (default 3), PYTHON (default
# this tree's .venv/bin/python, else python3), MODES=all (default) or quick (the four modes of
# issue #33's figures: Базар-блот 4p, Gambler 4p, Деберц 4p, Дурак 4p).
set -euo pipefail

if [ $# -ne 2 ]; then
    echo "usage: $0 OLD NEW   (git revisions; NEW may be WORKTREE)" >&2
    exit 2
fi
OLD_REV=$1
NEW_REV=$2
HERE=$(cd "$(dirname "$0")/.." && pwd)
PYTHON=${PYTHON:-$HERE/.venv/bin/python}
[ -x "$PYTHON" ] || PYTHON=python3
SECONDS_PER=${SECONDS_PER:-3}
ROUNDS=${ROUNDS:-3}
MODES=${MODES:-all}

TMP=$(mktemp -d /tmp/engine_vs.XXXXXX)
cleanup() {
    for d in "$TMP/old" "$TMP/new"; do
        [ -d "$d" ] && git -C "$HERE" worktree remove --force "$d" >/dev/null 2>&1 || true
    done
    rm -rf "$TMP"
}
trap cleanup EXIT

git -C "$HERE" worktree add --detach --quiet "$TMP/old" "$OLD_REV"
if [ "$NEW_REV" = "WORKTREE" ]; then
    NEW_DIR=$HERE
else
    git -C "$HERE" worktree add --detach --quiet "$TMP/new" "$NEW_REV"
    NEW_DIR=$TMP/new
fi
OLD_ID=$(git -C "$TMP/old" rev-parse --short HEAD)
NEW_ID=$( [ "$NEW_REV" = "WORKTREE" ] && echo "worktree@$(git -C "$HERE" rev-parse --short HEAD)" \
          || git -C "$NEW_DIR" rev-parse --short HEAD)

# Each side's bench imports its own tree's apps.rules (it puts its parent first on sys.path);
# the run goes from inside that tree so nothing else's `apps` is found first.
OLD_DIR=$TMP/old NEW_DIR=$NEW_DIR OLD_ID=$OLD_ID NEW_ID=$NEW_ID SECONDS_PER=$SECONDS_PER \
ROUNDS=$ROUNDS MODES=$MODES "$PYTHON" - <<'EOF'
import json
import os
import resource
import statistics
import subprocess
import sys

MODES = [
    # (label, rules_speed.py arguments)
    ("Базар-блот 4p", ["--game", "bazar_blot"]),
    ("Базар-блот 2p", ["--game", "bazar_blot", "--players", "2"]),
    ("Gambler 4p", ["--game", "bazar_blot", "--ruleset", "gambler"]),
    ("Gambler 2p", ["--game", "bazar_blot", "--ruleset", "gambler", "--players", "2"]),
    ("Деберц 4p", ["--game", "deberc", "--players", "4"]),
    ("Деберц 2 on 2", ["--game", "deberc", "--options", '{"players": 4, "teams": true}']),
    ("Деберц 3p", ["--game", "deberc", "--players", "3"]),
    ("Деберц 2p", ["--game", "deberc", "--players", "2"]),
    ("блот", ["--game", "blot"]),
    ("Дурак 4p", ["--game", "durak"]),
    ("Дурак 4p переводной", ["--game", "durak", "--options", '{"transfer": true}']),
    ("Дурак 24 cards 4p", ["--game", "durak", "--options", '{"deck": 24}']),
    ("Дурак 52 cards 6p", ["--game", "durak", "--options", '{"deck": 52}', "--seats", "0,1,2,3,4,5"]),
    ("Дурак 36 cards 6p", ["--game", "durak", "--seats", "0,1,2,3,4,5"]),
]
if os.environ["MODES"] == "quick":
    keep = {"Базар-блот 4p", "Gambler 4p", "Деберц 4p", "Дурак 4p"}
    MODES = [m for m in MODES if m[0] in keep]

sides = {"old": os.environ["OLD_DIR"], "new": os.environ["NEW_DIR"]}
ids = {"old": os.environ["OLD_ID"], "new": os.environ["NEW_ID"]}
seconds, rounds = os.environ["SECONDS_PER"], int(os.environ["ROUNDS"])
results = {(label, side): [] for label, _ in MODES for side in sides}
per_cpu = {(label, side): [] for label, _ in MODES for side in sides}
startup = {(label, side): [] for label, _ in MODES for side in sides}
missing = set()


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(side: str, args: list[str], run_seconds: str) -> tuple[dict, float] | None:
    """One run of the side's own bench: its JSON and the CPU seconds it used; None if it
    cannot run."""
    before = children_cpu()
    proc = subprocess.run(
        [sys.executable, "bench/rules_speed.py", *args, "--seconds", run_seconds],
        cwd=sides[side], capture_output=True, text=True,
    )
    cpu = children_cpu() - before
    if proc.returncode != 0:
        return None
    return json.loads(proc.stdout.strip().splitlines()[-1]), cpu


for r in range(rounds):
    order = ["old", "new"] if r % 2 == 0 else ["new", "old"]
    for label, args in MODES:
        for side in order:
            if (label, side) in missing:
                continue
            got = run(side, args, "0")
            if got is None:
                missing.add((label, side))
                continue
            startup[label, side].append(got[1])
            got = run(side, args, seconds)
            if got is None:
                missing.add((label, side))
                continue
            data, cpu = got
            results[label, side].append(data.get("deals_per_second", data.get("games_per_second")))
            count = data.get("deals", data.get("games"))
            per_cpu[label, side].append((count, cpu))
    print(f"round {r + 1}/{rounds} done", file=sys.stderr, flush=True)

for key, runs in per_cpu.items():  # the cheapest start of the side's bench, taken off each run
    start = min(startup[key]) if startup[key] else 0.0
    per_cpu[key] = [count / max(cpu - start, 1e-6) for count, cpu in runs]


def cell(values: list[float]) -> str:
    if not values:
        return "—"
    return f"{min(values):,.0f}–{max(values):,.0f} (median {statistics.median(values):,.0f})"


print(f"rules_speed.py, {seconds} s × {rounds} rounds, interleaved; "
      f"old {ids['old']}, new {ids['new']}; python {sys.version.split()[0]}; "
      f"load average {os.getloadavg()[0]:.2f} at the end")
print()


def ratio(new: list[float], old: list[float]) -> str:
    return f"{statistics.median(new) / statistics.median(old):.2f}×" if old and new else "—"


print(f"| mode | old {ids['old']} per s | new {ids['new']} per s | new / old "
      f"| old per CPU-s | new per CPU-s | new / old (CPU) |")
print("|---|---|---|---|---|---|---|")
for label, _ in MODES:
    old, new = results[label, "old"], results[label, "new"]
    old_cpu, new_cpu = per_cpu[label, "old"], per_cpu[label, "new"]
    print(f"| {label} | {cell(old)} | {cell(new)} | {ratio(new, old)} "
          f"| {cell(old_cpu)} | {cell(new_cpu)} | {ratio(new_cpu, old_cpu)} |")
EOF
