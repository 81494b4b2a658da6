"""Every answer to a tap is seen where the tap was made, on both phone sizes, with and without
JavaScript: a correction's warning and confirm button, and the confirmations on the game page."""

import pytest
from playwright.sync_api import Page, expect

from games.models import Hand
from tests.browser.helpers import assert_in_view, enter_bids, key, screenshot, sign_in, tap
from tests.conftest import PASSWORD, QUIET_HAND

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONES = {"360x640": {"width": 360, "height": 640}, "390x844": {"width": 390, "height": 844}}
BIG_HAND = {"bids": [6, 1, 6, 1], "tricks": [6, 0, 6, 1]}


def correct_hand_2_to_end_the_game(page: Page) -> None:
    """Ben + Dan bid 13 each and take 1 between them: the game ends after hand 2."""
    for seat, (bid, took) in enumerate([(6, 6), (13, 0), (6, 6), (13, 1)]):
        tap(page, f"bid_{seat}", str(bid))
        tap(page, f"tricks_{seat}", str(took))
    page.get_by_role("button", name="Save hand 2").click()


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "no-js"])
@pytest.mark.parametrize("phone", PHONES)
def test_a_correction_that_would_end_the_game_is_explained_in_view(
    new_page, live_server, make_game, phone, javascript, console
):
    game = make_game([BIG_HAND, BIG_HAND, QUIET_HAND, QUIET_HAND])
    page = new_page(viewport=PHONES[phone], java_script_enabled=javascript)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/2/edit/")
    correct_hand_2_to_end_the_game(page)
    warning = page.locator("#ends-earlier")
    expect(warning).to_contain_text("With this correction the game ends after hand 2")
    assert_in_view(page, warning.locator("strong"), "the warning")
    assert_in_view(
        page, page.get_by_role("button", name="Save, and remove hands 3-4"), "the confirm button"
    )
    screenshot(page, f"60-ends-earlier-{phone}-{'htmx' if javascript else 'nojs'}", full_page=False)

    page.get_by_role("button", name="Save, and remove hands 3-4").click()
    page.get_by_role("button", name="Undo: put hands 3-4 back").click()
    undone = page.get_by_text("Undone: hands 3-4 put back, and hand 2 as it was.")
    expect(undone).to_be_visible()
    # The game page puts the score bar at the top of the screen: the message is under it.
    assert_in_view(page, undone, "the undo's confirmation")
    screenshot(page, f"61-undone-{phone}-{'htmx' if javascript else 'nojs'}", full_page=False)
    console.assert_clean()


@pytest.mark.parametrize("phone", PHONES)
def test_a_correction_is_confirmed_in_view_on_the_game_page(
    new_page, live_server, make_game, phone, console
):
    game = make_game([QUIET_HAND] * 3)
    page = new_page(viewport=PHONES[phone])
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/1/edit/")
    tap(page, "tricks_0", "5")
    tap(page, "tricks_1", "2")
    page.get_by_role("button", name="Save hand 1").click()
    message = page.locator("#notice").get_by_text("Hand 1 corrected")
    expect(message).to_be_visible()
    assert_in_view(page, message, "the correction's confirmation")
    assert_in_view(page, page.locator("#standings"), "the score bar")
    console.assert_clean()


# The switch's colour once its transition (0.15 s, app.css) has ended: read mid-animation, on
# a loaded machine, it was still between the two. getAnimations() takes in the style change
# the click just made, so the transition it started is among those waited for.
SETTLED_BACKGROUND = """(el) => Promise.all(
  el.getAnimations({subtree: true}).map((animation) => animation.finished)
).then(() => getComputedStyle(el).backgroundColor)"""


@pytest.mark.parametrize("phone", PHONES)
def test_the_screen_switch_sits_by_the_title_and_shows_when_it_is_on(
    new_page, live_server, make_game, phone, console
):
    game = make_game([QUIET_HAND] * 6)
    page = new_page(viewport=PHONES[phone])
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.evaluate("window.scrollTo(0, 0)")
    toggle = page.get_by_role("button", name="Keep the screen on")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert_in_view(page, toggle, "the screen switch")
    switch = toggle.locator(".switch")
    on = switch.evaluate(SETTLED_BACKGROUND)
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    off = switch.evaluate(SETTLED_BACKGROUND)
    assert on != off, "the switch looks the same on and off"
    screenshot(page, f"62-screen-switch-{phone}", full_page=False)
    console.assert_clean()


@pytest.mark.parametrize("phone", PHONES)
def test_saving_and_problems_float_under_the_score_bar(
    new_page, live_server, make_game, phone, console
):
    game = make_game([QUIET_HAND] * 6)
    page = new_page(viewport=PHONES[phone])
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    # Scrolled to the step: the score bar holds the top of the screen.
    page.evaluate("document.getElementById('entry').scrollIntoView()")
    page.evaluate("document.getElementById('app-status').textContent = 'Saving…'")
    bar = page.locator("#standings").bounding_box()
    status = page.locator("#app-status").bounding_box()
    assert bar is not None
    assert status is not None
    assert bar["y"] <= 1, "the score bar is not at the top of the screen"
    assert status["y"] >= bar["y"] + bar["height"] - 1, "Saving… covers the score bar"
    console.assert_clean()


def test_one_wrong_bid_is_fixed_in_three_taps(new_page, live_server, make_game, console):
    """Ben deals hand 2 and bids last: his 2 should have been 3. Undo, tap 3, send."""
    game = make_game([QUIET_HAND])
    page = new_page(viewport=PHONES["360x640"])
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    enter_bids(page, 2, {2: "4", 3: "3", 0: "3", 1: "2"})
    page.get_by_role("button", name="Undo hand 2's bids").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 2: bids")
    expect(page.locator("#notice")).to_contain_text("Took back hand 2's last bid")
    # The others' bids are still tapped; Ben's keys are open, to tap again.
    expect(page.locator("fieldset.pad.current legend")).to_contain_text("Ben")
    key(page, "bid_1", "3").click()
    page.get_by_role("button", name="Bids are in").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 2: tricks")
    assert Hand.objects.get(game=game, number=2).bids == [3, 3, 4, 3]
    screenshot(page, "63-one-bid-fixed", full_page=False)
    console.assert_clean()
