"""A card game's scoring link in Chromium: the owner makes it on the share page, a second
phone with no account opens it, scores a hand and sees none of the owner's pages."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.cards import services
from games.cards.models import CardsHand
from games.scoring import card_games
from tests.browser.helpers import sign_in, tap
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_second_phone_scores_through_the_scoring_link(new_page, live_server, owner, console):
    game = services.create_game(
        owner,
        kind=card_games.GAMES["wizard"],
        players=["Ann", "Ben", "Cat"],
        rules={"preset": "wizard"},
    )
    mine: Page = new_page()
    sign_in(mine, live_server.url, "owner", PASSWORD)
    mine.goto(f"{live_server.url}{game.get_absolute_url()}")
    mine.get_by_role("link", name="Watch and scoring links").click()
    mine.get_by_role("button", name="Make a scoring link").click()
    link = mine.get_by_label("Scoring link").input_value()
    assert re.fullmatch(rf"{re.escape(live_server.url)}/cs/[\w-]+/", link)

    theirs: Page = new_page()
    theirs.goto(link)
    expect(theirs.locator("#entry-title")).to_have_text("Hand 1 of 20: bids")
    expect(theirs.locator("[data-scoring-phone]")).to_contain_text("scoring for the table")
    expect(theirs.get_by_role("link", name="Watch and scoring links")).to_have_count(0)
    # Round 1 deals 1 card; Ann deals, Ben and Cat bid first.
    for seat, bid in ((1, "1"), (2, "0"), (0, "0")):
        tap(theirs, f"bid_{seat}", bid)
    theirs.get_by_role("button", name="Bids are in").click()
    expect(theirs.locator("#entry-title")).to_have_text("Hand 1 of 20: tricks")
    assert CardsHand.objects.get(game=game).bids == [0, 1, 0]

    # The owner turns it off: the other phone's next tap is refused, and nothing changes.
    mine.get_by_role("button", name="Turn scoring by others off").click()
    expect(mine.get_by_role("button", name="Make a scoring link")).to_be_visible()
    theirs.reload()
    expect(theirs.locator("h1")).to_have_text("Nothing here")
    assert CardsHand.objects.get(game=game).tricks is None
    console.assert_clean()
