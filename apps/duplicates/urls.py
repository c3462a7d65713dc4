from django.urls import path

from . import views

app_name = "duplicates"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("team/", views.team, name="team"),
    path("<int:set_id>/", views.detail, name="detail"),
    path("<int:set_id>/play/", views.play, name="play"),
    path("c/<str:code>/", views.link, name="link"),
]
