"""Every tap is answered: "Saving..." while a step is on its way, a field error brought into
view and focused, and for every request that fails a message that says what to do."""

import threading

import pytest
from playwright.sync_api import Page, expect

from games import services
from games.accounts import throttle
from games.models import Game, Hand
from tests.browser.helpers import screenshot, sign_in, tap
from tests.browser.test_accounts import guess
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BIDS = {1: "3", 2: "4", 3: "2", 0: "3"}


def open_game(page: Page, live_server, game) -> None:
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect(page.locator("#entry-title")).to_have_text("Hand 1: bids")


def tap_bids(page: Page, bids=BIDS) -> None:
    for seat, bid in bids.items():
        tap(page, f"bid_{seat}", bid)
    page.get_by_role("button", name="Bids are in").click()


def problem(page: Page):
    return page.locator("#app-alert [role=alert]")


@pytest.fixture
def routed_page(new_page) -> Page:
    """A page whose requests the test may answer itself: Playwright's routes don't see a
    request that passes through a service worker, so this page gets none."""
    return new_page(service_workers="block")


@pytest.fixture
def held_writes(monkeypatch):
    """Writes wait at the server's door until the test lets them through."""
    gate = threading.Event()
    locked_game = services.locked_game

    def slow_locked_game(*args, **kwargs):
        gate.wait(timeout=30)
        return locked_game(*args, **kwargs)

    monkeypatch.setattr(services, "locked_game", slow_locked_game)
    yield gate
    gate.set()


def test_saving_shows_while_a_step_is_on_its_way(
    page: Page, live_server, make_game, held_writes, console
):
    game = make_game()
    open_game(page, live_server, game)
    tap_bids(page)
    status = page.get_by_role("status").filter(has_text="Saving")
    expect(status).to_have_text("Saving\u2026")
    expect(page.locator("#entry form.htmx-request button[type=submit]")).to_have_css(
        "cursor", "progress"
    )
    screenshot(page, "50-saving")
    held_writes.set()
    expect(page.locator("#entry-title")).to_have_text("Hand 1: tricks")
    expect(page.locator("#app-status")).to_be_empty()
    expect(page.locator("form.htmx-request")).to_have_count(0)
    console.assert_clean()


def test_a_field_error_is_announced_scrolled_into_view_and_its_field_focused(
    page: Page, live_server, make_game, console
):
    game = make_game()
    open_game(page, live_server, game)
    # Every seat but the dealer's (who bids last): the missing bid is the error.
    tap_bids(page, {1: "3", 2: "4", 3: "2"})
    error = page.locator("#entry .errorlist").first
    # Announced from its wrapper, so the list keeps its items (axe-core: listitem).
    expect(page.locator("#entry [role=alert]").first).to_contain_text(error.inner_text())
    expect(error).to_be_in_viewport()
    pad = page.locator("#entry fieldset.pad", has=page.locator(".errorlist"))
    expect(pad).to_have_count(1)
    assert pad.evaluate("(pad) => pad.contains(document.activeElement)"), "the field to fix"
    assert page.evaluate("document.activeElement.name") == "bid_0"
    screenshot(page, "51-field-error-in-view")
    assert not Hand.objects.filter(game=game).exists()
    console.assert_clean()


def test_a_tap_after_signing_in_again_elsewhere_says_to_sign_in(
    page: Page, live_server, make_game, console
):
    game = make_game()
    open_game(page, live_server, game)
    # Another tab of the same phone signs out and in again: this page's form is now stale.
    other = page.context.new_page()
    other.goto(f"{live_server.url}/")
    other.get_by_role("button", name="Sign out").click()
    expect(other.get_by_role("navigation").get_by_role("link", name="Sign in")).to_be_visible()
    sign_in(other, live_server.url, "owner", PASSWORD)
    other.close()

    tap_bids(page)
    expect(problem(page)).to_contain_text("Your sign-in has ended")
    expect(problem(page)).to_contain_text("sign in again, then tap again")
    expect(problem(page)).to_be_in_viewport()
    screenshot(page, "52-signed-in-elsewhere")
    assert not Hand.objects.filter(game=game).exists()

    # The way forward works: the sign-in link brings the game back with a fresh form.
    problem(page).get_by_role("link", name="Sign in").click()
    expect(page).to_have_url(f"{live_server.url}{game.get_absolute_url()}")
    tap_bids(page)
    expect(page.locator("#entry-title")).to_have_text("Hand 1: tricks")
    assert Hand.objects.get(game=game).bids == [3, 3, 4, 2]
    expect(problem(page)).to_have_count(0)
    console.assert_clean()


