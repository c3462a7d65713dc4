"""Site URLs. Apps add their ``include(...)`` lines here (lobby, tables, stats, api)."""

from allauth.account.decorators import secure_admin_login
from django.conf import settings
from django.contrib import admin
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import include, path
from django.utils import timezone, translation
from django.utils.decorators import method_decorator
from django.views.decorators.cache import cache_control
from django.views.decorators.http import last_modified
from django.views.i18n import JavaScriptCatalog

from apps.core.views import set_language
from apps.lobby.urls import invite_patterns

#: The JavaScript catalogs change only with a deploy: browsers revalidate them (304) by this date.
CATALOG_MODIFIED = timezone.now()


@method_decorator(cache_control(no_cache=True), name="get")
@method_decorator(last_modified(lambda request, **kwargs: CATALOG_MODIFIED), name="get")
class LanguageCatalog(JavaScriptCatalog):
    """Django's JavaScript catalog (``djangojs`` domain: ``locale/<lang>/LC_MESSAGES/djangojs.po``)
    of the language named in the URL.

    The language is in the URL, not taken from the request, so a browser's cached catalog never
    outlives a language switch; browsers keep it and revalidate it on every use (a 304).
    ``apps.core`` has no JavaScript catalog of its own: only ``LOCALE_PATHS`` count.
    """

    packages = ["apps.core"]

    def get(self, request: HttpRequest, *args, lang: str, **kwargs) -> HttpResponse:
        """The catalog of ``lang`` (one of ``LANGUAGES``, else 404) as a JavaScript library."""
        if lang not in dict(settings.LANGUAGES):
            raise Http404("no such language")
        with translation.override(lang):
            return super().get(request, *args, **kwargs)


# The admin signs in through the site's login, which allauth rate-limits (ACCOUNT_RATE_LIMITS);
# the admin's own form has none.
admin.site.login = secure_admin_login(admin.site.login)

urlpatterns = [
    path("", include("apps.core.urls")),
    path("i18n/setlang/", set_language, name="set_language"),
    path("jsi18n/<str:lang>/", LanguageCatalog.as_view(), name="javascript-catalog"),
    path("accounts/", include("apps.accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("admin/", admin.site.urls),
    path("", include("apps.stats.urls")),
    path("lobby/", include("apps.lobby.urls")),
    path("t/", include(invite_patterns)),
    path("", include("apps.ratings.urls")),
    path("api/", include("apps.api.urls")),
    path("", include("apps.social.urls")),
    path("push/", include("apps.push.urls")),
    path("chat/", include("apps.chat.urls")),
    path("tournaments/", include("apps.tournaments.urls")),
    path("duplicates/", include("apps.duplicates.urls")),
    # Later apps add one line each here, e.g.:
    # path("lobby/", include("apps.lobby.urls")), path("results/", include("apps.stats.urls")),
]

#: Errors under /api/ answer with the API's JSON error (an oversized body: 413); elsewhere the
#: site's pages (templates/404.html, 500.html). Django uses them only with DEBUG off.
handler400 = "apps.api.errors.bad_request_handler"
handler403 = "apps.api.errors.permission_denied_handler"
handler404 = "apps.api.errors.page_not_found_handler"
handler500 = "apps.api.errors.server_error_handler"
