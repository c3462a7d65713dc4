"""WebSocket URL patterns of the whole site.

Each app keeps its own ``routing.websocket_urlpatterns`` list; add one line per app here,
e.g. ``*apps.sockets.routing.websocket_urlpatterns,`` after importing ``apps.sockets.routing``.
"""

from django.urls import re_path

import apps.core.routing
import apps.sockets.routing
from apps.core.consumers import NotFoundConsumer

websocket_urlpatterns = [
    *apps.core.routing.websocket_urlpatterns,
    *apps.sockets.routing.websocket_urlpatterns,
    re_path(r"", NotFoundConsumer.as_asgi()),  # last: any other path is 4404, not a 500
]
