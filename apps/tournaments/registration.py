"""Creating a tournament, joining and leaving it."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from apps.protocol.server import TournamentPair
from apps.ratings import fairplay
from apps.ratings.modes import MODES
from apps.ratings.quick import user_rating
from apps.social.services import send_to_users

from . import live, penalties
from .errors import TournamentRefused as Refused
from .models import Entrant, Tournament

ARENA_MINUTES = (20, 180)
SWISS_ROUNDS = (1, 15)
KNOCKOUT_PLACES = (8, 128)
#: Late join into a Swiss: until its second round starts.
SWISS_LATE_JOIN_ROUNDS = 1
#: Arena: the wait before coming back from the first pause; each next pause doubles it.
PAUSE_SECONDS = 10
PAUSE_MAX_SECONDS = 10 * 60


def pause_seconds(pauses: int) -> int:
    """The wait before rejoining an arena after the ``pauses``-th pause: 10 s, 20 s, 40 s …,
    at most 10 minutes."""
    return min(PAUSE_MAX_SECONDS, PAUSE_SECONDS * 2 ** max(0, pauses - 1))


def tournament_create(
    *,
    user,
    name: str,
    format: str,
    mode: str,
    starts_at: datetime,
    minutes: int | None = None,
    rounds: int | None = None,
    max_entrants: int = 128,
    private: bool = False,
    rating_min: int | None = None,
    rating_max: int | None = None,
    best_of: int = 1,
) -> Tournament:
    """A new tournament in registration; ``invalid_options`` naming each bad field: an arena
    needs ``minutes`` (20–180), a Swiss ``rounds`` (1–15), a knockout 8–128 places; ``best_of``
    (1 or 3, «до двух побед») counts for a knockout only."""
    errors: dict[str, str] = {}
    if format not in Tournament.Format.values:
        errors["format"] = f"one of {Tournament.Format.values}"
    if mode not in MODES:
        errors["mode"] = "not a rating mode"
    if not name or len(name) > 80:
        errors["name"] = "1 to 80 characters"
    if format == Tournament.Format.ARENA and not (
        minutes and ARENA_MINUTES[0] <= minutes <= ARENA_MINUTES[1]
    ):
        errors["minutes"] = f"{ARENA_MINUTES[0]} to {ARENA_MINUTES[1]}"
    if format == Tournament.Format.SWISS and not (rounds and SWISS_ROUNDS[0] <= rounds <= SWISS_ROUNDS[1]):
        errors["rounds"] = f"{SWISS_ROUNDS[0]} to {SWISS_ROUNDS[1]}"
    if format == Tournament.Format.KNOCKOUT and not KNOCKOUT_PLACES[0] <= max_entrants <= KNOCKOUT_PLACES[1]:
        errors["max_entrants"] = f"{KNOCKOUT_PLACES[0]} to {KNOCKOUT_PLACES[1]}"
    if best_of not in (1, 3):
        errors["best_of"] = "1 or 3"
    if not 2 <= max_entrants <= 1000:
        errors["max_entrants"] = "2 to 1000"
    if starts_at < timezone.now() - timedelta(minutes=1):
        errors["starts_at"] = "in the future"
    if errors:
        raise Refused("invalid_options", errors=errors)
    return Tournament.objects.create(
        name=name,
        format=format,
        mode=mode,
        starts_at=starts_at,
        minutes=minutes if format == Tournament.Format.ARENA else None,
        rounds=rounds if format == Tournament.Format.SWISS else None,
        best_of=best_of if format == Tournament.Format.KNOCKOUT else 1,
        max_entrants=max_entrants,
        created_by=user,
        private=private,
        invite_code=secrets.token_urlsafe(12) if private else None,
        rating_min=rating_min,
        rating_max=rating_max,
    )


def _open_for_joining(tournament: Tournament) -> bool:
    if tournament.status == Tournament.Status.REGISTRATION:
        return True
    if tournament.status != Tournament.Status.RUNNING:
        return False
    if tournament.format == Tournament.Format.ARENA:
        return True
    return tournament.format == Tournament.Format.SWISS and tournament.round <= SWISS_LATE_JOIN_ROUNDS


def tournament_join(
    *, tournament_id: int, user, partner=None, partner_name: str = "", code: str | None = None
) -> Entrant:
    """``user`` (with ``partner``, or the account named ``partner_name``, in a 2 on 2 mode)
    enters the tournament. Refuses ``no_such_partner`` for a name nobody has, and
    ``not_found`` (a private one without its code), ``closed`` (registration over: an arena
    takes entrants while it runs, a Swiss until its second round), ``full``, ``partner_needed``
    / ``no_partner`` (a pair mode needs exactly one partner, another mode none),
    ``rating_range``, ``playban``, ``tournament_ban`` (removed from events for no-shows:
    :mod:`.penalties`), ``already_joined``."""
    if partner is None and partner_name:
        partner = get_user_model().objects.filter(username__iexact=partner_name).first()
        if partner is None:
            raise Refused("no_such_partner")
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or (tournament.private and code != tournament.invite_code):
            raise Refused("not_found")
        if not _open_for_joining(tournament):
            raise Refused("closed")
        teams = MODES[tournament.mode].teams
        if teams and (partner is None or partner.pk == user.pk):
            raise Refused("partner_needed")
        if not teams and partner is not None:
            raise Refused("no_partner")
        for person in filter(None, (user, partner)):
            fairplay.refuse_if_banned(person.pk)
            ban = penalties.active_ban(person.pk)
            if ban is not None:
                raise Refused("tournament_ban", errors={"ends_at": ban.ends_at.isoformat()})
        rating = user_rating(user.pk, tournament.mode)
        if partner is not None:
            rating = (rating + user_rating(partner.pk, tournament.mode)) // 2
        if (tournament.rating_min and rating < tournament.rating_min) or (
            tournament.rating_max and rating > tournament.rating_max
        ):
            raise Refused("rating_range")
        people = [p.pk for p in filter(None, (user, partner))]
        _refuse_comeback(tournament, user)
        taken = Entrant.objects.filter(tournament=tournament, withdrawn=False)
        if taken.filter(user_id__in=people).exists() or taken.filter(partner_id__in=people).exists():
            raise Refused("already_joined")
        if taken.count() >= tournament.max_entrants:
            raise Refused("full")
        try:
            with transaction.atomic():
                entrant, _ = Entrant.objects.update_or_create(
                    tournament=tournament,
                    user=user,
                    defaults={
                        "partner": partner,
                        "rating": rating,
                        "withdrawn": False,
                        "confirmed": partner is None,
                    },
                )
        except IntegrityError:
            raise Refused("already_joined") from None
        live.changed(tournament.pk)
    if partner is not None:
        transaction.on_commit(lambda: pair_invitation_send(entrant))
    return entrant


def _refuse_comeback(tournament: Tournament, user) -> None:
    """An entrant coming back: ``removed`` after his no-shows, ``rejoin_later`` (with
    ``ends_at``) while an arena pause's wait runs."""
    old = Entrant.objects.filter(tournament=tournament, user=user, withdrawn=True).first()
    if old is None:
        return
    if old.no_shows >= penalties.NO_SHOWS_OUT:
        raise Refused("removed")
    if old.rejoin_at is not None and old.rejoin_at > timezone.now():
        raise Refused("rejoin_later", errors={"ends_at": old.rejoin_at.isoformat()})


