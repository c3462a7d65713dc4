"""Typed readers for settings that come from the environment.

Each reader promises to return its default when the variable is unset or empty, and
raises ``ImproperlyConfigured`` with the variable's name when a value cannot be parsed.
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_str(name: str, default: str = "") -> str:
    """Return the variable's value, or ``default`` when it is unset or empty."""
    value = os.environ.get(name, "")
    return value if value != "" else default


def env_bool(name: str, default: bool = False) -> bool:
    """Return the variable read as a boolean (1/0, true/false, yes/no, on/off)."""
    value = os.environ.get(name, "").strip().lower()
    if value == "":
        return default
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (true/false), got {value!r}")


def env_int(name: str, default: int) -> int:
    """Return the variable read as an integer."""
    value = os.environ.get(name, "").strip()
    if value == "":
        return default
    try:
        return int(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be an integer, got {value!r}") from exc


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    """Return the variable split on commas, blanks dropped."""
    value = os.environ.get(name, "")
    if value.strip() == "":
        return list(default or [])
    return [item.strip() for item in value.split(",") if item.strip()]


def env_required(name: str) -> str:
    """Return the variable's value or fail loudly: production refuses to guess."""
    value = os.environ.get(name, "")
    if value == "":
        raise ImproperlyConfigured(f"Set the {name} environment variable (required in production).")
    return value
