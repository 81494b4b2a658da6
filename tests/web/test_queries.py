"""Query counts do not grow with the game: the same exact count at 1 hand and at 40.

Counted as the laptop runs (SQLite, each worker's cache: the session and the signed-in user
come from the cache, scorekeeper/sessions.py), once the phone has made a request since signing
in. A page then reads the game alone: its parts come from the cache, and the hands are read
only when the cache has no parts for this version (a cold cache: 2 queries). A recorded step
is one transaction: it begins, locks the game (one query: it goes on from the game's checkpoint
and reads no hand), writes the hand, saves the summary (and, when a hand's score changed, each
seat's figures for player statistics: one upsert), and commits. A write that needs every hand
(an undo, a correction) reads them with the game on SQLite, whose transaction already holds the
write lock, and in a second query elsewhere. BEGIN and COMMIT are counted: they are statements
the database runs (here the test's own transaction turns them into a savepoint and its release,
the same count). So 5 queries for the bids and 6 for the tricks. The response is drawn from
that write, with no query of its own.
"""

import re

import pytest
from django.db import connection
from django.urls import reverse

from tests.conftest import quiet_hands
from tests.review.test_table_link import scoring_phone
from tests.web.conftest import HX, bids_data, bids_url, tricks_url

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("laptop_sessions")]

SIZES = [1, 40]
# Locking the game: one query. Locking it and reading every hand: one on SQLite, two elsewhere.
LOCKED_READ = 1
EVERY_HAND = 1 if connection.vendor == "sqlite" else 2


@pytest.fixture
def owner_client(owner_client):
    """Signed in, and one request made since: the session and the user are in the cache."""
    assert owner_client.get(reverse("games")).status_code == 200
    return owner_client


HTMX = [pytest.param(None, id="plain"), pytest.param(HX, id="htmx")]


def history_rows(response) -> list[int]:
    """The hands of the history rows a response shows, newest first, each with its link."""
    page = response.content.decode()
    numbers = [int(n) for n in re.findall(r'<div class="hand-item" id="hand-(\d+)">', page)]
    links = [int(n) for n in re.findall(r'href="/games/\d+/hands/(\d+)/edit/"', page)]
    assert set(numbers) <= set(links)
    return numbers


@pytest.fixture
def long_game(make_game):
    """A game that runs on for as many quiet hands as asked (it is won at a million)."""

    def make(hands, pending=False):
        rows = quiet_hands(hands) + ([{"bids": [3, 3, 4, 2]}] if pending else [])
        game = make_game(rows, target_score=1_000_000)
        assert not game.finished
        return game

    return make


@pytest.mark.parametrize("headers", HTMX)
@pytest.mark.parametrize("hands", SIZES)
def test_the_game_page(owner_client, long_game, django_assert_num_queries, hands, headers):
    game = long_game(hands)
    with django_assert_num_queries(2):  # a cold cache: the game, its hands read once
        response = owner_client.get(game.get_absolute_url(), headers=headers)
    assert response.status_code == 200
    assert history_rows(response) == list(range(hands, 0, -1))
    with django_assert_num_queries(1):  # warm: the game
        again = owner_client.get(game.get_absolute_url(), headers=headers)
    assert again.context["history"] == response.context["history"]
    assert history_rows(again) == history_rows(response)


@pytest.mark.parametrize("hands", SIZES)
def test_the_game_page_with_a_hand_being_played(
    owner_client, long_game, django_assert_num_queries, hands
):
    game = long_game(hands, pending=True)
    with django_assert_num_queries(2):
        response = owner_client.get(game.get_absolute_url())
    assert response.context["step"] == "tricks"
    assert f"Hand {hands + 1}: tricks" in response.content.decode()
    assert 'name="side_0"' in response.content.decode()


@pytest.mark.parametrize(
    ("headers", "queries"), [(None, 4 + LOCKED_READ), (HX, 4 + LOCKED_READ)], ids=["plain", "htmx"]
)
@pytest.mark.parametrize("hands", SIZES)
def test_recording_bids(
    owner_client, long_game, django_assert_num_queries, hands, headers, queries
):
    game = long_game(hands)
    with django_assert_num_queries(queries):
        response = owner_client.post(
            bids_url(game), bids_data(hands + 1, 3, 3, 4, 2), headers=headers
        )
    assert response.status_code == (200 if headers else 302)
    assert game.hands.count() == hands + 1


