"""The tournament page's two long parts, rendered once per state and language: the standings'
lines and the round's tables (issue #35, the standings page p99).

A 1,000-player arena's page shows 100 lines and 50 tables; rendering them took ≈ 10 ms of every
view (docs/performance.md). They are the same for every reader but for his own line (marked
``is-you``; further down than the first lines, it is added) and his own table (added when it is
not among the best placed). So each part is rendered without the reader, kept in the cache under
the key of the state it shows (:func:`apps.tournaments.selectors.detail_keyed`: equal keys,
equal lines and tables) and the language, and a view reads both in one cache round trip,
marks his line and renders only what is his.
"""

from __future__ import annotations

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

#: How long a rendered part stays cached (each is keyed by the state it shows: never stale).
FRAGMENT_CACHE_SECONDS = 120


def _rows(rows: list[dict], *, swiss: bool) -> str:
    return render_to_string("tournaments/_standings_rows.html", {"rows": rows, "swiss": swiss})


def _tables(items: list[dict], *, empty_note: bool) -> str:
    return render_to_string("tournaments/_round_tables.html", {"items": items, "empty_note": empty_note})


def row_mark(entrant_id: int) -> tuple[str, str]:
    """The opening tag of entrant ``entrant_id``'s line as rendered for everybody, and as his
    own page shows it (``is-you``)."""
    return f'<tr data-entrant="{entrant_id}">', f'<tr data-entrant="{entrant_id}" class="is-you">'


def page_parts(
    detail: dict,
    *,
    standings_key: str,
    tables_key: str | None,
    lines: int,
    tables: int,
    language: str,
) -> dict[str, SafeString]:
    """The page's ``standings`` (the ``<tr>`` lines) and ``tables`` (the ``<li>`` items) HTML for
    the reader of ``detail`` (:func:`~apps.tournaments.selectors.tournament_detail` with
    ``lines`` and ``tables``): the first ``lines`` lines and the first ``tables`` tables come
    from the cache (rendered on a miss) under ``standings_key`` / ``tables_key`` and
    ``language``; the reader's line is marked, his line and table further down are rendered
    apart. ``tables_key`` None (a knockout's round) renders the tables every time."""
    swiss = detail["format"] == "swiss"
    rows, current = detail["standings"], detail["current"]
    mine = detail["you"]["entrant"] if detail["you"] else None
    keys = {"standings": f"tournaments:page:lines:{lines}:{language}:{standings_key}"}
    if tables_key is not None:
        keys["tables"] = f"tournaments:page:tables:{tables}:{language}:{tables_key}:{standings_key}"
    found = cache.get_many(list(keys.values()))
    fresh: dict[str, str] = {}
    top: str | None = found.get(keys["standings"])
    if top is None:
        top = fresh[keys["standings"]] = _rows([{**r, "is_you": False} for r in rows[:lines]], swiss=swiss)
    if mine is not None:
        top = top.replace(*row_mark(mine))
    standings = top + (_rows(rows[lines:], swiss=swiss) if len(rows) > lines else "")
    if tables_key is None:
        listed = _tables(current, empty_note=True)
    else:
        kept: str | None = found.get(keys["tables"])
        if kept is None:
            kept = fresh[keys["tables"]] = _tables(current[:tables], empty_note=True)
        listed = kept
        if len(current) > tables:  # the reader's own table, not among the best placed
            listed += _tables(current[tables:], empty_note=False)
    if fresh:
        cache.set_many(fresh, FRAGMENT_CACHE_SECONDS)
    # the parts are Django templates' output (autoescaped) and fixed tags around ids
    return {"standings": mark_safe(standings), "tables": mark_safe(listed)}
