"""Chooses the language of each request (replaces Django's LocaleMiddleware)."""

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.middleware.locale import LocaleMiddleware
from django.utils import translation

from apps.accounts.selectors import language_for_request

PENDING_LANGUAGE_COOKIE = "_kartochki_language_cookie"


def remember_language(request: HttpRequest, language: str) -> None:
    """Activate ``language`` now and have the response set the language cookie to it."""
    translation.activate(language)
    request.LANGUAGE_CODE = language
    setattr(request, PENDING_LANGUAGE_COOKIE, language)


class UserLanguageMiddleware(LocaleMiddleware):
    """LocaleMiddleware with the site's rule (cookie, else profile, else Russian).

    Must come after AuthenticationMiddleware. Sets the language cookie on the response when
    a login or a profile change asked for it (``remember_language``).
    """

    def process_request(self, request: HttpRequest) -> None:
        language = language_for_request(request)
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        response = super().process_response(request, response)
        language = getattr(request, PENDING_LANGUAGE_COOKIE, None)
        if language:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response
