"""The site's user: Django's user plus a display name and a preferred language."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player. Logs in by username; e-mail is optional (needed only for password reset)."""

    class Language(models.TextChoices):
        RU = "ru", _("Русский")
        EN = "en", "English"

    display_name = models.CharField(
        _("имя за столом"),
        max_length=40,
        blank=True,
        help_text=_("Как вас видят другие игроки. Пусто — показывается логин."),
    )
    language = models.CharField(_("язык"), max_length=8, choices=Language.choices, default=Language.RU)

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        verbose_name = _("пользователь")
        verbose_name_plural = _("пользователи")

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        """The name other players see: the display name, else the username."""
        return self.display_name or self.username
