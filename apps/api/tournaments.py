"""The tournaments' part of the JSON API (docs/protocol.md «Tournaments»): the list, one
tournament with its standings, joining, a pair invitation accepted, leaving, and each round's
tables. Thin views on :class:`apps.api.views.ApiView` calling apps.tournaments' selectors and
services; refusals keep their codes (:data:`apps.api.errors.REFUSAL_STATUS` gives the status)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.forms import MAX_ID
from apps.tournaments import registration, selectors
from apps.tournaments.models import Tournament

from .errors import refusal
from .serializers import ErrorSerializer
from .views import ApiView

E = ErrorSerializer
COMMON = {401: E, 429: E}
#: The most tables one round's answer lists (an arena's round holds every table it opened).
ROUND_TABLES = 500

CODE = OpenApiParameter(
    "code", OpenApiTypes.STR, OpenApiParameter.QUERY, required=False,
    description="A private tournament's invite code (its link's `?code=`).",
)  # fmt: skip
ID = OpenApiParameter("tournament_id", OpenApiTypes.INT, OpenApiParameter.PATH, description="A tournament.")


class SummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    format = serializers.ChoiceField(choices=Tournament.Format.values)
    format_name = serializers.CharField()
    mode = serializers.CharField(help_text="A rating mode (`durak_2`, `bazar_2` …).")
    mode_name = serializers.CharField()
    status = serializers.ChoiceField(choices=Tournament.Status.values)
    status_name = serializers.CharField()
    starts_at = serializers.DateTimeField()
    minutes = serializers.IntegerField(allow_null=True, help_text="Arena: the window's length.")
    rounds = serializers.IntegerField(allow_null=True, help_text="Swiss: the rounds fixed in advance.")
    best_of = serializers.IntegerField(
        help_text="Knockout: 1 (one match per round) or 3 (a pairing plays until two wins)."
    )
    round = serializers.IntegerField(help_text="The round being played (0 before the start; an arena: 0).")
    private = serializers.BooleanField()
    entrants = serializers.IntegerField()
    max_entrants = serializers.IntegerField()
    url = serializers.CharField(help_text="The tournament's page on the site.")


class ListSerializer(serializers.Serializer):
    upcoming = SummarySerializer(many=True, help_text="In registration, the soonest first.")
    live = SummarySerializer(many=True)
    finished = SummarySerializer(many=True, help_text="The 20 finished last.")


class LineSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    entrant = serializers.IntegerField()
    name = serializers.CharField(help_text="The player, or «A + B» for a pair.")
    score = serializers.FloatField(help_text="Arena points, match points or Victory Points.")
    results = serializers.ListField(child=serializers.CharField(), help_text="win | draw | loss, in order.")
    on_fire = serializers.BooleanField(help_text="Arena: two wins in a row, the next win counts double.")
    buchholz = serializers.FloatField()
    sonneborn_berger = serializers.FloatField()
    played = serializers.IntegerField()
    withdrawn = serializers.BooleanField()
    eliminated = serializers.BooleanField()
    is_you = serializers.BooleanField()


class SideSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The entrant (a line of the standings).")
    name = serializers.CharField()
    won = serializers.BooleanField()


class TournamentTableSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True, help_text="null for a bye.")
    url = serializers.CharField(allow_null=True, help_text="The table's page (watch it).")
    entrants = SideSerializer(many=True)
    results = serializers.DictField(
        child=serializers.DictField(), help_text='Per entrant id: {"outcome", "score", "points"} once over.'
    )
    finished = serializers.BooleanField()
    games = serializers.CharField(
        allow_null=True, help_text="Knockout «до двух побед»: the pairing's wins in seat order («2:1»)."
    )


class YouSerializer(serializers.Serializer):
    entrant = serializers.IntegerField()
    withdrawn = serializers.BooleanField()
    pending_partner = serializers.BooleanField(help_text="Your partner has not accepted yet.")
    rejoin_at = serializers.DateTimeField(
        allow_null=True, help_text="Arena: after a pause, when you may rejoin."
    )


class DetailSerializer(SummarySerializer):
    standings = LineSerializer(many=True)
    standings_total = serializers.IntegerField(help_text="Lines in the standings (the API lists them all).")
    current = TournamentTableSerializer(
        many=True, help_text="The current round's tables (an arena: those playing)."
    )
    current_total = serializers.IntegerField(
        help_text="Tables in the current round (the API lists them all)."
    )
    bracket = serializers.ListField(
        child=TournamentTableSerializer(many=True),
        help_text="Knockout: every round's tables, in bracket order.",
    )
    podium = LineSerializer(many=True, help_text="The first three once finished.")
    teams = serializers.BooleanField(help_text="A pairs mode: join with a partner.")
    victory_points = serializers.BooleanField(help_text="A Swiss scored in Victory Points (belot family).")
    you = YouSerializer(allow_null=True)
    invited = serializers.CharField(allow_null=True, help_text="Who asked you into a pair (accept: confirm).")
    your_table = TournamentTableSerializer(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True, help_text="Arena: the window's end once started.")


class RoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    tables = TournamentTableSerializer(many=True)


class JoinSerializer(serializers.Serializer):
    partner = serializers.CharField(
        required=False, max_length=150, help_text="A pairs mode: your partner's username (he accepts)."
    )
    code = serializers.CharField(required=False, max_length=64, help_text="A private tournament's code.")


def _visible(request: Request, tournament_id: int, code: str | None = None) -> Tournament:
    t = Tournament.objects.filter(pk=tournament_id).first() if tournament_id <= MAX_ID else None
    code = code or request.query_params.get("code")
    if t is None or not selectors.may_see(t, request.user, code):
        raise refusal("not_found")
    return t


class TournamentsView(ApiView):
    """``GET /api/tournaments/``: upcoming, live and finished tournaments."""

    @extend_schema(
        operation_id="tournaments_list",
        responses={200: ListSerializer, **COMMON},
        summary="Tournaments: upcoming, live, finished (public ones and the private ones you are in)",
    )
    def get(self, request: Request) -> Response:
        return Response(selectors.tournaments_list(request.user))


class TournamentView(ApiView):
    """``GET /api/tournaments/<id>/``: one tournament with its standings."""

    @extend_schema(
        operation_id="tournaments_detail",
        parameters=[ID, CODE],
        responses={200: DetailSerializer, 404: E, **COMMON},
        summary="A tournament: standings, the current round's tables, your entry and table, the bracket",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(selectors.tournament_detail(_visible(request, tournament_id), request.user))


class TournamentRoundView(ApiView):
    """``GET /api/tournaments/<id>/rounds/<n>/``: the tables (and byes) of round ``n``."""

    @extend_schema(
        operation_id="tournaments_round",
        parameters=[
            ID,
            OpenApiParameter(
                "round", OpenApiTypes.INT, OpenApiParameter.PATH, description="1, 2 … (an arena: 0)."
            ),
            CODE,
        ],
        responses={200: RoundSerializer, 404: E, **COMMON},
        summary="The pairing of a round: its tables and byes (an arena's round 0: its newest 500 tables)",
    )
    def get(self, request: Request, tournament_id: int, round: int) -> Response:
        t = _visible(request, tournament_id)
        if round > t.round:
            raise refusal("not_found")
        return Response({"round": round, "tables": selectors.round_tables(t, round, limit=ROUND_TABLES)})


class TournamentActionView(ApiView):
    """A POST on a tournament: run the service, answer with the tournament as you now see it."""

    action = ""

    def post(self, request: Request, tournament_id: int) -> Response:
        data = self.valid(JoinSerializer, request.data) if self.action == "join" else {}
        tournament_id = min(tournament_id, MAX_ID)
        code = data.get("code")
        if self.action == "join":
            registration.tournament_join(
                tournament_id=tournament_id,
                user=request.user,
                partner_name=data.get("partner", ""),
                code=code,
            )
        elif self.action == "confirm":
            registration.tournament_confirm(tournament_id=tournament_id, user=request.user)
        else:
            registration.tournament_leave(tournament_id=tournament_id, user=request.user)
        # the service let him act on it (a code, an invitation or his entry): he sees the answer
        t = Tournament.objects.get(pk=tournament_id)
        return Response(selectors.tournament_detail(t, request.user))


def _action_schema(action: str, body, summary: str, *codes: int):
    return extend_schema(
        operation_id=f"tournaments_{action}",
        parameters=[ID],
        request=body,
        responses={200: DetailSerializer, **COMMON, **dict.fromkeys(codes, E)},
        summary=summary,
    )


class TournamentJoinView(TournamentActionView):
    action = "join"

    @_action_schema(
        "join",
        JoinSerializer,
        "Join (a pairs mode: with your partner's username; he accepts)",
        400,
        403,
        404,
        409,
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        return super().post(request, tournament_id)


class TournamentConfirmView(TournamentActionView):
    action = "confirm"

    @_action_schema("confirm", None, "Accept a pair invitation: play as the partner", 403, 404)
    def post(self, request: Request, tournament_id: int) -> Response:
        return super().post(request, tournament_id)


class TournamentLeaveView(TournamentActionView):
    action = "leave"

    @_action_schema("leave", None, "Leave (before the start your entry is deleted)", 404, 409)
    def post(self, request: Request, tournament_id: int) -> Response:
        return super().post(request, tournament_id)
