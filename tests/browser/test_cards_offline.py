"""A card game on an installed phone, as a Spades game: its page is kept for when there is no
connection, and a step tapped offline waits on the phone and is recorded once when the
connection returns (static/js/app/offline.js, outbox.js, sw.js)."""

import pytest
from playwright.sync_api import Page, expect

from games.cards import services
from games.cards.models import CardsHand
from games.scoring import card_games
from tests.browser.helpers import sign_in, tap, without_connection
from tests.browser.test_offline_app import wait_for_saved_copy
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Call Break: Ann deals; Ben, Cat and Dan call first, Ann last.
CALLS = {1: "3", 2: "4", 3: "2", 0: "3"}


@pytest.fixture
def card_game(owner):
    return services.create_game(
        owner,
        kind=card_games.GAMES["call_break"],
        players=["Ann", "Ben", "Cat", "Dan"],
        rules={"preset": "call_break"},
    )


def open_card_game(page: Page, live_server, game) -> None:
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def test_a_card_games_page_is_kept_for_when_there_is_no_connection(
    page: Page, live_server, card_game, console
):
    open_card_game(page, live_server, card_game)
    wait_for_saved_copy(page, "Hand 1 of 5: bids")
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#entry-title")).to_have_text("Hand 1 of 5: bids")
    expect(page.locator("#standings .side")).to_have_count(4)
    page.context.set_offline(False)
    console.assert_clean()


def test_a_step_tapped_offline_is_recorded_once_when_the_connection_returns(
    page: Page, live_server, card_game, console, monkeypatch
):
    open_card_game(page, live_server, card_game)
    wait_for_saved_copy(page, "Hand 1 of 5: bids")
    with without_connection(page, monkeypatch, "**/cards/*/bids/", services):
        for seat, call in CALLS.items():
            tap(page, f"bid_{seat}", call)
        page.get_by_role("button", name="Bids are in").click()
        expect(page.locator("#app-status")).to_contain_text("Waiting to be sent: Hand 1 of 5: bids")
        assert not CardsHand.objects.exists()
    expect(page.locator("#entry-title")).to_have_text("Hand 1 of 5: tricks")
    assert CardsHand.objects.get().bids == [3, 3, 4, 2]
    assert page.evaluate("localStorage.getItem('spades.outbox')") is None
    page.reload()
    expect(page.locator("#entry-title")).to_have_text("Hand 1 of 5: tricks")
    assert CardsHand.objects.count() == 1
    console.assert_clean()
