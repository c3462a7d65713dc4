"""Refusals of the table and lobby services: a stable code and a message in the user's language."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

#: code -> message (translated when rendered). Engine codes not listed fall back to ``illegal``.
MESSAGES = {
    "stale": _("The table has moved on; here is the current state."),
    "not_your_turn": _("It is not your turn."),
    "illegal": _("This move is not allowed now."),
    "not_seated": _("You do not sit at this table."),
    "not_your_seat": _("You may act only for your own seat."),
    "bad_message": _("The message could not be understood."),
    "rate_limited": _("Too many messages; slow down."),
    "not_found": _("No such table or match."),
    "no_match": _("The match has not started yet."),
    "match_over": _("The match is over."),
    "system_only": _("Only the server may make this move."),
    "seat_taken": _("This seat is taken."),
    "bad_seat": _("There is no such seat."),
    "already_started": _("The match has already started."),
    "not_owner": _("Only the owner of the table may do this."),
    "invalid_options": _("These options are not allowed."),
    "no_person": _("At least one person must sit at the table."),
    "too_many_bots": _("At most three bots may sit at a table."),
    "bad_level": _("Unknown bot level."),
    "teams_need_four": _("Pair against pair needs all four seats occupied."),
}


class Refused(Exception):
    """A request the services refused; nothing changed.

    ``code`` is stable (clients and tests key on it); ``engine_code`` is the rules engine's own
    code for an illegal action (``must_follow_suit`` ...); ``errors`` maps option fields to reasons.
    """

    def __init__(
        self, code: str, *, engine_code: str | None = None, errors: dict | None = None, detail: str = ""
    ) -> None:
        super().__init__(f"{code}: {engine_code or detail}" if (engine_code or detail) else code)
        self.code = code
        self.engine_code = engine_code
        self.errors = errors or {}
        self.detail = detail

    def message(self) -> str:
        """The message in the active language."""
        text = MESSAGES.get(self.code) or MESSAGES["illegal"]
        if self.errors:
            return f"{gettext(text)} " + "; ".join(f"{k}: {v}" for k, v in self.errors.items())
        return str(text)

    def as_dict(self) -> dict:
        """``{"code", "message"}`` plus ``rule`` (the engine's code) and ``errors`` when present."""
        data = {"code": self.code, "message": self.message()}
        if self.engine_code:
            data["rule"] = self.engine_code
        if self.errors:
            data["errors"] = self.errors
        return data
