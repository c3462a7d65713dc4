"""``{% api_tokens_section %}``: the profile page's «API-ключи» section."""

from django import template

from apps.api import tokens

register = template.Library()


@register.inclusion_tag("api/tokens_section.html", takes_context=True)
def api_tokens_section(context) -> dict:
    """The signed-in user's active keys and the forms to make and revoke them."""
    request = context["request"]
    return {"tokens": tokens.tokens_for_user(request.user), "csrf_token": context.get("csrf_token")}