def test_a_tap_after_signing_out_elsewhere_says_the_game_is_not_here(
    page: Page, live_server, make_game, console
):
    game = make_game()
    open_game(page, live_server, game)
    other = page.context.new_page()
    other.goto(f"{live_server.url}/")
    other.get_by_role("button", name="Sign out").click()
    expect(other.get_by_role("navigation").get_by_role("link", name="Sign in")).to_be_visible()
    other.close()

    tap_bids(page)
    expect(problem(page)).to_contain_text("This game is not on this account any more")
    expect(problem(page).get_by_role("link", name="Your games")).to_be_visible()
    assert not Hand.objects.filter(game=game).exists()


def test_a_tap_on_a_game_deleted_meanwhile_says_so(page: Page, live_server, make_game, console):
    game = make_game()
    open_game(page, live_server, game)
    Game.objects.filter(pk=game.pk).delete()
    tap_bids(page)
    expect(problem(page)).to_contain_text("This game is not on this account any more")
    screenshot(page, "53-game-gone")
    problem(page).get_by_role("button", name="Close").click()
    expect(problem(page)).to_have_count(0)


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (500, "The server had a problem and nothing was saved"),
        (502, "The server had a problem and nothing was saved"),
        (400, "That was refused and nothing was saved"),
    ],
)
def test_a_server_failure_says_nothing_was_saved(
    routed_page: Page, live_server, make_game, status, words
):
    game = make_game()
    open_game(routed_page, live_server, game)
    routed_page.route("**/bids/", lambda route: route.fulfill(status=status, body="oops"))
    tap_bids(routed_page)
    expect(problem(routed_page)).to_contain_text(words)
    expect(problem(routed_page).get_by_role("link", name="Reload the page")).to_be_visible()
    # The form stays as tapped, to send again.
    expect(routed_page.locator("#entry-title")).to_have_text("Hand 1: bids")
    expect(routed_page.locator('input[name="bid_2"][value="4"]')).to_be_checked()
    routed_page.unroute("**/bids/")
    routed_page.get_by_role("button", name="Bids are in").click()
    expect(routed_page.locator("#entry-title")).to_have_text("Hand 1: tricks")
    expect(problem(routed_page)).to_have_count(0)


def test_too_many_tries_says_to_wait(routed_page: Page, live_server, make_game):
    game = make_game()
    open_game(routed_page, live_server, game)
    # Only the sign-in throttle answers 429, and that answer is drawn in place of the form;
    # anything else answering 429 with nothing to draw still gets a message.
    routed_page.route("**/bids/", lambda route: route.fulfill(status=429, body=""))
    routed_page.evaluate(
        """() => htmx.config.responseHandling.unshift({code: "429", swap: false, error: true})"""
    )
    tap_bids(routed_page)
    expect(problem(routed_page)).to_contain_text("Too many tries: wait a few minutes")


def test_the_sign_in_throttle_shows_its_reason_in_view(page: Page, live_server, owner):
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username", exact=True).fill("owner")
    statuses = [guess(page, f"wrong {attempt}") for attempt in range(throttle.PER_USERNAME + 1)]
    assert statuses[-1] == 429
    banner = page.locator("#login-form [role=alert]").filter(has_text="Too many failed sign-ins")
    expect(banner).to_be_in_viewport()
    expect(problem(page)).to_have_count(0)


def test_no_connection_for_a_form_that_is_not_kept_says_so(routed_page: Page, live_server, owner):
    sign_in(routed_page, live_server.url, "owner", PASSWORD)
    routed_page.goto(f"{live_server.url}/games/new/")
    routed_page.route("**/games/new/", lambda route: route.abort("internetdisconnected"))
    routed_page.get_by_role("button", name="Start the game").click()
    expect(problem(routed_page)).to_contain_text("No connection: nothing was sent")


def test_no_answer_keeps_the_step_and_a_resend_records_it_once(
    page: Page, live_server, make_game, held_writes, console
):
    game = make_game()
    open_game(page, live_server, game)
    page.evaluate("htmx.config.timeout = 1000")
    tap_bids(page)
    expect(problem(page)).to_contain_text("No answer from the server: your tap is kept")
    expect(page.locator("#app-status")).to_contain_text("Waiting to be sent: Hand 1: bids")
    # The first request reaches the server after all, and is recorded.
    held_writes.set()
    for _ in range(100):
        if Hand.objects.filter(game=game).exists():
            break
        page.wait_for_timeout(50)
    assert Hand.objects.get(game=game).bids == [3, 3, 4, 2]
    # Sending it again is refused as already done, and shows the game as it now is.
    page.evaluate("htmx.config.timeout = 20000")
    page.locator("#app-status").get_by_role("button", name="Send now").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 1: tricks")
    expect(page.locator("#app-status")).to_be_empty()
    assert Hand.objects.filter(game=game).count() == 1
    assert page.evaluate("localStorage.getItem('spades.outbox')") is None
