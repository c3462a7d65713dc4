"""The tournament pages: the list, «Новый турнир», a tournament with its standings, joining,
a pair invitation accepted, leaving; private events hidden from strangers."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from apps.tournaments.models import Entrant, Tournament
from apps.tournaments.registration import tournament_create, tournament_join
from apps.tournaments.rounds import tournament_start

pytestmark = pytest.mark.django_db


def _event(user, **kw):
    fields = {"name": "Вечерняя арена", "format": "arena", "mode": "durak_2", "minutes": 30}
    fields.update(kw)
    return tournament_create(user=user, starts_at=timezone.now() + timedelta(minutes=5), **fields)


def test_the_list_shows_upcoming_live_and_hides_private_ones(client, make_user):
    owner = make_user()
    public = _event(owner)
    hidden = _event(owner, name="Свои люди", private=True)
    page = client.get(reverse("tournaments:index"))
    assert page.status_code == 200
    text = page.content.decode()
    assert public.name in text and hidden.name not in text
    assert 'data-testid="tournaments-upcoming"' in text
    client.force_login(owner)
    assert hidden.name in client.get(reverse("tournaments:index")).content.decode()


def test_a_player_creates_a_tournament_from_the_form(client, make_user):
    client.force_login(make_user())
    bad = client.post(
        reverse("tournaments:new"),
        {"name": "Швейцарка", "format": "swiss", "mode": "blot", "starts_in": 10, "max_entrants": 16},
    )
    assert bad.status_code == 200 and "rounds" in bad.content.decode()
    assert not Tournament.objects.exists()
    made = client.post(
        reverse("tournaments:new"),
        {
            "name": "Швейцарка",
            "format": "swiss",
            "mode": "blot",
            "starts_in": 10,
            "rounds": 4,
            "max_entrants": 16,
        },
    )
    t = Tournament.objects.get()
    assert made.status_code == 302 and made["Location"] == reverse("tournaments:detail", args=[t.pk])
    assert (t.format, t.mode, t.rounds) == ("swiss", "blot", 4)


def test_join_and_leave_through_the_page(client, make_user):
    owner, player = make_user(), make_user()
    t = _event(owner)
    client.force_login(player)
    page = client.get(reverse("tournaments:detail", args=[t.pk]))
    assert 'data-testid="tournament-join"' in page.content.decode()
    client.post(reverse("tournaments:join", args=[t.pk]))
    assert Entrant.objects.filter(tournament=t, user=player).exists()
    page = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert 'data-testid="tournament-leave"' in page and player.username in page
    again = client.post(reverse("tournaments:join", args=[t.pk]), follow=True).content.decode()
    assert "Вы уже участвуете" in again
    client.post(reverse("tournaments:leave", args=[t.pk]))
    assert not Entrant.objects.filter(tournament=t).exists()


def test_a_pair_invitation_is_accepted_on_the_page(client, make_user):
    owner, a, b = make_user(), make_user(), make_user()
    t = _event(owner, mode="durak_pairs")
    client.force_login(a)
    client.post(reverse("tournaments:join", args=[t.pk]), {"partner": "nobody-has-this"})
    assert not Entrant.objects.exists()
    client.post(reverse("tournaments:join", args=[t.pk]), {"partner": b.username})
    entrant = Entrant.objects.get()
    assert entrant.partner_id == b.pk and not entrant.confirmed
    client.force_login(b)
    page = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert 'data-testid="pair-accept"' in page
    client.post(reverse("tournaments:confirm", args=[t.pk]))
    entrant.refresh_from_db()
    assert entrant.confirmed


def test_a_private_tournament_needs_its_code_and_huge_ids_are_404(client, make_user):
    owner, stranger = make_user(), make_user()
    t = _event(owner, private=True)
    client.force_login(stranger)
    assert client.get(reverse("tournaments:detail", args=[t.pk])).status_code == 404
    assert client.get(reverse("tournaments:state", args=[t.pk])).status_code == 404
    with_code = client.get(reverse("tournaments:detail", args=[t.pk]) + f"?code={t.invite_code}")
    assert with_code.status_code == 200
    assert client.get(f"/tournaments/{10**30}/").status_code == 404
    assert client.post(f"/tournaments/{10**30}/join/").status_code == 302


def test_the_state_shows_standings_and_my_table(client, make_user, settings):
    settings.TABLES_SCHEDULER = "none"
    people = [make_user() for _ in range(2)]
    t = _event(people[0])
    for person in people:
        tournament_join(tournament_id=t.pk, user=person)
    tournament_start(t.pk)
    client.force_login(people[1])
    state = client.get(reverse("tournaments:state", args=[t.pk])).json()
    assert state["status"] == "running"
    assert len(state["standings"]) == 2 and sum(r["is_you"] for r in state["standings"]) == 1
    assert state["your_table"]["url"].startswith("/lobby/tables/")
    assert len(state["current"]) == 1
    page = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert 'id="your-table"' in page and "hidden" not in page.split('id="your-table"')[1].split(">")[0]


def test_a_public_event_with_a_rating_range_and_its_published_scoring(client, make_user):
    client.force_login(make_user())
    fields = {"name": "Сильнейшие", "format": "swiss", "mode": "bazar_2", "starts_in": 10, "rounds": 5}
    bad = client.post(
        reverse("tournaments:new"), {**fields, "max_entrants": 16, "rating_min": 1800, "rating_max": 1600}
    )
    assert bad.status_code == 200 and "Верхняя граница рейтинга меньше нижней." in bad.content.decode()
    made = client.post(reverse("tournaments:new"), {**fields, "max_entrants": 16, "rating_min": 1600})
    t = Tournament.objects.get()
    assert made.status_code == 302 and (t.rating_min, t.rating_max, t.private) == (1600, None, False)
    page = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert 'data-testid="tournament-rules"' in page and "10 + ⌈10 · min(m, N) / N⌉" in page  # Victory Points
    arena = _event(t.created_by)
    page = client.get(reverse("tournaments:detail", args=[arena.pk])).content.decode()
    assert "Победа — 2 очка" in page and "вдвойне" in page and "10 + ⌈10" not in page


def test_the_form_makes_a_knockout_best_of_three_and_the_page_and_api_say_so(client, make_user):
    client.force_login(make_user())
    fields = {"name": "Кубок", "format": "knockout", "mode": "durak_2", "starts_in": 10, "max_entrants": 8}
    made = client.post(reverse("tournaments:new"), {**fields, "best_of": 3})
    t = Tournament.objects.get()
    assert made.status_code == 302 and t.best_of == 3
    page = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert "до двух побед" in page and "переигрывается, но не больше двух раз" in page
    assert client.get(f"/api/tournaments/{t.pk}/").json()["best_of"] == 3
    bad = client.post(reverse("tournaments:new"), {**fields, "best_of": 5})
    assert bad.status_code == 200 and Tournament.objects.count() == 1
    # a Swiss ignores the option: one match per table
    client.post(reverse("tournaments:new"), {**fields, "format": "swiss", "rounds": 3, "best_of": 3})
    assert Tournament.objects.get(format="swiss").best_of == 1


def test_the_page_s_lines_and_tables_are_cached_per_state_and_language_with_the_reader_s_own(
    client, make_user, settings, monkeypatch
):
    """The standings' lines and the round's tables are rendered once per state and language
    (apps.tournaments.fragments); each reader's page still marks his own line and adds his line
    and table when they are further down than the page shows."""
    from django.conf import settings as conf

    from apps.tables.models import Match
    from apps.tournaments import fragments, views
    from apps.tournaments.models import Pairing
    from tests.stats.helpers import play_out

    settings.TABLES_SCHEDULER = "none"
    monkeypatch.setattr(views, "PAGE_LINES", 2)
    monkeypatch.setattr(views, "PAGE_TABLES", 1)
    rendered: list[str] = []
    real = fragments.render_to_string
    monkeypatch.setattr(
        fragments, "render_to_string", lambda name, context: rendered.append(name) or real(name, context)
    )
    people = [make_user() for _ in range(6)]
    t = _event(people[0])
    for person in people:
        tournament_join(tournament_id=t.pk, user=person)
    tournament_start(t.pk)
    order = [e.user_id for e in Entrant.objects.filter(tournament=t).order_by("joined_at", "id")]
    url = reverse("tournaments:detail", args=[t.pk])

    def page(user, **headers) -> str:
        client.force_login(user)
        return client.get(url, **headers).content.decode()

    first = page(people[0])
    assert len(rendered) == 2  # the lines and the tables, rendered once
    assert first.count("<tr data-entrant=") == 2 and first.count('class="is-you"') <= 1
    by_user = {e.user_id: e.pk for e in Entrant.objects.filter(tournament=t)}
    rendered.clear()
    # a reader whose line and table are further down: the cached parts, his own rendered apart
    last_user = next(u for u in order if f'data-entrant="{by_user[u]}"' not in first)
    other = page(next(p for p in people if p.pk == last_user))
    assert other.count("<tr data-entrant=") == 3
    assert f'<tr data-entrant="{by_user[last_user]}" class="is-you">' in other
    assert other.count('class="is-you"') == 1
    assert rendered == ["tournaments/_standings_rows.html", "tournaments/_round_tables.html"]
    tables = other.split('data-testid="round-tables">')[1].split("</ul>")[0]
    assert tables.count("<li>") == 2  # the best placed table and his own
    rendered.clear()
    # a reader among the lines shown: only the mark, nothing rendered
    shown_user = next(u for u in order if f'data-entrant="{by_user[u]}"' in first)
    mine = page(next(p for p in people if p.pk == shown_user))
    assert f'<tr data-entrant="{by_user[shown_user]}" class="is-you">' in mine
    assert rendered in ([], ["tournaments/_round_tables.html"])  # his table may be further down
    # English: its own cached parts
    client.cookies[conf.LANGUAGE_COOKIE_NAME] = "en"
    assert "watch" in page(people[0]).split('data-testid="round-tables">')[1].split("</ul>")[0]
    del client.cookies[conf.LANGUAGE_COOKIE_NAME]
    assert "смотреть" in page(people[0]).split('data-testid="round-tables">')[1].split("</ul>")[0]
    # a table ends: the state changes, so do the lines (never stale)
    pairing = Pairing.objects.filter(tournament=t, finished=False).order_by("id").first()
    play_out(Match.objects.get(table=pairing.table, status=Match.Status.PLAYING))
    state = client.get(reverse("tournaments:state", args=[t.pk])).json()
    rendered.clear()
    after = page(people[0])
    assert rendered[0] == "tournaments/_standings_rows.html"  # rendered anew for the new state
    for row in state["standings"][:2]:
        assert (
            f'<td class="num wide">{row["played"]}</td></tr>'
            in after.split(f'data-entrant="{row["entrant"]}"')[1]
        )
