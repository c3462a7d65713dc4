"""Private tables by invite link, the spectators' count, and «Ещё партию» (issue #21)."""

from __future__ import annotations

import pytest
from django.test import Client

from apps.core.errors import Refused
from apps.stats.models import Result
from apps.tables import access, seating, selectors
from apps.tables.models import Match, Table, TableAccess
from apps.tables.moves import move_apply
from apps.tables.presence import seat_presence, spectator_presence
from tests.tables.helpers import bot_table

pytestmark = pytest.mark.django_db(transaction=True)


def refused(fn, **kwargs) -> Refused:
    with pytest.raises(Refused) as info:
        fn(**kwargs)
    return info.value


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_private_table_has_an_unguessable_code_and_strangers_get_404(make_user):
    owner, friend, stranger = make_user(), make_user(), make_user()
    table = seating.table_create(user=owner, game="bazar_blot", options={"players": 2}, private=True)
    # random, not the id in disguise (a random code may contain the id's digits by chance)
    assert table.invite_code and len(table.invite_code) >= 16 and table.invite_code != str(table.pk)
    other = seating.table_create(user=owner, game="durak", private=True)
    assert other.invite_code != table.invite_code
    assert seating.table_create(user=owner, game="durak").invite_code is None
    # the page, its form actions and the sit service: as if there were no such table
    page = f"/lobby/tables/{table.pk}/"
    assert signed_in(stranger).get(page).status_code == 404
    assert signed_in(stranger).post(f"{page}sit/", {"seat": 1}).status_code == 404
    assert refused(seating.seat_take, table_id=table.pk, user=stranger, seat=1).code == "not_found"
    bad = refused(seating.seat_take, table_id=table.pk, user=stranger, seat=1, invite="x" * 16)
    assert bad.code == "not_found"
    assert table.seats.get(number=1).user is None
    # the link lets the friend in; he sees the page and sits
    friendly = signed_in(friend)
    response = friendly.get(f"/t/{table.invite_code}/")
    assert response.status_code == 302 and response["Location"] == page
    assert TableAccess.objects.filter(table=table, user=friend).exists()
    body = friendly.get(page).content.decode()
    assert 'data-testid="sit"' in body
    seating.seat_take(table_id=table.pk, user=friend, seat=1)
    assert table.seats.get(number=1).user == friend
    assert signed_in(stranger).get("/t/not-a-code-at-all/").status_code == 404


def test_sitting_with_the_code_lets_in_and_staff_need_it(make_user):
    owner, bot_writer, moderator = make_user(), make_user(), make_user()
    moderator.is_staff = True
    moderator.save()
    table = seating.table_create(user=owner, game="durak", private=True)
    seating.seat_take(table_id=table.pk, user=bot_writer, seat=1, invite=table.invite_code)
    assert access.table_visible(table, bot_writer)
    assert access.table_visible(table, moderator)  # staff see it (moderation) ...
    code = refused(seating.seat_take, table_id=table.pk, user=moderator, seat=2).code
    assert code == "not_invited"  # ... but sit only with the code


def test_revoking_makes_a_new_code_and_keeps_who_is_in(make_user):
    owner, friend, late = make_user(), make_user(), make_user()
    table = seating.table_create(user=owner, game="durak", private=True)
    old = table.invite_code
    seating.invite_join(code=old, user=friend)
    assert refused(seating.invite_renew, table_id=table.pk, user=friend).code == "not_owner"
    renewed = seating.invite_renew(table_id=table.pk, user=owner)
    assert renewed.invite_code != old
    assert refused(seating.invite_join, code=old, user=late).code == "not_found"
    assert access.table_visible(Table.objects.get(pk=table.pk), friend)  # kept
    assert not access.table_visible(Table.objects.get(pk=table.pk), late)
    seating.invite_join(code=renewed.invite_code, user=late)
    assert access.table_visible(Table.objects.get(pk=table.pk), late)
    public = seating.table_create(user=owner, game="durak")
    assert refused(seating.invite_renew, table_id=public.pk, user=owner).code == "not_private"


def test_the_socket_state_refuses_strangers_of_a_private_table(make_user):
    owner, stranger = make_user(), make_user()
    table = seating.table_create(user=owner, game="durak", private=True)
    with pytest.raises(Table.DoesNotExist):
        selectors.table_state(table.pk, stranger.pk, stranger)
    seat, message = selectors.table_state(table.pk, owner.pk, owner)
    assert seat == 0 and message.view["spectators"] == 0 and message.view["rematch"] == []


def test_spectators_are_counted_once_per_person(make_user):
    a, b, watcher = make_user(), make_user(), make_user()
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b])
    spectator_presence(table_id=table.pk, user_id=watcher.pk, delta=+1)
    spectator_presence(table_id=table.pk, user_id=watcher.pk, delta=+1)  # 2nd tab
    _, message = selectors.table_state(table.pk, a.pk, a)
    assert message.view["spectators"] == 1
    spectator_presence(table_id=table.pk, user_id=watcher.pk, delta=-1)
    assert selectors.spectator_count(table.pk) == 1
    spectator_presence(table_id=table.pk, user_id=watcher.pk, delta=-1)
    assert selectors.spectator_count(table.pk) == 0


