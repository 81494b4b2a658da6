"""A club night's table phone in Chromium at 390x844: the other side confirms by picking a name,
a reversal from the phone is refused, the director's correction reaches the log and the phone,
the phone follows its table into round 2 (by itself, and on reload), and the round clock's
zero shows the time called without a reload."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from games import services
from games.access import Access
from games.club import services as club
from games.club.models import EventRound
from games.models import Game
from tests.browser.helpers import axe_violations, screenshot, sign_in
from tests.club.test_club_night import new_event, play_out
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def scan(phone: Page, base: str, game: Game) -> None:
    phone.goto(base + reverse("table_score", args=[game.table.score_token]))
    phone.goto(base + game.get_absolute_url())


def test_a_confirmed_result_stays_confirmed_and_the_phone_follows_its_table(
    new_page, live_server, owner, console
):
    event = new_event(owner, pairing="king_of_the_hill")
    seating = club.start_round(owner, event.pk).seatings.get(number=1)
    game = seating.game
    phone: Page = new_page()
    scan(phone, live_server.url, game)
    play_out(game, owner)
    phone.reload()

    # The other side (the Books: Ben and Bea) confirms by picking a name; nobody types one.
    confirm = phone.get_by_role("group", name="Who confirms? Pick your own name:")
    expect(confirm.get_by_role("radio")).to_have_count(2)
    problems = axe_violations(phone)
    confirm.get_by_label("Bea").check()
    phone.get_by_role("button", name="Confirm the result").click()
    expect(phone.get_by_text("Result confirmed by Bea")).to_be_visible()
    expect(phone.get_by_role("button", name="Undo hand 5's tricks")).to_have_count(0)
    expect(phone.get_by_role("link", name="Correct hand 5")).to_be_hidden()
    screenshot(phone, "table-result-confirmed")

    # A reversal from the phone, by the correction page's address: refused, nothing changed.
    phone.goto(live_server.url + reverse("edit_hand", args=[game.pk, 5]))
    phone.get_by_role("button", name="Save hand 5").click()
    expect(phone.get_by_text("Bea confirmed this result at")).to_be_visible()
    game.refresh_from_db()
    assert (game.finished, game.winner) == (True, 0)

    # The director corrects hand 5: the log says what changed, and the phone shows it.
    with services.locked_game(Access(user=owner), game.pk) as locked:
        services.correct_hand(locked, 5, [6, 1, 6, 1], [6, 1, 6, 0], game.version)
    desk: Page = new_page(viewport={"width": 1366, "height": 768})
    sign_in(desk, live_server.url, "owner", PASSWORD)
    desk.goto(live_server.url + event.get_absolute_url())
    expect(
        desk.get_by_text("the director corrected hand 5 after its result was confirmed")
    ).to_be_visible()
    phone.goto(live_server.url + game.get_absolute_url())
    expect(phone.get_by_text("then corrected by the director")).to_be_visible()

    # Round 2 is paired: the phone, left on round 1's finished game, follows its table.
    for other in seating.round.seatings.exclude(pk=seating.pk):
        play_out(other.game, owner)
    second = club.start_round(owner, event.pk).seatings.get(number=1)
    expect(phone).to_have_url(live_server.url + second.game.get_absolute_url(), timeout=15_000)
    expect(phone.get_by_text("Round 2 is paired: table 1 now plays")).to_be_visible()
    # Back, or a reload of the old address, lands on the table's game too.
    phone.goto(live_server.url + game.get_absolute_url())
    expect(phone).to_have_url(live_server.url + second.game.get_absolute_url())
    problems += axe_violations(phone)
    assert problems == [], "axe-core found:\n" + "\n".join(problems)
    console.assert_clean()


def test_at_the_clocks_zero_the_phone_shows_the_time_called_without_a_reload(
    new_page, live_server, owner, console
):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    club.start_clock(owner, event.pk)
    game = round_.seatings.get(number=1).game
    with services.locked_game(Access(user=owner), game.pk) as locked:
        services.record_step(locked, services.step_for(locked, "bids", 1), [3, 3, 3, 3])
    # A whole second, as start_clock sets it.
    ends = timezone.now().replace(microsecond=0) + timedelta(seconds=5)
    EventRound.objects.filter(pk=round_.pk).update(clock_ends_at=ends)
    Game.objects.filter(seating__round=round_).update(clock_ends_at=ends)
    phone: Page = new_page()
    scan(phone, live_server.url, game)
    expect(phone.get_by_text("The game ends after hand 10.")).to_be_visible()
    expect(phone.get_by_text("Time called: this hand is the last")).to_be_visible(timeout=20_000)
    expect(phone.get_by_text("The game ends after hand 10.")).to_have_count(0)
    expect(phone.get_by_role("button", name="Time called")).to_have_count(0)
    game.refresh_from_db()
    assert game.time_called == 1
    console.assert_clean()
