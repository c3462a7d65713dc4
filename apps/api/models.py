"""Per-user API tokens: programs authenticate with ``Authorization: Token <key>``.

Only a SHA-256 hash of the key is stored; the key itself is shown once, when it is made.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ApiToken(models.Model):
    """One key of one user: a name for the profile page, its hash, when it was last used."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("название"), max_length=60, blank=True)
    #: SHA-256 of the key, hex: what a request's key is looked up by.
    key_hash = models.CharField(max_length=64, unique=True)
    #: The key's first characters, so the owner can tell his keys apart (not enough to use one).
    prefix = models.CharField(max_length=12)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("API-ключ")
        verbose_name_plural = _("API-ключи")

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.user_id})"

    @property
    def active(self) -> bool:
        return self.revoked_at is None
