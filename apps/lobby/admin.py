from django.contrib import admin

from .models import Seat, Table, TableAccess


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("number", "user", "bot_level", "ready", "connections", "disconnected_at")
    readonly_fields = ("connections", "disconnected_at")


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "status", "owner", "private", "created_at")
    list_filter = ("game", "status", "private")
    search_fields = ("id", "owner__username")
    readonly_fields = ("invite_code", "rematch")
    inlines = [SeatInline]


@admin.register(TableAccess)
class TableAccessAdmin(admin.ModelAdmin):
    list_display = ("table", "user", "created_at")
    search_fields = ("table__id", "user__username")
    raw_id_fields = ("table", "user")
