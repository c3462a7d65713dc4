from django.contrib import admin

from .models import Preferences, Subscription


@admin.register(Subscription)
class SubscriptionAdmin(admin.ModelAdmin):
    list_display = ("user", "label", "created_at", "last_used_at")
    list_select_related = ("user",)
    search_fields = ("user__username", "label")
    readonly_fields = ("endpoint", "p256dh", "auth", "created_at", "last_used_at")
    raw_id_fields = ("user",)


@admin.register(Preferences)
class PreferencesAdmin(admin.ModelAdmin):
    list_display = ("user", "kinds")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
