"""The account limits hold for games made at the table, not only for imports: a new game, a
rematch and a recorded hand are refused with a message once a limit is reached, and nothing of
the refused write is kept. The limits are lowered here so the tests stay small."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from pytest_django.asserts import assertContains

from games import scoring, services
from games.models import Game, Hand
from games.scoring import limits
from tests.conftest import quiet_hands
from tests.web.conftest import BIG_HAND, HX, bids_data, bids_url, tricks_url
from tests.web.test_new_game import new_game_data

pytestmark = pytest.mark.django_db


def test_a_new_game_past_the_account_games_limit_is_refused(owner_client, make_game, monkeypatch):
    make_game()
    make_game()
    monkeypatch.setattr(limits, "MAX_ACCOUNT_GAMES", 2)
    response = owner_client.post(reverse("new_game"), new_game_data())
    assert response.status_code == 422
    assertContains(response, "An account keeps at most 2 games", status_code=422)
    assert Game.objects.count() == 2


def test_the_last_place_is_still_given(owner_client, make_game, monkeypatch):
    make_game()
    monkeypatch.setattr(limits, "MAX_ACCOUNT_GAMES", 2)
    response = owner_client.post(reverse("new_game"), new_game_data())
    assert response.status_code == 302
    assert Game.objects.count() == 2


def test_another_accounts_games_do_not_count(owner_client, make_game, make_user, monkeypatch):
    other = make_user("other")
    make_game(user=other)
    make_game(user=other)
    monkeypatch.setattr(limits, "MAX_ACCOUNT_GAMES", 2)
    assert owner_client.post(reverse("new_game"), new_game_data()).status_code == 302


def test_a_new_game_is_refused_once_the_account_holds_its_most_hands(
    owner_client, make_game, monkeypatch
):
    make_game(quiet_hands(3), target_score=1_000_000)
    monkeypatch.setattr(limits, "MAX_ACCOUNT_HANDS", 3)
    response = owner_client.post(reverse("new_game"), new_game_data(), headers=HX)
    assertContains(response, "at most 3 hands in all its games", status_code=422)
    assert Game.objects.count() == 1


def test_a_rematch_past_the_limit_is_refused_and_the_game_is_unchanged(
    owner_client, make_game, monkeypatch
):
    game = make_game([BIG_HAND] * 5)
    assert game.finished
    monkeypatch.setattr(limits, "MAX_ACCOUNT_GAMES", 1)
    response = owner_client.post(reverse("rematch", args=[game.pk]))
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    shown = [str(message) for message in get_messages(response.wsgi_request)]
    assert any("An account keeps at most 1 games" in message for message in shown)
    assert Game.objects.count() == 1
    before = game.version
    game.refresh_from_db()
    assert game.version == before


def test_create_game_itself_refuses_so_no_caller_can_forget(owner, make_game, monkeypatch):
    make_game()
    monkeypatch.setattr(limits, "MAX_ACCOUNT_GAMES", 1)
    with pytest.raises(services.LimitReached):
        services.create_game(
            owner,
            name="",
            players=["Ann", "Ben", "Cat", "Dan"],
            rules=scoring.Rules.from_dict({"preset": "standard"}),
            preset="standard",
            first_dealer=0,
        )
    assert Game.objects.count() == 1


@pytest.mark.parametrize("headers", [None, HX], ids=["plain", "htmx"])
def test_a_hand_past_the_game_limit_is_not_recorded(owner_client, make_game, monkeypatch, headers):
    game = make_game(quiet_hands(2), target_score=1_000_000)
    monkeypatch.setattr(limits, "MAX_HANDS", 2)
    response = owner_client.post(bids_url(game), bids_data(3, 3, 3, 4, 2), headers=headers)
    if headers:
        assertContains(response, "A game keeps at most 2 hands", status_code=409)
    else:
        assert response.status_code == 302
        shown = [str(message) for message in get_messages(response.wsgi_request)]
        assert any("A game keeps at most 2 hands" in message for message in shown)
    assert Hand.objects.filter(game=game).count() == 2
    before = game.version
    game.refresh_from_db()
    assert game.version == before
    assert game.hand_count == 2


def test_the_last_hand_a_game_keeps_is_recorded(owner_client, make_game, monkeypatch):
    game = make_game(quiet_hands(1), target_score=1_000_000)
    monkeypatch.setattr(limits, "MAX_HANDS", 2)
    response = owner_client.post(bids_url(game), bids_data(2, 3, 3, 4, 2), headers=HX)
    assert response.status_code == 200
    response = owner_client.post(
        tricks_url(game), {"hand": "2", "side_0": "7", "side_1": "6"}, headers=HX
    )
    assert response.status_code == 200
    assert Hand.objects.get(game=game, number=2).tricks == [7, 6, None, None]


def test_a_hand_that_bids_itself_past_the_limit_is_not_recorded(
    owner_client, make_game, monkeypatch
):
    game = make_game(first_hand_bids_itself=4)
    monkeypatch.setattr(limits, "MAX_HANDS", 0)
    response = owner_client.post(
        tricks_url(game), {"hand": "1", "side_0": "7", "side_1": "6"}, headers=HX
    )
    assertContains(response, "A game keeps at most 0 hands", status_code=409)
    assert not Hand.objects.filter(game=game).exists()
