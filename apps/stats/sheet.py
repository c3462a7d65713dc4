"""The score sheet of a finished match as rows a template can print, deal by deal."""

from __future__ import annotations

from django.utils.translation import gettext as _

from apps.core.labels import display_name

TRUMPS = {"s": "♠", "c": "♣", "d": "♦", "h": "♥", "nt": "БК", "all": "ВК"}


def side_names(players: list[dict], sides: dict[int, int]) -> list[str]:
    """Per side index (team or seat), the names of its players joined by « и » (« and »)."""
    count = max(sides.values(), default=-1) + 1
    names: list[list[str]] = [[] for _ in range(count)]
    for p in sorted(players, key=lambda p: p["seat"]):
        names[sides[p["seat"]]].append(display_name(p.get("name"), p.get("bot")))
    return [_(" и ").join(n) if n else "—" for n in names]


def trump_label(trump: str | None) -> str:
    return TRUMPS.get(trump or "", "—")


def contract_label(contract: dict | None, names: dict[int, str]) -> str:
    """«Оля: 12 ♥ контра», «Бот 1: ♠», «капот ♦ реконтра»."""
    if not contract:
        return "—"
    seat = contract.get("seat")
    who = names.get(seat, "") if isinstance(seat, int) else ""
    parts = []
    if contract.get("capot"):
        parts.append(_("капот"))
    elif contract.get("value") is not None:
        parts.append(str(contract["value"]))
    parts.append(trump_label(contract.get("trump")))
    multiplier = contract.get("multiplier", 1)
    if multiplier == 2:
        parts.append(_("контра"))
    elif multiplier == 4:
        parts.append(_("реконтра"))
    text = " ".join(parts)
    return f"{who}: {text}" if who else text


def outcome_label(deal: dict) -> str:
    """Made or failed (Деберц: made, байт, висят, деберц; a redeal: пересдача)."""
    if deal.get("redeal"):
        return _("пересдача")
    if deal.get("deberc") is not None:
        return _("деберц")
    if "outcome" in deal:
        return {"made": _("сыграл"), "bait": _("байт"), "hanging": _("висят")}.get(
            deal["outcome"], deal["outcome"]
        )
    if "made" in deal:
        return _("сыграл") if deal["made"] else _("не сыграл")
    return ""


def belot_rows(deals: list[dict], seat_names: dict[int, str]) -> list[dict]:
    """One row per deal of a belot-family match: number, trump, contract, outcome and per side
    tricks, card points, combinations, belote, scores, and the running totals."""
    rows = []
    running: list[int] = []
    for number, deal in enumerate(deals, start=1):
        scores = deal.get("scores") or []
        new_party = number > 1 and deals[number - 2].get("party_winner") is not None
        if not running or new_party:
            running = [0] * len(scores)
        running = [a + b for a, b in zip(running, scores, strict=False)] if scores else running
        rows.append(
            {
                "number": number,
                "trump": trump_label(deal.get("trump")),
                "contract": contract_label(deal.get("contract"), seat_names),
                "outcome": outcome_label(deal),
                "made": deal.get("made", deal.get("outcome") == "made"),
                "redeal": bool(deal.get("redeal")),
                "tricks": deal.get("tricks") or [],
                "card_points": deal.get("card_points") or [],
                "combos": deal.get("combos") or [],
                "belote": deal.get("belote") or [],
                "scores": scores,
                "running": list(running),
                "sides": _per_side(deal, scores, running),
                "hanging": deal.get("hanging"),
            }
        )
    return rows


def _per_side(deal: dict, scores: list[int], running: list[int]) -> list[dict]:
    """The deal's columns regrouped per side, for a table with one column group per side."""

    def at(key: str, i: int):
        values = deal.get(key) or []
        return values[i] if i < len(values) else None

    return [
        {
            "tricks": at("tricks", i),
            "card_points": at("card_points", i),
            "combos": at("combos", i),
            "belote": at("belote", i),
            "score": score,
            "running": running[i] if i < len(running) else None,
        }
        for i, score in enumerate(scores)
    ]


def durak_rows(deals: list[dict], seat_names: dict[int, str]) -> list[dict]:
    """Durak has one «deal»: the order players went out, the fool, a draw."""
    rows = []
    for deal in deals:
        rows.append(
            {
                "out_order": [seat_names.get(s, str(s)) for s in deal.get("out_order") or []],
                "fool": seat_names.get(deal["fool"]) if deal.get("fool") is not None else None,
                "draw": bool(deal.get("draw")),
                "winners": [seat_names.get(s, str(s)) for s in deal.get("winners") or []],
                "losers": [seat_names.get(s, str(s)) for s in deal.get("losers") or []],
            }
        )
    return rows
