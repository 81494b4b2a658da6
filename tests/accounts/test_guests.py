"""Score first, sign up later: a guest's games are private to its browser, kept by a sign-up,
moved by a sign-in, lost by a sign-out, and purged once abandoned."""

import threading
import time
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connections
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django.asserts import assertContains, assertNotContains

from games.accounts import guests
from games.accounts.models import Guest
from games.models import Game, Hand, PlayerRecord, Restore
from games.scoring import limits
from tests.accounts.guests import NEW_GAME, make_guest, sign_in_guest, start_as_visitor
from tests.conftest import PASSWORD, QUIET_HAND, quiet_hands
from tests.web.conftest import HX, bids_data, bids_url, tricks_url

pytestmark = pytest.mark.django_db

User = get_user_model()
SIGNUP = {"username": "zoe", "password1": PASSWORD, "password2": PASSWORD}
BANNER = "Playing as a guest"


def play_quiet_hand(client, game):
    number = game.hands.count() + 1
    assert client.post(bids_url(game), bids_data(number, *QUIET_HAND["bids"])).status_code == 302
    tricks = {"hand": str(number), "side_0": "7", "side_1": "6"}
    assert client.post(tricks_url(game), tricks).status_code == 302


@pytest.fixture
def guest_game(client):
    """A visitor who started a game and recorded one hand in it."""
    response = start_as_visitor(client)
    game = Game.objects.get()
    assert response["Location"] == game.get_absolute_url()
    play_quiet_hand(client, game)
    return game


# --- becoming a guest -------------------------------------------------------------------------


def test_the_welcome_page_offers_a_game_without_an_account_first(client):
    page = client.get("/")
    assertContains(
        page, f'<a class="button primary wide" href="{reverse("new_game")}">Start a game</a>'
    )
    assertContains(page, f'href="{reverse("signup")}"')
    assertContains(page, f'href="{reverse("login")}"')


def test_the_new_game_page_makes_nobody_a_guest(client):
    page = client.get(reverse("new_game"))
    assert page.status_code == 200
    assertContains(page, 'id="guest-note"')  # the visitor is told before starting
    assert client.head(reverse("new_game")).status_code == 200
    assert User.objects.count() == 0
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_a_bad_new_game_makes_nobody_a_guest(client, headers):
    response = client.post(reverse("new_game"), NEW_GAME | {"player_1": ""}, headers=headers)
    assert response.status_code == 422
    assert User.objects.count() == 0
    assert Game.objects.count() == 0


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_starting_a_game_without_an_account_makes_a_guest_who_owns_it(client, headers):
    response = start_as_visitor(client, headers=headers)
    game = Game.objects.get()
    if headers:
        assert response["HX-Redirect"] == game.get_absolute_url()
    else:
        assert response["Location"] == game.get_absolute_url()
    guest = Guest.objects.get()
    assert game.owner == guest.user
    assert not guest.user.has_usable_password()
    assert guest.address == "198.51.100.1"
    assert client.session["_auth_user_id"] == str(guest.user.pk)
    page = client.get(game.get_absolute_url())
    assertContains(page, BANNER)
    assertContains(page, "Ann + Cat")


def test_a_guest_starting_another_game_stays_the_same_guest(client, guest_game):
    start_as_visitor(client)
    assert Guest.objects.count() == 1
    assert set(Game.objects.values_list("owner", flat=True)) == {guest_game.owner_id}


def test_a_guest_sees_its_games_and_the_way_to_keep_them(client, guest_game):
    home = client.get("/")
    assertContains(home, BANNER)
    assertContains(home, "your games stay on this phone")
    assertContains(home, f'href="{reverse("signup")}"')
    assertContains(home, f'href="{reverse("login")}"')
    assertContains(home, guest_game.get_absolute_url())
    # No sign-out button that would lose the games in one tap: a page that warns first.
    assertNotContains(home, f'<form method="post" action="{reverse("logout")}"')
    assertContains(home, f'href="{reverse("logout")}"')
    for name in ("games", "players", "export_all"):
        assert client.get(reverse(name)).status_code == 200


def test_an_account_is_not_called_a_guest(owner_client):
    home = owner_client.get("/")
    assertNotContains(home, BANNER)
    assertNotContains(owner_client.get(reverse("new_game")), 'id="guest-note"')
    assertContains(home, f'<form method="post" action="{reverse("logout")}"')


# --- private to the browser ----------------------------------------------------------------


