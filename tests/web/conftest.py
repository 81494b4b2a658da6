"""What the web tests share: the htmx header, the table's URLs, and the summary-vs-replay check."""

import re

import pytest
from django.urls import reverse

from tests.conftest import BIG_HAND as BIG_HAND  # the web tests import it from here too

HX = {"HX-Request": "true"}


def bids_url(game):
    return reverse("post_bids", args=[game.pk])


def tricks_url(game):
    return reverse("post_tricks", args=[game.pk])


def bids_data(number, *bids):
    return {"hand": str(number), **{f"bid_{seat}": str(bid) for seat, bid in enumerate(bids)}}


def step_inputs(response) -> list[str]:
    """The names of the inputs of the page's entry step (its bids or tricks form), in order."""
    step = re.search(r'<form class="[^"]*steps".*?</form>', response.content.decode(), re.S)
    assert step, "no entry step on the page"
    names = re.findall(r'<input [^>]*name="([^"]+)"', step[0])
    return [name for index, name in enumerate(names) if name not in names[:index]]


@pytest.fixture
def play(owner_client):
    """Record one hand through the two posts, as a phone without JavaScript would."""

    def play_hand(game, bids, tricks, *, headers=None):
        number = game.hands.count() + 1
        response = owner_client.post(bids_url(game), bids_data(number, *bids), headers=headers)
        assert response.status_code in (200, 302), response.content.decode()[:500]
        data = {"hand": str(number), **tricks}
        response = owner_client.post(tricks_url(game), data, headers=headers)
        assert response.status_code in (200, 302), response.content.decode()[:500]
        return response

    return play_hand
