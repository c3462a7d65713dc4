"""The signals apps.ratings sends, so that apps above it act without apps.ratings importing them.

- ``quick_seated(sender=Table, table_id=, user_ids=)``: sent after commit when quick play seated
  ``user_ids`` at the new table ``table_id`` and started its match (apps.lobby tells each of them
  on his personal lobby socket, wherever he is on the site).
"""

from __future__ import annotations

from django.dispatch import Signal

quick_seated = Signal()
