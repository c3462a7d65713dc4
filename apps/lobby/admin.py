from django.contrib import admin

from .models import Seat, Table


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
    inlines = [SeatInline]
