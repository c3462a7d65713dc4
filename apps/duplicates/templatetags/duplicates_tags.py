"""``{% duplicate_streak user %}``: the profile's streak of days with «Дубль дня»."""

from django import template

from apps.duplicates import selectors

register = template.Library()


@register.inclusion_tag("duplicates/_streak.html")
def duplicate_streak(user) -> dict:
    """The consecutive Moscow days (to today or yesterday) on which ``user`` finished a daily set."""
    return {"streak": selectors.streak(user)}
