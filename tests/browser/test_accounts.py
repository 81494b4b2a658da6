"""A sign-in refused for too many failures shows its reason in place, through htmx."""

import pytest
from playwright.sync_api import Page, expect

from games.accounts import throttle
from tests.browser.helpers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def guess(page: Page, password: str) -> int:
    """Type a password and send it; wait until htmx has swapped the answer in."""
    page.evaluate("document.getElementById('login-form').dataset.sent = 'yes'")
    page.get_by_label("Password", exact=True).fill(password)
    with page.expect_response("**/accounts/login/") as answer:
        page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#login-form[data-sent]")).to_have_count(0)
    # htmx focuses the new form's [autofocus] username only as it settles: typing the next
    # password before then would land in the username.
    expect(page.get_by_label("Username", exact=True)).to_be_focused()
    expect(page.locator("#login-form.htmx-settling")).to_have_count(0)
    return answer.value.status


def test_a_locked_out_sign_in_says_why_without_reloading_the_page(
    page: Page, live_server, owner, console
):
    page.goto(f"{live_server.url}/accounts/login/")
    page.evaluate("window.__marker = 1")
    page.get_by_label("Username", exact=True).fill("owner")
    for attempt in range(throttle.PER_USERNAME):
        assert guess(page, f"wrong guess {attempt}") == 422
        expect(page.get_by_text("Please enter a correct username and password")).to_be_visible()

    assert guess(page, "one more guess") == 429
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Too many failed sign-ins. Wait 15 minutes")
    expect(alert.get_by_role("link", name="Forgot your password?")).to_be_visible()
    assert page.evaluate("window.__marker") == 1, "the refusal reloaded the page"
    screenshot(page, "sign-in-refused")
    console.assert_clean()
