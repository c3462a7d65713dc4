"""The signals apps.tables sends, so that apps above it act on a table's life without apps.tables
importing them (docs/decisions-structure.md).

- ``match_finished(sender=Match, match=, state=)``: sent inside the transaction that marks
  ``match`` finished, with its row locked; ``state`` is the engine state it ended in. A
  receiver's exception rolls the whole move back, so what receivers write commits with the
  finished match or not at all (apps.stats records the results there).
- ``tables_changed(sender=Table, table_id=)``: sent after commit when a table was created or
  its seats, options or status changed before or after its match (the open-tables list may
  differ: apps.lobby pushes it to the lobby sockets).
- ``turn_waits(sender=Match, match_id=, user_ids=)``: sent after commit (or from a socket's
  actor, after its write) when a move or a start left the match waiting for the persons
  ``user_ids`` with its clock running, and when such a person's last table socket closed
  (apps.push calls him back if he stays away). Receivers must be quick: it runs on every move.
- ``rematch_offered(sender=Table, table_id=, by_user_id=, user_ids=)``: sent after commit when
  ``by_user_id`` said «Ещё партию» and the persons ``user_ids`` have not agreed yet.
- ``invite_revoked(sender=Table, table_id=)``: sent inside the transaction in which the owner of
  a private table revoked its link (apps.social ends every pending invitation to it there).
"""

from __future__ import annotations

import logging

from django.dispatch import Signal

log = logging.getLogger(__name__)

match_finished = Signal()
tables_changed = Signal()
invite_revoked = Signal()
turn_waits = Signal()
rematch_offered = Signal()


def send_logged(signal: Signal, **kwargs) -> None:
    """Send ``signal`` after commit; a receiver's exception is logged, never raised into the
    move or the request that sent it (those signals only add to what already happened)."""
    for receiver, result in signal.send_robust(**kwargs):
        if isinstance(result, Exception):
            log.error("%s failed", receiver, exc_info=result)
