"""``/api/`` (the JSON API table of docs/protocol.md), the schema and docs, and the profile's token forms."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from . import duplicates as duplicates_api
from . import pages, views
from . import ratings as ratings_api
from . import tournaments as tournaments_api

app_name = "api"

urlpatterns = [
    path("auth/token/", views.TokenObtainView.as_view(), name="token"),
    path("tables/", views.TablesView.as_view(), name="tables"),
    path("tables/<int:table_id>/", views.TableDetailView.as_view(), name="table"),
    path("tables/<int:table_id>/sit/", views.TableSitView.as_view(), name="sit"),
    path("tables/<int:table_id>/stand/", views.TableStandView.as_view(), name="stand"),
    path("tables/<int:table_id>/bots/", views.TableBotsView.as_view(), name="bots"),
    path("tables/<int:table_id>/options/", views.TableOptionsView.as_view(), name="options"),
    path("tables/<int:table_id>/ready/", views.TableReadyView.as_view(), name="ready"),
    path("tables/<int:table_id>/invite/", views.TableInviteView.as_view(), name="invite"),
    path("matches/<int:match_id>/record/", views.MatchRecordView.as_view(), name="record"),
    path("me/results/", views.MyResultsView.as_view(), name="my_results"),
    path("ratings/<str:mode>/", ratings_api.RatingsBoardView.as_view(), name="ratings_board"),
    path("users/<str:username>/ratings/", ratings_api.UserRatingsView.as_view(), name="user_ratings"),
    path("quick/", ratings_api.QuickView.as_view(), name="quick"),
    path("tournaments/", tournaments_api.TournamentsView.as_view(), name="tournaments"),
    path("tournaments/<int:tournament_id>/", tournaments_api.TournamentView.as_view(), name="tournament"),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:round>/",
        tournaments_api.TournamentRoundView.as_view(),
        name="tournament_round",
    ),
    path(
        "tournaments/<int:tournament_id>/join/",
        tournaments_api.TournamentJoinView.as_view(),
        name="tournament_join",
    ),
    path(
        "tournaments/<int:tournament_id>/confirm/",
        tournaments_api.TournamentConfirmView.as_view(),
        name="tournament_confirm",
    ),
    path(
        "tournaments/<int:tournament_id>/leave/",
        tournaments_api.TournamentLeaveView.as_view(),
        name="tournament_leave",
    ),
    path("duplicates/", duplicates_api.DuplicatesView.as_view(), name="duplicates"),
    path("duplicates/<int:set_id>/", duplicates_api.DuplicateDetailView.as_view(), name="duplicate"),
    path("duplicates/<int:set_id>/play/", duplicates_api.DuplicatePlayView.as_view(), name="duplicate_play"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its start script as a file: no inline script under the CSP.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api:schema"), name="redoc"),
    # The profile page's forms (session, CSRF): make a key (shown once) and revoke one.
    path("keys/new/", pages.token_new, name="token_new"),
    path("keys/<int:token_id>/revoke/", pages.token_revoke, name="token_revoke"),
    re_path(r"^[\s\S]*$", views.NotFoundView.as_view(), name="not_found"),  # any path, even with a newline
]
