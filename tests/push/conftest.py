"""Web Push tests share the tables fixtures (users, scheduler off, replays checked) and start
the local push service (tests/push/pushservice.py)."""

import pytest

from apps.push import keys
from tests.push.pushservice import LocalPushService
from tests.tables.conftest import (  # noqa: F401
    _replay_every_finished_match,
    _scheduler_off_unless_live,
    make_user,
)


@pytest.fixture
def push_service():
    service = LocalPushService(keys.public_key())
    yield service
    service.close()
