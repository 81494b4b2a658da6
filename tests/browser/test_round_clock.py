"""The round clock on a scoring phone at 360 px: the time left is the server's, whatever the
phone's own clock says, and two minutes before zero it turns to its warning."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from games.club import services as club
from games.club.models import EventRound
from games.models import Game
from tests.club.test_club_night import new_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def clock_ends_in(event, seconds: int) -> Game:
    round_ = club.start_round(event.owner, event.pk)
    club.start_clock(event.owner, event.pk)
    ends = timezone.now() + timedelta(seconds=seconds)
    EventRound.objects.filter(pk=round_.pk).update(clock_ends_at=ends)
    Game.objects.filter(seating__round=round_).update(clock_ends_at=ends)
    return round_.seatings.get(number=1).game


def minutes_left(text: str) -> int:
    found = re.search(r"(\d+):(\d\d) left", text)
    assert found, text
    return int(found[1])


def test_a_phone_with_a_wrong_clock_shows_the_servers_time_left(
    new_page, live_server, owner, console
):
    game = clock_ends_in(new_event(owner), 30 * 60)
    phone: Page = new_page(viewport={"width": 360, "height": 740})
    # The phone's own clock is an hour and a quarter fast.
    phone.clock.install(time=timezone.now() + timedelta(minutes=75))
    phone.goto(live_server.url + reverse("table_score", args=[game.table.score_token]))
    phone.goto(live_server.url + game.get_absolute_url())
    clock = phone.locator(".round-clock .clock")
    expect(clock).to_contain_text("left")
    assert minutes_left(clock.inner_text()) in (29, 30)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    console.assert_clean()


def test_two_minutes_before_zero_the_clock_warns_and_at_zero_it_says_time(
    new_page, live_server, owner, console
):
    game = clock_ends_in(new_event(owner), 125)
    phone: Page = new_page()
    phone.clock.install()
    phone.goto(live_server.url + reverse("table_score", args=[game.table.score_token]))
    phone.goto(live_server.url + game.get_absolute_url())
    clock = phone.locator(".round-clock .clock")
    expect(clock).to_contain_text("left")
    expect(clock).not_to_have_class(re.compile("warning"))
    phone.clock.run_for(10_000)
    expect(clock).to_contain_text("last 2 minutes")
    expect(clock).to_have_class(re.compile("warning"))
    expect(phone.locator("[data-clock-warning]")).to_have_text("Two minutes left in the round.")
    phone.clock.run_for(120_000)
    expect(clock).to_contain_text("Time! Play out the hand in progress")
    console.assert_clean()
