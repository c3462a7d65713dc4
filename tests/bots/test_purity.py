"""apps.bots is pure Python: importing every module of it loads no Django."""

from __future__ import annotations

import subprocess
import sys

MODULES = [
    "apps.bots",
    "apps.bots.bot",
    "apps.bots.memory",
    "apps.bots.events",
    "apps.bots.easy",
    "apps.bots.belot.player",
    "apps.bots.belot.search",
    "apps.bots.belot.auction",
    "apps.bots.belot.knowledge",
    "apps.bots.durak.player",
    "apps.bots.durak.search",
    "apps.bots.durak.sim",
]


def test_bots_import_no_django():
    code = (
        "import importlib, sys\n"
        f"for m in {MODULES!r}: importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
