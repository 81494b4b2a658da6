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
