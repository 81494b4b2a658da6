"""Read the score aloud: an option on the game page, off until tapped and remembered on the
phone, that speaks each recorded step's result and the standings with the browser's own speech
synthesis (no server). The taps are the same with it on or off."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import enter_bids, enter_tricks, expect_scores, screenshot, sign_in
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What the page asks the phone to say, kept instead of spoken (headless Chromium has no voice).
LISTEN = """(() => {
  window.__said = [];
  SpeechSynthesis.prototype.speak = function (utterance) { window.__said.push(utterance.text); };
})()"""


def said(page: Page) -> list[str]:
    return page.evaluate("window.__said")


def test_the_score_is_read_aloud_once_asked_and_remembered(
    new_page, live_server, make_game, console
):
    game = make_game()
    page = new_page()
    page.context.add_init_script(LISTEN)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    toggle = page.get_by_role("button", name="Read the score aloud")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    # Off by default: a recorded step says nothing.
    enter_bids(page, 1, {0: "3", 1: "3", 2: "4", 3: "2"})
    assert said(page) == []

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert said(page) == ["The score will be read aloud after each step."]
    enter_tricks(page, 1, {"side_0": "7"})
    expect_scores(page, 70, 51)
    expect(page.locator("#notice")).to_contain_text("Hand 1: Ann + Cat +70")
    page.wait_for_function("window.__said.length === 2")
    assert said(page)[-1] == (
        "Hand 1: Ann + Cat +70, Ben + Dan +51. Standings: Ann + Cat 70, Ben + Dan 51."
    )
    screenshot(page, "64-read-aloud-on", full_page=False)

    # Remembered on the phone; a tap turns it off again.
    page.reload()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    enter_bids(page, 2, {1: "3", 2: "3", 3: "3", 0: "4"})
    enter_tricks(page, 2, {"side_0": "7"})
    assert said(page) == []
    console.assert_clean()


def test_without_speech_there_is_no_option(new_page, live_server, make_game, console):
    page = new_page()
    page.context.add_init_script("delete window.speechSynthesis")
    sign_in(page, live_server.url, "owner", PASSWORD)
    game = make_game()
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect(page.locator("#entry-title")).to_have_text("Hand 1: bids")
    expect(page.locator("[data-speak]")).to_be_hidden()
    console.assert_clean()
