"""The JSON API of docs/protocol.md. Thin: validate the body, call one service or selector, answer.

Every error is ``{"code", "message"}`` (see :mod:`apps.api.errors`); the services' refusals keep
their codes (``seat_taken``, ``not_owner``, ``invalid_options`` ...).
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.core import logins
from apps.lobby import selectors as lobby_selectors
from apps.tables import seating

from . import selectors, serializers, tokens
from .errors import refusal
from .throttling import AuthTokenIpThrottle, AuthTokenUserThrottle, TokenRateThrottle

E = serializers.ErrorSerializer
#: Errors every authenticated endpoint may answer.
COMMON = {401: E, 429: E}


def _errors(*codes: int) -> dict:
    return {**COMMON, **dict.fromkeys(codes, E)}


class ApiView(APIView):
    """Base of the API's views: token or session auth, the per-token rate, the user's language."""

    throttle_classes = [TokenRateThrottle]

    def initial(self, request: Request, *args, **kwargs) -> None:
        super().initial(request, *args, **kwargs)
        language = getattr(request.user, "language", None)
        has_cookie = settings.LANGUAGE_COOKIE_NAME in request.COOKIES
        if not has_cookie and language in dict(settings.LANGUAGES):
            translation.activate(language)
            request.LANGUAGE_CODE = language

    def valid(self, serializer_class, data) -> dict:
        """``data`` checked by ``serializer_class``: its validated data (400 otherwise)."""
        serializer = serializer_class(data=data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


class TokenObtainView(ApiView):
    """``POST /api/auth/token/``: a new API token for a username and password."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [AuthTokenIpThrottle, AuthTokenUserThrottle]

    @extend_schema(
        operation_id="auth_token_create",
        request=serializers.TokenRequestSerializer,
        responses={200: serializers.TokenSerializer, 400: E, 429: E},
        auth=[],
        summary="Get a new API token",
    )
    def post(self, request: Request) -> Response:
        data = self.valid(serializers.TokenRequestSerializer, request.data)
        user = logins.password_user(request._request, username=data["username"], password=data["password"])
        if user is None:
            raise refusal("bad_credentials")
        _token, key = tokens.token_create(user=user, name="POST /api/auth/token/")
        return Response({"token": key})


class TablesView(ApiView):
    """``GET /api/tables/`` open and running tables; ``POST /api/tables/`` a new table."""

    @extend_schema(
        operation_id="tables_list",
        parameters=[serializers.TableQuerySerializer],
        responses={200: serializers.TableSummarySerializer(many=True), **_errors(400)},
        summary="Open and running public tables",
    )
    def get(self, request: Request) -> Response:
        query = self.valid(serializers.TableQuerySerializer, request.query_params)
        return Response(
            lobby_selectors.open_tables(game=query.get("game") or None, status=query.get("status") or None)
        )

    @extend_schema(
        operation_id="tables_create",
        request=serializers.TableCreateSerializer,
        responses={201: serializers.TableSerializer, **_errors(400, 409)},
        summary="Create a table (you sit at `seat`, bots where asked)",
    )
    def post(self, request: Request) -> Response:
        data = self.valid(serializers.TableCreateSerializer, request.data)
        table = seating.table_create(
            user=request.user,
            game=data["game"],
            options=data["options"],
            seat=data["seat"],
            bots=data["bots"],
            private=data["private"],
            rated=data.get("rated"),
            seats=data.get("seat_count"),
        )
        return Response(selectors.table_detail(table.pk, request.user), status=status.HTTP_201_CREATED)


class TableDetailView(ApiView):
    """``GET /api/tables/<id>/``: the table with its status, match and result."""

    @extend_schema(
        operation_id="tables_retrieve",
        responses={200: serializers.TableSerializer, **_errors(404)},
        summary="One table",
    )
    def get(self, request: Request, table_id: int) -> Response:
        return Response(selectors.table_detail(table_id, request.user))


