from django.urls import path

from apps.core import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("manifest.webmanifest", views.web_manifest, name="web_manifest"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("offline/<str:lang>/", views.offline, name="offline"),
    path("favicon.ico", views.favicon, name="favicon"),
]
