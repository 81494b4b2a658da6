"""A user deactivated by a queryset `update()` (no `save()`, no signal) is turned away on the
very next request, with the database sessions the settings ship and with `cached_db` too.

Nothing of the app keeps a signed-in user between requests: Django's `AuthenticationMiddleware`
reads the user from the database for every request, and `ModelBackend.get_user` refuses one
whose `is_active` is off. (A per-worker cache of users, refreshed by save signals, once kept a
user deactivated by `update()` signed in for up to an hour on SQLite; it is gone, and this
test keeps it gone.) With `cached_db` the session itself would come from the cache, the user
still from the database.
"""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games.accounts import guests
from tests.conftest import PASSWORD, QUIET_HAND
from tests.web.conftest import HX, bids_data, bids_url

pytestmark = pytest.mark.django_db

ENGINES = ["django.contrib.sessions.backends.db", "django.contrib.sessions.backends.cached_db"]


@pytest.mark.parametrize("engine", ENGINES, ids=["db", "cached_db"])
@pytest.mark.parametrize("who", ["account", "guest"])
def test_a_user_deactivated_by_a_bulk_update_is_refused_on_the_next_request(
    settings, owner, make_game, engine, who
):
    settings.SESSION_ENGINE = engine
    phone = Client()
    if who == "account":
        assert phone.login(username=owner.username, password=PASSWORD)
        user = owner
    else:  # a visitor's first game makes a guest, signed in by its session alone
        data = {"name": "", "preset": "standard", "first_dealer": "0"}
        data |= {f"player_{seat}": name for seat, name in enumerate(["Ann", "Ben", "Cat", "Dan"])}
        assert phone.post(reverse("new_game"), data).status_code == 302
        user = get_user_model().objects.get(username__startswith="guest-")
    game = make_game([QUIET_HAND], user=user)
    assert phone.get(game.get_absolute_url()).status_code == 200
    assert phone.get(game.get_absolute_url()).status_code == 200  # the session cached, if ever

    assert get_user_model().objects.filter(pk=user.pk).update(is_active=False) == 1

    assert phone.get(game.get_absolute_url()).status_code == 404
    refused = phone.post(bids_url(game), bids_data(2, 4, 3, 3, 3), headers=HX)
    assert refused.status_code == 404
    assert game.hands.count() == 1
    assert phone.get(reverse("export_game", args=[game.pk])).status_code == 404
    assert phone.get(reverse("games"))["Location"].startswith(reverse("login"))
    assert phone.get(reverse("home")).wsgi_request.user.is_anonymous


def test_every_sign_in_uses_django_s_own_backend(settings):
    """The check above is Django's own: no backend of ours that could keep a user, and the
    guests' and sign-up's sign-ins name the same one."""
    assert settings.AUTHENTICATION_BACKENDS == ["django.contrib.auth.backends.ModelBackend"]
    assert guests.BACKEND == "django.contrib.auth.backends.ModelBackend"
