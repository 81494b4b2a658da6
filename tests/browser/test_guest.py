"""Score first, sign up later, on a phone: a guest's game and its hand survive the sign-up."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import enter_bids, enter_tricks, expect_offered, expect_scores, tap
from tests.browser.test_phone_standards import NARROW, SMALL_TARGETS, TAP, check_page
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def check_guest_page(page: Page, name: str) -> None:
    """The phone standards, and the guest bar's own links big enough for a thumb."""
    check_page(page, name)
    assert page.evaluate(SMALL_TARGETS, [".guest-bar a", TAP]) == []


def test_a_guest_game_is_kept_after_signing_up(new_page, live_server, console):
    page: Page = new_page(viewport=NARROW)
    page.goto(live_server.url)
    page.get_by_role("link", name="Start a game").click()
    for seat, name in enumerate(["Ann", "Ben", "Cat", "Dan"], start=1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann + Cat vs Ben + Dan")
    expect(page.get_by_text("Playing as a guest")).to_be_visible()
    check_guest_page(page, "guest-game")

    # Ann + Cat bid 7 and take 7 (+70); Ben + Dan bid 6 and take the other 6 (+60).
    enter_bids(page, 1, {1: "3", 2: "3", 3: "3", 0: "4"})
    tap(page, "side_0", "7")
    expect_offered(page, "side_1", "6")
    enter_tricks(page, 1, {})
    expect_scores(page, 70, 60)
    game_url = page.url
    page.get_by_role("link", name="Sign out").click()
    expect(page.get_by_role("alert")).to_contain_text("Your 1 game will be lost.")
    check_guest_page(page, "guest-sign-out")
    page.go_back()

    page.get_by_role("link", name="Sign up", exact=True).click()
    expect(page.get_by_text("kept in the new account")).to_be_visible()
    page.get_by_label("Username", exact=True).fill("ann")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Your games")
    expect(page.get_by_text("The games you played as a guest are in it")).to_be_visible()
    expect(page.get_by_text("Playing as a guest")).to_have_count(0)
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()
    page.get_by_role("link", name="Ann + Cat vs Ben + Dan").click()
    assert page.url == game_url
    expect_scores(page, 70, 60)
    expect(page.locator("#entry-title")).to_have_text("Hand 2: bids")
    console.assert_clean()
