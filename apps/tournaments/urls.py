from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournaments_page, name="index"),
    path("new/", views.tournament_new, name="new"),
    path("<int:tournament_id>/", views.tournament_page, name="detail"),
    path("<int:tournament_id>/state/", views.tournament_state, name="state"),
    path("<int:tournament_id>/join/", views.tournament_join, name="join"),
    path("<int:tournament_id>/confirm/", views.tournament_confirm, name="confirm"),
    path("<int:tournament_id>/leave/", views.tournament_leave, name="leave"),
]
