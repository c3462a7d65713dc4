"""Site URLs. Apps add their ``include(...)`` lines here (lobby, tables, stats, api)."""

from django.contrib import admin
from django.urls import include, path

from apps.core.views import set_language

urlpatterns = [
    path("", include("apps.core.urls")),
    path("i18n/setlang/", set_language, name="set_language"),
    path("accounts/", include("apps.accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("admin/", admin.site.urls),
    path("", include("apps.stats.urls")),
    path("lobby/", include("apps.lobby.urls")),
    path("api/", include("apps.api.urls")),
    # Later apps add one line each here, e.g.:
    # path("lobby/", include("apps.lobby.urls")), path("results/", include("apps.stats.urls")),
]
