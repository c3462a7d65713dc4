"""DRF authentication by API token: ``Authorization: Token <key>`` (docs/protocol.md)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from . import tokens


class ApiTokenAuthentication(authentication.BaseAuthentication):
    """Authenticates a request carrying ``Authorization: Token <key>``; ``request.auth`` is the
    :class:`~apps.api.models.ApiToken`. A malformed, unknown or revoked key is a 401."""

    keyword = "Token"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request)
        if not header or header.split()[0].lower() != b"token":
            return None
        key = tokens.key_from_header(header)
        if key is None:
            raise exceptions.AuthenticationFailed(_("Заголовок должен быть «Authorization: Token <ключ>»."))
        token = tokens.token_authenticate(key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Ключ API неверен или отозван."))
        return token.user, token

    def authenticate_header(self, request) -> str:
        return self.keyword


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """The token scheme in the OpenAPI schema."""

    target_class = "apps.api.authentication.ApiTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "`Token <key>`: a key from POST /api/auth/token/ or the profile page.",
        }
