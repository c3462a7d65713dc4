"""A player's push subscriptions (one per browser and device) and which kinds he wants."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Subscription(models.Model):
    """One browser's push subscription (``PushSubscription.toJSON()``): where to post and the keys
    to encrypt for. A user keeps at most :data:`apps.push.services.MAX_PER_USER` (the newest)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="push_subscriptions",
        verbose_name=_("пользователь"),
    )
    endpoint = models.URLField(_("адрес push-службы"), max_length=1000, unique=True)
    p256dh = models.CharField(_("ключ p256dh"), max_length=120)
    auth = models.CharField(_("ключ auth"), max_length=40)
    label = models.CharField(_("устройство"), max_length=80, blank=True)
    created_at = models.DateTimeField(_("время подписки"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("последняя отправка"), null=True, blank=True)

    class Meta:
        verbose_name = _("push-подписка")
        verbose_name_plural = _("push-подписки")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.label or self.endpoint[:40]}"

    def info(self) -> dict:
        """What pywebpush takes as ``subscription_info``."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class Preferences(models.Model):
    """The kinds a user turned on or off (``kinds``: code → bool; a missing code: the kind's
    default, :attr:`apps.push.kinds.Kind.default_on`)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="push_preferences",
        verbose_name=_("пользователь"),
    )
    kinds = models.JSONField(_("виды уведомлений"), default=dict, blank=True)

    class Meta:
        verbose_name = _("настройки уведомлений")
        verbose_name_plural = _("настройки уведомлений")

    def __str__(self) -> str:
        return str(self.user_id)
