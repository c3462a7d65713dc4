from django.urls import path

from . import views

app_name = "chat"

urlpatterns = [
    path("hidden/<str:kind>/return/", views.hidden_return, name="hidden_return"),
]
