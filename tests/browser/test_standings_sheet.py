"""The standings print on one page (A4, from the browser's Print), for a small night and for
one of many teams, and read on a 360 px phone without sideways scrolling."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Page, expect

from games.club import services as club
from tests.club.test_club_night import new_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def event_of(owner, teams: int):
    """The club night of the club's tests (8 teams), ranked with Buchholz, and more teams."""
    ranking = ["match_points", "buchholz", "point_difference", "points_for"]
    event = new_event(owner, ranking=ranking)
    for number in range(8, teams):
        players = [f"Player {2 * number + 1}", f"Player {2 * number + 2}"]
        club.add_team(owner, event.pk, f"Team number {number + 1}", players)
    return event


def signed_in(page: Page, owner, url: str) -> None:
    client = Client()
    client.force_login(owner)
    name = settings.SESSION_COOKIE_NAME
    page.context.add_cookies([{"name": name, "value": client.cookies[name].value, "url": url}])


def printed_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("teams", [8, 60, 200])
def test_the_standings_print_on_one_page(new_page, live_server, owner, console, teams):
    event = event_of(owner, teams)
    page = new_page(viewport={"width": 1280, "height": 900})
    signed_in(page, owner, live_server.url)
    page.goto(live_server.url + reverse("club:standings", args=[event.pk]))
    expect(page.locator("table.sheet tbody tr")).to_have_count(teams)
    expect(page.get_by_role("button", name="Print the standings")).to_be_visible()
    assert printed_pages(page.pdf(format="A4")) == 1
    console.assert_clean()


def test_the_standings_read_on_a_phone(new_page, live_server, owner, console):
    event = event_of(owner, 8)
    page = new_page(viewport={"width": 360, "height": 740})
    signed_in(page, owner, live_server.url)
    page.goto(live_server.url + reverse("club:standings", args=[event.pk]))
    expect(page.locator("table.sheet")).to_contain_text("Ann & Art")
    expect(page.locator("table.sheet thead")).to_contain_text("Buch.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    console.assert_clean()
