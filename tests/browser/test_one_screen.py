"""Each step of a hand fits one phone screen under the score bar, and after a recorded step
the score bar, what the hand scored and the next step are what the phone shows."""

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.helpers import enter_bids, expect_scores, screenshot, sign_in, tap
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEIGHT = 844
# Once a recorded step is in, app.js brings the score bar to the top of the screen.
AT_THE_TOP = "() => Math.abs(document.getElementById('standings').getBoundingClientRect().top) < 1"

# The rules the table may play: the defaults, blind number bids as well as blind nil (the
# most keys a seat can have), everyone bidding blind nil (every seat's tricks on its own).
RULES = {
    "standard": {},
    "blind-bids": {"blind_bid_min": 6},
    "blind-nil-all": {"preset": "blind_nil_all"},
    # Four players each scoring alone: four sides in the bar, four pads in the tricks step.
    "cutthroat": {"preset": "cutthroat"},
}


def box(locator: Locator) -> dict:
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not drawn"
    return found


def step_parts(page: Page) -> list[tuple[str, Locator]]:
    """What one step is: its title, who deals and leads or bids, every pad still in play (its
    keys or its folded button) and the button that sends it."""
    entry = page.locator("#entry")
    parts = [("title", entry.locator("#entry-title")), ("deal", entry.locator("> p").first)]
    pads = entry.locator("fieldset.pad")
    for index in range(pads.count()):
        pad = pads.nth(index)
        if pad.is_visible():
            parts.append((f"pad {pad.get_attribute('data-who')}", pad))
    parts.append(("submit", entry.locator("button[type=submit].primary")))
    return parts


def assert_fits_under_the_score_bar(page: Page, name: str) -> None:
    """The whole step lies between the score bar and the bottom of the screen."""
    bar = box(page.locator("#standings"))
    assert bar["y"] >= -0.5, f"{name}: the score bar is above the screen ({bar['y']})"
    top = bar["y"] + bar["height"]
    parts = step_parts(page)
    assert len(parts) >= 4, f"{name}: the step has no pads"
    for what, part in parts:
        found = box(part)
        assert found["y"] >= top - 0.5, f"{name}: {what} is under the score bar ({found['y']})"
        bottom = found["y"] + found["height"]
        assert bottom <= HEIGHT + 0.5, f"{name}: {what} ends below the screen ({bottom:.0f})"
    # The button that sends the step is in its own place, not stuck over the last pads.
    form = box(page.locator("#entry form.steps"))
    end = form["y"] + form["height"]
    assert end <= HEIGHT + 0.5, f"{name}: the form ends below the screen ({end:.0f})"


def tricks_for_the_table(page: Page) -> dict[str, str]:
    """Every trick to the step's first pad (no blind nil of the others is lost: no game ends)."""
    total = page.locator("#entry form[data-tricks]").get_attribute("data-tricks")
    names = page.locator("#entry fieldset.pad input[type=radio][value='0']").evaluate_all(
        "(inputs) => inputs.map((input) => input.name)"
    )
    return {name: str(total) if index == 0 else "0" for index, name in enumerate(names)}


@pytest.mark.parametrize("name", RULES)
def test_each_step_fits_one_screen_below_the_score_bar(
    page: Page, live_server, make_game, console, name
):
    rules = RULES[name]
    game = make_game(**rules)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")

    # The page as it opens: the bids step is all there, nothing to scroll.
    expect(page.locator("#entry-title")).to_have_text("Hand 1: bids")
    assert page.evaluate("window.scrollY") == 0
    assert_fits_under_the_score_bar(page, "bids, as the page opens")
    screenshot(page, f"70-one-screen-bids-{name}", full_page=False)

    bids = {} if rules.get("preset") == "blind_nil_all" else {1: "3", 2: "4", 3: "2", 0: "3"}
    enter_bids(page, 1, bids)
    page.wait_for_function(AT_THE_TOP)
    assert_fits_under_the_score_bar(page, "tricks, after the bids")

    tricks = tricks_for_the_table(page)
    for group, took in tricks.items():
        tap(page, group, took)
    assert_fits_under_the_score_bar(page, "tricks, all tapped")
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 2: bids")
    page.wait_for_function(AT_THE_TOP)
    screenshot(page, f"71-one-screen-recorded-{name}", full_page=False)

    # The hand scored: the score bar at the top, the line of what it scored, the next bids.
    expect(page.locator("#notice")).to_have_text(re.compile(r"^Hand 1: Ann\b.* [+-]?\d+, Ben\b"))
    assert_fits_under_the_score_bar(page, "bids, after a recorded hand")
    notice = box(page.locator("#notice .message"))
    assert notice["y"] >= 0
    assert notice["y"] + notice["height"] <= HEIGHT
    console.assert_clean()


def test_the_score_bar_stays_in_view_while_scrolling(page: Page, live_server, make_game, console):
    game = make_game([{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 6)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect_scores(page, 420, 360)
    page.locator("#history-title").scroll_into_view_if_needed()
    page.mouse.wheel(0, 600)
    bar = page.locator("#standings")
    expect(bar).to_be_in_viewport()
    assert abs(box(bar)["y"]) <= 0.5
    # The bar says the score, the bags and the target.
    expect(bar.locator(".side.s0 .score")).to_have_text("420")
    expect(bar.locator(".side.s0 .meta")).to_have_text(["Bags: 0 of 10", "Needs 80 more to win"])
    expect(bar.locator(".target")).to_have_text(re.compile(r"to\s*500"))
    console.assert_clean()