def test_a_guest_cannot_see_or_change_another_guests_game(guest_game):
    other = Client()
    start_as_visitor(other, address="198.51.100.2")
    assert Guest.objects.count() == 2
    version = Game.objects.get(pk=guest_game.pk).version
    assert other.get(guest_game.get_absolute_url()).status_code == 404
    assert other.post(bids_url(guest_game), bids_data(2, 3, 3, 3, 3)).status_code == 404
    assert other.get(reverse("export_game", args=[guest_game.pk])).status_code == 404
    assert Game.objects.get(pk=guest_game.pk).version == version
    assertNotContains(other.get(reverse("games")), guest_game.get_absolute_url())


def test_an_account_cannot_see_a_guests_game_nor_a_guest_an_accounts(
    guest_game, client, stranger_client, make_game
):
    assert stranger_client.get(guest_game.get_absolute_url()).status_code == 404
    mine = make_game([QUIET_HAND])  # the owner's
    guest = Client()
    start_as_visitor(guest, address="198.51.100.3")
    assert guest.get(mine.get_absolute_url()).status_code == 404
    assert guest.post(reverse("undo", args=[mine.pk]), {"version": "1"}).status_code == 404
    assert mine.hands.count() == 1


def test_a_copied_guest_cookie_stops_working_after_sign_out(client, guest_game):
    thief = Client()
    thief.cookies["sessionid"] = client.cookies["sessionid"].value
    assert thief.get(guest_game.get_absolute_url()).status_code == 200
    client.post(reverse("logout"))
    assert thief.get(guest_game.get_absolute_url()).status_code == 404


# --- too many guests from one address ------------------------------------------------------


@pytest.fixture
def few_guests(monkeypatch):
    monkeypatch.setattr(guests, "PER_ADDRESS", 2)


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_too_many_guests_from_one_address_are_refused_with_a_message(few_guests, headers):
    for _ in range(2):
        assert start_as_visitor(Client()).status_code == 302
    response = start_as_visitor(Client(), headers=headers)
    assert response.status_code == 429
    assertContains(response, "started without an account from this connection", status_code=429)
    assert ("<html" in response.content.decode()) is not bool(headers)
    assert Guest.objects.count() == 2
    assert Game.objects.count() == 2
    # Another address, or an account, is not held back.
    assert start_as_visitor(Client(), address="203.0.113.9").status_code == 302


@pytest.mark.django_db(transaction=True)
def test_parallel_visitors_cannot_overshoot_the_guest_limit(monkeypatch):
    """Every start is slowed between counting and creating: only the limit get through."""
    monkeypatch.setattr(guests, "PER_ADDRESS", 3)
    real_token = guests.secrets.token_hex

    def slow_token(size: int) -> str:
        time.sleep(0.2)
        return real_token(size)

    monkeypatch.setattr(guests.secrets, "token_hex", slow_token)
    visitors = 8
    ready = threading.Barrier(visitors)
    statuses: list = [None] * visitors

    def visit(index: int) -> None:
        try:
            ready.wait(timeout=30)
            statuses[index] = start_as_visitor(Client()).status_code
        except BaseException as error:
            statuses[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=visit, args=(i,)) for i in range(visitors)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert sorted(statuses, key=str) == sorted([302] * 3 + [429] * 5, key=str)
    assert Guest.objects.count() == 3


def test_the_guest_limit_ends_when_the_hour_has_passed(few_guests):
    for _ in range(2):
        start_as_visitor(Client())
    Guest.objects.update(created_at=timezone.now() - guests.WINDOW - timedelta(seconds=1))
    assert start_as_visitor(Client()).status_code == 302


def test_behind_a_proxy_the_guest_limit_is_per_client(settings, few_guests):
    settings.TRUSTED_PROXIES = 1
    for _ in range(2):
        start_as_visitor(Client(), address="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.1")
    refused = start_as_visitor(Client(), address="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.1")
    assert refused.status_code == 429
    other = start_as_visitor(Client(), address="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.2")
    assert other.status_code == 302
    assert set(Guest.objects.values_list("address", flat=True)) == {"192.0.2.1", "192.0.2.2"}


# --- CSRF on every new post ----------------------------------------------------------------


def test_starting_a_game_as_a_visitor_needs_the_csrf_token():
    browser = Client(enforce_csrf_checks=True)
    assert start_as_visitor(browser).status_code == 403
    assert User.objects.count() == 0


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("signup", SIGNUP),
        ("login", {"username": "owner", "password": PASSWORD}),
        ("logout", {}),
    ],
)
def test_a_guests_account_posts_need_the_csrf_token(owner, make_game, name, data):
    guest = make_guest()
    game = make_game([QUIET_HAND], user=guest)
    browser = Client(enforce_csrf_checks=True)
    sign_in_guest(browser, guest)
    assert browser.post(reverse(name), data).status_code == 403
    assert Guest.objects.filter(user=guest).exists()
    assert Game.objects.get(pk=game.pk).owner == guest


