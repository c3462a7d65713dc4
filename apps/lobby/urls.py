from django.urls import path

from . import views

app_name = "lobby"

urlpatterns = [
    path("", views.lobby, name="home"),
    path("tables/new/", views.table_create, name="create"),
    path("play-with-bots/", views.play_with_bots, name="play_with_bots"),
    path("tables/<int:table_id>/", views.table_page, name="table"),
    path(
        "tables/<int:table_id>/<str:action>/",
        views.table_action,
        name="table_action",
    ),
]

#: The invite links, at the site's root: ``/t/<code>/`` (config/urls.py includes this list).
invite_patterns = ([path("<str:code>/", views.invite, name="invite")], "invite")
