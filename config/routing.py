"""WebSocket URL patterns of the whole site.

Each app keeps its own ``routing.websocket_urlpatterns`` list; add one line per app here,
e.g. ``*apps.tables.routing.websocket_urlpatterns,`` after importing ``apps.tables.routing``.
"""

import apps.core.routing
import apps.tables.routing

websocket_urlpatterns = [
    *apps.core.routing.websocket_urlpatterns,
    *apps.tables.routing.websocket_urlpatterns,
]
