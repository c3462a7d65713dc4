"""The signals apps.tables sends, so that apps above it act on a table's life without apps.tables
importing them (docs/decisions-structure.md).

- ``match_finished(sender=Match, match=, state=)``: sent inside the transaction that marks
  ``match`` finished, with its row locked; ``state`` is the engine state it ended in. A
  receiver's exception rolls the whole move back, so what receivers write commits with the
  finished match or not at all (apps.stats records the results there).
- ``tables_changed(sender=Table, table_id=)``: sent after commit when a table was created or
  its seats, options or status changed before or after its match (the open-tables list may
  differ: apps.lobby pushes it to the lobby sockets).
- ``invite_revoked(sender=Table, table_id=)``: sent inside the transaction in which the owner of
  a private table revoked its link (apps.social ends every pending invitation to it there).
"""

from __future__ import annotations

from django.dispatch import Signal

match_finished = Signal()
tables_changed = Signal()
invite_revoked = Signal()