# --- signing up keeps the games --------------------------------------------------------------


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_signing_up_as_a_guest_keeps_every_game_hand_and_statistic(client, guest_game, headers):
    guest_id = guest_game.owner_id
    client.post(reverse("game_note", args=[guest_game.pk]), {"note": "at Ben's"})
    records = list(PlayerRecord.objects.filter(game=guest_game).values_list("name", "hands"))
    assert records
    page = client.get(reverse("signup"))
    assertContains(page, "kept in the new account")
    assert page.context["form"]["username"].value() in ("", None)

    response = client.post(reverse("signup"), SIGNUP, headers=headers)

    where = response["HX-Redirect"] if headers else response["Location"]
    assert where == reverse("home")
    user = User.objects.get(username="zoe")
    assert user.pk == guest_id
    assert user.check_password(PASSWORD)
    assert not Guest.objects.exists()
    game = Game.objects.get()
    assert game.owner_id == guest_id
    assert game.note == "at Ben's"
    assert list(Hand.objects.filter(game=game).values_list("bids", flat=True)) == [
        QUIET_HAND["bids"]
    ]
    assert list(PlayerRecord.objects.filter(game=game).values_list("name", "hands")) == records
    home = client.get("/")
    assertNotContains(home, BANNER)
    assertContains(home, game.get_absolute_url())
    # A real account now: it signs in anywhere with its password.
    phone = Client()
    phone.post(reverse("login"), {"username": "zoe", "password": PASSWORD})
    assert phone.get(game.get_absolute_url()).status_code == 200


def test_a_bad_sign_up_leaves_the_guest_as_it_was(client, guest_game):
    response = client.post(reverse("signup"), SIGNUP | {"password2": "something else"})
    assert response.status_code == 422
    guest = User.objects.get(pk=guest_game.owner_id)
    assert guest.username.startswith("guest-")
    assert not guest.has_usable_password()
    assert Guest.objects.filter(user=guest).exists()


def test_a_guest_cannot_take_an_accounts_name(client, guest_game, owner):
    response = client.post(reverse("signup"), SIGNUP | {"username": "Owner"})
    assert response.status_code == 422
    assert "username" in response.context["form"].errors
    assert Guest.objects.filter(user_id=guest_game.owner_id).exists()


# --- signing in moves the games -----------------------------------------------------------


def test_signing_in_as_a_guest_moves_its_games_into_the_account(
    client, guest_game, owner, make_game
):
    guest_id = guest_game.owner_id
    start_as_visitor(client)  # a second guest game
    restore = Restore.objects.create(owner_id=guest_id, total=0)
    mine = make_game(quiet_hands(2))
    records = PlayerRecord.objects.filter(game__owner_id=guest_id).count()
    page = client.get(reverse("login"))
    assertContains(page, "move into the account you sign in to")

    response = client.post(reverse("login"), {"username": "owner", "password": PASSWORD})

    assert response["Location"] == reverse("home")
    assert set(Game.objects.values_list("owner", flat=True)) == {owner.pk}
    assert Game.objects.count() == 3
    assert PlayerRecord.objects.filter(game__owner=owner).count() == records + 4
    assert Restore.objects.get(pk=restore.pk).owner == owner
    assert not User.objects.filter(pk=guest_id).exists()
    assert not Guest.objects.exists()
    assert client.session["_auth_user_id"] == str(owner.pk)
    home = client.get("/")
    assertContains(home, "2 games you played as a guest on this phone moved into your account")
    assertNotContains(home, BANNER)
    for game in (guest_game, mine):
        assertContains(home, game.get_absolute_url())
    assert client.get(guest_game.get_absolute_url()).status_code == 200


@pytest.mark.parametrize("limit", ["games", "hands"])
def test_a_move_past_the_accounts_limits_is_refused_and_moves_nothing(
    client, guest_game, owner, make_game, monkeypatch, limit
):
    make_game(quiet_hands(3))
    if limit == "games":
        monkeypatch.setattr(limits, "MAX_ACCOUNT_GAMES", 1)
        words = "past the 1 an account keeps"
    else:
        monkeypatch.setattr(limits, "MAX_ACCOUNT_HANDS", 3)
        words = "an account keeps at most 3"

    response = client.post(
        reverse("login"), {"username": "owner", "password": PASSWORD}, headers=HX
    )

    assert response.status_code == 409
    assertContains(response, words, status_code=409)
    assertContains(response, "Nothing was moved", status_code=409)
    assert Game.objects.get(pk=guest_game.pk).owner_id == guest_game.owner_id
    assert Guest.objects.filter(user_id=guest_game.owner_id).exists()
    assert client.session["_auth_user_id"] == str(guest_game.owner_id)
    assert Game.objects.filter(owner=owner).count() == 1


