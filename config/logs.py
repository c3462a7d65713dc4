"""Logging filters of the site's console handler (``LOGGING`` in ``config/settings/base.py``)."""

from __future__ import annotations

import logging


class OneLineSecurityRecords(logging.Filter):
    """Drops the traceback of ``django.security.*`` records (a body over
    ``DATA_UPLOAD_MAX_MEMORY_SIZE``, a disallowed Host, ...): they are the client's doing, their
    message names the cause, and one bad request stays one log line. Promises to pass every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith("django.security."):
            record.exc_info = None
            record.exc_text = None
            record.stack_info = None
        return True
