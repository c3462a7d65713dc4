"""The hardening tests (issue #30) share the tables fixtures (users, scheduler off, replays)."""

import pytest
from django.utils import translation

from tests.tables.conftest import (  # noqa: F401
    _replay_every_finished_match,
    _scheduler_off_unless_live,
    make_user,
)


@pytest.fixture(autouse=True)
def _russian_first():
    """Each test starts in Russian, the site's first language, whatever an earlier test's English
    request left active on this thread (the tests run in random order)."""
    translation.activate("ru")
    yield
    translation.activate("ru")
