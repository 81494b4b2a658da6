"""Guests for the tests: made as the app makes them, and signed in as their browser would be."""

import secrets

from django.contrib.auth import get_user_model
from django.urls import reverse

from games.accounts import guests
from games.accounts.models import Guest

NEW_GAME = {
    "name": "",
    "preset": "standard",
    "first_dealer": "0",
    **{f"player_{seat}": name for seat, name in enumerate(["Ann", "Ben", "Cat", "Dan"])},
}


def make_guest(address: str = "198.51.100.1"):
    user = get_user_model().objects.create_user(username=f"guest-{secrets.token_hex(10)}")
    Guest.objects.create(user=user, address=address)
    return user


def sign_in_guest(client, user) -> None:
    """The session a guest's browser holds: signed in, and marked as a guest."""
    client.force_login(user)
    session = client.session
    session[guests.SESSION_FLAG] = True
    session.save()


def start_as_visitor(client, address: str = "198.51.100.1", **extra):
    """A visitor without an account starts a game: the way a guest is really made."""
    return client.post(reverse("new_game"), NEW_GAME, REMOTE_ADDR=address, **extra)
