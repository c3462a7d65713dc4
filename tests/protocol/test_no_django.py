"""The protocol module is pure: it imports neither Django nor any app of the site but the pure
rules engine, whose action schema it builds its actions from."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROTOCOL = ROOT / "apps" / "protocol"


def test_importing_every_protocol_module_loads_no_django_and_no_other_app_but_the_rules() -> None:
    modules = sorted(f"apps.protocol.{p.stem}" for p in PROTOCOL.glob("*.py") if p.stem != "__init__")
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}:\n"
        "    importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')\n"
        "             or (m.startswith('apps.') and not m.startswith(('apps.protocol', 'apps.rules'))))\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_docstring_examples_hold() -> None:
    import doctest
    import importlib

    for path in sorted(PROTOCOL.glob("*.py")):
        name = "apps.protocol" if path.stem == "__init__" else f"apps.protocol.{path.stem}"
        module = importlib.import_module(name)
        result = doctest.testmod(module)
        assert result.failed == 0, path.name
