"""One whole evening at the table on a phone, through the real pages and keys."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import (
    enter_bids,
    enter_tricks,
    expect_offered,
    expect_scores,
    screenshot,
    tap,
)
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Ben + Dan bid 13 and take them all (+130); Ann + Cat bid 2 and are set (-20).
BIG_BIDS = {0: "1", 1: "7", 2: "1", 3: "6"}


def history_hand(page: Page, number: int):
    return page.locator("details.history-hand").filter(
        has=page.locator("summary .num", has_text=re.compile(rf"^#{number}$"))
    )


def test_sign_up_play_to_a_winner_and_rematch(page: Page, live_server, console):
    page.goto(live_server.url)
    expect(page.get_by_role("heading", level=1)).to_have_text("Keep score at the Spades table")
    screenshot(page, "01-welcome")

    page.get_by_role("link", name="Create an account").click()
    page.get_by_label("Username", exact=True).fill("ann")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation", exact=True).fill(PASSWORD)
    screenshot(page, "02-signup")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Your games")
    screenshot(page, "03-home-no-games")

    page.get_by_role("link", name="New game").click()
    for seat, name in enumerate(["Ann", "Ben", "Cat", "Dan"], start=1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    screenshot(page, "04-new-game")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann + Cat vs Ben + Dan")
    assert page.evaluate("typeof window.htmx") == "object", "htmx did not load"
    expect_scores(page, 0, 0)

    # Hand 1, Ann deals: the keys come in bidding order, Ben first. Ben bids nil and makes it.
    # (Each side's "as a team" pad stays hidden until its box is ticked.)
    expect(page.locator("#entry fieldset.pad legend:visible")).to_have_text(
        ["Ben (bids first)", "Cat", "Dan", "Ann (dealer)"]
    )
    page.evaluate("window.__marker = 1")
    enter_bids(page, 1, {1: "nil", 2: "4", 3: "2", 0: "3"}, shot="05-hand-1-bids-with-nil")
    tap(page, "side_0", "9")
    tap(page, "tricks_1", "0")
    expect_offered(page, "tricks_3", "4")
    enter_tricks(page, 1, {}, shot="06-hand-1-tricks-remainder-offered")
    # Ann + Cat bid 7 took 9 (+72); Ben's nil +100, Dan bid 2 took 4 (+22).
    expect_scores(page, 72, 122)
    assert page.evaluate("window.__marker") == 1, "the page reloaded instead of swapping"
    screenshot(page, "07-hand-1-scored")

    # Hand 2, Ben deals, Cat bids first. Ann's blind nil fails: she takes 2 tricks.
    enter_bids(page, 2, {2: "5", 3: "3", 0: "blind_nil", 1: "4"})
    tap(page, "tricks_0", "2")
    tap(page, "tricks_2", "5")
    expect_offered(page, "side_1", "6")
    enter_tricks(page, 2, {})
    # Ann + Cat: -200 + 50 + 2 bags from the failed nil = -148. Ben + Dan bid 7 took 6: -70.
    expect_scores(page, -76, 52)
    history_hand(page, 2).locator("summary").click()
    expect(history_hand(page, 2)).to_contain_text("Ann's blind nil failed (took 2): -200")
    expect(history_hand(page, 2)).to_contain_text("2 bags from failed nil: +2")
    screenshot(page, "08-blind-nil-failed")

    # Hand 3, Cat deals: Ann + Cat bid 6 and take 12, the 10th bag costs them 100.
    enter_bids(page, 3, {3: "1", 0: "3", 1: "1", 2: "3"})
    tap(page, "side_0", "12")
    expect_offered(page, "side_1", "1")
    enter_tricks(page, 3, {})
    expect_scores(page, -110, 32)
    expect(page.locator(".standings .side.s0 .meta").first).to_have_text("Bags: 0 of 10")
    history_hand(page, 3).locator("summary").click()
    expect(history_hand(page, 3)).to_contain_text("10 bags reached: penalty: -100")
    screenshot(page, "09-bag-penalty")

    # Correct hand 1: Dan had bid 3, not 2. Every later score is worked out again.
    history_hand(page, 1).locator("summary").click()
    # The correction link shows once the hand is opened, right under its explanation.
    page.locator("#hand-1").get_by_role("link", name="Correct hand 1").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Correct hand 1")
    # The scoring screen's keys: Dan's bid shows on his seat's button, a tap opens its keys.
    expect(page.locator('input[name="bid_3"][value="2"]')).to_be_checked()
    tap(page, "bid_3", "3")
    screenshot(page, "10-edit-hand-1")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#notice")).to_contain_text("Hand 1 corrected")
    # Ben + Dan: hand 1 is now 100 + 30 + 1 bag = 131 instead of 122.
    expect_scores(page, -110, 41)
    screenshot(page, "11-hand-1-corrected")

    # Undo hand 3's tricks, then record them again.
    page.evaluate("window.__marker = 2")
    page.get_by_role("button", name="Undo hand 3's tricks").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 3: tricks")
    expect_scores(page, -76, 61)
    assert page.evaluate("window.__marker") == 2
    expect(page.locator("#notice")).not_to_contain_text("Hand 1 corrected")
    screenshot(page, "12-undo-hand-3-tricks")
    tap(page, "side_0", "12")
    enter_tricks(page, 3, {})
    expect_scores(page, -110, 41)

    # Play on: Ben + Dan take all 13 four times and pass 500.
    for number, (ben_dan, ann_cat) in enumerate([(171, -130), (301, -150), (431, -170)], 4):
        enter_bids(page, number, BIG_BIDS)
        tap(page, "side_1", "13")
        expect_offered(page, "side_0", "0")
        enter_tricks(page, number, {})
        expect_scores(page, ann_cat, ben_dan)
    enter_bids(page, 7, BIG_BIDS)
    enter_tricks(page, 7, {"side_1": "13"})
    expect(page.locator("#entry-title")).to_have_text("Game over")
    expect(page.locator(".winner-banner")).to_have_text("Ben + Dan win with 561 points.")
    expect(page.locator(".standings .side.s1")).to_have_class(re.compile(r"\bwinner\b"))
    expect(page.get_by_role("button", name="Bids are in")).to_have_count(0)
    screenshot(page, "13-game-over")

    finished = page.url
    page.get_by_role("button", name=re.compile("^Rematch")).click()
    expect(page.locator("#notice")).to_contain_text("Rematch! Dan deals first.")
    assert page.url != finished
    expect_scores(page, 0, 0)
    expect(page.locator("#entry-title")).to_have_text("Hand 1: bids")
    expect(page.locator("#history-title + p")).to_have_text("No hands played yet.")
    screenshot(page, "14-rematch")

    page.get_by_role("link", name=re.compile("Scorekeeper")).click()
    expect(page.locator(".games .tag")).to_have_text(["In progress", "Finished"])
    screenshot(page, "15-home-two-games")
    console.assert_clean()
