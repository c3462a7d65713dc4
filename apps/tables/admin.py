"""Admin: matches read-only (state, moves, dealt cards) and an action to end a stuck match."""

from django.contrib import admin, messages

from . import services
from .models import DealRecord, Match, Move


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class MoveInline(ReadOnlyInline):
    model = Move
    fields = ("seq", "seat", "action", "system", "actor", "user", "created_at")
    readonly_fields = fields


class DealRecordInline(ReadOnlyInline):
    model = DealRecord
    fields = ("number", "dealer", "start_seq", "hands", "stock")
    readonly_fields = fields


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "table", "game", "status", "seq", "deadline", "created_at", "finished_at")
    list_filter = ("game", "status")
    search_fields = ("id", "table__id")
    inlines = [DealRecordInline, MoveInline]
    actions = ["end_stuck"]

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in Match._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    @admin.action(description="End the selected stuck matches (no winners, reason «aborted»)")
    def end_stuck(self, request, queryset) -> None:
        ended = sum(services.match_end_stuck(match_id=pk) for pk in queryset.values_list("pk", flat=True))
        self.message_user(request, f"{ended} match(es) ended.", messages.SUCCESS)
