"""Each step of a hand fits one phone screen under the score bar, and after a recorded step
the score bar, what the hand scored and the next step are what the phone shows."""

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from games.models import Hand
from tests.browser.helpers import enter_bids, expect_scores, screenshot, sign_in, tap
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEIGHT = 844
SMALL = {"width": 360, "height": 640}
# Once a recorded step is in, app.js brings the score bar to the top of the screen.
AT_THE_TOP = "() => Math.abs(document.getElementById('standings').getBoundingClientRect().top) < 1"
TWO = ("Ann", "Ben")
THREE = ("Ann", "Ben", "Cat")

# The tables the app scores, each with the most keys its seats can have: blind nil wherever
# the rules allow it, blind number bids as well, everyone bidding blind nil (every seat's
# tricks on its own), four, three (17 tricks) and two players each scoring alone.
RULES = {
    "standard": {},
    "blind-bids": {"blind_bid_min": 6},
    "blind-nil-all": {"preset": "blind_nil_all"},
    "cutthroat": {"preset": "cutthroat", "blind_nil": True},
    "three-players": {"preset": "cutthroat3", "players": THREE, "blind_nil": True},
    "three-players-blind-bids": {
        "preset": "cutthroat3",
        "players": THREE,
        "blind_nil": True,
        "blind_bid_min": 6,
    },
    "two-players": {"preset": "two_player", "players": TWO, "blind_nil": True},
}


def box(locator: Locator) -> dict:
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not drawn"
    return found


def step_parts(page: Page) -> list[tuple[str, Locator]]:
    """What one step is: its title, who deals and leads or bids, the "bid as a team" boxes,
    every pad still in play (its keys or its folded button) and the button that sends it."""
    entry = page.locator("#entry")
    parts = [("title", entry.locator("#entry-title")), ("deal", entry.locator("> p").first)]
    boxes = entry.locator("label.check")
    for index in range(boxes.count()):
        parts.append((f"team box {index}", boxes.nth(index)))
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
    # Each side's score and bags, and the target.
    sides = page.locator("#standings .side")
    assert sides.count() >= 2, f"{name}: the score bar has no sides"
    for what in (".score", ".meta"):
        expect(sides.locator(what).first).to_be_in_viewport()
    expect(page.locator("#standings .target")).to_be_in_viewport()
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
    # One pad's keys at a time; every other pad is one button saying what was tapped on it.
    assert page.locator("#entry fieldset.pad.current").count() <= 1
    keys = page.locator("#entry fieldset.pad .keys:visible")
    assert keys.count() <= 1, f"{name}: more than one pad's keys are open"


def tricks_for_the_table(page: Page) -> dict[str, str]:
    """Every trick to the step's first pad (no blind nil of the others is lost: no game ends)."""
    total = page.locator("#entry form[data-tricks]").get_attribute("data-tricks")
    names = page.locator("#entry fieldset.pad input[type=radio][value='0']").evaluate_all(
        "(inputs) => inputs.map((input) => input.name)"
    )
    return {name: str(total) if index == 0 else "0" for index, name in enumerate(names)}


def open_game(page: Page, live_server, game) -> None:
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect(page.locator("#entry-title")).to_have_text("Hand 1: bids")


def test_a_step_that_fits_under_the_title_leaves_the_page_where_it_opens(
    page: Page, live_server, make_game, console
):
    open_game(page, live_server, make_game())
    assert page.evaluate("window.scrollY") == 0
    expect(page.locator("h1")).to_be_in_viewport()
    assert_fits_under_the_score_bar(page, "bids, as the page opens")
    console.assert_clean()


@pytest.mark.parametrize("name", RULES)
def test_each_step_fits_one_screen_below_the_score_bar(
    page: Page, live_server, make_game, console, name
):
    rules = dict(RULES[name])
    players = rules.get("players", ("Ann", "Ben", "Cat", "Dan"))
    game = make_game(**rules)
    open_game(page, live_server, game)

    # The page as it opens: the bids step is all there, nothing to scroll.
    assert_fits_under_the_score_bar(page, "bids, as the page opens")
    screenshot(page, f"70-one-screen-bids-{name}", full_page=False)

    bids = {} if rules.get("preset") == "blind_nil_all" else {1: "3", 2: "4", 3: "2", 0: "3"}
    enter_bids(page, 1, {seat: bid for seat, bid in bids.items() if seat < len(players)})
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