def pair_invitation_send(entrant: Entrant) -> None:
    """The partner's live notice of a pair invitation (the lobby socket's ``tournament_pair``
    frame: a toast with a link to the tournament, where «Играю в паре» accepts); nothing for
    an entrant who plays alone."""
    if entrant.partner_id is None:
        return
    url = reverse("tournaments:detail", args=[entrant.tournament_id])
    if entrant.tournament.private:
        url = f"{url}?code={entrant.tournament.invite_code}"
    send_to_users([entrant.partner_id], TournamentPair(tournament=entrant.tournament_id, url=url))


def tournament_confirm(*, tournament_id: int, user) -> Entrant:
    """The invited partner accepts: the pair's entry counts from now on. ``not_invited`` when
    no pending entry names him."""
    with transaction.atomic():
        entrant = (
            Entrant.objects.select_for_update()
            .filter(tournament_id=tournament_id, partner=user, confirmed=False, withdrawn=False)
            .first()
        )
        if entrant is None:
            raise Refused("not_invited")
        entrant.confirmed = True
        entrant.save(update_fields=["confirmed"])
        live.changed(tournament_id)
    return entrant


def tournament_leave(*, tournament_id: int, user) -> None:
    """``user`` (or his pair) leaves: before the start the entry is deleted, later it stays in
    the standings as withdrawn and is paired no more. In a running arena leaving is a pause:
    he may come back after :func:`pause_seconds` (growing with each pause); a table he sits at
    plays on. ``not_joined`` when he is not in it."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        entrant = (
            Entrant.objects.filter(tournament_id=tournament_id, withdrawn=False)
            .filter(person_in(user.pk))
            .first()
            if tournament
            else None
        )
        if tournament is None or entrant is None:
            raise Refused("not_joined")
        live.changed(tournament_id)
        if tournament.status == Tournament.Status.REGISTRATION:
            entrant.delete()
            return
        entrant.withdrawn = True
        fields = ["withdrawn"]
        if tournament.format == Tournament.Format.ARENA:
            entrant.pauses += 1
            entrant.rejoin_at = timezone.now() + timedelta(seconds=pause_seconds(entrant.pauses))
            fields += ["pauses", "rejoin_at"]
        entrant.save(update_fields=fields)


def person_in(user_id: int) -> Q:
    """The entrants ``user_id`` plays in (as the entrant or his partner)."""
    return Q(user_id=user_id) | Q(partner_id=user_id)
