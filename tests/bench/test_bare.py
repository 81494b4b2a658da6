"""The bare step and page of `profile_requests` do the least a real one does: the game locked
for its owner (no one else's), a hand written, the version moved on, the CSRF token checked."""

import pytest
from django.test import Client

from games.models import Hand

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.tools.bench.bare")]


def test_the_bare_step_writes_a_hand_and_moves_the_game_on(owner_client, make_game):
    game = make_game([{"bids": [3, 3, 4, 3], "tricks": [3, 3, 4, 3]}])
    response = owner_client.post(f"/bare-step/{game.pk}/")
    assert response.status_code == 200
    assert b'id="hand-2"' in response.content
    assert b'name="csrfmiddlewaretoken"' in response.content
    game.refresh_from_db()
    assert (game.hand_count, game.version) == (2, 2)
    assert Hand.objects.get(game=game, number=2).tricks is None


def test_the_bare_step_is_the_owners_alone_and_checks_csrf(stranger_client, owner, make_game):
    game = make_game()
    assert stranger_client.post(f"/bare-step/{game.pk}/").status_code == 404
    checked = Client(enforce_csrf_checks=True)
    checked.force_login(owner)
    assert checked.post(f"/bare-step/{game.pk}/").status_code == 403
    assert not Hand.objects.filter(game=game).exists()


def test_the_bare_page_reads_who_is_signed_in(owner_client):
    assert owner_client.get("/bare-page/").content == b"<p>Signed in as owner</p>"
