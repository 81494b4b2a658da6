"""The list of games is cached, but a change to any game shows at once."""

import pytest
from django.urls import reverse

from tests.conftest import QUIET_HAND
from tests.web.conftest import bids_data, bids_url

pytestmark = pytest.mark.django_db


def test_a_recorded_hand_shows_on_home_at_once(owner_client, make_game):
    game = make_game([QUIET_HAND])
    assert "1 hand · " in owner_client.get("/").content.decode()
    owner_client.post(bids_url(game), bids_data(2, 4, 3, 3, 3))
    owner_client.post(
        reverse("post_tricks", args=[game.pk]), {"hand": "2", "side_0": "7", "side_1": "6"}
    )
    page = owner_client.get("/").content.decode()
    assert "2 hands · " in page
    assert '<strong class="score">140</strong>' in page


def test_a_new_game_shows_at_once(owner_client, make_game):
    make_game([QUIET_HAND])
    owner_client.get(reverse("games"))
    make_game([QUIET_HAND], players=("Wu", "Xi", "Yo", "Zed"))
    assert "Wu + Yo" in owner_client.get(reverse("games")).content.decode()


def test_filters_and_pages_are_cached_apart(owner_client, make_game):
    make_game([QUIET_HAND])
    make_game([QUIET_HAND], players=("Wu", "Xi", "Yo", "Zed"))
    everyone = owner_client.get(reverse("games")).content.decode()
    only_wu = owner_client.get(reverse("games") + "?player=wu").content.decode()
    assert "Ann + Cat" in everyone
    assert "Wu + Yo" in everyone
    assert "Wu + Yo" in only_wu
    assert "Ann + Cat" not in only_wu


def test_each_account_sees_only_its_own_cached_list(client, make_game, owner, stranger):
    make_game([QUIET_HAND])
    client.force_login(owner)
    assert "Ann + Cat" in client.get("/").content.decode()
    client.force_login(stranger)
    assert "Ann + Cat" not in client.get("/").content.decode()
