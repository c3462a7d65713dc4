"""Fixtures of the tournament tests: the ratings tests' (users, the scheduler off: services are
called in-process)."""

from tests.ratings.conftest import _scheduler_off_unless_live, make_user  # noqa: F401
