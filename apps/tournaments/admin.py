from django.contrib import admin

from .models import Entrant, Pairing, Tournament


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0
    raw_id_fields = ("user", "partner")
    readonly_fields = ("joined_at",)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "format", "mode", "status", "starts_at", "round", "private")
    list_filter = ("format", "status", "mode", "private")
    search_fields = ("name",)
    raw_id_fields = ("created_by",)
    readonly_fields = ("created_at", "started_at", "finished_at", "invite_code")
    inlines = [EntrantInline]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ("tournament", "round", "table", "entrants", "finished")
    list_filter = ("finished",)
    raw_id_fields = ("tournament", "table")
