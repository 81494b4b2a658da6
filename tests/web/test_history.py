"""The game history on / and /games/: newest first, paged, filtered by player and state."""

import pytest
from django.urls import reverse

from games.models import Game
from tests.conftest import BIG_HAND, QUIET_HAND

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def test_signed_out_home_is_the_welcome_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "Create an account" in response.content.decode()


def test_games_needs_a_login(client):
    response = client.get(reverse("games"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_home_lists_games_with_new_game_first(owner_client, make_game):
    older = make_game([BIG_HAND] * 5, players=("Ann", "Ben", "Cat", "Dan"))
    newer = make_game([QUIET_HAND], players=("Eve", "Fay", "Gus", "Hal"))
    body = owner_client.get("/").content.decode()
    assert body.index("New game") < body.index("Your games</h1>")
    assert body.index(newer.get_absolute_url()) < body.index(older.get_absolute_url())
    assert (
        '<span class="row-side"><span class="who">Eve + Gus</span> <strong class="score">70'
        '</strong></span><span class="row-side"><span class="who">Fay + Hal</span> '
        '<strong class="score">60</strong></span>'
    ) in body
    assert "Winner: Ann + Cat" in body
    assert "5 hands" in body
    assert "1 hand · " in body


def test_the_history_is_newest_first_and_home_puts_games_in_progress_first(owner_client, make_game):
    playing = make_game([QUIET_HAND], players=("Ann", "Ben", "Cat", "Dan"))
    finished = make_game([BIG_HAND] * 5, players=("Eve", "Fay", "Gus", "Hal"))
    history = owner_client.get(reverse("games")).content.decode()
    assert history.index(finished.get_absolute_url()) < history.index(playing.get_absolute_url())
    home = owner_client.get("/").content.decode()
    assert home.index(playing.get_absolute_url()) < home.index(finished.get_absolute_url())


def test_only_the_owners_games_are_listed(stranger_client, make_game, stranger):
    make_game([QUIET_HAND], players=("Ann", "Ben", "Cat", "Dan"))
    make_game(players=("Zed", "Yas", "Xia", "Wes"), user=stranger)
    body = stranger_client.get(reverse("games")).content.decode()
    assert "Zed + Xia" in body
    assert "Ann + Cat" not in body


def test_player_names_are_stored_lowercase_for_the_filter(make_game):
    game = make_game(players=("Ann", "BEN", "Cat", "Dan"))
    assert game.player_names == "|ann|ben|cat|dan|"


def test_filter_by_player_name_ignores_case(owner_client, make_game):
    make_game(players=("Ann", "Ben", "Cat", "Dan"))
    make_game(players=("Eve", "Fay", "Gus", "Hal"))
    body = owner_client.get(reverse("games"), {"player": "EVE"}).content.decode()
    assert "Eve + Gus" in body
    assert "Ann + Cat" not in body
    assert "1 game match" in body


def test_filter_by_player_does_not_match_across_names(owner_client, make_game):
    make_game(players=("Ann", "Ben", "Cat", "Dan"))
    for query in ("n|b", "nb"):
        body = owner_client.get(reverse("games"), {"player": query}).content.decode()
        assert "No games match." in body


def test_filter_by_state(owner_client, make_game):
    make_game([BIG_HAND] * 5, players=("Ann", "Ben", "Cat", "Dan"))
    make_game([QUIET_HAND], players=("Eve", "Fay", "Gus", "Hal"))
    finished = owner_client.get(reverse("games"), {"state": "finished"}).content.decode()
    assert "Ann + Cat" in finished
    assert "Eve + Gus" not in finished
    playing = owner_client.get(reverse("games"), {"state": "playing"}).content.decode()
    assert "Eve + Gus" in playing
    assert "Ann + Cat" not in playing
    home = owner_client.get("/", {"state": "playing"}).content.decode()
    assert "Eve + Gus" in home
    assert "Ann + Cat" not in home


def test_a_bad_state_is_shown_and_the_list_stays_whole(owner_client, make_game):
    make_game()
    response = owner_client.get(reverse("games"), {"state": "lost"})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert "Ann + Cat" in response.content.decode()


def test_pages_of_twenty_keep_the_filter_in_their_links(owner_client, make_game):
    for _ in range(23):
        make_game(players=("Ann", "Ben", "Cat", "Dan"))
    first = owner_client.get(reverse("games"), {"player": "ann"}).content.decode()
    assert first.count('class="game-row"') == 20
    assert "page 1 of 2" in first
    assert 'href="?player=ann&amp;page=2"' in first
    second = owner_client.get(reverse("games"), {"player": "ann", "page": "2"})
    assert second.content.decode().count('class="game-row"') == 3
    nonsense = owner_client.get(reverse("games"), {"page": "many"})
    assert nonsense.status_code == 200


def test_htmx_gets_only_the_list(owner_client, make_game):
    make_game()
    response = owner_client.get(reverse("games"), {"player": "ann"}, headers=HX)
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="game-list"')
    assert "<html" not in body
    assert "Ann + Cat" in body


def test_the_filter_form_works_without_javascript(owner_client):
    body = owner_client.get(reverse("games")).content.decode()
    assert '<form method="get" action="/games/"' in body
    assert 'hx-get="/games/"' in body
    assert 'hx-push-url="true"' in body


@pytest.mark.parametrize("url", ["/", "/games/"])
def test_history_queries_do_not_grow_with_games(
    owner_client, make_game, django_assert_num_queries, session_reads, url
):
    make_game([QUIET_HAND])
    # The user, the card games, the count for the pager, the page of games.
    with django_assert_num_queries(session_reads + 4):
        owner_client.get(url)
    for _ in range(29):
        make_game([QUIET_HAND])
    assert Game.objects.count() == 30
    with django_assert_num_queries(session_reads + 4):
        owner_client.get(url)
