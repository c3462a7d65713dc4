from django.urls import path

from . import views

app_name = "ratings"

urlpatterns = [
    path("ratings/", views.ratings_index, name="index"),
    path("ratings/players/<str:username>/", views.player_page, name="player"),
    path("ratings/<str:mode>/", views.leaderboard_page, name="board"),
]
