from django.contrib import admin

from .models import Block, FriendRequest, Friendship, Invitation, Presence


@admin.register(Friendship)
class FriendshipAdmin(admin.ModelAdmin):
    list_display = ("id", "user_low", "user_high", "created_at")
    search_fields = ("user_low__username", "user_high__username")
    raw_id_fields = ("user_low", "user_high")


@admin.register(FriendRequest)
class FriendRequestAdmin(admin.ModelAdmin):
    list_display = ("id", "from_user", "to_user", "created_at")
    search_fields = ("from_user__username", "to_user__username")
    raw_id_fields = ("from_user", "to_user")


@admin.register(Block)
class BlockAdmin(admin.ModelAdmin):
    list_display = ("id", "blocker", "blocked", "created_at")
    search_fields = ("blocker__username", "blocked__username")
    raw_id_fields = ("blocker", "blocked")


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ("id", "from_user", "to_user", "table", "status", "created_at", "answered_at")
    list_filter = ("status",)
    search_fields = ("from_user__username", "to_user__username")
    raw_id_fields = ("from_user", "to_user", "table")


@admin.register(Presence)
class PresenceAdmin(admin.ModelAdmin):
    """Open pages, read-only: written by the sockets themselves."""

    list_display = ("channel", "user_id", "table_id", "opened_at", "seen_at")
    search_fields = ("user_id", "table_id")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
