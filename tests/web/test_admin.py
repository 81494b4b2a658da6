"""The host's admin (games.admin): staff list, search and open every model it shows; nobody
else learns it exists (404); games and club nights can't be changed there, accounts only as
Django's user admin does; a list costs the same queries however many rows it shows."""

import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.accounts.models import Guest
from games.admin import host_site
from games.club import services as club
from games.club.models import CardTable, Event, EventRound, EventTeam, LogEntry, Penalty, Seating
from games.models import Game, Hand, Table
from tests.club.test_club_night import bare_event, new_event
from tests.conftest import QUIET_HAND
from tests.security.test_headers import assert_security_headers

pytestmark = pytest.mark.django_db

MODELS = [User, Guest, Game, Table, Event, EventTeam, CardTable, EventRound, Seating, Penalty]
MODELS.append(LogEntry)


def admin_url(model, view="changelist", *args):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_superuser("host", "host@example.com", "a-password")


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


@pytest.fixture
def night(owner):
    """A club night in its first round, a penalty given at table 1: every club model has a
    row (the event's games and tables, too)."""
    event = new_event(owner)
    club.start_round(owner, event.pk)
    club.add_penalty(owner, event.pk, 1, 1, 1, 20, False, "slow play")
    return event


@pytest.fixture
def guest(make_user):
    user = make_user("guest-1")
    Guest.objects.create(user=user, address="192.0.2.7")
    return user


def test_every_model_the_issue_names_is_registered():
    assert set(host_site._registry) >= set(MODELS)
    assert Hand not in host_site._registry  # its hands are shown in the game's page


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_staff_list_and_open_every_model(staff_client, night, guest, model):
    row = model.objects.order_by("pk").first()
    assert row is not None
    listed = staff_client.get(admin_url(model))
    assert listed.status_code == 200
    opened = staff_client.get(admin_url(model, "change", row.pk))
    assert opened.status_code == 200
    assert str(row) in opened.content.decode()


def test_the_index_lists_the_accounts_the_games_and_the_nights(staff_client):
    body = staff_client.get(reverse("admin:index")).content.decode()
    for model in MODELS:
        assert admin_url(model) in body


def test_a_game_is_found_by_a_players_name_and_by_its_owner(staff_client, make_game, make_user):
    mine = make_game([QUIET_HAND], players=("Zelda", "Ben", "Cat", "Dan"))
    other = make_game(user=make_user("yolanda"))
    found = staff_client.get(admin_url(Game), {"q": "zeld"}).context["cl"].result_list
    assert list(found) == [mine]
    found = staff_client.get(admin_url(Game), {"q": "yolanda"}).context["cl"].result_list
    assert list(found) == [other]


def test_an_event_and_its_parts_are_found_by_name_and_by_owner(staff_client, night, make_user):
    other = bare_event(make_user("xavier"), name="Tuesday league")
    for query, expected in (("tuesday", other), ("xavier", other), ("friday", night)):
        found = staff_client.get(admin_url(Event), {"q": query}).context["cl"].result_list
        assert list(found) == [expected], query
    found = staff_client.get(admin_url(EventTeam), {"q": "owner"}).context["cl"].result_list
    assert {team.event_id for team in found} == {night.pk}
    found = staff_client.get(admin_url(LogEntry), {"q": "slow play"}).context["cl"].result_list
    assert [entry.event_id for entry in found] == [night.pk]


def test_an_account_is_found_by_username_and_by_email(staff_client, make_user):
    make_user("walter")
    User.objects.filter(username="walter").update(email="wal@example.org")
    make_user("someone")
    for query in ("walt", "wal@example"):
        found = staff_client.get(admin_url(User), {"q": query}).context["cl"].result_list
        assert [user.username for user in found] == ["walter"], query


def test_a_game_page_shows_its_hands_and_no_form_to_change_them(staff_client, make_game):
    game = make_game([QUIET_HAND, {"bids": [4, 3, 3, 3]}])
    response = staff_client.get(admin_url(Game, "change", game.pk))
    body = response.content.decode()
    hands = response.context["inline_admin_formsets"][0]
    assert [form.original for form in hands] == list(game.hands.order_by("number"))
    assert "[4, 3, 3, 3]" in body
    main = body.split('id="content-main"')[1]
    fields = re.findall(r"<(?:input|textarea|select)\b[^>]*>", main)
    assert [field for field in fields if 'type="hidden"' not in field] == []
    assert 'name="_save"' not in body


@pytest.mark.parametrize("who", ["visitor", "account", "guest", "inactive staff"])
def test_anyone_but_staff_gets_a_404_from_every_admin_url(client, make_user, guest, night, who):
    if who == "account":
        client.force_login(make_user("plain"))
    elif who == "guest":
        client.force_login(guest)
    elif who == "inactive staff":
        user = make_user("was-host")
        User.objects.filter(pk=user.pk).update(is_staff=True, is_active=False)
        client.force_login(user)
    game = Game.objects.order_by("pk").first()
    urls = [
        reverse("admin:index"),
        reverse("admin:login"),
        reverse("admin:logout"),
        reverse("admin:password_change"),
        reverse("admin:jsi18n"),
        reverse("admin:app_list", args=["games"]),
        "/admin/no/such/page/",
        admin_url(Game, "change", game.pk),
        admin_url(Game, "history", game.pk),
    ]
    urls += [admin_url(model) for model in MODELS]
    for url in urls:
        assert client.get(url).status_code == 404, url
    assert client.post(reverse("admin:login"), {"username": "x"}).status_code == 404


