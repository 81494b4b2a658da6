"""Game's summary (scores, finished, winner, hand count) is a cache: after every kind of write
it equals a fresh replay of the hands in the database."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import Game
from tests.conftest import QUIET_HAND, assert_summary_is_a_fresh_replay
from tests.web.conftest import (
    BIG_HAND,
    HX,
    bids_data,
    bids_url,
    tricks_url,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_after_bids_and_after_tricks(owner_client, make_game, headers):
    game = make_game([QUIET_HAND])
    owner_client.post(bids_url(game), bids_data(2, 3, "nil", 4, 2), headers=headers)
    assert_summary_is_a_fresh_replay(game)
    assert game.hand_count == 2
    data = {"hand": "2", "side_0": "9", "tricks_1": "1", "tricks_3": "3"}
    owner_client.post(tricks_url(game), data, headers=headers)
    assert_summary_is_a_fresh_replay(game)
    assert game.scores == [70 + 72, 60 - 100 + 1 + 20 + 1]


def test_after_the_tricks_that_end_the_game(owner_client, make_game):
    game = make_game([BIG_HAND] * 4 + [{"bids": BIG_HAND["bids"]}])
    response = owner_client.post(
        tricks_url(game), {"hand": "5", "side_0": "12", "side_1": "1"}, headers=HX
    )
    assert response.status_code == 200
    assert_summary_is_a_fresh_replay(game)
    assert game.finished is True
    assert game.winner == 0
    assert "Ann + Cat win with 600 points." in response.content.decode()


def test_after_an_edit(owner_client, make_game):
    game = make_game([QUIET_HAND] * 3)
    data = {"version": game.version}
    for seat, (bid, took) in enumerate([(4, 6), (3, 1), (3, 3), (3, 3)]):
        data |= {f"bid_{seat}": bid, f"tricks_{seat}": took}
    owner_client.post(reverse("edit_hand", args=[game.pk, 1]), data)
    assert_summary_is_a_fresh_replay(game)
    assert game.scores == [72 + 140, -60 + 120]


def test_after_an_edit_that_ends_the_game(owner_client, make_game):
    set_hand = {"bids": [4, 3, 3, 3], "tricks": [3, 4, 3, 3]}  # Ann + Cat are set: -70
    game = make_game([BIG_HAND] * 4 + [set_hand])
    assert not game.finished
    data = {"version": game.version}
    for seat, (bid, took) in enumerate(zip(BIG_HAND["bids"], BIG_HAND["tricks"], strict=True)):
        data |= {f"bid_{seat}": bid, f"tricks_{seat}": took}
    owner_client.post(reverse("edit_hand", args=[game.pk, 5]), data)
    assert_summary_is_a_fresh_replay(game)
    assert game.finished is True


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_after_each_undo_including_the_one_that_reopens_the_game(owner_client, make_game, headers):
    game = make_game([BIG_HAND] * 5)
    for _ in range(3):  # hand 5's tricks, hand 5's bids, hand 4's tricks
        owner_client.post(
            reverse("undo", args=[game.pk]), {"version": game.version}, headers=headers
        )
        assert_summary_is_a_fresh_replay(game)
        assert game.finished is False
    assert game.hand_count == 4


def test_after_an_import(owner_client):
    data = {"players": ["Ann", "Ben", "Cat", "Dan"], "hands": [BIG_HAND] * 5}
    upload = SimpleUploadedFile("g.json", json.dumps(data).encode(), "application/json")
    owner_client.post(reverse("import_game"), {"file": upload})
    game = Game.objects.get()
    assert_summary_is_a_fresh_replay(game)
    assert (game.finished, game.winner, game.hand_count) == (True, 0, 5)


def test_after_a_new_game_and_a_rematch(owner_client, make_game):
    game = make_game([BIG_HAND] * 5)
    owner_client.post(reverse("rematch", args=[game.pk]))
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert_summary_is_a_fresh_replay(rematch)
    assert (rematch.scores, rematch.finished, rematch.hand_count) == ([0, 0], False, 0)
