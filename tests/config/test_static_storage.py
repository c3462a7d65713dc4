"""Production static files: collectstatic with the production storage hashes the table
client's ES-module imports, so one deploy's hashed entry point only loads that deploy's modules."""

from __future__ import annotations

import json
import re
import runpy
import secrets
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

HASHED = re.compile(r"\.[0-9a-f]{12}\.js$")
IMPORT = re.compile(r"""\b(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']\s*;""")


def production_settings(monkeypatch: pytest.MonkeyPatch) -> dict:
    """The globals of ``config.settings.production`` under a complete production environment."""
    for name, value in {
        "SECRET_KEY": secrets.token_urlsafe(64),
        "DATABASE_URL": "postgres://kartochki:secret@db.internal:5432/kartochki",
        "REDIS_URL": "redis://redis.internal:6379/0",
        "ALLOWED_HOSTS": "kartochki.example.org",
    }.items():
        monkeypatch.setenv(name, value)
    return runpy.run_module("config.settings.production")


def module_imports(path: Path) -> list[str]:
    """The URLs of the static ``import``/``export ... from`` statements of a JS module."""
    return IMPORT.findall(path.read_text(encoding="utf-8"))


def test_collectstatic_with_the_production_storage_hashes_module_imports(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    storages = production_settings(monkeypatch)["STORAGES"]
    assert storages["staticfiles"]["BACKEND"] == "config.storage.StaticStorage"
    root = tmp_path / "static"
    with override_settings(STORAGES=storages, STATIC_ROOT=root):
        call_command("collectstatic", "--noinput", verbosity=0)
    manifest = json.loads((root / "staticfiles.json").read_text())["paths"]

    entry = root / manifest["js/table.js"]
    assert HASHED.search(entry.name), entry.name
    imports = module_imports(entry)
    assert imports, "the hashed table.js imports nothing: the pattern no longer matches"
    # every module the entry point imports is named by its hashed file, and that file exists
    for url in imports:
        assert HASHED.search(url), f"{entry.name} imports {url}, not a hashed name"
        assert (entry.parent / url).resolve().is_file(), url

    # the same, one level down: every hashed module of the client imports hashed modules only
    seen = 0
    for name, hashed in manifest.items():
        if not name.startswith("js/table/") or not name.endswith(".js"):
            continue
        module = root / hashed
        for url in module_imports(module):
            assert HASHED.search(url), f"{module.name} imports {url}, not a hashed name"
            assert (module.parent / url).resolve().is_file(), url
            seen += 1
    assert seen >= 20  # the client's modules import each other (client.js alone imports 16)
    # the replay viewer imports the client's i18n module: hashed too
    replay = root / manifest["js/replay.js"]
    assert [Path(u).name for u in module_imports(replay)] == [Path(manifest["js/table/i18n.js"]).name]
    # what a browser resolves is the manifest's own name for each module
    client = manifest["js/table/client.js"]
    assert f"./{Path(client).name}" in {u.replace("./table/", "./") for u in imports}
