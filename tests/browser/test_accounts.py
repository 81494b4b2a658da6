"""A sign-in refused for too many failures shows its reason in place, through htmx."""

import pytest
from playwright.sync_api import Page, expect

from games.accounts import throttle
from tests.browser.helpers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_locked_out_sign_in_says_why_without_reloading_the_page(
    page: Page, live_server, owner, console
):
    page.goto(f"{live_server.url}/accounts/login/")
    page.evaluate("window.__marker = 1")
    page.get_by_label("Username", exact=True).fill("owner")
    for attempt in range(throttle.PER_USERNAME):
        page.get_by_label("Password", exact=True).fill(f"wrong guess {attempt}")
        with page.expect_response("**/accounts/login/") as answer:
            page.get_by_role("button", name="Sign in").click()
        assert answer.value.status == 422
        expect(page.get_by_text("Please enter a correct username and password")).to_be_visible()

    page.get_by_label("Password", exact=True).fill("one more guess")
    with page.expect_response("**/accounts/login/") as answer:
        page.get_by_role("button", name="Sign in").click()

    assert answer.value.status == 429
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Too many failed sign-ins. Wait 15 minutes")
    expect(alert.get_by_role("link", name="Forgot your password?")).to_be_visible()
    assert page.evaluate("window.__marker") == 1, "the refusal reloaded the page"
    screenshot(page, "sign-in-refused")
    console.assert_clean()
