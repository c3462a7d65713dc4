from django.urls import path

from . import views

app_name = "ratings"

urlpatterns = [
    path("quick/", views.quick_page, name="quick"),
    path("quick/join/", views.quick_join, name="quick_join"),
    path("quick/cancel/", views.quick_cancel, name="quick_cancel"),
    path("ratings/", views.ratings_index, name="index"),
    path("ratings/players/<str:username>/", views.player_page, name="player"),
    path("ratings/<str:mode>/", views.leaderboard_page, name="board"),
]
