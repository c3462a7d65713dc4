"""Site-wide views: thin, they render or delegate to services."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.i18n import set_language as django_set_language

from apps.accounts.services import user_set_language


def home(request: HttpRequest) -> HttpResponse:
    """The home page (it becomes the lobby once the lobby app exists)."""
    return render(request, "core/home.html")


@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """Answer ``ok``: the process is up and serving HTTP (used by proxies and tests)."""
    return HttpResponse("ok", content_type="text/plain")


def set_language(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language`` (sets the language cookie) that also saves a signed-in
    user's preferred language, so the choice follows them to other devices."""
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if request.method == "POST" and request.user.is_authenticated and language in dict(settings.LANGUAGES):
        user_set_language(user=request.user, language=language)
    return response
