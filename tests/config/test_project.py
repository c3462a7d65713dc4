"""The project is complete and deployable: migrations, deploy checks, settings modes."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def _clean_env(**extra: str) -> dict[str, str]:
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "REDIS_", "SECRET_"))
    }
    env.update(extra)
    return env


@pytest.mark.django_db
def test_migrations_are_complete() -> None:
    """`makemigrations --check` finds nothing to write for any installed app."""
    try:
        call_command("makemigrations", "--check", "--dry-run", verbosity=0)
    except SystemExit as exc:  # raised with code 1 when a migration is missing
        pytest.fail(f"makemigrations --check found missing migrations (exit {exc.code})")


def test_production_settings_pass_check_deploy_without_warnings() -> None:
    env = _clean_env(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY=secrets.token_urlsafe(64),
        DATABASE_URL="postgres://kartochki:secret@db.internal:5432/kartochki",
        REDIS_URL="redis://redis.internal:6379/0",
        ALLOWED_HOSTS="kartochki.example.org",
    )
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "System check identified no issues (0 silenced)." in output, output


def test_production_settings_refuse_to_start_without_a_secret_key() -> None:
    env = _clean_env(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DATABASE_URL="postgres://kartochki@db.internal/kartochki",
        REDIS_URL="redis://redis.internal:6379/0",
        ALLOWED_HOSTS="kartochki.example.org",
    )
    result = _manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_embedded_default_needs_no_services(tmp_path: Path) -> None:
    """With nothing set, manage.py uses SQLite, the in-memory layer and the embedded worker."""
    script = (
        "import django, json; django.setup(); from django.conf import settings as s; "
        "print(json.dumps([s.DATABASES['default']['ENGINE'], s.CHANNEL_LAYERS['default']['BACKEND'], "
        "s.CELERY_BROKER_URL, s.CELERY_EMBEDDED_WORKER, s.DEBUG]))"
    )
    env = _clean_env(DJANGO_SETTINGS_MODULE="config.settings.dev")
    env.pop("DEBUG", None)
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    engine, layer, broker, embedded_worker, debug = json.loads(result.stdout.strip().splitlines()[-1])
    assert engine == "django.db.backends.sqlite3"
    assert layer == "channels.layers.InMemoryChannelLayer"
    assert broker.startswith("memory://")
    assert embedded_worker is True
    assert debug is False  # a real site: the site's error pages (issue #33)
    env["DEBUG"] = "1"
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1])[-1] is True  # DEBUG=1 ./run: development


def test_redis_channel_layer_is_pubsub_by_default_and_pools_are_sized_for_bursts(settings) -> None:
    """redis-py's default pool (100) would raise under a burst of sockets: both layers' host
    configs size it. The pub/sub layer is the default (docs/performance.md)."""
    from config.settings.base import CHANNEL_LAYER_BACKENDS, channel_layers_for

    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == CHANNEL_LAYER_BACKENDS["pubsub"]
    for backend in ("pubsub", "core"):
        config = channel_layers_for("redis://127.0.0.1:6379/0", backend=backend)["default"]
        assert config["BACKEND"] == CHANNEL_LAYER_BACKENDS[backend]
        assert config["CONFIG"]["hosts"][0]["max_connections"] >= 1000


def test_ci_run_fails_with_one_line_when_postgres_is_unreachable() -> None:
    env = _clean_env(CI="true", DATABASE_URL="postgres://postgres@127.0.0.1:9/kartochki")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/config/test_project.py"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    reasons = [line for line in result.stdout.splitlines() if "PostgreSQL unreachable at 127.0.0.1:9" in line]
    assert reasons, result.stdout
    assert " passed" not in result.stdout


def test_every_template_comment_closes_on_its_line() -> None:
    """Django's ``{# … #}`` is a one-line comment: one spread over lines is printed on the page
    as text (``{% comment %}`` spans lines)."""
    templates = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("apps/*/templates/**/*.html")]
    assert len(templates) > 30
    open_comments = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in templates
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if line.count("{#") > line.count("#}")
    ]
    assert open_comments == []
