"""A guest's Oh Hell, Wizard and Call Break games: moved into the account it signs in to,
counted on the sign-out page, and keeping a guest who plays only them from being purged."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from games.accounts import guests
from games.accounts.models import Guest
from games.cards import services
from games.cards.models import CardsGame
from games.scoring import card_games
from games.scoring.card_games.table import Recorded
from tests.accounts.guests import make_guest, sign_in_guest
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def card_game(user):
    return services.create_game(
        user,
        kind=card_games.GAMES["wizard"],
        players=["Ann", "Ben", "Cat"],
        rules={"preset": "wizard"},
        hands=[Recorded(1, (1, 0, 0), (1, 0, 0))],
    )


def test_signing_in_moves_a_guests_card_games_into_the_account(client, owner):
    guest = make_guest()
    sign_in_guest(client, guest)
    game = card_game(guest)
    response = client.post(reverse("login"), {"username": "owner", "password": PASSWORD})
    assert response.status_code == 302
    assert CardsGame.objects.get(pk=game.pk).owner == owner
    assert not User.objects.filter(pk=guest.pk).exists()
    assert client.get(game.get_absolute_url()).status_code == 200


def test_the_guests_card_games_count_toward_the_accounts_limits(owner, monkeypatch):
    from games.scoring import limits

    guest = make_guest()
    card_game(guest)
    card_game(owner)
    monkeypatch.setattr(limits, "MAX_ACCOUNT_GAMES", 1)
    with pytest.raises(guests.MoveRefused):
        guests.move_to(guest.pk, owner)
    assert CardsGame.objects.filter(owner=guest).count() == 1


def test_the_sign_out_page_counts_card_games():
    guest = make_guest()
    card_game(guest)
    assert guests.holdings(guest.pk).games == 1


def test_a_guest_playing_only_card_games_is_not_purged():
    guest = make_guest()
    then = timezone.now() - timedelta(days=100)
    Guest.objects.filter(user=guest).update(created_at=then, last_seen=then)
    game = card_game(guest)
    call_command("purge_guests", "--days", "90")
    assert CardsGame.objects.filter(pk=game.pk).exists()
    CardsGame.objects.filter(pk=game.pk).update(updated_at=then)
    call_command("purge_guests", "--days", "90")
    assert not CardsGame.objects.filter(pk=game.pk).exists()
    assert not User.objects.filter(pk=guest.pk).exists()
