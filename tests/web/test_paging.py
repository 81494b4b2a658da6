"""A long game's page shows its latest hands and pages the rest: the first load and every
htmx swap stay small whatever the length of the game."""

import re

import pytest
from django.urls import reverse

from games.fragments import ROWS_PER_PAGE
from tests.conftest import quiet_hands
from tests.web.conftest import HX

pytestmark = pytest.mark.django_db


def row_numbers(body: str) -> list[int]:
    return [int(n) for n in re.findall(r'class="hand-item" id="hand-(\d+)"', body)]


@pytest.fixture
def long_game(make_game):
    return make_game(quiet_hands(ROWS_PER_PAGE * 2 + 20), target_score=1_000_000)


def test_the_page_shows_the_latest_hands_and_a_way_to_earlier_ones(owner_client, long_game):
    last = ROWS_PER_PAGE * 2 + 20
    body = owner_client.get(long_game.get_absolute_url()).content.decode()
    assert row_numbers(body) == list(range(last, last - ROWS_PER_PAGE, -1))
    earlier = last - ROWS_PER_PAGE + 1
    assert f'href="/games/{long_game.pk}/?before={earlier}"' in body


def test_earlier_hands_come_a_page_at_a_time_to_the_end(owner_client, long_game):
    url = long_game.get_absolute_url()
    before = ROWS_PER_PAGE * 2 + 20 - ROWS_PER_PAGE + 1
    seen = []
    while before:
        response = owner_client.get(url, {"before": before}, headers=HX)
        body = response.content.decode()
        assert '<div hx-swap-oob="beforeend:#history-rows">' in body
        assert "<html" not in body
        numbers = row_numbers(body)
        assert 0 < len(numbers) <= ROWS_PER_PAGE
        seen += numbers
        link = re.search(r"\?before=(\d+)", body)
        before = int(link[1]) if link else 0
    assert seen == list(range(ROWS_PER_PAGE + 20, 0, -1))


def test_without_javascript_a_page_of_earlier_hands_is_a_whole_page(owner_client, long_game):
    response = owner_client.get(long_game.get_absolute_url(), {"before": 21})
    body = response.content.decode()
    assert row_numbers(body) == list(range(20, 0, -1))
    assert "Back to the latest hands" in body
    assert "?before=" not in body


def test_a_long_games_page_costs_the_same_queries_as_a_short_one(
    owner_client, long_game, make_game, django_assert_num_queries, session_reads
):
    short = make_game(quiet_hands(2))
    for game in (short, long_game):
        owner_client.get(game.get_absolute_url())
        with django_assert_num_queries(session_reads + 2):
            owner_client.get(game.get_absolute_url())


def test_the_watch_page_shows_the_latest_hands_and_says_so(client, long_game):
    body = client.get(reverse("table_watch", args=[long_game.table.watch_token])).content.decode()
    assert body.count('class="history-hand"') == ROWS_PER_PAGE
    assert f"The latest {ROWS_PER_PAGE} of {ROWS_PER_PAGE * 2 + 20} hands." in body