# The tricks step also keeps each seat's figures for player statistics: one upsert more.
@pytest.mark.parametrize(
    ("headers", "queries"), [(None, 5 + LOCKED_READ), (HX, 5 + LOCKED_READ)], ids=["plain", "htmx"]
)
@pytest.mark.parametrize("hands", SIZES)
def test_recording_tricks(
    owner_client, long_game, django_assert_num_queries, hands, headers, queries
):
    game = long_game(hands, pending=True)
    data = {"hand": str(hands + 1), "side_0": "7", "side_1": "6"}
    with django_assert_num_queries(queries):
        response = owner_client.post(tricks_url(game), data, headers=headers)
    assert response.status_code == (200 if headers else 302)
    assert game.hands.get(number=hands + 1).tricks == [7, 6, None, None]


@pytest.mark.parametrize("hands", SIZES)
def test_a_refused_bid_costs_no_extra_query(
    owner_client, long_game, django_assert_num_queries, hands
):
    game = long_game(hands)
    # Begin, the locked read, roll back: no second read.
    with django_assert_num_queries(2 + LOCKED_READ):
        response = owner_client.post(bids_url(game), bids_data(hands + 1, 3, 3, 4), headers=HX)
    assert response.status_code == 422


@pytest.mark.parametrize("hands", SIZES)
def test_undo(owner_client, long_game, django_assert_num_queries, hands):
    game = long_game(hands)
    with django_assert_num_queries(5 + EVERY_HAND):  # tricks taken back: statistics follow
        response = owner_client.post(
            reverse("undo", args=[game.pk]), {"version": game.version}, headers=HX
        )
    assert response.status_code == 200


@pytest.mark.parametrize("hands", SIZES)
def test_export(owner_client, long_game, django_assert_num_queries, hands):
    game = long_game(hands)
    with django_assert_num_queries(2):
        response = owner_client.get(reverse("export_game", args=[game.pk]))
    assert response.status_code == 200


# The table's links. A watcher's page: the token lookup, the game and its hands, then cached
# whole; its live part: the token lookup and the game.
@pytest.mark.parametrize("hands", SIZES)
def test_the_table_link(client, long_game, django_assert_num_queries, hands):
    game = long_game(hands)
    page = reverse("table_watch", args=[game.table.watch_token])
    with django_assert_num_queries(3):
        response = client.get(page)
    assert f"#{hands}" in response.content.decode()
    with django_assert_num_queries(1):
        assert client.get(page).content == response.content
    with django_assert_num_queries(2):
        assert client.get(reverse("table_live", args=[game.table.watch_token])).status_code == 200


# A phone holding the scoring link has no account: its session (with its grant) comes from
# the cache once read, and the game is checked against the grant in one query.
@pytest.mark.parametrize("headers", HTMX)
@pytest.mark.parametrize("hands", SIZES)
def test_the_game_page_on_a_scoring_phone(long_game, django_assert_num_queries, hands, headers):
    game = long_game(hands)
    phone = scoring_phone(game)
    with django_assert_num_queries(3):  # a cold cache: the hands are read once
        response = phone.get(game.get_absolute_url(), headers=headers)
    assert history_rows(response) == list(range(hands, 0, -1))
    with django_assert_num_queries(1):
        again = phone.get(game.get_absolute_url(), headers=headers)
    assert history_rows(again) == history_rows(response)


@pytest.mark.parametrize("hands", SIZES)
def test_a_scoring_phones_steps(long_game, django_assert_num_queries, hands):
    """As many as the owner's steps, at any length: the grant is checked in the locked read."""
    game = long_game(hands)
    phone = scoring_phone(game)
    assert phone.get(game.get_absolute_url()).status_code == 200  # its session now cached
    with django_assert_num_queries(4 + LOCKED_READ):
        response = phone.post(bids_url(game), bids_data(hands + 1, 3, 3, 4, 2), headers=HX)
    assert response.status_code == 200
    data = {"hand": str(hands + 1), "side_0": "7", "side_1": "6"}
    with django_assert_num_queries(5 + LOCKED_READ):
        response = phone.post(tricks_url(game), data, headers=HX)
    assert response.status_code == 200
    assert game.hands.get(number=hands + 1).tricks == [7, 6, None, None]
