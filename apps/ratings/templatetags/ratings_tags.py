"""``{% ratings_section user %}`` (the profile's ratings and fair play) and ``{% playban_notice %}``."""

from django import template

from apps.ratings import selectors

register = template.Library()


@register.inclusion_tag("ratings/_section.html")
def ratings_section(user, own: bool = True) -> dict:
    """The user's ratings per mode with their charts, his completion rate and any ban."""
    return {
        "ratings": selectors.profile_ratings(user.pk),
        "fair": selectors.fair_play(user.pk),
        "player": user,
        "own": own,
    }


@register.inclusion_tag("ratings/_playban.html", takes_context=True)
def playban_notice(context) -> dict:
    """The signed-in user's ban from rated and quick play, with its reason and end, if any."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"ban": None}
    return {"ban": selectors.fair_play(user.pk)["ban"]}
