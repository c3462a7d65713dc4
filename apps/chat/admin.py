"""Admin of the chat: the messages (hide / show), the reports queue, site-wide mutes."""

from django.contrib import admin, messages
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from . import services
from .models import ChatMessage, ChatMute, ChatReport, SiteMute


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("id", "table", "name", "channel", "text", "hidden", "created_at")
    list_filter = ("hidden", "channel", "spectators_only")
    search_fields = ("text", "name", "user__username", "table__id")
    readonly_fields = (
        "table", "user", "seat", "name", "channel", "text", "phrase", "spectators_only", "created_at",
    )  # fmt: skip
    actions = ["hide", "show", "mute_authors"]

    def has_add_permission(self, request) -> bool:
        return False

    @admin.action(description=_("Скрыть сообщения"))
    def hide(self, request, queryset) -> None:
        count = services.messages_hide(list(queryset.values_list("pk", flat=True)))
        self.message_user(request, gettext("Скрыто: %(n)d") % {"n": count}, messages.SUCCESS)

    @admin.action(description=_("Показать снова"))
    def show(self, request, queryset) -> None:
        count = services.messages_hide(list(queryset.values_list("pk", flat=True)), hidden=False)
        self.message_user(request, gettext("Показано: %(n)d") % {"n": count}, messages.SUCCESS)

    @admin.action(description=_("Запретить авторам писать в чат (везде)"))
    def mute_authors(self, request, queryset) -> None:
        authors = queryset.values_list("user_id", flat=True)
        count = services.site_mute_authors(authors, by=request.user, reason="admin: chat")
        self.message_user(request, gettext("Авторов без чата: %(n)d") % {"n": count}, messages.SUCCESS)


@admin.register(ChatReport)
class ChatReportAdmin(admin.ModelAdmin):
    """The moderators' queue: open reports first."""

    list_display = ("id", "message_text", "author", "reason", "reporter", "resolved", "created_at")
    list_filter = ("resolved", "reason")
    list_select_related = ("message", "reporter")
    search_fields = ("message__text", "message__name", "reporter__username")
    readonly_fields = ("message", "reporter", "reason", "created_at")
    actions = ["hide_messages", "mute_authors", "resolve"]

    @admin.display(description=_("Сообщение"))
    def message_text(self, obj: ChatReport) -> str:
        return obj.message.text

    @admin.display(description=_("Автор"))
    def author(self, obj: ChatReport) -> str:
        return obj.message.name

    @admin.action(description=_("Скрыть сообщения (и закрыть жалобы)"))
    def hide_messages(self, request, queryset) -> None:
        count = services.messages_hide(list(queryset.values_list("message_id", flat=True)))
        self.message_user(request, gettext("Скрыто: %(n)d") % {"n": count}, messages.SUCCESS)

    @admin.action(description=_("Запретить авторам писать в чат (везде)"))
    def mute_authors(self, request, queryset) -> None:
        authors = queryset.values_list("message__user_id", flat=True)
        count = services.site_mute_authors(authors, by=request.user, reason="admin: report")
        queryset.update(resolved=True)
        self.message_user(request, gettext("Авторов без чата: %(n)d") % {"n": count}, messages.SUCCESS)

    @admin.action(description=_("Закрыть жалобы без мер"))
    def resolve(self, request, queryset) -> None:
        queryset.update(resolved=True)


@admin.register(SiteMute)
class SiteMuteAdmin(admin.ModelAdmin):
    list_display = ("user", "until", "reason", "created_by", "created_at")
    search_fields = ("user__username",)
    raw_id_fields = ("user", "created_by")


@admin.register(ChatMute)
class ChatMuteAdmin(admin.ModelAdmin):
    list_display = ("owner", "muted", "created_at")
    raw_id_fields = ("owner", "muted")
