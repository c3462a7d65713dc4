"""Rules engine compiled with Cython as it is, against the same engine in pure Python, in
instructions per deal (the experiment behind docs/decisions-engine.md «Cython»).

    pip install cython                                   # not a dependency of the project
    python bench/engine_cython.py                        # HEAD, every mode of engine_vs.sh
    python bench/engine_cython.py d110159 HEAD --modes bb4,k4 --matches 20

Each revision's ``apps/rules`` and ``bench`` are exported (``git archive``, as
``bench/engine_instructions.py`` does) twice: one copy stays pure Python, in the other the hot
modules (:data:`HOT`) are compiled in place by ``cythonize`` (``language_level=3``,
``binding=True``, ``annotation_typing=False``: plain Python classes stay Python classes, and an
annotation is not turned into a C type check, so the pure-Python semantics hold). Then every
tree plays the same seeded matches under cachegrind (``engine_instructions.instructions``);
the first revision's pure copy is the base of the ratios. The build takes 2–3 CPU-minutes.
``actions`` and ``events`` stay pure Python: compiled, their typed dicts' ``__annotations__``
are strings, and the schema tables built from them fail at import.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_instructions import MODES, export, instructions, ratio, short_id

#: The engine's modules on the play path of some game (compiled); the rest stay pure Python.
HOT = (
    "api", "base", "belot", "tricks", "bazar_blot", "bazar_gambler", "blot", "blot_show", "deberc",
    "deberc_scoring", "combos", "cards", "durak", "durak_tables", "durak_setup",
)  # fmt: skip

#: Run in the tree to compile: cythonize the hot modules and build them in place.
BUILD = r"""
import sys
from Cython.Build import cythonize
from setuptools import setup
sys.argv[1:] = ["build_ext", "--inplace", "-q"]
setup(
    ext_modules=cythonize(
        [f"apps/rules/{m}.py" for m in HOT],
        nthreads=2,
        quiet=True,
        compiler_directives={"language_level": 3, "binding": True, "annotation_typing": False},
    ),
)
"""


def compiled_copy(tree: Path, into: Path) -> Path:
    """A copy of ``tree`` with the hot modules of ``apps/rules`` compiled next to their sources."""
    shutil.copytree(tree / "apps", into / "apps")
    shutil.copytree(tree / "bench", into / "bench")
    script = f"HOT = {HOT!r}\n" + BUILD
    subprocess.run([sys.executable, "-c", script], cwd=into, check=True, capture_output=True)
    built = sorted(p.name.split(".")[0] for p in (into / "apps" / "rules").glob("*.so"))
    assert built == sorted(HOT), f"compiled {built}, expected {sorted(HOT)}"
    return into


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("revs", nargs="*", default=["HEAD"], help="git revisions; the first is the base")
    parser.add_argument("--modes", default=",".join(MODES), help="comma-separated, of: " + ", ".join(MODES))
    parser.add_argument("--matches", type=int, default=30, help="matches per mode (Дурак 52 cards: a third)")
    args = parser.parse_args()
    try:
        import Cython  # noqa: F401
    except ImportError:
        sys.exit("Cython is not installed: pip install cython")
    with tempfile.TemporaryDirectory(prefix="engine_cy.") as tmp:
        columns: list[tuple[str, Path]] = []
        for i, rev in enumerate(args.revs):
            pure = export(rev, Path(tmp) / f"{i}")
            columns.append((short_id(rev), pure))
            print(f"compiling {short_id(rev)} ...", file=sys.stderr, flush=True)
            columns.append((f"{short_id(rev)} Cython", compiled_copy(pure, Path(tmp) / f"{i}cy")))
        print("instructions per deal (Дурак: per game), cachegrind; pure Python against Cython")
        print()
        print("| mode | " + " | ".join(name for name, _ in columns) + " | " + " | ".join(
            f"{columns[0][0]} / {name}" for name, _ in columns[1:]
        ) + " |")  # fmt: skip
        print("|---" * (2 * len(columns)) + "|")
        for mode in args.modes.split(","):
            count = max(args.matches // 3, 5) if mode == "k52" else args.matches
            per_deal: list[float | None] = []
            for _, tree in columns:
                empty = instructions(tree, mode, 0)
                full = instructions(tree, mode, count) if empty else None
                ok = empty is not None and full is not None
                per_deal.append((full[0] - empty[0]) / max(full[1], 1) if ok else None)
            cells = ["—" if n is None else f"{n / 1000:,.0f} K" for n in per_deal]
            ratios = [ratio(per_deal[0], n) for n in per_deal[1:]]
            print(f"| {MODES[mode][0]} | " + " | ".join(cells + ratios) + " |", flush=True)


if __name__ == "__main__":
    main()
