"""What the friends page's buttons send, parsed by one form (:func:`apps.core.forms.cleaned`)."""

from __future__ import annotations

from django import forms

from apps.core.forms import IdField, NameField


class FriendActionForm(forms.Form):
    """Every field any of the buttons sends; each action reads the ones it needs."""

    username = NameField()
    request = IdField()
    friend = IdField()
    user = IdField()
    table = IdField()


class LobbyQueryForm(forms.Form):
    """The lobby socket's query string: ``tables=0`` for a personal socket, ``table=<id>`` for
    the table whose page opened it."""

    tables = forms.CharField(required=False, max_length=8)
    table = IdField()
