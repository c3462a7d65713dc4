from django.urls import path

from . import views

app_name = "social"

urlpatterns = [
    path("friends/", views.friends_page, name="friends"),
    path(
        "friends/invitations/<int:invitation_id>/<str:answer>/",
        views.invitation_answer,
        name="invitation_answer",
    ),
    path("friends/<str:action>/", views.friends_action, name="friends_action"),
    path("watch/", views.watch_page, name="watch"),
]