def finished_duel(a, b) -> tuple[Table, Match]:
    """A Базар-блот for two people that ended: seat 1 surrendered."""
    table = bot_table("bazar_blot", {"players": 2}, people=[a, b])
    match = table.matches.get()
    move_apply(
        match_id=match.pk, seat=1, action={"type": "surrender"}, seq=match.seq, actor="person", user_id=b.pk
    )
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    return table, Match.objects.get(pk=match.pk)


def test_rematch_starts_when_everyone_agreed_with_the_dealer_moved_on(make_user):
    a, b, c = make_user(), make_user(), make_user()
    table, first = finished_duel(a, b)
    assert refused(seating.rematch_vote, table_id=table.pk, user=c).code == "not_seated"
    seating.rematch_vote(table_id=table.pk, user=a, yes=True)
    _, message = selectors.table_state(table.pk, a.pk, a)
    assert message.view["rematch"] == [0] and message.view["match"] == first.pk
    seating.rematch_vote(table_id=table.pk, user=a, yes=False)
    assert Table.objects.get(pk=table.pk).rematch == []
    seating.rematch_vote(table_id=table.pk, user=a, yes=True)
    seating.rematch_vote(table_id=table.pk, user=b, yes=True)
    table.refresh_from_db()
    second = Match.objects.filter(table=table).order_by("-id").first()
    assert second.pk != first.pk and second.status == Match.Status.PLAYING
    assert table.status == Table.Status.PLAYING and table.rematch == []
    assert [(p["seat"], p["user"]) for p in second.players] == [(0, a.pk), (1, b.pk)]
    assert second.options == first.options
    assert second.dealer == (first.dealer + 1) % 2
    # the first match stays finished, in both players' results
    assert Match.objects.get(pk=first.pk).status == Match.Status.FINISHED
    assert set(Result.objects.filter(match=first).values_list("user_id", flat=True)) == {a.pk, b.pk}
    assert refused(seating.rematch_vote, table_id=table.pk, user=a).code == "no_rematch"


def test_bots_always_agree_and_leaving_cancels(make_user):
    a, b = make_user(), make_user()
    table, _ = finished_duel(a, b)
    seating.rematch_vote(table_id=table.pk, user=a, yes=True)
    seat_presence(table_id=table.pk, user_id=b.pk, delta=+1)
    seat_presence(table_id=table.pk, user_id=b.pk, delta=-1)  # b leaves
    assert Table.objects.get(pk=table.pk).rematch == []
    # a table of one person and bots: the person's «yes» starts the next match
    person = make_user()
    solo = bot_table("bazar_blot", {"players": 2}, people=[person])
    match = solo.matches.get()
    move_apply(
        match_id=match.pk, seat=0, action={"type": "surrender"}, seq=match.seq, actor="person",
        user_id=person.pk,
    )  # fmt: skip
    _, message = selectors.table_state(solo.pk, person.pk, person)
    assert message.view["rematch"] == [1]  # the bot
    seating.rematch_vote(table_id=solo.pk, user=person, yes=True)
    assert Match.objects.filter(table=solo).count() == 2


def test_a_rematch_is_casual_unless_the_table_was_made_rated_and_a_private_table_is_casual(make_user):
    """#36, item 8: friendly, private and rematch tables default to casual."""
    from apps.stats.models import Result as Row
    from tests.stats.helpers import play_through

    a, b = make_user(), make_user()
    table, _ = finished_duel(a, b)
    assert table.rated is None
    seating.rematch_vote(table_id=table.pk, user=a, yes=True)
    seating.rematch_vote(table_id=table.pk, user=b, yes=True)
    table.refresh_from_db()
    assert table.rated is False  # the default turned casual for the rematch
    second = play_through(Match.objects.filter(table=table).order_by("-id").first())
    move_apply(
        match_id=second.pk, seat=0, action={"type": "surrender"}, seq=second.seq, actor="person",
        user_id=a.pk,
    )  # fmt: skip
    second.refresh_from_db()
    assert second.status == Match.Status.FINISHED and second.result["rated"] is False
    assert {r.outcome for r in Row.objects.filter(match=second)} != {"void"}  # played, not aborted
    # (a table made «на рейтинг» keeps its rematches rated: tests/hardening/test_rating_farming.py)
    # a private table left at the default is casual; chosen rated it is rated
    assert seating.table_create(user=make_user(), game="durak", private=True).rated is False
    assert seating.table_create(user=make_user(), game="durak", private=True, rated=True).rated is True
    assert seating.table_create(user=make_user(), game="durak").rated is None
