"""ASGI entry point served by daphne: HTTP through Django, WebSockets through Channels.

Sockets pass ``AllowedHostsOriginValidator`` (Origin must be in ALLOWED_HOSTS) and the
session auth middleware (``scope["user"]``). In the embedded default this module also
starts the in-process Celery worker.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
django_asgi_app = get_asgi_application()  # sets Django up before consumers are imported

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.embedded_worker import start_embedded_worker_if_configured  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

start_embedded_worker_if_configured()