def test_a_side_bidding_as_a_team_fits_one_screen(page: Page, live_server, make_game, console):
    # Blind number bids too: the team pads have the most keys a side can have.
    game = make_game(blind_bid_min=6)
    open_game(page, live_server, game)
    page.get_by_label("Ann + Cat bid as a team").check()
    team = page.locator('#entry fieldset.pad[data-pad="team"][data-side="0"]')
    expect(team).to_have_class(re.compile(r"\bcurrent\b"))
    assert_fits_under_the_score_bar(page, "bids, a side as a team")
    page.get_by_label("Ben + Dan bid as a team").check()
    assert_fits_under_the_score_bar(page, "bids, both sides as teams")
    screenshot(page, "72-one-screen-team-bids", full_page=False)

    tap(page, "team_bid_0", "7")
    tap(page, "team_bid_1", "blind_6")
    page.get_by_role("button", name="Bids are in").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 1: tricks")
    page.wait_for_function(AT_THE_TOP)
    assert_fits_under_the_score_bar(page, "tricks, after team bids")
    tap(page, "side_0", "7")
    tap(page, "side_1", "6")
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#notice")).to_have_text(re.compile(r"^Hand 1: Ann \+ Cat \+70, Ben"))
    page.wait_for_function(AT_THE_TOP)
    assert_fits_under_the_score_bar(page, "bids, after a team hand")
    console.assert_clean()


def test_a_refused_step_opens_the_pad_to_fix_in_view(page: Page, live_server, make_game, console):
    game = make_game()
    open_game(page, live_server, game)
    # Every seat but the dealer's (who bids last): the server names the missing bid.
    for seat, bid in ((1, "3"), (2, "4"), (3, "2")):
        tap(page, f"bid_{seat}", bid)
    page.get_by_role("button", name="Bids are in").click()
    error = page.locator("#entry .errorlist").first
    # Announced from its wrapper, so the list keeps its items (axe-core: listitem).
    expect(page.locator("#entry [role=alert]").first).to_contain_text(error.inner_text())
    expect(error).not_to_have_attribute("role", "alert")
    expect(error).to_be_in_viewport()
    wrong = page.locator("#entry fieldset.pad", has=page.locator(".errorlist"))
    expect(wrong).to_have_class(re.compile(r"\bcurrent\b"))
    expect(wrong).to_have_attribute("data-who", "Ann")
    assert wrong.evaluate("(pad) => pad.contains(document.activeElement)"), "the pad to fix"
    assert_fits_under_the_score_bar(page, "bids, refused")
    # The choices made are kept, and the folded pads still say what was tapped on them.
    expect(page.locator("#entry button.pick:visible .val")).to_have_text(["3", "4", "2"])
    assert not Hand.objects.filter(game=game).exists()
    console.assert_clean()


def test_every_key_has_a_name_and_focus_follows_the_taps(
    page: Page, live_server, make_game, console
):
    game = make_game(blind_bid_min=6)
    open_game(page, live_server, game)
    # The open pad is named by its seat; each key by what it bids.
    pad = page.get_by_role("group", name="Ben (bids first)")
    for name in ("Nil", "Blind nil", "1", "13", "Blind 6"):
        expect(pad.get_by_role("radio", name=name, exact=True)).to_have_count(1)
    # Each folded seat is a button that says whose it is, what was tapped and that it opens.
    folded = page.get_by_role("button", name=re.compile(r"^Cat: not chosen yet\. Tap to change"))
    expect(folded).to_have_attribute("aria-expanded", "false")

    # A tap moves on to the next seat, its keys take the focus: a screen reader says whose.
    pad.get_by_role("radio", name="3", exact=True).click()
    focused = page.evaluate("document.activeElement.name")
    assert focused == "bid_2", focused
    expect(page.get_by_role("button", name=re.compile(r"^Ben \(bids first\): 3\."))).to_be_visible()
    # The keyboard: the arrows change the seat's choice without moving on.
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.name") == "bid_2"
    assert page.locator("#entry fieldset.pad.current input:checked").count() == 1
    # Tab leaves the pad for the next folded seat's button; Enter opens it with its keys focused.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "pick"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.name") == "bid_3"
    # The last seat tapped, the focus is on the button that sends the step.
    tap(page, "bid_3", "4")
    assert page.evaluate("document.activeElement.name") == "bid_0"
    tap(page, "bid_0", "2")
    assert page.evaluate("document.activeElement.textContent") == "Bids are in"
    console.assert_clean()


