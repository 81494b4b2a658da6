"""Recording hands at the table: two steps, htmx or not, and nothing saved from bad input."""

import pytest
from django.urls import reverse

from games.models import Game, Hand
from tests.conftest import quiet_hands

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def bids_url(game):
    return reverse("post_bids", args=[game.pk])


def tricks_url(game):
    return reverse("post_tricks", args=[game.pk])


def test_bids_then_tricks_without_javascript_redirects_and_scores(owner_client, make_game):
    game = make_game()
    response = owner_client.post(
        bids_url(game), {"hand": "1", "bid_0": "3", "bid_1": "nil", "bid_2": "4", "bid_3": "2"}
    )
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    hand = Hand.objects.get(game=game)
    assert hand.bids == [3, "nil", 4, 2]
    assert hand.tricks is None

    page = owner_client.get(game.get_absolute_url())
    assert "Hand 1: tricks" in page.content.decode()

    response = owner_client.post(
        tricks_url(game), {"hand": "1", "side_0": "9", "tricks_1": "0", "tricks_3": "4"}
    )
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.tricks == [9, 0, None, 4]
    game.refresh_from_db()
    # Ann + Cat bid 7, took 9: 70 + 2 bags. Ben's nil made: 100; Dan bid 2 took 4: 20 + 2.
    assert game.scores == [72, 122]
    assert game.hand_count == 1


def test_htmx_bids_get_the_live_fragment_only(owner_client, make_game):
    game = make_game()
    response = owner_client.post(
        bids_url(game), {"hand": "1", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "2"}, headers=HX
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="live">')
    assert "<html" not in body
    assert "Hand 1: tricks" in body


def test_tricks_that_do_not_add_up_save_nothing_and_say_why(owner_client, make_game):
    game = make_game()
    owner_client.post(bids_url(game), {"hand": "1", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "2"})
    response = owner_client.post(tricks_url(game), {"hand": "1", "side_0": "9", "side_1": "3"})
    assert response.status_code == 422
    assert "12" in response.content.decode()
    assert Hand.objects.get(game=game).tricks is None


def test_a_missing_side_is_offered_the_remainder(owner_client, make_game):
    game = make_game()
    owner_client.post(bids_url(game), {"hand": "1", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "2"})
    response = owner_client.post(tricks_url(game), {"hand": "1", "side_0": "9"}, headers=HX)
    assert response.status_code == 422
    body = response.content.decode()
    assert "the tricks left over are 4" in body
    assert 'class="key offered"><input type="radio" name="side_1" value="4"' in body
    assert Hand.objects.get(game=game).tricks is None


def test_missing_bid_is_named_next_to_its_seat(owner_client, make_game):
    game = make_game()
    response = owner_client.post(bids_url(game), {"hand": "1", "bid_0": "3", "bid_1": "3", "bid_2": "4"})
    assert response.status_code == 422
    assert "Choose Dan&#x27;s bid." in response.content.decode()
    assert not Hand.objects.filter(game=game).exists()


def test_the_same_bids_posted_twice_are_recorded_once(owner_client, make_game):
    game = make_game()
    data = {"hand": "1", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "2"}
    assert owner_client.post(bids_url(game), data).status_code == 302
    second = owner_client.post(bids_url(game), data, headers=HX)
    assert second.status_code == 409
    assert "already recorded" in second.content.decode()
    assert Hand.objects.filter(game=game).count() == 1


def test_the_same_tricks_posted_twice_are_recorded_once(owner_client, make_game):
    game = make_game()
    owner_client.post(bids_url(game), {"hand": "1", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "2"})
    data = {"hand": "1", "side_0": "7", "side_1": "6"}
    assert owner_client.post(tricks_url(game), data).status_code == 302
    second = owner_client.post(tricks_url(game), data)
    assert second.status_code == 302
    page = owner_client.get(second["Location"])
    assert "already recorded" in page.content.decode()
    assert Hand.objects.get(game=game).tricks == [7, 6, None, None]


def test_undo_takes_back_tricks_then_bids(owner_client, make_game):
    game = make_game(quiet_hands(2))
    url = reverse("undo", args=[game.pk])
    response = owner_client.post(url, {"version": game.version}, headers=HX)
    assert response.status_code == 200
    assert Hand.objects.get(game=game, number=2).tricks is None
    game.refresh_from_db()
    owner_client.post(url, {"version": game.version})
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1]


def test_stale_undo_changes_nothing(owner_client, make_game):
    game = make_game(quiet_hands(2))
    response = owner_client.post(reverse("undo", args=[game.pk]), {"version": game.version - 1})
    assert response.status_code == 302
    assert Hand.objects.get(game=game, number=2).tricks is not None


def test_editing_a_past_hand_replays_every_later_hand(owner_client, make_game):
    game = make_game(quiet_hands(3))
    url = reverse("edit_hand", args=[game.pk, 1])
    assert owner_client.get(url).status_code == 200
    data = {"version": game.version}
    for seat, (bid, took) in enumerate([(4, 6), (3, 1), (3, 3), (3, 3)]):
        data[f"bid_{seat}"] = str(bid)
        data[f"tricks_{seat}"] = str(took)
    response = owner_client.post(url, data)
    assert response.status_code == 302
    game.refresh_from_db()
    # Hand 1 now: Ann + Cat bid 7 took 9 (72), Ben + Dan bid 6 took 4 (set, -60); then 2 quiet hands.
    assert game.scores == [72 + 70 + 70, -60 + 60 + 60]


BIG_HAND = {"bids": [6, 1, 6, 1], "tricks": [6, 0, 6, 1]}


def test_a_game_ends_and_offers_a_rematch_with_the_deal_rotated(owner_client, make_game):
    game = make_game([BIG_HAND] * 5)
    assert game.finished is True
    assert game.winner == 0
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert "Ann + Cat win with 600 points." in page
    assert "Rematch" in page
    assert 'action="/games/%d/bids/"' % game.pk not in page

    response = owner_client.post(reverse("rematch", args=[game.pk]))
    new = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == new.get_absolute_url()
    assert new.players == game.players
    assert new.rules == game.rules
    assert new.first_dealer == 1
    assert new.hand_count == 0


def test_no_bids_are_taken_after_the_game_is_over(owner_client, make_game):
    game = make_game([BIG_HAND] * 5)
    response = owner_client.post(
        bids_url(game), {"hand": "6", "bid_0": "3", "bid_1": "3", "bid_2": "4", "bid_3": "2"}
    )
    assert response.status_code == 302
    assert Hand.objects.filter(game=game).count() == 5
