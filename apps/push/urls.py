from django.urls import path

from . import views

app_name = "push"

urlpatterns = [
    path("subscribe/", views.subscribe, name="subscribe"),
    path("unsubscribe/", views.unsubscribe, name="unsubscribe"),
    path("preference/", views.preference, name="preference"),
    path("test/", views.test, name="test"),
]