class TableActionView(ApiView):
    """A POST on a table that calls one lobby service and answers the table."""

    body: type | None = None

    def act(self, request: Request, table_id: int, data: dict) -> None:
        raise NotImplementedError

    #: Whether the service itself lets a stranger in (``sit`` with the invite code).
    opens_private = False

    def post(self, request: Request, table_id: int) -> Response:
        data = self.valid(self.body, request.data) if self.body else {}
        if not (self.opens_private and data.get("invite")):
            selectors.check_visible(table_id, request.user)  # a private table: 404 for strangers
        self.act(request, table_id, data)
        return Response(selectors.table_detail(table_id, request.user))


def _action_schema(name: str, body, summary: str, *codes: int):
    return extend_schema(
        operation_id=f"tables_{name}",
        request=body,
        responses={200: serializers.TableSerializer, **_errors(*codes)},
        summary=summary,
    )


class TableSitView(TableActionView):
    body = serializers.SitSerializer
    opens_private = True

    @_action_schema("sit", serializers.SitSerializer, "Sit at a free seat", 400, 403, 404, 409)
    def post(self, request: Request, table_id: int) -> Response:
        return super().post(request, table_id)

    def act(self, request, table_id, data):
        seating.seat_take(table_id=table_id, user=request.user, seat=data["seat"], invite=data.get("invite"))


class TableInviteView(TableActionView):
    @_action_schema("invite", None, "New invite code (owner of a private table)", 403, 404, 409)
    def post(self, request: Request, table_id: int) -> Response:
        return super().post(request, table_id)

    def act(self, request, table_id, data):
        seating.invite_renew(table_id=table_id, user=request.user)


class TableStandView(TableActionView):
    @_action_schema("stand", None, "Stand up (during a match: leave it, and lose)", 404, 409)
    def post(self, request: Request, table_id: int) -> Response:
        return super().post(request, table_id)

    def act(self, request, table_id, data):
        seating.seat_leave(table_id=table_id, user=request.user)


class TableBotsView(TableActionView):
    body = serializers.BotSerializer

    @_action_schema("bots", serializers.BotSerializer, "Put or remove a bot (owner)", 400, 403, 404, 409)
    def post(self, request: Request, table_id: int) -> Response:
        return super().post(request, table_id)

    def act(self, request, table_id, data):
        seating.bots_set(table_id=table_id, user=request.user, seat=data["seat"], level=data["level"])


class TableOptionsView(TableActionView):
    body = serializers.OptionsSerializer

    @_action_schema("options", serializers.OptionsSerializer, "Change options (owner)", 400, 403, 404, 409)
    def post(self, request: Request, table_id: int) -> Response:
        return super().post(request, table_id)

    def act(self, request, table_id, data):
        seating.options_set(table_id=table_id, user=request.user, options=data["options"])


class TableReadyView(TableActionView):
    body = serializers.ReadySerializer

    @_action_schema("ready", serializers.ReadySerializer, "Ready or not (starts when all are)", 400, 404, 409)
    def post(self, request: Request, table_id: int) -> Response:
        return super().post(request, table_id)

    def act(self, request, table_id, data):
        seating.ready_set(
            table_id=table_id, user=request.user, ready=data["ready"], client_seed=data.get("client_seed")
        )


class MatchRecordView(ApiView):
    """``GET /api/matches/<id>/record/``: a finished match as a scenario file."""

    @extend_schema(
        operation_id="matches_record",
        responses={200: serializers.RecordSerializer, **_errors(403, 404, 409)},
        summary="A finished match as a scenario file (docs/rules.md §2)",
    )
    def get(self, request: Request, match_id: int) -> Response:
        return Response(selectors.match_record_for(match_id, request.user))


class MyResultsView(ApiView):
    """``GET /api/me/results/``: my last 30 results, newest first."""

    @extend_schema(
        operation_id="me_results",
        responses={200: serializers.ResultSerializer(many=True), **COMMON},
        summary="My last 30 results, newest first",
    )
    def get(self, request: Request) -> Response:
        return Response(selectors.results_of(request.user))


@extend_schema(exclude=True)
class NotFoundView(ApiView):
    """Any other path under ``/api/``: a JSON 404."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    def get(self, request: Request, *args, **kwargs) -> Response:
        raise refusal("not_found")

    post = put = patch = delete = get
