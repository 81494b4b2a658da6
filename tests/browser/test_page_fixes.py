"""The page fixes a newcomer's trial found (issue #32): a scoring phone's screen updates break
no Content Security Policy rule, a guest's header is one sign-in link and a one-line bar, a
What if? link carries only what differs, and small targets and a covered legend."""

import re
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.helpers import assert_in_view, enter_bids, enter_tricks, expect_scores, sign_in
from tests.browser.test_axe import start_as_guest
from tests.browser.test_collected_static import deployed  # noqa: F401 (a fixture)
from tests.conftest import PASSWORD, quiet_hands

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NARROW = {"width": 360, "height": 640}
TAP = 44


def test_a_scoring_phone_records_a_hand_with_no_csp_error(
    new_page, live_server, make_game, console
):
    game = make_game()
    game.table.set_scoring_link(enabled=True)
    phone: Page = new_page(viewport={"width": 360, "height": 740})
    phone.goto(live_server.url + reverse("table_score", args=[game.table.score_token]))
    phone.goto(live_server.url + game.get_absolute_url())
    expect(phone.locator("[data-scoring-phone]")).to_be_visible()
    enter_bids(phone, 1, {0: "3", 1: "3", 2: "4", 3: "2"})
    enter_tricks(phone, 1, {"side_0": "7"})
    expect_scores(phone, 70, 51)
    enter_bids(phone, 2, {0: "3", 1: "3", 2: "4", 3: "2"})
    phone.get_by_role("button", name="Undo").first.click()
    expect(phone.locator("#entry-title")).to_have_text("Hand 2: bids")
    console.assert_clean()


def test_a_style_set_on_the_screen_is_not_copied_by_a_swap(
    new_page, live_server, make_game, console
):
    """A style put on an element through the CSSOM (allowed by the CSP: a browser's caret
    hiding, a reader extension, a screenshot tool) is not written back as a style attribute
    when htmx settles the swap that replaces it, which the CSP refuses."""
    game = make_game()
    game.table.set_scoring_link(enabled=True)
    phone: Page = new_page(viewport={"width": 360, "height": 740})
    phone.goto(live_server.url + reverse("table_score", args=[game.table.score_token]))
    phone.goto(live_server.url + game.get_absolute_url())
    styled = "#id_hand, #entry-title, #standings, #notice"
    phone.evaluate(
        f"document.querySelectorAll('{styled}').forEach((el) => {{ el.style.caretColor = 'red'; }})"
    )
    enter_bids(phone, 1, {0: "3", 1: "3", 2: "4", 3: "2"})
    enter_tricks(phone, 1, {"side_0": "7"})
    expect_scores(phone, 70, 51)
    console.assert_clean()


# The boxes of an element's children, to tell whether they sit on one row.
ROWS = """(el) => [...el.children].filter((c) => c.getClientRects().length).map((c) => {
  const box = c.getBoundingClientRect();
  return [box.top, box.bottom];
})"""


def test_a_guests_header_offers_one_way_in_and_one_way_out_on_one_row(
    new_page, live_server, console
):
    page: Page = new_page(viewport={"width": 390, "height": 844})
    start_as_guest(page, live_server.url)
    nav = page.get_by_role("navigation", name="Main")
    # Signed in as a guest: the top bar's way is out (its page warns what would be lost) ...
    expect(nav.get_by_role("link")).to_have_text(["Sign out"])
    # ... and the guest bar's ways keep the games: an account made, or signed in to.
    bar = page.locator(".guest-bar")
    expect(bar.get_by_role("link")).to_have_text(["Sign up", "Sign in"])
    rows = bar.evaluate(ROWS)
    assert len(rows) == 3
    middles = [(top + bottom) / 2 for top, bottom in rows]
    for top, bottom in rows:
        assert all(top <= middle <= bottom for middle in middles), f"not one row: {rows}"
    words = bar.locator("> span")
    line = float(words.evaluate("(el) => parseFloat(getComputedStyle(el).lineHeight)"))
    box = words.bounding_box()
    assert box is not None
    assert box["height"] < 1.5 * line, "the guest bar's words wrap"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    console.assert_clean()


def test_add_a_note_is_a_whole_target_on_the_rules_line(new_page, live_server, make_game, console):
    game = make_game(quiet_hands(2))
    page = new_page(viewport=NARROW)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}?top")
    for name in ("Add a note", "Export"):
        box = page.get_by_role("link", name=name).bounding_box()
        assert box is not None
        assert box["width"] >= TAP, f"{name}: {box}"
        assert box["height"] >= TAP, f"{name}: {box}"
    # Still on the rules line, between the title and the score bar, which stay close.
    title = page.locator("h1").bounding_box()
    note = page.get_by_role("link", name="Add a note").bounding_box()
    bar = page.locator("#standings").bounding_box()
    assert title is not None
    assert note is not None
    assert bar is not None
    assert title["y"] + title["height"] <= note["y"] + note["height"] / 2 <= bar["y"]
    assert bar["y"] - title["y"] - title["height"] < 60
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    console.assert_clean()


