"""The form of «Новый турнир» (any signed-in player)."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.ratings.labels import mode_name
from apps.ratings.modes import MODE_ORDER

from .models import Tournament


def mode_choices() -> list[tuple[str, str]]:
    """Every rated mode with its name in the active language, in the site's order."""
    return [(code, str(mode_name(code))) for code in MODE_ORDER]


class TournamentForm(forms.Form):
    """Name, format, mode, start in N minutes and the format's own length."""

    name = forms.CharField(label=_("Название"), max_length=80)
    format = forms.ChoiceField(label=_("Формат"), choices=Tournament.Format.choices)
    mode = forms.ChoiceField(label=_("Игра и режим"), choices=mode_choices)
    starts_in = forms.IntegerField(
        label=_("Начало через, мин"), min_value=1, max_value=7 * 24 * 60, initial=10
    )
    minutes = forms.IntegerField(
        label=_("Арена: длительность, мин"), min_value=20, max_value=180, required=False
    )
    rounds = forms.IntegerField(label=_("Швейцарка: туров"), min_value=1, max_value=15, required=False)
    best_of = forms.TypedChoiceField(
        label=_("Олимпийская: матчей в паре"),
        choices=[(1, _("один матч")), (3, _("до двух побед"))],
        coerce=int,
        initial=1,
        required=False,
    )
    max_entrants = forms.IntegerField(label=_("Мест"), min_value=2, max_value=128, initial=32)
    private = forms.BooleanField(label=_("По приглашению (по ссылке)"), required=False)
    rating_min = forms.IntegerField(label=_("Рейтинг от"), min_value=0, max_value=4000, required=False)
    rating_max = forms.IntegerField(label=_("Рейтинг до"), min_value=0, max_value=4000, required=False)

    def clean(self) -> dict:
        super().clean()
        data = self.cleaned_data
        low, high = data.get("rating_min"), data.get("rating_max")
        if low is not None and high is not None and low > high:
            self.add_error("rating_max", _("Верхняя граница рейтинга меньше нижней."))
        return data

    def service_kwargs(self) -> dict:
        """The cleaned fields as :func:`apps.tournaments.registration.tournament_create` takes them."""
        data = self.cleaned_data
        return {
            "name": data["name"],
            "format": data["format"],
            "mode": data["mode"],
            "starts_at": timezone.now() + timedelta(minutes=data["starts_in"]),
            "minutes": data.get("minutes"),
            "rounds": data.get("rounds"),
            "best_of": data.get("best_of") or 1,
            "max_entrants": data["max_entrants"],
            "private": data.get("private", False),
            "rating_min": data.get("rating_min"),
            "rating_max": data.get("rating_max"),
        }
