"""Admin: tables with their seats, invite accesses; matches read-only (state, moves, dealt cards)
and an action to end a stuck match."""

from django.contrib import admin, messages
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from apps.core.jsontext import compact

from .models import DealRecord, Match, Seat, Table, TableAccess
from .sweeping import match_end_stuck

#: The move log's column titles (``Move``'s fields, in the log's order).
MOVE_COLUMNS = (_("№"), _("место"), _("действие"), _("системный"), _("кто ходил"), _("игрок"), _("время"))


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class DealRecordInline(ReadOnlyInline):
    model = DealRecord
    fields = ("number", "dealer", "start_seq", "hands", "stock")
    readonly_fields = fields


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "table", "game", "status", "seq", "deadline", "created_at", "finished_at")
    list_filter = ("game", "status")
    search_fields = ("id", "table__id")
    inlines = [DealRecordInline]
    actions = ["end_stuck"]

    def get_readonly_fields(self, request, obj=None):
        return [*(f.name for f in Match._meta.fields), "move_log"]

    @admin.display(description=_("ходы"))
    def move_log(self, obj: Match) -> str:
        """Every move in ``seq`` order as a table: ``Move``'s key is ``(match, seq)``, and Django's
        inlines need a single-column primary key."""
        moves = obj.moves.select_related("user").order_by("seq") if obj.pk else []
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (
                    m.seq,
                    "—" if m.seat is None else m.seat,
                    compact(m.action),
                    gettext("да") if m.system else "",
                    m.actor,
                    m.user or "—",
                    timezone.localtime(m.created_at).isoformat(sep=" ", timespec="milliseconds"),
                )
                for m in moves
            ),
        )
        if not rows:
            return "—"
        return format_html(
            '<table class="move-log"><thead><tr>{}</tr></thead><tbody>{}</tbody></table>',
            format_html_join("", "<th>{}</th>", ((str(title),) for title in MOVE_COLUMNS)),
            rows,
        )

    def has_add_permission(self, request) -> bool:
        return False

    @admin.action(description=_("Закончить выбранные зависшие партии (без победителей, причина «aborted»)"))
    def end_stuck(self, request, queryset) -> None:
        ended = sum(match_end_stuck(match_id=pk) for pk in queryset.values_list("pk", flat=True))
        self.message_user(
            request,
            ngettext("Закончена %(n)d партия.", "Закончено %(n)d партий.", ended) % {"n": ended},
            messages.SUCCESS,
        )


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