def test_with_long_names_the_tricks_pads_legend_is_in_view_on_load(
    new_page, live_server, make_game, console
):
    """At 360 x 640 with forty-letter names, the pad to tap next names its seat on screen,
    below the score bar (sticky at the top) and above the step's button (sticky at the foot)."""
    names = ("A" * 40, "B" * 40, "C" * 40, "D" * 40)
    game = make_game([*quiet_hands(3), {"bids": [3, 3, 4, 3]}], players=names)
    page = new_page(viewport=NARROW)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect(page.locator("#entry-title")).to_have_text("Hand 4: tricks")
    legend = page.locator("#entry fieldset.pad.current legend")
    expect(legend).to_be_visible()
    assert_in_view(page, legend, "the pad's legend")
    box = legend.bounding_box()
    bar = page.locator("#standings").bounding_box()
    button = page.get_by_role("button", name="Record hand 4").bounding_box()
    assert box is not None
    assert bar is not None
    assert button is not None
    assert box["y"] >= bar["y"] + bar["height"], "the legend is under the score bar"
    assert box["y"] + box["height"] <= button["y"], "the legend is under the step's button"
    console.assert_clean()


def test_a_what_if_link_carries_only_what_was_chosen(new_page, live_server, make_game, console):
    """The empty fields (every setting) are not sent with JavaScript; sent without it, or in a
    long link made before, the server drops them with a redirect; the comparison is the same."""
    game = make_game(quiet_hands(3))
    base = f"{live_server.url}/games/{game.pk}/compare/"
    outcomes = []
    for javascript in (True, False):
        page = new_page(viewport=NARROW, java_script_enabled=javascript)
        sign_in(page, live_server.url, "owner", PASSWORD)
        page.goto(base)
        page.get_by_label("Score the hands as").select_option("hoyle")
        page.get_by_role("button", name="Score again").click()
        expect(page.locator("#outcome")).to_be_visible()
        assert parse_qsl(urlsplit(page.url).query, keep_blank_values=True) == [("preset", "hoyle")]
        outcomes.append(page.locator(".compare-outcome").inner_text())
    page.goto(f"{base}?preset=hoyle&bag_limit=&tie_rule=&target_score=")
    expect(page.locator("#outcome")).to_be_visible()
    assert page.url == f"{base}?preset=hoyle"
    outcomes.append(page.locator(".compare-outcome").inner_text())
    assert outcomes[0] == outcomes[1] == outcomes[2]
    console.assert_clean()


def test_a_what_if_link_keeps_a_single_setting_that_was_changed(
    new_page, live_server, make_game, console
):
    game = make_game(quiet_hands(3))
    page = new_page(viewport=NARROW)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}/games/{game.pk}/compare/")
    page.get_by_text("Change single settings").click()
    page.get_by_label("Winning score", exact=True).fill("100")
    page.get_by_role("button", name="Score these hands again").click()
    expect(page.locator("#outcome")).to_be_visible()
    query = parse_qsl(urlsplit(page.url).query, keep_blank_values=True)
    assert query == [("target_score", "100")]
    # The short address opened afresh draws the same comparison.
    outcome = page.locator(".compare-outcome").inner_text()
    page.goto(page.url)
    expect(page.locator("#outcome")).to_be_visible()
    assert page.locator(".compare-outcome").inner_text() == outcome
    console.assert_clean()


def test_the_collected_modules_are_loaded_once_under_their_hashed_names(
    new_page,
    console,
    owner,
    make_game,
    deployed,  # noqa: F811 (the fixture imported above)
):
    """Collected, a module imported by another (outbox.js imports notices.js) is asked for
    under the hashed name its page's script tag uses: one copy runs, not a second one under
    the plain name (the storage rewrites module imports)."""
    url, _static_root = deployed
    game = make_game()
    page = new_page()
    client = Client()
    client.force_login(owner)
    name = settings.SESSION_COOKIE_NAME
    page.context.add_cookies([{"name": name, "value": client.cookies[name].value, "url": url}])
    page.goto(f"{url}{game.get_absolute_url()}")
    expect(page.locator("fieldset.pad button.pick >> visible=true").first).to_be_visible()
    loaded = page.evaluate(
        """() => performance.getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith("/static/js/"))"""
    )
    assert "/static/js/app/notices.js" not in loaded
    assert all(re.search(r"\.[0-9a-f]{12}\.js$", path) for path in loaded), loaded
    plain = [re.sub(r"\.[0-9a-f]{12}\.js$", ".js", path) for path in loaded]
    assert len(plain) == len(set(plain)), loaded
    assert {"/static/js/app.js", "/static/js/app/notices.js", "/static/js/app/outbox.js"} <= set(
        plain
    )
    console.assert_clean()
