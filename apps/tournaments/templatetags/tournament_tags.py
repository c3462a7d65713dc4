"""``{% trophies_section user %}``: the tournaments a player won (his profile and player page)."""

from django import template

from apps.tournaments import selectors

register = template.Library()


@register.inclusion_tag("tournaments/_trophies.html")
def trophies_section(user) -> dict:
    """The user's trophies, newest first (nothing is shown when he has none)."""
    return {"trophies": selectors.trophies_of(user.pk)}


@register.inclusion_tag("tournaments/_finals.html")
def tournament_finals() -> dict:
    """The finals of public knockouts playing now, each with a link to watch it."""
    return {"finals": selectors.live_finals()}
