"""Table cards to print: a card whose table's scoring link was turned off prints no dead code
(it used to print a QR code of /t/score/None/); it says that the table isn't scored from it."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games.club import services as club
from tests.club.test_club_night import new_event

pytestmark = pytest.mark.django_db


def test_a_card_without_its_scoring_link_says_so_and_prints_no_code(client, owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    off = round_.seatings.select_related("game__table").get(number=2).game.table
    off.set_scoring_link(enabled=False)
    client.force_login(owner)

    page = client.get(reverse("club:cards", args=[event.pk]))

    assertNotContains(page, "/t/score/None/")
    assertNotContains(page, "None")
    cards = page.context["cards"]
    assert [card["number"] for card in cards] == [1, 2, 3, 4]
    assert cards[1] == {"number": 2, "link": None, "qr": None}
    assertContains(page, "No scoring from this card", count=1)
    assertContains(page, 'class="qr"', count=3)
    for card in (cards[0], *cards[2:]):
        assert card["link"].endswith(f"/t/score/{card['link'].split('/')[-2]}/")
        assertContains(page, card["link"])


def test_turned_on_again_the_card_prints_its_new_code(client, owner):
    event = new_event(owner)
    table = club.start_round(owner, event.pk).seatings.get(number=1).game.table
    table.set_scoring_link(enabled=False)
    table.set_scoring_link(enabled=True)
    client.force_login(owner)
    page = client.get(reverse("club:cards", args=[event.pk]))
    assertContains(page, reverse("table_score", args=[table.score_token]))
    assertNotContains(page, "No scoring from this card")
