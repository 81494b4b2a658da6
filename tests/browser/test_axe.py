"""axe-core finds nothing on any page, light and dark, at 360 px: a visitor's, a guest's, an
account's, the score chart opened by its address, the sign-out page; and the guest bar is one
compact row in the page's banner, its links not repeating the top bar's."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import axe_violations, screenshot, sign_in
from tests.conftest import PASSWORD, quiet_hands

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NARROW = {"width": 360, "height": 640}
PHONE = {"width": 390, "height": 844}


def check(page: Page, path: str, problems: list[str]) -> None:
    page.goto(path)
    expect(page.locator("h1").first).to_be_visible()
    problems += [f"{path}: {problem}" for problem in axe_violations(page)]


def start_as_guest(page: Page, base: str) -> None:
    page.goto(f"{base}/games/new/")
    for seat, name in enumerate(["Ann", "Ben", "Cat", "Dan"], start=1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann + Cat vs Ben + Dan")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_any_page(new_page, live_server, make_game, scheme, console):
    base = live_server.url
    game = make_game([{"bids": ["nil", 4, 5, 4], "tricks": [2, 4, 4, 3]}, *quiet_hands(3)])
    problems: list[str] = []
    visitor = new_page(viewport=NARROW, color_scheme=scheme)
    for path in ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]:
        check(visitor, f"{base}{path}", problems)
    check(visitor, f"{base}/rules/", problems)
    check(visitor, f"{base}/games/new/", problems)

    guest = new_page(viewport=NARROW, color_scheme=scheme)
    start_as_guest(guest, base)
    problems += [f"guest game: {problem}" for problem in axe_violations(guest)]
    for path in ["/", "/accounts/logout/", "/games/new/"]:
        check(guest, f"{base}{path}", problems)

    owner = new_page(viewport=NARROW, color_scheme=scheme)
    sign_in(owner, base, "owner", PASSWORD)
    for path in [
        "/",
        "/games/",
        game.get_absolute_url(),
        f"/games/{game.pk}/chart/",
        f"/games/{game.pk}/compare/?preset=partner_helps",
        f"/games/{game.pk}/rules/",
        f"/games/{game.pk}/share/",
        f"/games/{game.pk}/hands/1/edit/",
        f"/games/{game.pk}/note/",
        "/players/",
        "/games/import/",
        "/accounts/password/",
        "/accounts/logout/",
    ]:
        check(owner, f"{base}{path}", problems)
    assert problems == [], "axe-core found:\n" + "\n".join(problems)
    console.assert_clean()


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["360", "390"])
def test_the_guest_bar_is_one_compact_row_without_the_top_bars_links(
    new_page, live_server, viewport, console
):
    page = new_page(viewport=viewport)
    start_as_guest(page, live_server.url)
    bar = page.locator(".guest-bar")
    expect(bar).to_contain_text("Playing as a guest")
    box = bar.bounding_box()
    assert box is not None
    assert box["height"] <= 60, f"the guest bar is {box['height']:.0f}px tall"
    # In the page's banner landmark, with the way to keep the games; signing in and out once.
    assert bar.evaluate("(el) => !!el.closest('header')")
    expect(page.get_by_role("link", name="Sign up", exact=True)).to_have_count(1)
    expect(page.get_by_role("link", name="Sign in", exact=True)).to_have_count(1)
    expect(page.get_by_role("link", name="Sign out", exact=True)).to_have_count(1)
    screenshot(page, f"75-guest-bar-{viewport['width']}", full_page=False)
    console.assert_clean()
