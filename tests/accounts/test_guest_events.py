"""A guest may run a club night: the event is the guest's like its games, counted in the
warning before a sign-out deletes it, kept by signing up and moved by signing in."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games.accounts import guests
from games.club import services as club
from games.club.models import Event, EventTeam
from games.models import Game
from tests.accounts.test_guests import SIGNUP, guest_game  # noqa: F401 (a fixture)
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

User = get_user_model()
EVENT = {
    "name": "Guest's club night",
    "preset": "tournament_10",
    "pairing": "swiss",
    "win": 2,
    "draw": 1,
    "loss": 0,
    "bye": 2,
    "ranking": "own",
}


@pytest.fixture
def guest_event(client, guest_game):  # noqa: F811 (the fixture imported above)
    """The guest of `guest_game` sets up a club night from the pages and pairs round 1."""
    response = client.post(reverse("club:new_event"), EVENT)
    event = Event.objects.get()
    assert response["Location"] == event.get_absolute_url()
    assert event.owner_id == guest_game.owner_id
    for name, first, second in [("Aces", "Ann", "Art"), ("Books", "Ben", "Bea")]:
        add = reverse("club:add_team", args=[event.pk])
        client.post(add, {"name": name, "first": first, "second": second})
    user = User.objects.get(pk=event.owner_id)
    club.start_round(user, event.pk)
    return event


def test_the_sign_out_warning_counts_a_guests_club_nights_and_offers_to_keep_them(
    client, guest_event
):
    page = client.get(reverse("logout"))
    # The night's table game is counted with the night, not as one of the guest's games.
    assert Game.objects.count() == 2
    assertContains(page, "Your 1 game and 1 club night will be lost.")
    assertContains(page, "a club night's board, table cards and standings with it")
    assertContains(page, f'href="{reverse("signup")}"')
    assertContains(page, "Sign up and keep them")
    assertContains(page, "Sign in and move them to your account")


def test_a_guest_with_only_a_club_night_is_told_of_it_alone(client, guest_event, guest_game):  # noqa: F811
    guest_game.delete()
    page = client.get(reverse("logout"))
    assertContains(page, "Your 1 club night will be lost.")
    assertContains(page, "Sign up and keep it")
    assertNotContains(page, "0 games")


def test_signing_out_a_guest_deletes_its_club_night_with_its_games(client, guest_event):
    board = reverse("club:board", args=[guest_event.board_token])
    assert client.get(board).status_code == 200
    client.post(reverse("logout"))
    assert not Event.objects.exists()
    assert not Game.objects.exists()
    assert client.get(board).status_code == 404


def test_signing_up_as_a_guest_keeps_its_club_night(client, guest_event):
    client.post(reverse("signup"), SIGNUP)
    account = User.objects.get(username="zoe")
    assert Event.objects.get().owner == account
    assertContains(client.get(guest_event.get_absolute_url()), "Guest&#x27;s club night")
    client.post(reverse("logout"))
    assert Event.objects.exists()  # an account's sign-out deletes nothing


def test_signing_in_as_a_guest_moves_its_club_night_into_the_account(client, guest_event, owner):
    guest_id = guest_event.owner_id
    response = client.post(reverse("login"), {"username": "owner", "password": PASSWORD})
    assert response["Location"] == reverse("home")
    assertContains(
        client.get("/"),
        "1 game and 1 club night you played as a guest on this phone moved into your account",
    )
    assert not User.objects.filter(pk=guest_id).exists()
    event = Event.objects.get()
    assert event.owner == owner
    assert EventTeam.objects.filter(event=event).count() == 2
    assert set(Game.objects.values_list("owner", flat=True)) == {owner.pk}
    desk = client.get(event.get_absolute_url())
    assertContains(desk, "Round 1")
    assert client.get(reverse("club:board", args=[event.board_token])).status_code == 200


def test_a_move_covers_the_club_nights_a_guest_directs():
    assert Event in {field.model for field in guests.owned_relations()}
