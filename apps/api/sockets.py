"""Token authentication of WebSockets (docs/protocol.md: programs send ``Authorization: Token <key>``
on the handshake, and no cookie, no Origin).

:func:`websocket_auth` wraps the site's socket router: a handshake carrying a token header is
authenticated by that token alone (cookies ignored, Origin not checked: a browser page cannot set
headers on a WebSocket, so a token header never comes from a page of another site); every other
handshake goes through the Origin check against ``ALLOWED_HOSTS`` and the session, as before.
An unknown or revoked key leaves the user anonymous, which the consumers close with 4401.
"""

from __future__ import annotations

from channels.auth import AuthMiddlewareStack
from channels.security.websocket import AllowedHostsOriginValidator
from django.contrib.auth.models import AnonymousUser

from apps.core.threads import in_db_thread_pool

from . import tokens


def scope_token_key(scope: dict) -> str | None:
    """The key of the handshake's ``Authorization: Token <key>`` header, else None."""
    for name, value in scope.get("headers", []):
        if name.lower() == b"authorization":
            return tokens.key_from_header(value)
    return None


def has_token_header(scope: dict) -> bool:
    """Whether the handshake sends an ``Authorization: Token ...`` header (valid or not)."""
    for name, value in scope.get("headers", []):
        if name.lower() == b"authorization" and value[:6].lower() == b"token ":
            return True
    return False


def _user_for_key_sync(key: str | None):
    token = tokens.token_authenticate(key) if key else None
    return token.user if token else AnonymousUser()


#: On the event loop's thread pool, each thread with its own pooled connection: handshakes of a
#: reconnect storm are checked side by side, not one after another on the process's single sync
#: thread, where the last of 80 passed daphne's 5 s handshake limit (bench/ws_load.py).
_user_for_key = in_db_thread_pool(_user_for_key_sync)


class TokenAuthMiddleware:
    """Sets ``scope["user"]`` from the handshake's token (anonymous when it is not valid)."""

    def __init__(self, inner) -> None:
        self.inner = inner

    async def __call__(self, scope, receive, send):
        scope = dict(scope, user=await _user_for_key(scope_token_key(scope)), api_token=True)
        return await self.inner(scope, receive, send)


class TokenOrOriginRouter:
    """Token handshakes to :class:`TokenAuthMiddleware`; the others Origin-checked with the session."""

    def __init__(self, inner) -> None:
        self.with_token = TokenAuthMiddleware(inner)
        self.browser = AllowedHostsOriginValidator(AuthMiddlewareStack(inner))

    async def __call__(self, scope, receive, send):
        app = self.with_token if has_token_header(scope) else self.browser
        return await app(scope, receive, send)


def websocket_auth(inner) -> TokenOrOriginRouter:
    """The site's socket stack around ``inner`` (the URL router): see the module docstring."""
    return TokenOrOriginRouter(inner)
