"""Staff pages of the duplicates: the sets with their plays (each play's table links to the
tables admin) and the «Отменить дубль» action (:func:`apps.duplicates.services.set_void`)."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import services
from .models import DuplicateSet, Entry


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    can_delete = False
    raw_id_fields = ("user", "table", "match")
    readonly_fields = ("user", "table", "match", "seat", "results", "forfeit", "started_at", "finished_at")


@admin.register(DuplicateSet)
class DuplicateSetAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "mode", "deals", "status", "opens_at", "closes_at", "private", "creator")
    list_filter = ("kind", "status", "mode", "private")
    raw_id_fields = ("creator",)
    readonly_fields = ("commitment", "code", "day", "status", "closed_at", "created_at")
    date_hierarchy = "opens_at"
    inlines = [EntryInline]
    actions = ["void_sets"]

    @admin.action(description=_("Отменить выбранные дубли (не засчитываются никому)"))
    def void_sets(self, request, queryset) -> None:
        count = 0
        for set_id in queryset.values_list("pk", flat=True):
            services.set_void(set_id)
            count += 1
        self.message_user(
            request,
            ngettext("Отменён %(n)d дубль.", "Отменено дублей: %(n)d.", count) % {"n": count},
            messages.SUCCESS,
        )


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("id", "set", "user", "table", "finished_at", "forfeit")
    list_filter = ("forfeit",)
    raw_id_fields = ("set", "user", "table", "match")
    readonly_fields = ("results", "started_at", "finished_at")
