"""The hardening tests (issue #30) share the tables fixtures (users, scheduler off, replays)."""

from tests.tables.conftest import (  # noqa: F401
    _replay_every_finished_match,
    _scheduler_off_unless_live,
    make_user,
)
