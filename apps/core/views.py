"""Site-wide views: thin, they render or delegate to services."""

import json

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.cache import cache_control, never_cache
from django.views.i18n import set_language as django_set_language

from apps.accounts.services import user_set_language
from apps.core import pwa


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


@cache_control(no_cache=True)
def web_manifest(request: HttpRequest) -> HttpResponse:
    """The web manifest (``/manifest.webmanifest?lang=ru``; the page links its own language's).
    Browsers fetch it without cookies, so the language is in the URL; an unknown one is Russian."""
    language = request.GET.get("lang", "")
    if language not in dict(settings.LANGUAGES):
        language = settings.LANGUAGE_CODE
    body = json.dumps(pwa.manifest(language), ensure_ascii=False, indent=1)
    return HttpResponse(body, content_type="application/manifest+json; charset=utf-8")


@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, at ``/sw.js`` so that its scope is the whole site (``Service-Worker-Allowed:
    /`` says so too); revalidated on every check so a deploy's new worker is found at once."""
    context = {
        "version": pwa.shell_version(),
        "shell": json.dumps(pwa.shell_urls()),
        "offline": json.dumps(dict(zip(dict(settings.LANGUAGES), pwa.offline_urls(), strict=True))),
        "default_language": json.dumps(settings.LANGUAGE_CODE),
    }
    response = render(request, "core/sw.js", context, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


def offline(request: HttpRequest, lang: str) -> HttpResponse:
    """The page the service worker shows when the network is gone, in ``lang``; it comes back to
    the page asked for as soon as the browser is online again (static/js/offline.js)."""
    if lang not in dict(settings.LANGUAGES):
        raise Http404("no such language")
    with translation.override(lang):
        return render(request, "core/offline.html", {"lang": lang})


@cache_control(max_age=86400, public=True)
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``: browsers and bookmarks ask for it at the root whatever the page links."""
    return HttpResponse(pwa.favicon_bytes(), content_type="image/x-icon")
