"""The watch link on a second phone: it follows the owner's scoring within 5 seconds, and
while nothing changes its polls are answered 304 and the page stays as it is."""

import time

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import enter_bids, enter_tricks, screenshot, sign_in
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIVE_SECONDS_MS = 5_000


def test_the_watch_page_shows_a_hand_within_five_seconds(
    page: Page, new_page, live_server, make_game, console
):
    game = make_game()
    watcher = new_page()  # a second browser context: another phone, no account
    polls: list[int] = []
    watcher.on(
        "response",
        lambda response: polls.append(response.status) if "/live/" in response.url else None,
    )
    watcher.goto(f"{live_server.url}/t/{game.table.watch_token}/")
    expect(watcher.locator("#now-title")).to_have_text("Waiting for the first bids")
    watcher.evaluate("window.__marker = 1")

    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")

    # Nothing has changed yet: the polls come back 304 and nothing is swapped.
    deadline = time.monotonic() + 10
    while 304 not in polls and time.monotonic() < deadline:
        watcher.wait_for_timeout(250)
    assert 304 in polls, f"no 304 among the polls: {polls}"
    expect(watcher.locator("#now-title")).to_have_text("Waiting for the first bids")

    enter_bids(page, 1, {1: "3", 2: "4", 3: "2", 0: "3"})
    expect(watcher.locator("#now-title")).to_have_text(
        "Hand 1 is being played", timeout=FIVE_SECONDS_MS
    )
    expect(watcher.locator(".contracts")).to_contain_text("Ann + Cat")

    enter_tricks(page, 1, {"side_0": "8", "side_1": "5"})
    expect(watcher.locator(".history-hand")).to_have_count(1, timeout=FIVE_SECONDS_MS)
    expect(watcher.locator(".standings .side.s0 .score")).to_have_text("71")
    expect(watcher.locator(".standings .side.s1 .score")).to_have_text("50")
    assert watcher.evaluate("window.__marker") == 1, "the watch page reloaded instead of swapping"
    assert 200 in polls
    screenshot(watcher, "20-watch-page-follows-the-game")
    # The watcher sees nothing of the owner's: no account, no links to private pages.
    body = watcher.content()
    assert "owner" not in body
    assert "/edit/" not in body
    assert "Sign out" not in body
    console.assert_clean()
