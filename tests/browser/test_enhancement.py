"""htmx records a hand without reloading the page, app.js offers the tricks left over, and
the same forms still work with JavaScript turned off (post/redirect/get)."""

import pytest
from playwright.sync_api import Page, expect

from games.models import Hand
from tests.browser.helpers import (
    enter_bids,
    expect_offered,
    expect_scores,
    key,
    screenshot,
    sign_in,
    tap,
)
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BIDS = {1: "3", 2: "4", 3: "2", 0: "3"}  # Ann + Cat bid 7, Ben + Dan bid 5


def open_game(page: Page, live_server, game) -> None:
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")


def test_htmx_swaps_the_hand_in_and_offers_the_tricks_left_over(
    page: Page, live_server, make_game, console
):
    game = make_game()
    open_game(page, live_server, game)
    assert page.evaluate("typeof window.htmx") == "object", "htmx did not load"
    page.evaluate("window.__marker = 1")

    enter_bids(page, 1, BIDS)
    assert page.evaluate("window.__marker") == 1, "the bids reloaded the page"
    assert Hand.objects.get(game=game).bids == [3, 3, 4, 2]

    # Tapping one side's total offers the other side the rest of the 13 tricks...
    tap(page, "side_0", "9")
    expect_offered(page, "side_1", "4")
    # ...and changing it moves the offer.
    tap(page, "side_0", "10")
    expect_offered(page, "side_1", "3")
    expect(key(page, "side_1", "4")).to_have_class("key")
    expect(page.locator('input[name="side_1"][value="4"]')).not_to_be_checked()
    screenshot(page, "40-remainder-offered")
    # Tapping a key on the offered side makes it the player's own choice.
    tap(page, "side_1", "2")
    expect(page.locator("label.key.offered")).to_have_count(0)
    tap(page, "side_1", "3")
    expect(page.locator("label.key.offered")).to_have_count(0)

    page.get_by_role("button", name="Record hand 1").click()
    # Ann + Cat bid 7 took 10: +73. Ben + Dan bid 5 took 3: set, -50.
    expect_scores(page, 73, -50)
    expect(page.locator("#entry-title")).to_have_text("Hand 2: bids")
    assert page.evaluate("window.__marker") == 1, "the tricks reloaded the page"
    assert Hand.objects.get(game=game).tricks == [10, 3, None, None]
    screenshot(page, "41-htmx-hand-recorded")
    console.assert_clean()


def test_without_javascript_a_hand_is_recorded_by_post_redirect_get(
    new_page, live_server, make_game, console
):
    game = make_game()
    page = new_page(java_script_enabled=False)
    open_game(page, live_server, game)
    assert page.evaluate("typeof window.htmx") == "undefined"

    for seat, bid in BIDS.items():
        tap(page, f"bid_{seat}", bid)
    with page.expect_navigation() as arrived:
        page.get_by_role("button", name="Bids are in").click()
    assert_redirected_from_a_post(arrived.value, game)
    expect(page.locator("#entry-title")).to_have_text("Hand 1: tricks")

    # Without app.js nothing is offered until the server is asked: it answers with the
    # tricks left over already chosen and saves nothing yet.
    tap(page, "side_0", "9")
    expect(page.locator("label.key.offered")).to_have_count(0)
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#entry")).to_contain_text("the tricks left over are 4")
    expect_offered(page, "side_1", "4")
    assert Hand.objects.get(game=game).tricks is None
    screenshot(page, "42-no-javascript-remainder-from-the-server")

    with page.expect_navigation() as arrived:
        page.get_by_role("button", name="Record hand 1").click()
    assert_redirected_from_a_post(arrived.value, game)
    # Ann + Cat bid 7 took 9: +72. Ben + Dan bid 5 took 4: set, -50.
    expect_scores(page, 72, -50)
    expect(page.locator("#entry-title")).to_have_text("Hand 2: bids")
    screenshot(page, "43-no-javascript-hand-recorded")

    page.get_by_role("button", name="Undo hand 1's tricks").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 1: tricks")
    expect_scores(page, 0, 0)
    console.assert_clean()


def assert_redirected_from_a_post(response, game) -> None:
    assert response.request.method == "GET"
    assert response.url.endswith(game.get_absolute_url())
    redirected_from = response.request.redirected_from
    assert redirected_from is not None, "the form's answer was not a redirect"
    assert redirected_from.method == "POST"
