"""A correction that ends the game earlier, with JavaScript (htmx) and without: explained,
confirmed, then undone, on a phone."""

import pytest
from playwright.sync_api import expect

from games.models import Game, Hand
from tests.browser.helpers import screenshot, sign_in, tap
from tests.conftest import PASSWORD, QUIET_HAND

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BIG_HAND = {"bids": [6, 1, 6, 1], "tricks": [6, 0, 6, 1]}


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "no-js"])
def test_a_correction_that_ends_the_game_is_confirmed_then_undone(
    new_page, live_server, make_game, javascript, console
):
    game = make_game([BIG_HAND, BIG_HAND, QUIET_HAND, QUIET_HAND])
    before = list(Hand.objects.filter(game=game).values_list("number", "bids", "tricks"))
    page = new_page(java_script_enabled=javascript)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/2/edit/")
    # Ben + Dan bid 13 each and take 1 between them: the game ends after this hand.
    for seat, (bid, took) in enumerate([(6, 6), (13, 0), (6, 6), (13, 1)]):
        tap(page, f"bid_{seat}", str(bid))
        tap(page, f"tricks_{seat}", str(took))
    page.get_by_role("button", name="Save hand 2").click()
    alert = page.locator("#ends-earlier")
    expect(alert).to_contain_text("With this correction the game ends after hand 2")
    expect(alert).to_contain_text("Hands 3-4 would be removed.")
    screenshot(page, f"50-ends-earlier-{'htmx' if javascript else 'nojs'}")
    assert Hand.objects.filter(game=game).count() == 4

    page.get_by_role("button", name="Save, and remove hands 3-4").click()
    expect(page.get_by_role("button", name="Undo: put hands 3-4 back")).to_be_visible()
    assert Hand.objects.filter(game=game).count() == 2
    assert Game.objects.get(pk=game.pk).finished
    screenshot(page, f"51-removed-{'htmx' if javascript else 'nojs'}")

    page.get_by_role("button", name="Undo: put hands 3-4 back").click()
    expect(page.get_by_text("Undone: hands 3-4 put back, and hand 2 as it was.")).to_be_visible()
    after = list(Hand.objects.filter(game=game).values_list("number", "bids", "tricks"))
    assert after == before
    assert not Game.objects.get(pk=game.pk).finished
    console.assert_clean()
