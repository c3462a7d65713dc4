"""WebSocket routes of the table and lobby sockets (listed in ``config/routing.py``)."""

from django.urls import path

from .consumers import LobbyConsumer, TableConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]
