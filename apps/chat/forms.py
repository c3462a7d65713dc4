"""What «Вернуть» posts (:mod:`apps.chat.views`)."""

from __future__ import annotations

from django import forms

from apps.core.forms import IdField


class ReturnForm(forms.Form):
    """The person to show again (a mute) or to unblock."""

    user = IdField(required=True)
