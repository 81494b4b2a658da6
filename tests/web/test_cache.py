"""The read-only parts of a game's pages are cached per game version: cheap, never stale,
never another visitor's."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import PASSWORD, quiet_hands
from tests.web.conftest import HX, bids_data, bids_url

pytestmark = pytest.mark.django_db


def test_asking_again_skips_the_hands_and_the_replay(
    owner_client, make_game, django_assert_num_queries
):
    game = make_game(quiet_hands(5))
    first = owner_client.get(game.get_absolute_url())
    owner_client.get(game.get_absolute_url(), headers=HX)
    # The session, the user and the game: the hands come with the cached HTML.
    with django_assert_num_queries(3):
        second = owner_client.get(game.get_absolute_url())
    with django_assert_num_queries(3):
        fragment = owner_client.get(game.get_absolute_url(), headers=HX)
    assert first.status_code == second.status_code == fragment.status_code == 200
    assert "#5" in second.content.decode()
    assert "#5" in fragment.content.decode()


def test_recording_a_hand_shows_at_once(owner_client, make_game):
    game = make_game(quiet_hands(2))
    assert "Hand 3: bids" in owner_client.get(game.get_absolute_url()).content.decode()
    owner_client.post(bids_url(game), bids_data(3, 4, 3, 3, 3))
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Hand 3: tricks" in page
    assert "Hand 3: bids" not in page


def test_cached_pages_carry_each_visitors_own_working_csrf_token(make_game, owner):
    game = make_game(quiet_hands(1))
    phones = [Client(enforce_csrf_checks=True) for _ in range(2)]
    tokens = []
    for phone in phones:
        assert phone.login(username=owner.username, password=PASSWORD)
        page = phone.get(game.get_absolute_url()).content.decode()
        tokens.append(re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1])
    assert tokens[0] != tokens[1]
    # The second phone's token, from the cached HTML, is accepted for its own post.
    data = {**bids_data(2, 4, 3, 3, 3), "csrfmiddlewaretoken": tokens[1]}
    assert phones[1].post(bids_url(game), data).status_code == 302
    # A post without a token is refused.
    refused = phones[0].post(reverse("undo", args=[game.pk]), {"version": "0"})
    assert refused.status_code == 403


def test_the_cached_page_is_the_whole_page_for_its_owner(owner_client, make_game):
    game = make_game(quiet_hands(1))
    first = owner_client.get(game.get_absolute_url()).content.decode()
    second = owner_client.get(game.get_absolute_url()).content.decode()
    for page in (first, second):
        assert "Sign out" in page
        assert "<html" in page
        assert re.search(r'hx-headers=\'\{"X-CSRFToken": "[A-Za-z0-9]{64}"\}\'', page)


def test_a_waiting_message_is_shown_on_the_cached_page(owner_client, make_game):
    game = make_game(quiet_hands(1))
    owner_client.get(game.get_absolute_url())
    owner_client.post(reverse("undo", args=[game.pk]), {"version": str(game.version - 1)})
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "changed on another phone" in page
    # Shown once.
    assert (
        "changed on another phone" not in owner_client.get(game.get_absolute_url()).content.decode()
    )