def test_staff_are_sent_from_the_admins_sign_in_to_its_index(staff_client):
    response = staff_client.get(reverse("admin:login"))
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:index")


def test_staff_sign_in_through_the_apps_own_page(client, staff):
    response = client.post(
        reverse("login") + "?next=/admin/", {"username": "host", "password": "a-password"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200


def test_a_post_changing_a_game_through_the_admin_is_refused(staff_client, make_game):
    game = make_game([QUIET_HAND])
    before = (game.name, game.version, game.scores, list(game.hands.values("bids", "tricks")))
    data = {
        "name": "Renamed",
        "owner": game.owner_id,
        "players": '["A", "B", "C", "D"]',
        "scores": "[900, 0]",
        "hands-TOTAL_FORMS": "1",
        "hands-INITIAL_FORMS": "1",
        "hands-0-id": game.hands.get().pk,
        "hands-0-bids": "[13, 0, 0, 0]",
        "_save": "Save",
    }
    response = staff_client.post(admin_url(Game, "change", game.pk), data)
    assert response.status_code == 403
    assert staff_client.post(admin_url(Game, "add"), data).status_code == 403
    assert staff_client.post(admin_url(Game, "delete", game.pk), {"post": "yes"}).status_code == 403
    game.refresh_from_db()
    after = (game.name, game.version, game.scores, list(game.hands.values("bids", "tricks")))
    assert after == before


def test_no_club_part_can_be_changed_or_deleted(staff_client, night):
    for model in (Event, EventTeam, Penalty, Seating, Table):
        row = model.objects.order_by("pk").first()
        change = staff_client.post(admin_url(model, "change", row.pk), {"name": "x"})
        assert change.status_code == 403, model
        delete = staff_client.post(admin_url(model, "delete", row.pk), {"post": "yes"})
        assert delete.status_code == 403, model
    assert Event.objects.get(pk=night.pk).name == "Friday club night"
    assert Penalty.objects.count() == 1


def test_staff_can_turn_an_account_off_and_not_delete_it(staff_client, owner):
    page = staff_client.get(admin_url(User, "change", owner.pk))
    data = {
        key: value
        for key, value in page.context["adminform"].form.initial.items()
        if key in ("username", "first_name", "last_name", "email")
    }
    data.update({"is_active": "", "date_joined_0": "2026-01-01", "date_joined_1": "10:00:00"})
    response = staff_client.post(admin_url(User, "change", owner.pk), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    owner.refresh_from_db()
    assert owner.is_active is False
    delete = staff_client.post(admin_url(User, "delete", owner.pk), {"post": "yes"})
    assert delete.status_code == 403
    assert User.objects.filter(pk=owner.pk).exists()
    assert staff_client.get(admin_url(User, "add")).status_code == 403


def test_a_table_page_never_shows_its_links_tokens(staff_client, make_game):
    game = make_game()
    game.table.set_scoring_link(enabled=True)
    game.table.refresh_from_db()
    body = staff_client.get(admin_url(Table, "change", game.table_id)).content.decode()
    assert game.table.watch_token not in body
    assert game.table.score_token not in body
    listed = staff_client.get(admin_url(Table)).content.decode()
    assert game.table.watch_token not in listed


def queries_of(client, url):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_a_list_costs_the_same_queries_at_two_sizes(staff_client, owner, guest, model):
    """One night (and its games), then three: a list of 3 times as many rows asks no more."""
    counts = []
    for nights in (1, 3):
        while Event.objects.count() < nights:
            event = new_event(owner, name=f"Night {Event.objects.count() + 1}")
            club.start_round(owner, event.pk)
            club.add_penalty(owner, event.pk, 1, 1, 1, 20, False, "slow play")
        counts.append(queries_of(staff_client, admin_url(model)))
    assert counts[0] == counts[1]
    assert counts[0] <= 8


def test_admin_pages_send_the_security_headers_and_need_no_inline_code(staff_client, night):
    """The same Content Security Policy as the app's pages: no inline script, style or
    handler, which the policy would block (tests/security/test_headers.py)."""
    game = Game.objects.order_by("pk").first()
    urls = [reverse("admin:index"), admin_url(Game), admin_url(Game, "change", game.pk)]
    urls += [admin_url(User), admin_url(User, "change", night.owner_id), admin_url(Event)]
    urls += [admin_url(Game) + "?q=ann", reverse("admin:jsi18n")]
    for url in urls:
        response = staff_client.get(url)
        assert_security_headers(response, url)
        assert "no-cache" in response.get("Cache-Control", "") or url.endswith("jsi18n/"), url
        if url.endswith("jsi18n/"):
            continue
        html = response.content.decode()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag or 'type="application/json"' in tag, (url, tag)
        assert "<style" not in html, url
        assert not re.search(r"\sstyle=", html), f"style attribute on {url}"
        assert not re.search(r"\son[a-z]+=", html), f"event handler attribute on {url}"
