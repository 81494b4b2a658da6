"""The club night's reads (games/club/reads.py): versions that move with what they stand for."""

import pytest
from django.urls import reverse

from games import services
from games.access import Access
from games.club import reads
from games.club import services as club
from tests.club.test_club_night import new_event

pytestmark = pytest.mark.django_db


def test_the_boards_etag_moves_with_every_step_and_names_no_database_id(client, owner):
    event = new_event(owner)
    seating = club.start_round(owner, event.pk).seatings.get(number=1)
    event.refresh_from_db()
    before = reads.version(event)
    etag = client.get(reverse("club:board", args=[event.board_token]))["ETag"]
    assert etag == f'"{before}"'
    assert str(event.pk) not in before.split("-")
    assert f"{event.pk}-" not in etag
    with services.locked_game(Access(user=owner), seating.game.pk) as locked:
        services.record_step(locked, services.step_for(locked, "bids", 1), [3, 3, 3, 3])
    assert reads.version(event) != before
    polled = reads.board_event(event.board_token)
    assert polled is not None
    assert polled.version == reads.version(event)


def test_who_confirms_is_the_side_that_did_not_win_or_everyone_in_a_draw(owner):
    event = new_event(owner)
    game = club.start_round(owner, event.pk).seatings.get(number=1).game
    game.winner = 0
    assert reads.confirmers(game) == ["Ben", "Bea"]
    game.winner = 1
    assert reads.confirmers(game) == ["Ann", "Art"]
    game.winner = None
    assert reads.confirmers(game) == ["Ann", "Ben", "Art", "Bea"]
