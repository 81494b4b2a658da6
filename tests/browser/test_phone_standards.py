"""The phone-first standards, checked on every main page: fits 360 px, big labelled targets,
dark mode, and a Content Security Policy that nothing on the page breaks."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import screenshot, sign_in
from tests.conftest import PASSWORD, quiet_hands

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NARROW = {"width": 360, "height": 780}
TAP = 44

# Everything a finger aims at: nav links and buttons, form controls, keys, disclosure toggles.
TARGETS = ", ".join(
    [
        ".topbar a",
        ".topbar button",
        "main button",
        "main a.button",
        "label.key",
        "main input:not([type=hidden]):not([type=radio]):not([type=checkbox])",
        "main select",
        "main textarea",
        "label.check",
        "main summary",
    ]
)

SMALL_TARGETS = """([selector, tap]) => [...document.querySelectorAll(selector)]
  .map((el) => [el, el.getBoundingClientRect()])
  .filter(([el, box]) => box.width > 0 && box.height > 0
    && getComputedStyle(el).visibility !== "hidden")
  .filter(([el, box]) => box.width < tap - 0.5 || box.height < tap - 0.5)
  .map(([el, box]) => `<${el.tagName.toLowerCase()} class="${el.className}">`
    + ` "${el.textContent.trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`)
"""

UNLABELLED = """() => [...document.querySelectorAll("input:not([type=hidden]), select, textarea")]
  .filter((el) => ![...(el.labels || [])].some((label) => label.textContent.trim())
    && !el.getAttribute("aria-label") && !el.getAttribute("aria-labelledby"))
  .map((el) => el.outerHTML.slice(0, 100))
"""


def check_page(page: Page, name: str) -> None:
    """The page as it stands fits 360 px and every control is labelled and big enough."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= NARROW["width"], f"{name} scrolls sideways: {width}px wide"
    assert page.evaluate(UNLABELLED) == [], f"{name} has inputs without a label"
    assert page.evaluate(SMALL_TARGETS, [TARGETS, TAP]) == [], f"{name} has targets under {TAP}px"
    assert page.evaluate("typeof window.htmx") == "object", f"htmx did not load on {name}"
    screenshot(page, f"20-narrow-{name}")


def test_every_main_page_fits_a_360px_phone(new_page, live_server, make_game, console):
    base = live_server.url
    history = make_game(quiet_hands(3))
    playing = make_game([*quiet_hands(1), {"bids": [3, "nil", 4, 2]}])
    page = new_page(viewport=NARROW)

    page.goto(base)
    check_page(page, "welcome")
    page.goto(f"{base}/accounts/signup/")
    check_page(page, "signup")
    page.goto(f"{base}/accounts/login/")
    check_page(page, "login")
    page.goto(f"{base}/accounts/password/reset/")
    check_page(page, "password-reset")

    sign_in(page, base, "owner", PASSWORD)
    check_page(page, "home")
    page.goto(f"{base}/accounts/password/")
    check_page(page, "password-change")

    page.goto(f"{base}/games/new/")
    page.get_by_text("House rules (optional)").click()
    check_page(page, "new-game")

    page.goto(f"{base}{history.get_absolute_url()}")
    expect(page.locator("#entry-title")).to_have_text("Hand 4: bids")
    page.locator("details.history-hand summary").first.click()
    expect(page.get_by_role("link", name="Correct hand 3")).to_be_visible()
    check_page(page, "game-bids-and-history")

    page.goto(f"{base}{playing.get_absolute_url()}")
    expect(page.locator("#entry-title")).to_have_text("Hand 2: tricks")
    check_page(page, "game-tricks")

    page.goto(f"{base}/games/{history.pk}/hands/1/edit/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Correct hand 1")
    check_page(page, "edit-hand")
    console.assert_clean()


def luminance(css_colour: str) -> float:
    """Relative luminance (0 black .. 1 white) of a computed rgb()/rgba() colour."""
    red, green, blue = (int(part) / 255 for part in re.findall(r"\d+", css_colour)[:3])

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def colours(page: Page, selector: str) -> tuple[float, float]:
    background, text = page.locator(selector).first.evaluate(
        "(el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]"
    )
    return luminance(background), luminance(text)


def test_dark_mode_follows_the_phone(new_page, live_server, make_game, console):
    game = make_game([*quiet_hands(2), {"bids": [3, "nil", 4, 2]}])
    page = new_page(color_scheme="dark")
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect(page.locator("#entry-title")).to_have_text("Hand 3: tricks")

    for selector in ["body", ".standings .side", "#entry", "label.key span"]:
        background, text = colours(page, selector)
        assert background < 0.05, f"{selector} background is not dark ({background:.2f})"
        assert text > 0.6, f"{selector} text is not light ({text:.2f})"
    page.locator('label.key:has(input[name="side_0"][value="9"])').click()
    background, text = colours(page, 'label.key:has(input[name="side_0"]:checked) span')
    assert abs(background - text) > 0.4, "a chosen key's number is hard to read"
    screenshot(page, "30-dark-game-tricks")

    page.goto(f"{live_server.url}/games/new/")
    background, text = colours(page, "input[type=text]")
    assert background < 0.05
    assert text > 0.6
    screenshot(page, "31-dark-new-game")
    console.assert_clean()


def test_every_review_page_fits_a_360px_phone(new_page, live_server, make_game, console):
    """The pages people look back on after a game: history, rules, what-if, sharing, stats."""
    base = live_server.url
    game = make_game([{"bids": ["nil", 4, 5, 4], "tricks": [2, 4, 4, 3]}, *quiet_hands(4)])
    page = new_page(viewport=NARROW)
    sign_in(page, base, "owner", PASSWORD)
    pages = {
        "history": "/games/",
        "rules-card": f"/games/{game.pk}/rules/",
        "rules-reference": "/rules/",
        "what-if": f"/games/{game.pk}/compare/?preset=partner_helps",
        "share": f"/games/{game.pk}/share/",
        "players": "/players/",
        "import": "/games/import/",
    }
    for name, path in pages.items():
        page.goto(f"{base}{path}")
        expect(page.locator("h1")).to_be_visible()
        check_page(page, name)

    watcher = new_page(viewport=NARROW)
    watcher.goto(f"{base}/t/{game.table.watch_token}/")
    expect(watcher.locator(".standings")).to_be_visible()
    width = watcher.evaluate("document.documentElement.scrollWidth")
    assert width <= NARROW["width"], f"the watch page scrolls sideways: {width}px wide"
    screenshot(watcher, "20-narrow-watch")
    console.assert_clean()


def test_the_score_chart_is_readable_in_dark_mode(new_page, live_server, make_game, console):
    game = make_game(quiet_hands(3))
    page = new_page(color_scheme="dark", viewport=NARROW)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    chart = page.locator("svg.chart")
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] <= NARROW["width"]
    label = page.locator("svg.chart .chart-label").first.evaluate(
        "(el) => getComputedStyle(el).fill"
    )
    legend = page.locator(".chart-legend").evaluate("(el) => getComputedStyle(el).color")
    for name, colour in [("axis labels", label), ("legend", legend)]:
        assert luminance(colour) > 0.3, f"the chart's {name} are too dark on a dark page"
    line = page.locator("svg.chart path.chart-line").first
    stroke = line.evaluate("(el) => getComputedStyle(el).stroke")
    assert luminance(stroke) > 0.15, "the score line is too dark to see on a dark page"
    screenshot(page, "32-dark-chart")
    console.assert_clean()
