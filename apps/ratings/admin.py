"""Ratings, their changes, bans and quick play in the admin. Ratings are derived (read-only; rebuild
them with ``manage.py recompute_ratings``); staff see bans and lift them."""

from __future__ import annotations

from django.contrib import admin, messages
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import fairplay
from .models import Playban, QuickEntry, Rating, RatingChange


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("user", "mode", "value", "games", "mu", "sigma", "updated_at")
    list_filter = ("mode",)
    search_fields = ("user__username", "user__display_name")
    list_select_related = ("user",)
    show_full_result_count = False


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ("finished_at", "user", "mode", "before", "after", "abandoned", "match")
    list_filter = ("mode", "abandoned")
    search_fields = ("user__username",)
    raw_id_fields = ("user", "match")
    list_select_related = ("user",)
    show_full_result_count = False


class ActiveFilter(admin.SimpleListFilter):
    title = _("действует")
    parameter_name = "active"

    def lookups(self, request, model_admin):
        return [("yes", _("да")), ("no", _("нет"))]

    def queryset(self, request, queryset):
        now = timezone.now()
        active = queryset.filter(lifted_at__isnull=True, starts_at__lte=now, ends_at__gt=now)
        if self.value() == "yes":
            return active
        if self.value() == "no":
            return queryset.exclude(pk__in=active.values("pk"))
        return queryset


@admin.register(Playban)
class PlaybanAdmin(admin.ModelAdmin):
    """Bans from rated and quick play: who, why, until when; «Снять» lifts the chosen ones now."""

    list_display = (
        "user",
        "reason",
        "minutes",
        "starts_at",
        "ends_at",
        "is_active",
        "lifted_at",
        "lifted_by",
    )
    list_filter = (ActiveFilter, ("starts_at", admin.DateFieldListFilter))
    search_fields = ("user__username", "user__display_name", "reason")
    raw_id_fields = ("user", "match")
    readonly_fields = ("lifted_at", "lifted_by")
    list_select_related = ("user", "lifted_by")
    actions = ["lift"]

    @admin.display(boolean=True, description=_("действует"))
    def is_active(self, ban: Playban) -> bool:
        now = timezone.now()
        return ban.lifted_at is None and ban.starts_at <= now < ban.ends_at

    @admin.action(description=_("Снять выбранные запреты"))
    def lift(self, request, queryset) -> None:
        lifted = sum(fairplay.ban_lift(ban.pk, by=request.user) for ban in queryset)
        self.message_user(
            request,
            ngettext("Снят %(n)d запрет.", "Снято %(n)d запретов.", lifted) % {"n": lifted},
            messages.SUCCESS,
        )


@admin.register(QuickEntry)
class QuickEntryAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "user", "mode", "rating", "status", "table", "seated_at")
    list_filter = ("mode", "status")
    search_fields = ("user__username",)
    raw_id_fields = ("user", "table")
