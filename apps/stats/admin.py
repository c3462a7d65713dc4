"""Results in the Django admin: searchable by player and game, filterable, read-only."""

from __future__ import annotations

from django.contrib import admin

from .models import GameRecord, Result


class ReadOnlyAdmin(admin.ModelAdmin):
    """Results are written only by the match's last move: nobody adds, edits or deletes them."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Result)
class ResultAdmin(ReadOnlyAdmin):
    list_display = ("finished_at", "name", "user", "bot_level", "game", "outcome", "ending", "score", "match")
    list_filter = ("outcome", "ending", "game", ("finished_at", admin.DateFieldListFilter), "bot_level")
    search_fields = ("name", "user__username", "user__display_name", "game")
    date_hierarchy = "finished_at"
    list_select_related = ("user", "match")
    raw_id_fields = ("user", "match")
    show_full_result_count = False


@admin.register(GameRecord)
class GameRecordAdmin(ReadOnlyAdmin):
    list_display = ("user", "game", "played", "won", "lost", "drawn", "fool")
    list_filter = ("game",)
    search_fields = ("user__username", "user__display_name")
    list_select_related = ("user",)
