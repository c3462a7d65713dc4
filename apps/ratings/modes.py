"""Rating modes: which rating a match of a game with its options counts for (no Django here).

One rating per game and mode (docs/decisions-ratings.md): Базар-блот 4 (teams) and 2, Gambler 4 and
2, Обычный блот, Деберц 2 / 3 / 4 / 2 на 2, Дурак 2 / 3 / 4 / пара на пару. Подкидной and
переводной share a rating (and so do Шулер, the deck sizes and «throw» variants): the skills are
the same, and the bots' strength gaps measured in both are equal within their intervals.
Durak with 5 or 6 players has no rating (too few such tables to rate anybody fairly).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mode:
    """A rating mode: its code (URLs, API), game, players and whether sides are pairs."""

    code: str
    game: str
    players: int
    teams: bool
    #: The short Russian label (translated by the callers through :mod:`apps.ratings.labels`).
    label: str


MODES: dict[str, Mode] = {
    m.code: m
    for m in (
        Mode("bazar_4", "bazar_blot", 4, True, "Базар-блот, 2 на 2"),
        Mode("bazar_2", "bazar_blot", 2, False, "Базар-блот, 2 игрока"),
        Mode("gambler_4", "bazar_blot", 4, True, "Gambler, 2 на 2"),
        Mode("gambler_2", "bazar_blot", 2, False, "Gambler, 2 игрока"),
        Mode("blot", "blot", 2, False, "Обычный блот"),
        Mode("deberc_2", "deberc", 2, False, "Деберц, 2 игрока"),
        Mode("deberc_3", "deberc", 3, False, "Деберц, 3 игрока"),
        Mode("deberc_4", "deberc", 4, False, "Деберц, 4 игрока"),
        Mode("deberc_2x2", "deberc", 4, True, "Деберц, 2 на 2"),
        Mode("durak_2", "durak", 2, False, "Дурак, 2 игрока"),
        Mode("durak_3", "durak", 3, False, "Дурак, 3 игрока"),
        Mode("durak_4", "durak", 4, False, "Дурак, 4 игрока"),
        Mode("durak_pairs", "durak", 4, True, "Дурак, пара на пару"),
    )
}

#: The order of the modes on pages (the order of :data:`MODES`).
MODE_ORDER = tuple(MODES)


def mode_of(game: str, options: dict, players: int) -> str | None:
    """The rating mode of a match of ``game`` with normalized ``options`` and ``players``
    participants, or None when such a match has no rating."""
    options = options or {}
    if game == "bazar_blot":
        family = "gambler" if options.get("ruleset") == "gambler" else "bazar"
        return f"{family}_{players}" if players in (2, 4) else None
    if game == "blot":
        return "blot" if players == 2 else None
    if game == "deberc":
        if players == 4 and options.get("teams"):
            return "deberc_2x2"
        return f"deberc_{players}" if players in (2, 3, 4) else None
    if game == "durak":
        if players == 4 and options.get("teams"):
            return "durak_pairs"
        return f"durak_{players}" if players in (2, 3, 4) else None
    return None


def quick_options(code: str) -> dict:
    """The table options a quick-play table of mode ``code`` is created with (the engine
    normalizes the rest to the defaults)."""
    mode = MODES[code]
    if mode.game == "bazar_blot":
        options: dict = {"players": mode.players}
        if code.startswith("gambler"):
            options["ruleset"] = "gambler"
        return options
    if mode.game == "deberc":
        return {"players": mode.players, "teams": mode.teams}
    if mode.game == "durak":
        return {"teams": mode.teams}
    return {}
