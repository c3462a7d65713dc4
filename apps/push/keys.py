"""The site's VAPID key pair (``settings.VAPID_PRIVATE_KEY``): the private key signs each push's
JWT; the public key is what browsers subscribe with (``applicationServerKey``)."""

from __future__ import annotations

import base64
from functools import cache

from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.conf import settings
from py_vapid import Vapid


def configured() -> bool:
    """Whether the site has a VAPID key (production without ``VAPID_PRIVATE_KEY``: no push)."""
    return bool(settings.VAPID_PRIVATE_KEY)


@cache
def _vapid(private: str) -> Vapid:
    return Vapid.from_string(private_key=private)


def vapid() -> Vapid:
    """The signing key (py_vapid reads the raw or DER base64url form)."""
    return _vapid(settings.VAPID_PRIVATE_KEY)


def public_key() -> str:
    """The public key as browsers take it: base64url (no padding) of the uncompressed point."""
    raw = vapid().public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
