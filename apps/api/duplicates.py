"""The duplicates' part of the JSON API (docs/rules.md «Дубль», docs/decisions-duplicates.md): thin
views on the API's base calling apps.duplicates' services and selectors.

- ``POST /api/duplicates/``: a new set (``game``, ``options``, ``deals``, ``open_minutes``,
  ``private``); answers the set with ``id``, ``code`` (a private set's) and its commitment.
- ``GET /api/duplicates/``: the open sets (the daily ones first, then the public ones and yours).
- ``POST /api/duplicates/<id>/play/``: a table for you, seated, bots ready (``code`` for a private
  set); refused ``already_played`` (409) the second time.
- ``GET /api/duplicates/<id>/``: the set; your results and everyone's once you finished; the
  seed once it closed (``?code=`` for a private set you neither made nor play).
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from apps.duplicates import selectors, services
from apps.duplicates.modes import (
    DEFAULT_DEALS,
    MAX_DEALS,
    MAX_OPEN_MINUTES,
    MIN_DEALS,
    MIN_OPEN_MINUTES,
    MODES,
)

from .serializers import ErrorSerializer
from .views import ApiView

E = ErrorSerializer
COMMON = {401: E, 429: E}


class DuplicateCreateSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=sorted({m.game for m in MODES.values()}))
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="The game's options; players / ruleset / teams pick the mode (docs/rules.md «Дубль»).",
    )
    deals = serializers.IntegerField(
        required=False,
        default=None,
        allow_null=True,
        help_text=f"{MIN_DEALS}..{MAX_DEALS}, default {DEFAULT_DEALS}.",
    )
    open_minutes = serializers.IntegerField(
        required=False,
        default=24 * 60,
        help_text=f"How long it stays open: {MIN_OPEN_MINUTES}..{MAX_OPEN_MINUTES}.",
    )
    private = serializers.BooleanField(
        required=False, default=True, help_text="Only through its link (a code)."
    )


class DuplicatePlaySerializer(serializers.Serializer):
    code = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="A private set's code."
    )


class FairnessSerializer(serializers.Serializer):
    algorithm = serializers.CharField()
    commitment = serializers.CharField()
    server_seed = serializers.CharField(required=False, help_text="Once the set has closed.")
    client_seeds = serializers.DictField(
        required=False, help_text='Every seat "" (docs/rules.md §3, duplicate sets).'
    )


class DealLineSerializer(serializers.Serializer):
    result = serializers.IntegerField(
        allow_null=True, help_text="Points minus the other side's; null: forfeit."
    )
    better = serializers.IntegerField()
    equal = serializers.IntegerField()
    worse = serializers.IntegerField()
    percent = serializers.FloatField()


class BoardLineSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    user = serializers.IntegerField()
    name = serializers.CharField()
    score = serializers.FloatField(help_text="Mean of the deals' matchpoint percentages, to 0.1.")
    forfeit = serializers.BooleanField()
    match = serializers.IntegerField(allow_null=True)
    deals = DealLineSerializer(many=True)


class BestSerializer(serializers.Serializer):
    result = serializers.IntegerField()
    match = serializers.IntegerField(help_text="The match to replay (its deal of this number).")
    count = serializers.IntegerField(help_text="Results on this deal.")


class ResultsSerializer(serializers.Serializer):
    players = serializers.IntegerField()
    mine = BoardLineSerializer(allow_null=True)
    leaderboard = BoardLineSerializer(many=True)
    best = BestSerializer(many=True, allow_null=True)


class EntrySerializer(serializers.Serializer):
    table = serializers.IntegerField(allow_null=True)
    match = serializers.IntegerField(allow_null=True)
    finished = serializers.BooleanField()
    finished_at = serializers.DateTimeField(allow_null=True)
    forfeit = serializers.BooleanField()


class DuplicateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["daily", "friends"])
    mode = serializers.ChoiceField(choices=sorted(MODES))
    game = serializers.CharField()
    options = serializers.DictField()
    deals = serializers.IntegerField()
    private = serializers.BooleanField()
    status = serializers.ChoiceField(choices=["open", "closed", "void"])
    opens_at = serializers.DateTimeField()
    closes_at = serializers.DateTimeField()
    day = serializers.DateField(allow_null=True)
    code = serializers.CharField(required=False, help_text="A private set's code: only to its creator.")
    fairness = FairnessSerializer()
    entry = EntrySerializer(allow_null=True)
    results = ResultsSerializer(allow_null=True, help_text="null until you finished (or the set closed).")


class DuplicateListItemSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    mode = serializers.CharField()
    game = serializers.CharField()
    deals = serializers.IntegerField()
    private = serializers.BooleanField()
    closes_at = serializers.DateTimeField()
    commitment = serializers.CharField()
    played = serializers.BooleanField()
    players = serializers.IntegerField(help_text="Players who finished it so far.")


class PlaySerializer(serializers.Serializer):
    table = serializers.IntegerField(help_text="Your table: seated at seat 0, bots ready, the match started.")
    set = serializers.IntegerField()


def _detail(dset, user) -> dict:
    out = selectors.set_detail(dset, user)
    if dset.private and dset.creator_id == getattr(user, "pk", None):
        out["code"] = dset.code
    return out


class DuplicatesView(ApiView):
    """``GET`` the open sets; ``POST`` a new «Дубль с друзьями»."""

    @extend_schema(
        operation_id="duplicates_list",
        responses={200: DuplicateListItemSerializer(many=True), **COMMON},
        summary="Open duplicate sets (the daily ones first)",
    )
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "id": s.pk,
                    "kind": s.kind,
                    "mode": s.mode,
                    "game": s.game,
                    "deals": s.deals,
                    "private": s.private,
                    "closes_at": s.closes_at,
                    "commitment": s.commitment,
                    "played": s.played,
                    "players": s.players,
                }
                for s in selectors.open_sets(request.user)
            ]
        )

    @extend_schema(
        operation_id="duplicates_create",
        request=DuplicateCreateSerializer,
        responses={201: DuplicateSerializer, 400: E, **COMMON},
        summary="Create a duplicate set to play with friends",
    )
    def post(self, request: Request) -> Response:
        data = self.valid(DuplicateCreateSerializer, request.data)
        dset = services.set_create(
            user=request.user,
            game=data["game"],
            options=data["options"],
            deals=data["deals"],
            open_minutes=data["open_minutes"],
            private=data["private"],
        )
        return Response(_detail(dset, request.user), status=status.HTTP_201_CREATED)


_CODE = OpenApiParameter("code", OpenApiTypes.STR, description="A private set's code.", required=False)


class DuplicateDetailView(ApiView):
    """``GET /api/duplicates/<id>/``."""

    @extend_schema(
        operation_id="duplicates_retrieve",
        parameters=[_CODE],
        responses={200: DuplicateSerializer, 404: E, **COMMON},
        summary="A duplicate set: commitment; results once you finished; the seed once closed",
    )
    def get(self, request: Request, set_id: int) -> Response:
        dset = services.set_find(set_id, user=request.user, code=request.query_params.get("code"))
        return Response(_detail(dset, request.user))


class DuplicatePlayView(ApiView):
    """``POST /api/duplicates/<id>/play/``."""

    @extend_schema(
        operation_id="duplicates_play",
        request=DuplicatePlaySerializer,
        responses={201: PlaySerializer, 400: E, 404: E, 409: E, **COMMON},
        summary="Play a duplicate set: a table for you, seated, bots ready (once per set)",
    )
    def post(self, request: Request, set_id: int) -> Response:
        data = self.valid(DuplicatePlaySerializer, request.data)
        entry = services.set_play(user=request.user, set_id=set_id, code=data["code"] or None)
        return Response({"table": entry.table_id, "set": entry.set_id}, status=status.HTTP_201_CREATED)
