"""Query counts do not grow with the game: the same exact count at 1 hand and at 40.

Counted are the queries of the game itself, not the ones Django's session and authentication
middleware make for every request (the session row with the `db` engine, none with `cached_db`
on Redis; the signed-in user): those depend on the deployment, not on the game.

A page reads the game alone: its fragments come from the cache, and the hands are read only
when the cache has none for this version (a cold cache: 2 queries). A recorded step is one
transaction: it begins, locks the game and reads its hands (on SQLite, whose lock is taken
at BEGIN, in one statement; on PostgreSQL, which reads other tables as they were when the
locking statement began, in two), writes the hand, saves the summary, and commits (each
seat's figures for player statistics are left to the statistics page). BEGIN and COMMIT are
counted: they are statements the database runs (here the test's own transaction turns them
into a savepoint and its release, the same count). So 5 queries a step on SQLite and 6 on
PostgreSQL. The response is drawn from that write, with no query of its own.
"""

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import quiet_hands
from tests.web.conftest import HX, bids_data, bids_url, tricks_url
from tests.web.test_table_link import scoring_phone

pytestmark = pytest.mark.django_db

SIZES = [1, 40]
# BEGIN, the game locked, its hands read ... COMMIT; the lock and the read are one statement
# where SQLite takes its lock at BEGIN (`services._hands_read_with_the_lock`).
STEP = 3 if connection.vendor == "sqlite" else 4
# What every request reads before the view runs, whatever the game: not counted here.
MIDDLEWARE_TABLES = re.compile(r'\b(FROM|UPDATE|INTO) "(django_session|auth_user)"')


@contextmanager
def game_queries(expected: int) -> Iterator[None]:
    """Exactly `expected` queries, not counting the session's and the signed-in user's."""
    with CaptureQueriesContext(connection) as captured:
        yield
    ours = [q["sql"] for q in captured.captured_queries if not MIDDLEWARE_TABLES.search(q["sql"])]
    assert len(ours) == expected, "\n".join(ours)


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
def test_the_game_page(owner_client, long_game, hands, headers):
    game = long_game(hands)
    with game_queries(2):  # a cold cache: the game, its hands read once
        response = owner_client.get(game.get_absolute_url(), headers=headers)
    assert response.status_code == 200
    assert history_rows(response) == list(range(hands, 0, -1))
    with game_queries(1):  # warm: the game
        again = owner_client.get(game.get_absolute_url(), headers=headers)
    assert again.context["history"] == response.context["history"]
    assert history_rows(again) == history_rows(response)


@pytest.mark.parametrize("hands", SIZES)
def test_the_game_page_with_a_hand_being_played(owner_client, long_game, hands):
    game = long_game(hands, pending=True)
    with game_queries(2):
        response = owner_client.get(game.get_absolute_url())
    assert response.context["step"] == "tricks"
    assert f"Hand {hands + 1}: tricks" in response.content.decode()
    assert 'name="side_0"' in response.content.decode()


@pytest.mark.parametrize(
    ("headers", "queries"), [(None, STEP + 2), (HX, STEP + 2)], ids=["plain", "htmx"]
)
@pytest.mark.parametrize("hands", SIZES)
def test_recording_bids(owner_client, long_game, hands, headers, queries):
    game = long_game(hands)
    with game_queries(queries):
        response = owner_client.post(
            bids_url(game), bids_data(hands + 1, 3, 3, 4, 2), headers=headers
        )
    assert response.status_code == (200 if headers else 302)
    assert game.hands.count() == hands + 1


# The tricks step writes as many rows as the bids step: each seat's figures for player
# statistics are left to the statistics page (`stats.refresh`).
@pytest.mark.parametrize(
    ("headers", "queries"), [(None, STEP + 2), (HX, STEP + 2)], ids=["plain", "htmx"]
)
@pytest.mark.parametrize("hands", SIZES)
def test_recording_tricks(owner_client, long_game, hands, headers, queries):
    game = long_game(hands, pending=True)
    data = {"hand": str(hands + 1), "side_0": "7", "side_1": "6"}
    with game_queries(queries):
        response = owner_client.post(tricks_url(game), data, headers=headers)
    assert response.status_code == (200 if headers else 302)
    assert game.hands.get(number=hands + 1).tricks == [7, 6, None, None]


@pytest.mark.parametrize("hands", SIZES)
def test_a_refused_bid_costs_no_extra_query(owner_client, long_game, hands):
    game = long_game(hands)
    # Begin, the game locked, its hands, roll back: nothing read twice.
    with game_queries(STEP):
        response = owner_client.post(bids_url(game), bids_data(hands + 1, 3, 3, 4), headers=HX)
    assert response.status_code == 422


@pytest.mark.parametrize("hands", SIZES)
def test_undo(owner_client, long_game, hands):
    game = long_game(hands)
    # The hand's tricks taken back, the summary saved: the statistics follow.
    with game_queries(STEP + 3):
        response = owner_client.post(
            reverse("undo", args=[game.pk]), {"version": game.version}, headers=HX
        )
    assert response.status_code == 200


@pytest.mark.parametrize("hands", SIZES)
def test_export(owner_client, long_game, hands):
    game = long_game(hands)
    with game_queries(2):
        response = owner_client.get(reverse("export_game", args=[game.pk]))
    assert response.status_code == 200


# The table's links. A watcher's page: the token lookup, the game and its hands, then cached
# whole; its live part: the token lookup and the game.
@pytest.mark.parametrize("hands", SIZES)
def test_the_table_link(client, long_game, hands):
    game = long_game(hands)
    page = reverse("table_watch", args=[game.table.watch_token])
    with game_queries(3):
        response = client.get(page)
    assert f"#{hands}" in response.content.decode()
    with game_queries(1):
        assert client.get(page).content == response.content
    with game_queries(2):
        assert client.get(reverse("table_live", args=[game.table.watch_token])).status_code == 200


# A phone holding the scoring link has no account: the game is checked against the grant its
# session holds in the same one query.
@pytest.mark.parametrize("headers", HTMX)
@pytest.mark.parametrize("hands", SIZES)
def test_the_game_page_on_a_scoring_phone(long_game, hands, headers):
    game = long_game(hands)
    phone = scoring_phone(game)
    with game_queries(2):  # a cold cache: the hands are read once
        response = phone.get(game.get_absolute_url(), headers=headers)
    assert history_rows(response) == list(range(hands, 0, -1))
    with game_queries(1):
        again = phone.get(game.get_absolute_url(), headers=headers)
    assert history_rows(again) == history_rows(response)


@pytest.mark.parametrize("hands", SIZES)
def test_a_scoring_phones_steps(long_game, hands):
    """As many as the owner's steps, at any length: the grant is checked in the locked read."""
    game = long_game(hands)
    phone = scoring_phone(game)
    assert phone.get(game.get_absolute_url()).status_code == 200  # its session now cached
    with game_queries(STEP + 2):
        response = phone.post(bids_url(game), bids_data(hands + 1, 3, 3, 4, 2), headers=HX)
    assert response.status_code == 200
    data = {"hand": str(hands + 1), "side_0": "7", "side_1": "6"}
    with game_queries(STEP + 2):
        response = phone.post(tricks_url(game), data, headers=HX)
    assert response.status_code == 200
    assert game.hands.get(number=hands + 1).tricks == [7, 6, None, None]
