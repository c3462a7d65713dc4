"""``{% hidden_people_section %}`` (the profile) and ``{% hidden_people_json %}`` (the table page,
read by its chat panel): the people the signed-in user mutes and blocks, each with «Вернуть»."""

from django import template
from django.utils.html import json_script

from apps.chat.selectors import hidden_people

register = template.Library()


@register.inclusion_tag("chat/_hidden.html", takes_context=True)
def hidden_people_section(context) -> dict:
    """The profile's «Скрытые игроки»."""
    request = context["request"]
    hidden = hidden_people(request.user.pk)
    return {"hidden": hidden, "csrf_token": context.get("csrf_token"), "next": request.path}


@register.simple_tag(takes_context=True)
def hidden_people_json(context) -> str:
    """``<script id="chat-hidden" type="application/json">`` for the chat panel."""
    return json_script(hidden_people(context["request"].user.pk), "chat-hidden")
