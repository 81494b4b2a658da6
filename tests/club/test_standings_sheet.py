"""The standings sheet: the director's page to print, with the ranking's own figures, each
team's players and the round it stands after."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games.club import reads
from games.club import services as club
from tests.club.test_club_night import new_event, play_out

pytestmark = pytest.mark.django_db


def sheet(client, event):
    return client.get(reverse("club:standings", args=[event.pk]))


def test_the_sheet_is_the_directors_alone(client, owner, stranger):
    event = new_event(owner)
    client.force_login(stranger)
    assert sheet(client, event).status_code == 404
    client.logout()
    assert sheet(client, event).status_code == 404


def test_the_sheet_stands_after_the_last_round_played_out(owner_client, owner):
    event = new_event(owner, ranking=["match_points", "buchholz", "point_difference"])
    round_ = club.start_round(owner, event.pk)
    seatings = list(round_.seatings.select_related("game"))
    play_out(seatings[0].game, owner)
    page = sheet(owner_client, event)
    assertContains(page, "Round 1 is still being played")
    assertContains(page, "Buch.")
    assertNotContains(page, '<abbr title="Bags taken">')
    assertContains(page, "Ann &amp; Art")
    for seating in seatings[1:]:
        play_out(seating.game, owner)
    page = sheet(owner_client, event)
    assertContains(page, "standings after round 1")
    winner = reads.summary(event)["standings"][0]
    assert winner["match_points"] == 2
    body = page.content.decode()
    first_row = body[body.index("<tbody>") :].split("</tr>")[0]
    assert winner["name"] in first_row
    assert ">2<" in first_row  # the winner's match points


def test_a_night_of_many_teams_prints_in_columns(owner_client, owner):
    event = new_event(owner)
    for number in range(40):
        club.add_team(owner, event.pk, f"Late team {number}", [f"Pat {number}", f"Sam {number}"])
    page = sheet(owner_client, event)
    assertContains(page, "columns-2")
    assert page.content.decode().count('<table class="sheet">') == 2
