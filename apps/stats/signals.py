"""The signal apps.stats sends, so that apps above it (apps.ratings) act on a match's results
without apps.stats importing them (docs/decisions-structure.md).

- ``results_recorded(sender=Result, match=, rows=)``: sent by
  :func:`apps.stats.services.results_record` right after it wrote the ``rows`` of the finished
  ``match``, inside the transaction that finishes it (the match row locked). A receiver's
  exception rolls the match's end back with it (apps.ratings rates the match there).
"""

from __future__ import annotations

from django.dispatch import Signal

results_recorded = Signal()
