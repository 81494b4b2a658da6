"""A new game's "who deals first" offers the names just typed, not only seat numbers."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser.helpers import screenshot, sign_in
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_who_deals_first_names_the_players_as_they_are_typed(new_page, live_server, owner, console):
    page = new_page(viewport={"width": 360, "height": 640})
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}/games/new/")
    for seat, name in enumerate(["Ann", "Ben", "Cat"], start=1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    dealer = page.locator('select[name="first_dealer"] option')
    expect(dealer).to_have_text(["Seat 1: Ann", "Seat 2: Ben", "Seat 3: Cat", "Seat 4"])
    page.get_by_label("Seat 4", exact=True).fill("Dan")
    expect(dealer.nth(3)).to_have_text("Seat 4: Dan")
    page.locator('select[name="first_dealer"]').select_option(label="Seat 3: Cat")
    screenshot(page, "76-new-game-dealer-names")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann + Cat vs Ben + Dan")
    assert Game.objects.get().first_dealer == 2
    console.assert_clean()
