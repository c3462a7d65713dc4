"""What the quick-play page's form sends, parsed by one form (:func:`apps.core.forms.cleaned`)."""

from __future__ import annotations

from django import forms


class QuickJoinForm(forms.Form):
    """``mode`` (a rating mode's code) and ``bots_after`` (seconds before bots fill the table;
    the service refuses a value it does not offer)."""

    mode = forms.CharField(required=False, max_length=40)
    bots_after = forms.IntegerField(required=False, min_value=0, max_value=86_400)
