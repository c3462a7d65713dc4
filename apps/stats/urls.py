from django.urls import path

from . import views

app_name = "stats"

urlpatterns = [
    path("results/", views.my_results, name="my_results"),
    path("matches/<int:match_id>/", views.match_page, name="match"),
    path("matches/<int:match_id>/record.json", views.match_record_json, name="match_record"),
    path("matches/<int:match_id>/verify/", views.match_verify, name="match_verify"),
]
