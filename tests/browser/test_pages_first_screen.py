"""What each page is for shows on its first screen, on both phone sizes: What if?'s outcome, the
share page's QR code, the games list without words broken in the middle."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import assert_in_view, screenshot, sign_in
from tests.conftest import FLIPPING_GAME, PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONES = {"360x640": {"width": 360, "height": 640}, "390x844": {"width": 390, "height": 844}}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("phone", PHONES)
def test_what_if_shows_the_outcome_of_a_choice_on_the_first_screen(
    new_page, live_server, make_game, phone, scheme, console
):
    game = make_game(FLIPPING_GAME, target_score=200, losing_score=None)
    page = new_page(viewport=PHONES[phone], color_scheme=scheme)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}/games/{game.pk}/compare/")
    # One compact control, not a run of a link a preset.
    assert page.locator('main a[href^="?preset="]').count() == 0
    page.get_by_label("Score the hands as").select_option(label="Failed nil helps the partner")
    page.get_by_role("button", name="Score again").click()
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(page.locator(".compare-table")).to_contain_text("Ann + Cat")
    assert_in_view(page, outcome, "the outcome")
    assert_in_view(page, page.locator(".compare-table"), "the scores under both rules")
    screenshot(page, f"70-what-if-{phone}-{scheme}", full_page=False)
    console.assert_clean()


# Each word of the text in `selector` that the browser drew over two lines ("Winne/r").
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
        if (lines.size > 1) { broken.push(match[0]); }
      }
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("phone", PHONES)
def test_the_games_list_breaks_no_word_and_keeps_each_score_with_its_side(
    new_page, live_server, make_game, phone, scheme, console
):
    make_game([{"bids": [6, 1, 6, 1], "tricks": [6, 0, 6, 1]}] * 5)
    make_game([{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 3)
    page = new_page(viewport=PHONES[phone], color_scheme=scheme)
    sign_in(page, live_server.url, "owner", PASSWORD)
    expect(page.locator(".game-row")).to_have_count(2)
    assert page.evaluate(BROKEN_WORDS, ".game-row") == []
    expect(page.locator(".game-row").last).to_contain_text("Winner: Ann + Cat")
    for side in page.locator(".game-row .row-side").all():
        name, score = side.locator(".who").bounding_box(), side.locator(".score").bounding_box()
        assert name is not None
        assert score is not None
        assert name["height"] < 30, f"{side.text_content()!r} wraps"
        assert abs(name["y"] + name["height"] - score["y"] - score["height"]) < 6, (
            f"{side.text_content()!r}: the score is not on its side's line"
        )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONES[phone]["width"]
    screenshot(page, f"71-games-list-{phone}-{scheme}", full_page=False)
    console.assert_clean()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_score_bar_shows_whole_team_names_at_360px(
    new_page, live_server, make_game, scheme, console
):
    # 470 and 280: Ann + Cat take 12 once, then both sides make their bids five times.
    big = {"bids": [6, 1, 6, 1], "tricks": [6, 0, 6, 1]}
    game = make_game([big, *[{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 5])
    page = new_page(viewport=PHONES["360x640"], color_scheme=scheme)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect(page.locator(".standings .side.s0 .score")).to_have_text("470")
    expect(page.locator(".standings .side.s1 .score")).to_have_text("280")
    cut = page.evaluate(
        """() => [...document.querySelectorAll(".standings-box .who")]
          .filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent)"""
    )
    assert cut == [], f"names cut short beside three-digit scores: {cut}"
    screenshot(page, f"72-score-bar-360-{scheme}", full_page=False)
    console.assert_clean()


def test_forty_letter_names_leave_the_keys_and_team_boxes_in_view(
    new_page, live_server, make_game, console
):
    names = [letter * 36 + "ovic" for letter in "ABCD"]
    game = make_game([{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 2, players=names)
    page = new_page(viewport=PHONES["360x640"])
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect(page.locator("#entry-title")).to_have_text("Hand 3: bids")
    current = page.locator("fieldset.pad.current")
    assert_in_view(page, current.locator("label.key").last, "the open pad's last key")
    button = page.get_by_role("button", name="Bids are in")
    assert_in_view(page, button, "the button that sends the bids")
    top = button.evaluate("(el) => el.closest('.sticky-submit').getBoundingClientRect().top")
    for box in page.locator("form.stepped > label.check").all():
        found = box.bounding_box()
        assert found is not None
        assert found["y"] + found["height"] <= top, "the sticky button covers a team box"
    expect(page.locator("label.check").first).to_contain_text("bid as a team")
    screenshot(page, "73-forty-letter-names-bids", full_page=False)
    console.assert_clean()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("phone", PHONES)
def test_the_share_page_shows_its_qr_code_on_the_first_screen(
    new_page, live_server, make_game, phone, scheme, console
):
    game = make_game([{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}])
    page = new_page(viewport=PHONES[phone], color_scheme=scheme)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}/games/{game.pk}/share/")
    assert_in_view(page, page.locator(".qr .qr-code").first, "the table link's QR code")
    screenshot(page, f"77-share-{phone}-{scheme}", full_page=False)
    console.assert_clean()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("phone", PHONES)
def test_a_correction_is_tapped_on_keys_with_its_button_on_the_first_screen(
    new_page, live_server, make_game, phone, scheme, console
):
    game = make_game([{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 2)
    page = new_page(viewport=PHONES[phone], color_scheme=scheme)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/1/edit/")
    assert page.locator("main select").count() == 0, "the correction is still dropdowns"
    assert_in_view(page, page.get_by_role("button", name="Save hand 1"), "the save button")
    page.get_by_role("button", name="Ann's bid: 4. Tap to change.").click()
    page.locator('label.key:has(input[name="bid_0"][value="5"])').click()
    expect(page.locator('input[name="bid_0"][value="5"]')).to_be_checked()
    screenshot(page, f"78-edit-hand-{phone}-{scheme}", full_page=False)
    console.assert_clean()