@pytest.mark.parametrize("javascript", [True, False], ids=["app.js", "no-javascript"])
def test_a_small_phone_never_scrolls_sideways_and_reaches_every_seat(
    new_page, live_server, make_game, console, javascript
):
    # Three players with blind bids: the most keys, 17 tricks a hand, the widest labels.
    game = make_game(**RULES["three-players-blind-bids"])
    page = new_page(viewport=SMALL, java_script_enabled=javascript)
    open_game(page, live_server, game)
    width = "document.documentElement.scrollWidth"
    assert page.evaluate(width) <= SMALL["width"], "the bids step scrolls sideways"
    if not javascript:
        # Every seat's keys are on the page, each pad open, blind bids included.
        for seat in range(3):
            for value in ("nil", "blind_nil", "17", "blind_17"):
                key = f'label.key:has(input[name="bid_{seat}"][value="{value}"])'
                expect(page.locator(key)).to_be_visible()
        expect(page.locator("#entry fieldset.pad .keys:visible")).to_have_count(3)
    for seat, bid in ((1, "5"), (2, "blind_6"), (0, "nil")):
        tap(page, f"bid_{seat}", bid)
    screenshot(page, f"73-small-phone-bids-{'js' if javascript else 'nojs'}", full_page=False)
    page.get_by_role("button", name="Bids are in").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 1: tricks")
    assert page.evaluate(width) <= SMALL["width"], "the tricks step scrolls sideways"
    if not javascript:
        expect(page.locator("#entry fieldset.pad .keys:visible")).to_have_count(3)
    for group, took in (("tricks_1", "6"), ("tricks_2", "11"), ("tricks_0", "0")):
        tap(page, group, took)
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 2: bids")
    assert page.evaluate(width) <= SMALL["width"], "the next bids step scrolls sideways"
    assert Hand.objects.get(game=game, number=1).tricks == [0, 6, 11]
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


# Each pad's keys, element by element (the whitespace between them aside).
KEYS = """() => [...document.querySelectorAll('#entry .keys')].map((keys) =>
  [keys.cloneNode(false).outerHTML, ...[...keys.children].map((key) => key.outerHTML)])"""


@pytest.mark.parametrize("name", ["standard", "blind-bids", "three-players-blind-bids"])
def test_the_keys_after_a_recorded_step_are_the_keys_the_page_draws(
    page: Page, live_server, make_game, console, name
):
    # The swap draws each pad's first key and lists the rest, which app.js copies from it.
    rules = dict(RULES[name])
    players = rules.get("players", ("Ann", "Ben", "Cat", "Dan"))
    game = make_game(**rules)
    open_game(page, live_server, game)
    enter_bids(
        page,
        1,
        {
            seat: bid
            for seat, bid in {1: "3", 2: "4", 3: "2", 0: "3"}.items()
            if seat < len(players)
        },
    )
    swapped = page.evaluate(KEYS)
    page.reload()
    expect(page.locator("#entry-title")).to_have_text("Hand 1: tricks")
    assert page.evaluate(KEYS) == swapped

    for group, took in tricks_for_the_table(page).items():
        tap(page, group, took)
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 2: bids")
    swapped = page.evaluate(KEYS)
    assert len(swapped) >= len(players)
    page.reload()
    expect(page.locator("#entry-title")).to_have_text("Hand 2: bids")
    assert page.evaluate(KEYS) == swapped
    console.assert_clean()
