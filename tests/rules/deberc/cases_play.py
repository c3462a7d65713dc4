"""Деберц cases: obligations of play with exact legal sets, combinations, бела."""

from __future__ import annotations

CASES: list[dict] = []
