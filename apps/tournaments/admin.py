from django.contrib import admin

from .models import Entrant, Pairing, Schedule, Tournament, TournamentBan


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0
    raw_id_fields = ("user", "partner")
    readonly_fields = ("joined_at",)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "format", "best_of", "mode", "status", "starts_at", "round", "private")
    list_filter = ("format", "status", "mode", "private")
    search_fields = ("name",)
    raw_id_fields = ("created_by", "winner", "schedule")
    readonly_fields = ("created_at", "started_at", "finished_at", "invite_code", "reminded_at")
    inlines = [EntrantInline]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ("tournament", "round", "table", "entrants", "games", "finished")
    list_filter = ("finished",)
    raw_id_fields = ("tournament", "table")


@admin.register(Schedule)
class ScheduleAdmin(admin.ModelAdmin):
    """Public events by schedule: each active template opens its next event ``open_hours`` ahead."""

    list_display = ("name", "format", "best_of", "mode", "period", "weekday", "time", "open_hours", "active")
    list_filter = ("active", "period", "format", "mode")
    search_fields = ("name",)


@admin.register(TournamentBan)
class TournamentBanAdmin(admin.ModelAdmin):
    list_display = ("user", "hours", "starts_at", "ends_at", "tournament")
    raw_id_fields = ("user", "tournament")
