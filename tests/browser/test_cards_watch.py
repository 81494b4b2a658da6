"""A card game's watch link on another phone: it follows the scoring within 5 seconds, answered
304 while nothing changes, without reloading; the watch and share pages and the card games in
the lists fit a 360 px phone with seven players."""

import time

import pytest
from playwright.sync_api import expect

from games.cards import services
from games.scoring import card_games
from games.scoring.card_games.table import Recorded
from tests.browser.helpers import screenshot, sign_in
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIVE_SECONDS_MS = 5_000
NARROW = {"width": 360, "height": 640}
WIDTH = "document.documentElement.scrollWidth"
SEVEN = ["Annabel", "Benedict", "Catherine", "Dominic", "Evangeline", "Ferdinand", "Gwendolyn"]


def oh_hell(owner, players, hands=(), **rules):
    kind = card_games.GAMES["oh_hell"]
    spec = {"preset": "oh_hell", **rules}
    return services.create_game(owner, kind=kind, players=players, rules=spec, hands=hands)


def test_the_watch_page_follows_a_card_game(new_page, live_server, owner, console):
    game = oh_hell(owner, ["Ann", "Ben", "Cat"], max_cards=3)
    watcher = new_page()  # another phone, no account
    polls: list[int] = []
    watcher.on(
        "response",
        lambda response: polls.append(response.status) if "/live/" in response.url else None,
    )
    watcher.goto(f"{live_server.url}/cw/{game.watch_token}/")
    expect(watcher.locator("#now-title")).to_have_text("Hand 1 of 5: waiting for the bids")
    watcher.evaluate("window.__marker = 1")

    # Nothing has changed yet: the polls come back 304 and nothing is swapped.
    deadline = time.monotonic() + 10
    while 304 not in polls and time.monotonic() < deadline:
        watcher.wait_for_timeout(250)
    assert 304 in polls, f"no 304 among the polls: {polls}"

    services.record_bids(owner, game.pk, 1, [1, 1, 0])
    expect(watcher.locator("#now-title")).to_have_text(
        "Hand 1 of 5 is being played", timeout=FIVE_SECONDS_MS
    )
    expect(watcher.locator(".contracts")).to_contain_text("Ben: bid 1")

    services.record_tricks(owner, game.pk, 1, [1, 1, 1])
    expect(watcher.locator(".history-hand")).to_have_count(1, timeout=FIVE_SECONDS_MS)
    expect(watcher.locator(".standings .side.s0 .score")).to_have_text("11")
    expect(watcher.locator(".standings .side.s2 .score")).to_have_text("0")
    expect(watcher.locator("#now-title")).to_have_text("Hand 2 of 5: waiting for the bids")
    assert watcher.evaluate("window.__marker") == 1, "the watch page reloaded instead of swapping"
    assert 200 in polls
    # A hand's words open under its row.
    watcher.locator(".history-hand summary").click()
    expect(watcher.locator(".explain")).to_contain_text("Cat bid 0, took 1")
    screenshot(watcher, "cards-watch-page-follows-the-game")
    console.assert_clean()


def test_the_card_pages_fit_a_360px_phone_with_seven_players(new_page, live_server, owner, console):
    game = oh_hell(owner, SEVEN, hands=[Recorded(7, (1, 1, 1, 1, 1, 1, 0))], max_cards=7)
    oh_hell(owner, SEVEN[:3], max_cards=3)
    watcher = new_page(viewport=NARROW)
    watcher.goto(f"{live_server.url}/cw/{game.watch_token}/")
    expect(watcher.locator("#now-title")).to_have_text("Hand 1 of 13 is being played")
    assert watcher.evaluate(WIDTH) <= NARROW["width"], "the watch page scrolls sideways"
    screenshot(watcher, "cards-watch-narrow")

    page = new_page(viewport=NARROW)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}/cards/{game.pk}/share/")
    expect(page.locator(".qr-code")).to_be_visible()
    expect(page.get_by_role("button", name="Copy the link")).to_be_visible()
    assert page.evaluate(WIDTH) <= NARROW["width"], "the share page scrolls sideways"
    for url in ("/", "/games/"):
        page.goto(f"{live_server.url}{url}")
        expect(page.locator("#card-games .game-row")).to_have_count(2)
        assert page.evaluate(WIDTH) <= NARROW["width"], f"{url} scrolls sideways"
    screenshot(page, "cards-in-the-games-list-narrow")

    # Turned off, the watcher's next load is a 404; the share page offers to turn it on.
    page.goto(f"{live_server.url}/cards/{game.pk}/share/")
    page.get_by_role("button", name="Turn the link off").click()
    expect(page.get_by_role("button", name="Turn the link on again")).to_be_visible()
    assert watcher.goto(f"{live_server.url}/cw/{game.watch_token}/").status == 404
    console.assert_clean()
