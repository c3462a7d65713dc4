"""``{% push_section %}``: the profile's «Уведомления» (the signed-in user's own)."""

from django import template

from apps.push import keys, kinds, services
from apps.push.models import Subscription

register = template.Library()


@register.inclusion_tag("push/_section.html", takes_context=True)
def push_section(context) -> dict:
    """The kinds with their on/off, the devices subscribed, and the VAPID public key."""
    user = context["request"].user
    prefs = services.preferences(user.pk)
    return {
        "configured": keys.configured(),
        "public_key": keys.public_key() if keys.configured() else "",
        "kinds": [{"kind": kind, "on": prefs[code]} for code, kind in kinds.KINDS.items()],
        "devices": list(Subscription.objects.filter(user=user).order_by("-created_at", "-id")),
        "csrf_token": context.get("csrf_token"),
    }
