"""Reads the API needs beyond the lobby's and the stats' selectors: one table in full, a record."""

from __future__ import annotations

from apps.ratings.selectors import with_rating_changes
from apps.stats import selectors as stats_selectors
from apps.tables import access
from apps.tables import fairness as fair
from apps.tables import selectors as table_selectors
from apps.tables.models import Match, Seat

from .errors import refusal


def table_detail(table_id: int, user) -> dict:
    """The table as ``GET /api/tables/<id>/`` answers: the lobby's summary plus ``match`` (its
    current or last match id), ``owner`` (who sets options and bots), ``you`` (the caller's seat)
    and ``result`` (the match's ``{"winners", "reason"}`` once over), ``fairness`` (as in the
    socket's view: the commitment, and the seeds once the match is over); for the owner of a private
    table ``invite`` (its code: the link is ``/t/<invite>/``). ``not_found`` if none, or if the
    table is private and ``user`` not one of its people."""
    table = access.visible_table(table_id, user)
    if table is None:
        raise refusal("not_found")
    seats = list(Seat.objects.filter(table=table).select_related("user").order_by("number"))
    match = (
        Match.objects.filter(table=table)
        .order_by("-id")
        .only("id", "result", "status", "seats", "server_seed", "client_seeds", "next_commitment")
        .first()
    )
    result = None
    if match is not None and match.result:
        result = {"winners": match.result.get("winners", []), "reason": match.result.get("reason")}
    return {
        **table_selectors.table_summary(table, seats),
        "match": match.pk if match else None,
        "owner": table_selectors.table_options_owner_id(table),
        "you": next((s.number for s in seats if s.user_id == user.pk), None),
        "result": result,
        "fairness": fair.match_fairness(match) if match is not None else fair.table_fairness(table),
        **({"invite": table.invite_code} if table.private and table.owner_id == user.pk else {}),
    }


def check_visible(table_id: int, user) -> None:
    """``not_found`` unless the table exists and ``user`` may see it."""
    if access.visible_table(table_id, user) is None:
        raise refusal("not_found")


def match_record_for(match_id: int, user) -> dict:
    """The finished match as a scenario file, if ``user`` may see it.

    ``not_found`` for no such match and for a private table's match the user did not play (a
    stranger cannot tell it exists), ``match_not_finished`` while it is played (its record would
    show hidden cards)."""
    match = Match.objects.select_related("table").filter(pk=match_id).first()
    if match is None:
        raise refusal("not_found")
    if match.status != Match.Status.FINISHED:
        raise refusal("match_not_finished" if access.visible_table(match.table_id, user) else "not_found")
    if not stats_selectors.match_visible_to(match, user):
        raise refusal("not_found")
    return stats_selectors.match_export(match)


def results_of(user) -> list[dict]:
    """The user's last 30 results, newest first (the stats app's rows and items), each with its
    ``rating`` change (null for a casual match)."""
    items = [stats_selectors.result_item(r) for r in stats_selectors.results_for_user(user)]
    return with_rating_changes(user.pk, items)
