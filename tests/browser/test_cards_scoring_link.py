"""A card game's scoring link in Chromium: the owner makes it on the share page, a second
phone with no account opens it, scores a hand and sees none of the owner's pages; left on a
game the owner has rematched, that phone is sent on to the rematch."""

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


def test_a_scoring_phone_left_on_the_old_game_follows_the_rematch(
    new_page, live_server, owner, console
):
    # Oh Hell, one hand of one card: played out, the game is over.
    game = services.create_game(
        owner,
        kind=card_games.GAMES["oh_hell"],
        players=["Ann", "Ben", "Cat"],
        rules={"preset": "oh_hell", "max_cards": 1, "schedule": "up"},
    )
    services.record_bids(owner, game.pk, 1, [0, 0, 0])
    game = services.record_tricks(owner, game.pk, 1, [1, 0, 0]).game
    game, _ = services.set_watch_link(owner, game.pk, "score_on")
    theirs: Page = new_page()
    theirs.goto(f"{live_server.url}/cs/{game.score_token}/")
    expect(theirs.locator("#entry-title")).to_have_text("Game over")

    # The owner starts the rematch on their own phone; this one still shows the old game.
    rematch, _ = services.start_rematch(owner, game.pk)
    theirs.get_by_role("button", name="Rematch: same players and rules").click()
    expect(theirs).to_have_url(f"{live_server.url}{rematch.get_absolute_url()}")
    expect(theirs.locator("#notice")).to_contain_text(
        f"Nothing was saved. This game has moved on to its rematch, {rematch.title}."
    )
    expect(theirs.locator("#entry-title")).to_have_text("Hand 1 of 1: bids")
    theirs.goto(f"{live_server.url}{game.get_absolute_url()}")  # the old game: sent on, told so
    expect(theirs).to_have_url(f"{live_server.url}{rematch.get_absolute_url()}")
    expect(theirs.locator("#notice")).to_contain_text("This game has moved on to its rematch")
    console.assert_clean()
