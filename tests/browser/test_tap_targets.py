"""Targets a finger aims at are 44 x 44 px, wide as well as tall; a link inside a sentence keeps
the sentence's line height, so text never reads double-spaced (WCAG 2.5.8 and its inline
exception)."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import IN_SENTENCE, screenshot, sign_in
from tests.conftest import PASSWORD, quiet_hands

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NARROW = {"width": 360, "height": 640}
TAP = 44

SMALL = """(tap) => {
  const inLine = IN_SENTENCE;
  return [...document.querySelectorAll("body a[href], body button, main summary")]
    .filter((el) => !el.closest("[hidden], .visually-hidden") && !inLine(el))
    .map((el) => [el, el.getBoundingClientRect()])
    .filter(([el, box]) => box.width > 0 && box.height > 0)
    .filter(([el, box]) => box.width < tap - 0.5 || box.height < tap - 0.5)
    .map(([el, box]) => `"${el.textContent.trim().slice(0, 30)}" `
      + `${Math.round(box.width)}x${Math.round(box.height)}`);
}""".replace("IN_SENTENCE", IN_SENTENCE)

TALL_IN_SENTENCE = """() => {
  const inLine = IN_SENTENCE;
  return [...document.querySelectorAll("main a[href]")]
    .filter((el) => inLine(el) && el.getClientRects().length === 1)
    .map((el) => [el, el.getBoundingClientRect().height])
    .filter(([el, height]) => height > 1.6 * parseFloat(getComputedStyle(el).fontSize))
    .map(([el, height]) => `"${el.textContent.trim().slice(0, 30)}" ${Math.round(height)}px`);
}""".replace("IN_SENTENCE", IN_SENTENCE)


def check_targets(page: Page, name: str) -> None:
    small = page.evaluate(SMALL, TAP)
    assert small == [], f"{name}: targets under {TAP}x{TAP}px: {small}"
    tall = page.evaluate(TALL_IN_SENTENCE)
    assert tall == [], f"{name}: links inside sentences drawn as tall as a button: {tall}"


def test_every_target_is_44px_wide_and_links_in_sentences_stay_in_line(
    new_page, live_server, make_game, console
):
    game = make_game([{"bids": ["nil", 4, 5, 4], "tricks": [2, 4, 4, 3]}, *quiet_hands(3)])
    make_game(quiet_hands(1), players=("Al", "Bo", "Cy", "Di"))
    page = new_page(viewport=NARROW)
    for path in ["/", "/accounts/login/", "/accounts/signup/"]:
        page.goto(f"{live_server.url}{path}")
        check_targets(page, path)
    sign_in(page, live_server.url, "owner", PASSWORD)
    for path in [
        "/",
        game.get_absolute_url(),
        f"/games/{game.pk}/compare/",
        f"/games/{game.pk}/compare/?preset=hoyle",
        f"/games/{game.pk}/rules/",
        f"/games/{game.pk}/share/",
        f"/games/{game.pk}/hands/1/edit/",
        "/players/",
        "/rules/",
        "/games/import/",
    ]:
        page.goto(f"{live_server.url}{path}")
        expect(page.locator("h1").first).to_be_visible()
        check_targets(page, path)
    console.assert_clean()


def test_the_game_page_title_sits_close_to_its_score_bar(new_page, live_server, make_game, console):
    """ "Add a note" on the rules line, not a line of its own between the title and the bar."""
    game = make_game(quiet_hands(2))
    page = new_page(viewport=NARROW)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}?top")
    note = page.get_by_role("link", name="Add a note")
    expect(note).to_be_visible()
    title = page.locator("h1").bounding_box()
    bar = page.locator("#standings").bounding_box()
    assert title is not None
    assert bar is not None
    gap = bar["y"] - title["y"] - title["height"]
    assert gap < 60, f"{gap:.0f}px between the title and the score bar"
    screenshot(page, "74-game-title-and-bar-360", full_page=False)
    console.assert_clean()


def test_the_rules_reference_is_an_index_of_folded_settings(new_page, live_server, console):
    """Each setting and preset folded to its name, so the page is a few screens, not 20,000 px;
    a link from the index reaches its section, and a setting opens with a tap."""
    page = new_page(viewport=NARROW)
    page.goto(f"{live_server.url}/rules/")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 6000, f"/rules/ is {height}px tall at 360px"
    setting = page.locator("details.setting").first
    expect(setting.locator("p").first).to_be_hidden()
    setting.locator("summary").click()
    expect(setting.locator("p").first).to_be_visible()
    page.get_by_role("navigation", name="On this page").get_by_role("link", name="Presets").click()
    expect(page.locator("#presets")).to_be_in_viewport()
    console.assert_clean()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_import_form_is_drawn_as_the_apps_own(new_page, live_server, owner, scheme, console):
    """The file button is the app's button, not the browser's inside a bordered box, and the
    copy box sits on the line of its label."""
    page = new_page(viewport=NARROW, color_scheme=scheme)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}/games/import/")
    chooser = page.get_by_label("Game file")
    assert chooser.evaluate("(el) => getComputedStyle(el).borderTopStyle") == "none"
    button = chooser.evaluate(
        """(el) => { const style = getComputedStyle(el, "::file-selector-button");
          return [style.minHeight, style.fontWeight, style.borderTopLeftRadius]; }"""
    )
    assert button == ["44px", "600", "10px"]
    box = page.get_by_label("Import again as a copy").bounding_box()
    words = (
        page.locator("label.check")
        .filter(has_text="Import again as a copy")
        .evaluate(
            """(label) => { const range = document.createRange();
          range.selectNodeContents(label); const lines = [...range.getClientRects()];
          const text = lines[lines.length - 1]; return text.top + text.height / 2; }"""
        )
    )
    assert box is not None
    assert abs(box["y"] + box["height"] / 2 - words) < 4, "the box is not on its label's line"
    screenshot(page, f"79-import-{scheme}", full_page=False)
    console.assert_clean()
