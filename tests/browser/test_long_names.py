"""A 40-character one-word name on a 360 px phone: no page scrolls sideways, and every link,
button and field a finger aims at is at least 44 px tall (or the label it sits in is); a link
inside a sentence keeps the sentence's line height instead (WCAG 2.5.8's inline exception)."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import IN_SENTENCE, screenshot, sign_in
from tests.conftest import PASSWORD, quiet_hands

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_360 = {"width": 360, "height": 740}
TAP = 44
# Four single words of 40 characters: nothing to break a line at.
NAMES = [letter * 36 + "ovic" for letter in "ABCD"]

# Every visible control; a radio or checkbox counts by the label a finger taps instead.
SHORT_CONTROLS = """(tap) => [...document.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, textarea, summary")]
  .filter((el) => !el.closest("[hidden], .visually-hidden, .skip-link"))
  .filter((el) => !(IN_SENTENCE)(el))
  .map((el) => {
    const boxy = ["radio", "checkbox"].includes(el.type) ? (el.closest("label") || el) : el;
    return [el, boxy, boxy.getBoundingClientRect()];
  })
  .filter(([el, boxy, box]) => box.width > 0 && box.height > 0
    && getComputedStyle(el).visibility !== "hidden")
  .filter(([el, boxy, box]) => box.height < tap - 0.5)
  .map(([el, boxy, box]) => `<${el.tagName.toLowerCase()} class="${el.className}">`
    + ` "${(el.textContent || el.value || "").trim().slice(0, 30)}" ${Math.round(box.height)}px`)
""".replace("IN_SENTENCE", IN_SENTENCE)

WIDEST = """() => [...document.querySelectorAll("body *")]
  .map((el) => [el, el.getBoundingClientRect()])
  .filter(([el, box]) => box.right > document.documentElement.clientWidth + 0.5)
  .slice(0, 5)
  .map(([el, box]) => `<${el.tagName.toLowerCase()} class="${el.className}">`
    + ` ${Math.round(box.right)}`)
"""


def fits(page: Page, name: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_360["width"], (
        f"{name} scrolls sideways ({width}px): {page.evaluate(WIDEST)}"
    )
    screenshot(page, f"40-long-names-{name}")


def short_controls(page: Page, name: str) -> list[str]:
    return [f"{name}: {control}" for control in page.evaluate(SHORT_CONTROLS, TAP)]


@pytest.fixture
def long_games(make_game):
    """A finished game, one being played and one with a pending bid, all with long names."""
    finished = make_game([{"bids": [6, 1, 6, 1], "tricks": [6, 0, 6, 1]}] * 5, players=NAMES)
    playing = make_game([*quiet_hands(3), {"bids": [3, "nil", 4, 2]}], players=NAMES)
    finished.set_note("A long night")
    playing.set_hand_note(2, "misdeal")
    return finished, playing


def pages(finished, playing) -> dict[str, str]:
    return {
        "home": "/",
        "games": "/games/",
        "games-filtered": f"/games/?player={NAMES[0]}",
        "new-game": "/games/new/",
        "game-playing": playing.get_absolute_url(),
        "game-finished": finished.get_absolute_url(),
        "edit-hand": f"/games/{playing.pk}/hands/2/edit/",
        "hand-note": f"/games/{playing.pk}/hands/2/note/",
        "game-note": f"/games/{playing.pk}/note/",
        "rules-card": f"/games/{playing.pk}/rules/",
        "compare": f"/games/{finished.pk}/compare/?preset=partner_helps",
        "share": f"/games/{playing.pk}/share/",
        "players": "/players/",
        "rules": "/rules/",
        "import": "/games/import/",
        "password": "/accounts/password/",
    }


def test_no_page_scrolls_sideways_with_forty_character_names(
    new_page, live_server, long_games, console
):
    finished, playing = long_games
    page = new_page(viewport=PHONE_360)
    sign_in(page, live_server.url, "owner", PASSWORD)
    for name, path in pages(finished, playing).items():
        page.goto(f"{live_server.url}{path}")
        expect(page.locator("h1").first).to_be_attached()
        fits(page, name)
    page.goto(f"{live_server.url}/players/")
    # Cards, not a table to scroll inside: every figure and the whole name are on screen.
    assert page.locator(".stats-table").bounding_box()["width"] <= PHONE_360["width"]
    for name in NAMES:
        link = page.get_by_role("link", name=name)
        box = link.bounding_box()
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= PHONE_360["width"]
    bags = page.locator('.stats-table td[data-label="Bags per hand"]').first.bounding_box()
    assert bags["x"] >= 0
    assert bags["x"] + bags["width"] <= PHONE_360["width"]
    page.goto(f"{live_server.url}{playing.get_absolute_url()}")
    page.locator("details.history-hand summary").first.click()
    fits(page, "game-history-open")
    for path, name in [
        (f"/t/{playing.table.watch_token}/", "watch"),
        (f"/t/{finished.table.watch_token}/", "watch-done"),
    ]:
        watcher = new_page(viewport=PHONE_360)
        watcher.goto(f"{live_server.url}{path}")
        expect(watcher.locator(".standings")).to_be_visible()
        fits(watcher, name)
    console.assert_clean()


def test_every_control_is_a_44px_target_with_forty_character_names(
    new_page, live_server, long_games, console
):
    finished, playing = long_games
    page = new_page(viewport=PHONE_360)
    short = []
    for name, path in [("welcome", "/"), ("sign-in", "/accounts/login/")]:
        page.goto(f"{live_server.url}{path}")
        short += short_controls(page, name)
    sign_in(page, live_server.url, "owner", PASSWORD)
    for name, path in pages(finished, playing).items():
        page.goto(f"{live_server.url}{path}")
        expect(page.locator("h1").first).to_be_attached()
        short += short_controls(page, name)
    page.goto(f"{live_server.url}/games/new/")
    page.get_by_text("House rules (optional)").click()
    short += short_controls(page, "new-game-house-rules")
    page.goto(f"{live_server.url}{playing.get_absolute_url()}")
    page.locator("details.history-hand summary").first.click()
    short += short_controls(page, "game-history-open")
    watcher = new_page(viewport=PHONE_360)
    for path, name in [
        (f"/t/{playing.table.watch_token}/", "watch"),
    ]:
        watcher.goto(f"{live_server.url}{path}")
        expect(watcher.locator(".standings")).to_be_visible()
        short += short_controls(watcher, name)
    assert short == [], f"controls under {TAP}px tall:\n" + "\n".join(short)
    console.assert_clean()


def test_a_long_name_can_be_read_in_full(new_page, live_server, long_games):
    """Where a long name is cut short, the whole name is one tap or hover away."""
    _finished, playing = long_games
    page = new_page(viewport=PHONE_360)
    sign_in(page, live_server.url, "owner", PASSWORD)
    for path in ["/", "/games/", "/players/", playing.get_absolute_url()]:
        page.goto(f"{live_server.url}{path}")
        cut = page.evaluate(
            """() => [...document.querySelectorAll("main *")]
              .filter((el) => el.children.length === 0 && el.scrollWidth > el.clientWidth + 1
                && getComputedStyle(el).textOverflow === "ellipsis")
              .filter((el) => !(el.title || el.closest("[title]")))
              .map((el) => el.textContent.trim().slice(0, 40))"""
        )
        assert cut == [], f"{path} cuts names without the full name: {cut}"
        assert page.get_by_text(NAMES[0], exact=False).count() >= 1
