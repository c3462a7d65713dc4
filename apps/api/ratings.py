"""The ratings' part of the JSON API (docs/protocol.md «Ratings», «Quick play»): thin views on
the API's base (:class:`apps.api.views.ApiView`: token or session, the per-token rate), calling
apps.ratings' selectors and quick play (the API sits above every app it serves)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.ratings import fairplay, quick, selectors
from apps.ratings.modes import MODE_ORDER
from apps.ratings.quick import BOT_WAITS, QUICK_STATUSES

from .errors import refusal
from .serializers import ErrorSerializer
from .views import ApiView

E = ErrorSerializer
COMMON = {401: E, 429: E}


class BoardPlayerSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    rating = serializers.IntegerField()
    games = serializers.IntegerField()


class BoardYouSerializer(serializers.Serializer):
    place = serializers.IntegerField(allow_null=True, help_text="null while your rating is provisional.")
    rating = serializers.IntegerField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    text = serializers.CharField(help_text="«1512» or «1512?» (provisional).")


class BoardSerializer(serializers.Serializer):
    mode = serializers.CharField()
    name = serializers.CharField()
    min_games = serializers.IntegerField(help_text="Games a player needs to be listed.")
    players = BoardPlayerSerializer(many=True)
    you = BoardYouSerializer(allow_null=True)


class UserRatingSerializer(serializers.Serializer):
    mode = serializers.CharField()
    name = serializers.CharField()
    rating = serializers.IntegerField()
    provisional = serializers.BooleanField()
    games = serializers.IntegerField()
    text = serializers.CharField()
    level = serializers.ChoiceField(choices=["easy", "normal", "hard"], help_text="The nearest bot level.")
    level_name = serializers.CharField()


class CompletionSerializer(serializers.Serializer):
    played = serializers.IntegerField()
    abandoned = serializers.IntegerField()
    rate = serializers.IntegerField(allow_null=True)


class UserRatingsSerializer(serializers.Serializer):
    username = serializers.CharField()
    ratings = UserRatingSerializer(many=True)
    completion = CompletionSerializer()


class RatingsBoardView(ApiView):
    """``GET /api/ratings/<mode>/``: the leaderboard of a mode and your place."""

    @extend_schema(
        operation_id="ratings_board",
        parameters=[
            OpenApiParameter(
                "mode",
                OpenApiTypes.STR,
                OpenApiParameter.PATH,
                enum=list(MODE_ORDER),
                description="A rating mode.",
            )
        ],
        responses={200: BoardSerializer, 404: E, **COMMON},
        summary="Leaderboard of a rating mode (top 100 established players) and your place",
    )
    def get(self, request: Request, mode: str) -> Response:
        try:
            return Response(selectors.leaderboard(mode, request.user))
        except KeyError:
            raise refusal("not_found") from None


class UserRatingsView(ApiView):
    """``GET /api/users/<username>/ratings/``: a player's ratings per mode."""

    @extend_schema(
        operation_id="users_ratings",
        parameters=[
            OpenApiParameter(
                "username",
                OpenApiTypes.STR,
                OpenApiParameter.PATH,
                pattern=r"^[\w.@+-]{1,150}$",
                description="A username (letters, digits and @.+-_).",
            )
        ],
        responses={200: UserRatingsSerializer, 404: E, **COMMON},
        summary="A player's ratings per mode and completion rate",
    )
    def get(self, request: Request, username: str) -> Response:
        user = selectors.user_by_username(username)
        if user is None:
            raise refusal("not_found")
        return Response(
            {
                "username": user.get_username(),
                "ratings": selectors.ratings_of(user.pk),
                "completion": fairplay.completion(user.pk),
            }
        )


class QuickStatusSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=list(QUICK_STATUSES))
    mode = serializers.CharField(allow_null=True)
    rating = serializers.IntegerField(allow_null=True, help_text="Your rating the pool pairs by.")
    since = serializers.DateTimeField(allow_null=True)
    waited_s = serializers.IntegerField(allow_null=True)
    window = serializers.IntegerField(allow_null=True, help_text="± rating points accepted now.")
    bots_after = serializers.IntegerField(allow_null=True)
    table = serializers.IntegerField(allow_null=True, help_text="Your new table once seated.")
    waiting = serializers.DictField(child=serializers.IntegerField(), help_text="People waiting per mode.")


class QuickJoinSerializer(serializers.Serializer):
    mode = serializers.ChoiceField(choices=list(MODE_ORDER))
    bots_after = serializers.ChoiceField(
        choices=list(BOT_WAITS), required=False, allow_null=True, default=None,
        help_text="Fill the free seats with bots of your level after this many seconds (null: never).",
    )  # fmt: skip


class QuickView(ApiView):
    """``/api/quick/``: GET where you are in quick play (and try to seat your pool), POST enter a
    pool, DELETE leave it."""

    @extend_schema(
        operation_id="quick_status",
        responses={200: QuickStatusSerializer, **COMMON},
        summary="Quick play: your pool or new table",
    )
    def get(self, request: Request) -> Response:
        return Response(quick.quick_status(user=request.user))

    @extend_schema(
        operation_id="quick_join",
        request=QuickJoinSerializer,
        responses={200: QuickStatusSerializer, 400: E, 409: E, **COMMON},
        summary="Quick play: enter the pool of a rating mode",
    )
    def post(self, request: Request) -> Response:
        data = self.valid(QuickJoinSerializer, request.data)
        return Response(quick.quick_join(user=request.user, mode=data["mode"], bots_after=data["bots_after"]))

    @extend_schema(
        operation_id="quick_cancel",
        responses={200: QuickStatusSerializer, **COMMON},
        summary="Quick play: leave the pool",
    )
    def delete(self, request: Request) -> Response:
        return Response(quick.quick_cancel(user=request.user))
