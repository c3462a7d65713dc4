"""Every scenario file under ``tests/rules/scenarios/<game>/`` played through the engine.

Each file is one test (named by its path); its ``expect`` is compared with the result of
:func:`apps.rules.scenario.run` as a subset (``tests/rules/scenario_compare.py``). To add a
case for any game, drop a JSON file in ``tests/rules/scenarios/<game>/``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from apps.rules.scenario import run
from tests.rules.scenario_compare import diff

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*files: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "apps.rules.scenario", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.rglob("*.json"))


def test_scenarios_exist() -> None:
    assert len(FILES) >= 44


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario(path: Path) -> None:
    spec = json.loads(path.read_text(encoding="utf-8"))
    assert "expect" in spec, "a scenario states what must come out"
    result = run(spec)
    json.dumps(result)  # the result is JSON
    problems = list(diff(spec["expect"], result))
    assert not problems, f"{spec.get('name', '')}\n" + "\n".join(problems)


def test_cli_prints_one_line_per_file() -> None:
    files = [str(p) for p in FILES[:3]]
    proc = run_cli(*files)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == len(files)
    for path, line in zip(files, lines, strict=True):
        assert json.loads(line)["name"] == json.loads(Path(path).read_text(encoding="utf-8")).get("name", "")


def test_cli_exit_2_on_unreadable_spec(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    proc = run_cli(str(bad))
    assert proc.returncode == 2
    assert "bad.json" in proc.stderr
    missing = run_cli(str(tmp_path / "none.json"))
    assert missing.returncode == 2


def test_diff_semantics() -> None:
    assert not list(diff({"legal": {"0": [{"a": 1}, {"b": 2}]}}, {"legal": {"0": [{"b": 2}, {"a": 1}]}}))
    assert list(diff({"legal": {"0": [{"a": 1}]}}, {"legal": {"0": [{"a": 1}, {"b": 2}]}}))
    refused = {"rejected": [{"deal": 0, "index": 1, "code": "x"}]}
    assert not list(diff({"rejected": [{"deal": 0, "index": 1}]}, refused))
    assert list(diff({"totals": [1, 2]}, {"totals": [1, 3]}))
    assert list(diff({"deals": [{"made": True}]}, {"deals": []}))
