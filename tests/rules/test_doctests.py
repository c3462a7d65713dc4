"""The examples in the docstrings of ``apps/rules`` hold (python-chess keeps its API's examples
as doctests; ours run here rather than through ``--doctest-modules``, which would import every
test module a second time under ``--import-mode=importlib``)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "apps" / "rules"
MODULES = sorted("apps.rules" if p.stem == "__init__" else f"apps.rules.{p.stem}" for p in RULES.glob("*.py"))


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} failed (above)"


def test_the_api_and_the_schema_have_examples() -> None:
    for name in ("apps.rules.api", "apps.rules.actions"):
        tests = doctest.DocTestFinder().find(importlib.import_module(name))
        assert sum(len(t.examples) for t in tests) >= 3, name
