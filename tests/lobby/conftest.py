"""The lobby tests share the tables fixtures (users, scheduler off)."""

from tests.tables.conftest import _scheduler_off_unless_live, make_user  # noqa: F401
