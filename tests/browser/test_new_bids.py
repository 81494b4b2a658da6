"""Bidding as a team on a phone: the box swaps the partners' pads for the side's one pad, with
JavaScript or without (it is CSS), and the side's total is recorded on one partner."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Hand
from tests.browser.helpers import enter_tricks, expect_scores, key, screenshot, sign_in, tap
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NARROW = {"width": 360, "height": 780}
TAP = 44


def pad(page: Page, legend: str):
    """The pad whose legend is exactly `legend`, shown or hidden."""
    exact = re.compile(rf"^{re.escape(legend)}$")
    return page.locator("#entry fieldset.pad").filter(has=page.locator("legend", has_text=exact))


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "no-javascript"])
def test_a_side_bids_as_a_team_on_a_phone(new_page, live_server, make_game, console, javascript):
    game = make_game(blind_bid_min=6)
    page = new_page(viewport=NARROW, java_script_enabled=javascript)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")

    team = page.get_by_label("Ann + Cat bid as a team")
    expect(pad(page, "Ann + Cat as a team")).to_be_hidden()
    expect(pad(page, "Ann (dealer)")).to_be_visible()
    expect(pad(page, "Cat")).to_be_visible()

    # Ticking the box swaps Ann's and Cat's pads for the side's one; unticking brings them back.
    page.get_by_text("Ben + Dan bid as a team").click()
    expect(pad(page, "Ben (bids first)")).to_be_hidden()
    page.get_by_text("Ben + Dan bid as a team").click()
    expect(pad(page, "Ben (bids first)")).to_be_visible()
    page.get_by_text("Ann + Cat bid as a team").click()
    expect(team).to_be_checked()
    expect(pad(page, "Ann + Cat as a team")).to_be_visible()
    expect(pad(page, "Ann (dealer)")).to_be_hidden()
    expect(pad(page, "Cat")).to_be_hidden()

    toggle = page.locator("label.check", has_text="Ann + Cat bid as a team").bounding_box()
    assert toggle is not None
    assert toggle["height"] >= TAP - 0.5
    blind = key(page, "team_bid_0", "blind_13").bounding_box()
    assert blind is not None
    assert blind["height"] >= TAP - 0.5
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]

    tap(page, "team_bid_0", "7")
    tap(page, "bid_1", "3")
    tap(page, "bid_3", "3")
    screenshot(page, f"60-team-bid-{'htmx' if javascript else 'no-javascript'}")
    page.get_by_role("button", name="Bids are in").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 1: tricks")
    assert Hand.objects.get(game=game).bids == [7, 3, None, 3]
    expect(page.locator("#entry fieldset.pad legend").first).to_have_text("Ann + Cat (bid 7) took")
    enter_tricks(page, 1, {"side_0": "8", "side_1": "5"})
    # Ann + Cat bid 7 took 8: +71. Ben + Dan bid 6 took 5: set, -60.
    expect_scores(page, 71, -60)
    console.assert_clean()
