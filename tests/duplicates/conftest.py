"""Fixtures of the duplicates tests: users, the scheduler off (bots driven in-process), and a
helper playing a whole set through the real table services."""

from __future__ import annotations

from tests.tables.conftest import (  # noqa: F401  (the tables tests' fixtures, shared)
    _scheduler_off_unless_live,
    make_user,
)
