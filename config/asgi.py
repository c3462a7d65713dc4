"""ASGI entry point served by daphne: HTTP through Django, WebSockets through Channels.

Browser sockets pass ``AllowedHostsOriginValidator`` (Origin must be in ALLOWED_HOSTS) and the
session auth middleware (``scope["user"]``); a handshake with ``Authorization: Token <key>`` (a
program) is authenticated by that key alone, without the Origin check (``apps.api.sockets``).
In the embedded default this module also starts the in-process Celery worker.
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
django_asgi_app = get_asgi_application()  # sets Django up before consumers are imported

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from apps.api.sockets import websocket_auth  # noqa: E402
from config.embedded_worker import start_embedded_worker_if_configured  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": websocket_auth(URLRouter(websocket_urlpatterns)),
    }
)

start_embedded_worker_if_configured()

# What startup loaded (Django, the apps, the engine's tables) lives as long as the process: move
# it out of the collector's generations, so a full collection under load walks only what the
# requests made (bench/ws_load.py: the p99 of a move's round trip).
gc.collect()
gc.freeze()
# A move allocates a few thousand containers (views, frames) that die with it: at the default
# 700 allocations per young collection the collector ran every move or two, promoting the
# tables' kept states into the old generations and so paying for full collections of ≈ 50 ms
# of CPU (165–177 ms of wall time at a load of 12–17). At 10,000 it ran 12 young and 1 middle
# collection in a 30-table run instead of 276, 25 and 3 full ones: 0.8 % of daphne's CPU
# instead of 2.9 % (docs/performance.md, «Live without pace (h-live6)»).
gc.set_threshold(10_000, 10, 10)