def test_a_wrong_password_as_a_guest_moves_nothing(client, guest_game, owner):
    response = client.post(reverse("login"), {"username": "owner", "password": "nope"})
    assert response.status_code == 422
    assert Game.objects.get(pk=guest_game.pk).owner_id == guest_game.owner_id
    assert client.session["_auth_user_id"] == str(guest_game.owner_id)


def test_moving_a_guest_that_has_gone_moves_nothing(owner, make_game):
    guest = make_guest()
    make_game([QUIET_HAND], user=guest)
    Guest.objects.filter(user=guest).delete()  # signed up in another tab
    assert guests.move_to(guest.pk, owner) == 0
    assert Game.objects.get().owner == guest


# --- signing out, passwords ------------------------------------------------------------------


def test_signing_out_as_a_guest_warns_first_then_deletes_its_games(client, guest_game):
    page = client.get(reverse("logout"))
    assertContains(page, "Your 1 game will be lost.")
    assertContains(page, f'href="{reverse("signup")}"')
    assert Game.objects.count() == 1

    response = client.post(reverse("logout"))

    assert response["Location"] == reverse("home")
    assert "_auth_user_id" not in client.session
    assert not User.objects.filter(pk=guest_game.owner_id).exists()
    assert Game.objects.count() == 0
    assertContains(client.get("/"), "Keep score at the Spades table")


def test_signing_out_an_account_deletes_nothing(owner_client, owner, make_game):
    make_game([QUIET_HAND])
    owner_client.post(reverse("logout"))
    assert User.objects.filter(pk=owner.pk).exists()
    assert Game.objects.count() == 1


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_guest_has_no_password_to_change(client, guest_game, method):
    response = getattr(client, method)(reverse("password_change"))
    assert response["Location"] == reverse("signup")
    assertContains(client.get(reverse("signup")), "sign up to choose a password")


# --- abandoned guests ------------------------------------------------------------------------


def guest_away(days, *, game_days=None, make_game):
    guest = make_guest()
    then = timezone.now() - timedelta(days=days)
    Guest.objects.filter(user=guest).update(created_at=then, last_seen=then)
    game = make_game([QUIET_HAND], user=guest)
    Game.objects.filter(pk=game.pk).update(
        updated_at=timezone.now() - timedelta(days=days if game_days is None else game_days)
    )
    return guest


def test_purge_deletes_guests_away_longer_than_the_days_with_their_games(make_game, owner):
    gone = guest_away(100, make_game=make_game)
    recent = guest_away(10, make_game=make_game)
    still_playing = guest_away(100, game_days=1, make_game=make_game)
    account_game = make_game([QUIET_HAND])
    Game.objects.filter(pk=account_game.pk).update(updated_at=timezone.now() - timedelta(500))
    User.objects.filter(pk=owner.pk).update(date_joined=timezone.now() - timedelta(500))

    call_command("purge_guests", "--days", "90")

    assert not User.objects.filter(pk=gone.pk).exists()
    assert not Game.objects.filter(owner_id=gone.pk).exists()
    assert set(User.objects.values_list("pk", flat=True)) == {recent.pk, still_playing.pk, owner.pk}
    assert Game.objects.filter(owner=owner).count() == 1


def test_purge_defaults_to_the_session_age_and_says_what_it_did(make_game, capsys, settings):
    guest_away(91, make_game=make_game)
    guest_away(89, make_game=make_game)
    call_command("purge_guests")
    assert "Deleted 1 guest away 90+ days." in capsys.readouterr().out
    assert Guest.objects.count() == 1


def test_purge_refuses_a_days_below_one():
    with pytest.raises(CommandError, match="1 or more"):
        call_command("purge_guests", "--days", "0")


def test_a_guest_coming_back_is_seen_once_a_day(client, guest_game):
    long_ago = timezone.now() - timedelta(days=80)
    Guest.objects.update(last_seen=long_ago)
    session = client.session
    session[guests.SEEN_KEY] = "2000-01-01"
    session.save()
    client.get("/")
    assert Guest.objects.get().last_seen > long_ago
    assert client.session[guests.SEEN_KEY] == timezone.localdate().isoformat()


def test_a_move_covers_everything_an_account_owns():
    """A model added later with a key to its owner moves with the games, or this says so."""
    moved = {field.model for field in guests.owned_relations()}
    assert {Game, Restore} <= moved
    assert all(field.remote_field.model is User for field in guests.owned_relations())


def test_an_oversized_post_from_a_visitor_makes_no_guest(client):
    response = client.post(reverse("new_game"), {f"field_{i}": "1" for i in range(1000)})
    assert response.status_code == 400
    assert User.objects.count() == 0
