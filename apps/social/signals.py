"""The signals apps.social sends, so that apps above it (apps.push) act without apps.social
importing them. Both are sent after commit.

- ``invitation_sent(sender=Invitation, invitation=)``: a friend was invited to a table (or
  reminded of it; a renewal within ``RENEW_QUIET`` sends nothing).
- ``friend_accepted(sender=FriendRequest, user_id=, friend_id=)``: ``friend_id`` accepted the
  request ``user_id`` had sent him.
"""

from __future__ import annotations

from django.dispatch import Signal

invitation_sent = Signal()
friend_accepted = Signal()
