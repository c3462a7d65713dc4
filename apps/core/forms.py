"""The one validated path for what users send: form fields for ids and names, and a reader
that never raises (docs/security.md).

Every view and socket parses its form and query parameters with a Django form built from these
fields and :func:`cleaned`: an invalid value (not a number, ``"²"``, 30 digits, a name of 100,000
characters) becomes ``None`` or ``""``, which the service then refuses as it refuses a missing
one, with its usual message. Nothing reaches the database that it cannot hold.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

#: Largest id a route, form or query may carry (PostgreSQL's bigint).
MAX_ID = 2**63 - 1
#: Longest username or display name looked up (the username column's length).
MAX_NAME = 150


class IdField(forms.IntegerField):
    """A database id: 1 … :data:`MAX_ID`; optional unless told."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(min_value=1, max_value=MAX_ID, **kwargs)


class NameField(forms.CharField):
    """A username to look up: stripped, at most :data:`MAX_NAME` characters, no NUL."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(max_length=MAX_NAME, **kwargs)


def cleaned(form_class: type[forms.Form], data: Any) -> dict[str, Any]:
    """Every field of ``form_class`` read from ``data`` (a QueryDict or a dict): its cleaned value,
    or ``""`` for a text field and ``None`` for any other where it is missing or invalid. Never
    raises."""
    form = form_class(data)
    form.is_valid()
    good = getattr(form, "cleaned_data", {})
    return {
        name: good[name] if name in good else "" if isinstance(field, forms.CharField) else None
        for name, field in form.fields.items()
    }


def local_path(request: HttpRequest, target: str | None) -> str | None:
    """``target`` if it is a path of this site (a ``next=`` to come back to), else None: no
    redirect to another host, however it is spelled (``//x``, ``https://x``, ``/\\x``)."""
    if (
        target
        and target.startswith("/")
        and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
    ):
        return target
    return None
