"""Fixtures of the tournament tests: the ratings tests' (users, the scheduler off: services are
called in-process) and the push tests' local push service."""

from tests.push.conftest import push_service  # noqa: F401
from tests.ratings.conftest import _scheduler_off_unless_live, make_user  # noqa: F401
