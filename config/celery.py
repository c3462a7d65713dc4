"""The Celery app. Tasks live in each app's ``tasks.py`` and are found by autodiscovery.

Run a worker with ``celery -A config worker`` and the scheduler with ``celery -A config beat``
(production). In the embedded default the worker runs as a thread inside the server
process instead: see ``config/embedded_worker.py``.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")

app = Celery("kartochki")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
