"""The signal apps.tournaments sends, so that apps above it (apps.push) act on it.

- ``table_seated(sender=Tournament, tournament_id=, table_id=, user_ids=)``: after the commit
  that opened a tournament table, its match started, for the people seated there.
- ``starts_soon(sender=Tournament, tournament_id=, user_ids=)``: the tournament starts within
  two minutes (sent once, from the beat's tick) for its entrants and their partners.
"""

from __future__ import annotations

from django.dispatch import Signal

table_seated = Signal()
starts_soon = Signal()
