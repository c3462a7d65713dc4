"""Declare in trick 1, show in trick 2: the rule Обычный блот and Gambler's Базар-белот share.

:class:`ShowRule` is a mixin for :class:`apps.rules.belot.TrickGame` subclasses (put it first
in the bases). It changes the base's "declared = counted" rule to docs/rules.md's:

- ``declare`` stays as in the base (trick 1, on one's turn before the first card);
- ``show`` is legal on one's turn in trick 2, before one's card, when one declared;
- only declared **and** shown combinations compete; the comparison is made when trick 2
  closes (or when the deal ends earlier, e.g. by a concede), and the winning side counts
  the combinations of its players who showed;
- the cards of a shown combination are public from the moment it is shown (never during
  trick 1);
- with ``auto_declare`` (Gambler) a declaration is shown at once: the engine does both.

Hooks for the game: ``combos_cancelled()`` (Gambler: four eights) voids every counted
combination after the comparison.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .base import Action, Event
from .belot import DECLARE, SHOW, _mask_codes
from .combos import best_side, kind_name
from .errors import IllegalAction


class ShowRule:
    """Mixin: ``show`` in trick 2; only declared-and-shown combinations count."""

    #: Extra actions are looked at in tricks 1 and 2.
    EXTRA_TRICKS: ClassVar[int] = 2

    # Provided by TrickGame.
    trick_no: int
    declared: list[Any]
    n: int

    def _reset_play(self) -> None:
        super()._reset_play()  # type: ignore[misc]
        self.shown = [False] * self.n
        self.compared = False

    # ----------------------------------------------------------- actions
    def show_allowed(self, seat: int) -> bool:
        """``show``: trick 2, the seat's turn before its card, declared and not yet shown."""
        return self.trick_no == 1 and bool(self.declared[seat]) and not self.shown[seat]

    def extra_actions(self, seat: int) -> list[Action]:
        if self.trick_no == 0:
            return [DECLARE] if self.declare_allowed(seat) else []  # type: ignore[attr-defined]
        if self.trick_no == 1 and self.show_allowed(seat):
            return [SHOW]
        return []

    def extra_count(self, seat: int) -> int:
        """``len(extra_actions(seat))``, with ``declare_allowed`` asked only of a seat that may
        declare and ``show_allowed`` inline (every card of tricks 1 and 2 asks)."""
        trick_no = self.trick_no
        if trick_no == 0:
            return 1 if self.may_declare[seat] and self.declare_allowed(seat) else 0  # type: ignore[attr-defined]
        return 1 if trick_no == 1 and self.declared[seat] and not self.shown[seat] else 0

    def apply_extra(self, seat: int, action: Action, events: list[Event]) -> None:
        if action["type"] == "show":
            if not self.show_allowed(seat):
                raise IllegalAction("cannot_show", "show only in trick 2, before your card, after declaring")
            self.show(seat, events)
            return
        super().apply_extra(seat, action, events)  # type: ignore[misc]

    def declare(self, seat: int, events: list[Event]) -> None:
        super().declare(seat, events)  # type: ignore[misc]
        if self.auto_declare() and self.declared[seat]:  # type: ignore[attr-defined]
            self._mark_shown(seat)

    def show(self, seat: int, events: list[Event]) -> None:
        """``seat`` shows every combination it declared (their cards become public)."""
        self._mark_shown(seat)
        events.append({"type": "show", "seat": seat, "combos": _combo_entries(self.declared[seat])})

    def _mark_shown(self, seat: int) -> None:
        shown = list(self.shown)
        shown[seat] = True
        self.shown = shown

    # -------------------------------------------------------- comparison
    def on_trick(self, events: list[Event]) -> None:
        if self.trick_no == 2:
            self.compare_shown(events)

    def combos_cancelled(self) -> bool:
        """Whether every combination of the deal is void (Gambler: four eights)."""
        return False

    def compare_shown(self, events: list[Event]) -> None:
        """Decide (once) which side's shown combinations count."""
        if self.compared:
            return
        self.compared = True
        shown = [d if self.shown[s] else None for s, d in enumerate(self.declared)]
        if not any(shown):
            return
        side = best_side(shown, self.trump, self.play_order(), self.side_of)  # type: ignore[attr-defined]
        if self.combos_cancelled():
            events.append({"type": "combos", "side": None, "shown": [], "cancelled": True})
            return
        self.combo_side = side
        events.append({"type": "combos", "side": side, "shown": self.shown_combos()})

    def counts(self, seat: int) -> bool:
        """Whether ``seat``'s declared combinations are counted."""
        return self.combo_side >= 0 and self.shown[seat] and self.side_of[seat] == self.combo_side  # type: ignore[attr-defined]

    def shown_combos(self) -> list[dict[str, Any]]:
        return [
            {"seat": s, "combos": _combo_entries(self.declared[s])}
            for s in range(self.n)
            if self.declared[s] and self.counts(s)
        ]

    def counted_combos(self) -> list[int]:
        out = [0] * self.nsides  # type: ignore[attr-defined]
        for s in range(self.n):
            if self.declared[s] and self.counts(s):
                out[self.side_of[s]] += sum(c.value for c in self.declared[s])  # type: ignore[attr-defined]
        return out

    def score_deal(self) -> dict[str, Any]:
        self.compare_shown([])
        result: dict[str, Any] = super().score_deal()  # type: ignore[misc]
        return result

    # -------------------------------------------------------------- views
    def _shown_mask(self) -> int:
        mask = 0
        if self.trick_no >= 1:
            for s in range(self.n):
                if self.shown[s] and self.declared[s]:
                    for c in self.declared[s]:
                        mask |= c.cards
        return mask

    def visible_cards(self, seat: int | None) -> set[str]:
        mask = self.played | (self.hands[seat] if seat is not None else 0) | self._shown_mask()  # type: ignore[attr-defined]
        extra: set[str] = self.extra_visible(seat)  # type: ignore[attr-defined]
        return set(_mask_codes(mask)) | extra

    def view(self, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = super().view(seat)  # type: ignore[misc]
        for entry in out["declarations"]:
            s = entry["seat"]
            entry["shown"] = bool(self.shown[s]) and self.trick_no >= 1
            if self.trick_no >= 1:
                entry["counted"] = self.counts(s)
                entry["cards"] = _mask_codes(_cards(self.declared[s])) if entry["shown"] else []
        return out


def _cards(found: list[Any]) -> int:
    m = 0
    for c in found:
        m |= c.cards
    return m


def _combo_entries(found: list[Any] | None) -> list[dict[str, Any]]:
    return [{"kind": kind_name(c), "value": c.value, "cards": _mask_codes(c.cards)} for c in found or []]
