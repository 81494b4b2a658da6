"""Home: what the app does for a visitor; for a player, their games, in progress first."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from tests.conftest import quiet_hands
from tests.web.conftest import BIG_HAND, HX

pytestmark = pytest.mark.django_db


def test_a_visitor_sees_what_the_app_does_and_how_to_start(client):
    page = client.get("/")
    assert page.status_code == 200
    assertContains(page, "Keep score at the Spades table")
    assertContains(page, f'href="{reverse("signup")}"')
    assertContains(page, f'href="{reverse("login")}"')
    assertNotContains(page, "Your games")


def test_a_player_without_games_is_shown_the_new_game_button(owner_client):
    page = owner_client.get("/")
    assert page.status_code == 200
    assertContains(
        page, f'<a class="button primary wide" href="{reverse("new_game")}">New game</a>'
    )


def test_a_player_sees_their_games_with_sides_scores_and_hands(owner_client, make_game, stranger):
    make_game(quiet_hands(3), players=("Ann", "Ben", "Cat", "Dan"))
    make_game(quiet_hands(1), players=("Zed", "Yul", "Xan", "Wes"), user=stranger)
    page = owner_client.get("/")
    body = page.content.decode()
    assert "Ann + Cat" in body
    assert "Ben + Dan" in body
    assert "210" in body  # Ann + Cat after three quiet hands
    assert "180" in body
    assert "3 hands" in body
    assert "Zed" not in body  # another account's game


def test_games_in_progress_come_first(owner_client, make_game):
    playing = make_game(quiet_hands(1), players=("Ann", "Ben", "Cat", "Dan"))
    finished = make_game([BIG_HAND] * 5, players=("Eve", "Fay", "Gus", "Hal"))
    assert finished.updated_at > playing.updated_at
    body = owner_client.get("/").content.decode()
    first = body.index(f'href="{playing.get_absolute_url()}"')
    assert first < body.index(f'href="{finished.get_absolute_url()}"')


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_home_queries_do_not_grow_with_the_games(owner_client, make_game, headers):
    make_game(quiet_hands(2))
    with CaptureQueriesContext(connection) as one_game:
        assert owner_client.get("/", headers=headers).status_code == 200
    for _ in range(29):
        make_game(quiet_hands(2))
    with CaptureQueriesContext(connection) as thirty_games:
        assert owner_client.get("/", headers=headers).status_code == 200
    assert len(thirty_games) == len(one_game)


def test_the_filters_are_drawn_as_asked_each_time_though_kept(owner_client, make_game):
    """The filter's fields are kept once drawn; each set of values asked for has its own."""
    make_game(quiet_hands(1))
    for _ in range(2):
        plain = owner_client.get(reverse("games")).content.decode()
        assert 'name="player"' in plain
        assert 'value="Ann"' not in plain
        asked = owner_client.get(reverse("games"), {"player": "Ann"}).content.decode()
        assert 'value="Ann"' in asked
    odd = owner_client.get(reverse("games"), {"player": '"><script>x</script>'})
    body = odd.content.decode()
    assert "<script>x</script>" not in body
    assert "&quot;&gt;&lt;script&gt;x&lt;/script&gt;" in body
