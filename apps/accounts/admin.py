from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils.translation import gettext_lazy as _

from apps.accounts.models import User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    """Users with their display name and language; searchable and filterable."""

    fieldsets = (
        *(DjangoUserAdmin.fieldsets or ()),
        (_("Игрок"), {"fields": ("display_name", "language")}),
    )
    list_display = ("username", "display_name", "email", "language", "is_staff", "is_active", "date_joined")
    list_filter = ("is_staff", "is_superuser", "is_active", "language", "groups")
    search_fields = ("username", "display_name", "email", "first_name", "last_name")
    ordering = ("-date_joined",)
