"""The site's user: Django's user plus a display name and a preferred language."""

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.accounts.names import display_name_checked, name_key


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
    #: :func:`apps.accounts.names.name_key` of the username and of the display name, kept by
    #: :meth:`save`: no two people's names may pass for each other.
    username_key = models.CharField(max_length=150, db_index=True, editable=False, default="")
    display_key = models.CharField(max_length=150, db_index=True, editable=False, default="")

    class Meta:  # AbstractUser.Meta gives only the names, both set here
        swappable = "AUTH_USER_MODEL"
        verbose_name = _("пользователь")
        verbose_name_plural = _("пользователи")

    def clean(self) -> None:
        """Django's checks, then the display name's (:func:`apps.accounts.names.display_name_checked`):
        every form that edits a user (the profile page, the admin) refuses a bad name at its field."""
        super().clean()
        try:
            self.display_name = display_name_checked(self.display_name, user_id=self.pk)
        except ValidationError as exc:
            raise ValidationError({"display_name": exc}) from exc

    def save(self, *args, **kwargs) -> None:
        """Save with the names' keys brought up to date."""
        self.username_key = name_key(self.username)
        self.display_key = name_key(self.display_name)
        fields = kwargs.get("update_fields")
        if fields is not None and {"username", "display_name"} & set(fields):
            kwargs["update_fields"] = {*fields, "username_key", "display_key"}
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        """The name other players see: the display name, else the username."""
        return self.display_name or self.username
