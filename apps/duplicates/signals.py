"""Signals of apps.duplicates, for the apps above it (apps.push).

- ``daily_opened(sender=DuplicateSet, set_ids=, day=)``: after commit, when the rollover opened
  «Дубль дня» of ``day`` (apps.push tells the people who asked for it, once a day).
- ``entry_finished(sender=Entry, set_id=, user_id=)``: after commit, when a person finished a set.
"""

from __future__ import annotations

from django.dispatch import Signal

daily_opened = Signal()
entry_finished = Signal()
