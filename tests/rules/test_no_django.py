"""The rules engine is pure Python: no module of ``apps/rules`` imports Django."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "apps" / "rules"


def test_no_source_mentions_a_django_import() -> None:
    pattern = re.compile(r"^\s*(import|from)\s+django\b", re.MULTILINE)
    offenders = [p.name for p in RULES.rglob("*.py") if pattern.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_importing_every_rules_module_loads_no_django() -> None:
    modules = sorted(f"apps.rules.{p.stem}" for p in RULES.glob("*.py") if p.stem != "__init__")
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}:\n"
        "    importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(len(sys.modules), bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
