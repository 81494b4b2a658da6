"""The static files as a deployment serves them: collected, hashed and compressed by gunicorn
and whitenoise. The other browser tests load the sources through the test server, so this one
proves the collected app.js, under its hashed name, still scores a hand."""

import re

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from tests.browser.helpers import enter_bids, enter_tricks, expect_scores
from tests.foundation.processes import manage
from tests.tools import server
from tests.tools.database import current_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def deployed(tmp_path):
    """gunicorn on this test's database, serving freshly collected static files."""
    static_root = tmp_path / "static"
    env = server.server_env(
        database_url=current_url(), port=server.free_port(), workers=1, static_root=static_root
    )
    collected = manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    assert collected.returncode == 0, collected.stderr
    with server.Gunicorn(env, tmp_path / "gunicorn.log") as running:
        yield f"http://{server.HOST}:{running.port}", static_root


def test_a_hand_is_scored_with_the_collected_scripts(new_page, console, owner, make_game, deployed):
    url, static_root = deployed
    [collected] = (static_root / "js").glob("app.*[0-9a-f].js")
    assert collected.read_bytes() == (settings.BASE_DIR / "static" / "js" / "app.js").read_bytes()
    game = make_game()
    page = new_page()
    # Signed in as the test's client is (the tests' fast password hash is not the server's).
    client = Client()
    client.force_login(owner)
    name = settings.SESSION_COOKIE_NAME
    page.context.add_cookies([{"name": name, "value": client.cookies[name].value, "url": url}])
    page.goto(f"{url}{game.get_absolute_url()}")
    script = page.locator("script[src*='/static/js/app.']")
    expect(script).to_have_attribute("src", re.compile(r"/static/js/app\.[0-9a-f]{12}\.js$"))
    # app.js folds every seat but the one bidding to a button: the script runs.
    expect(page.locator("fieldset.pad button.pick >> visible=true").first).to_be_visible()
    enter_bids(page, 1, {0: "3", 1: "3", 2: "4", 3: "2"})
    enter_tricks(page, 1, {"side_0": "7"})
    expect(page.locator("#notice")).to_have_text(re.compile(r"^Hand 1: Ann\b"))
    expect_scores(page, 70, 51)
    console.assert_clean()


def test_the_offline_page_is_drawn_with_the_collected_stylesheet(
    new_page, console, owner, deployed
):
    """A page never opened on this phone, offline: the worker's own page, in the app's look
    (the stylesheet under its hashed name, the one the worker keeps)."""
    url, _static_root = deployed
    page = new_page()
    page.goto(f"{url}/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    page.goto(f"{url}/players/")
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    sheet = page.locator("link[rel=stylesheet]")
    expect(sheet).to_have_attribute("href", re.compile(r"/static/css/app\.[0-9a-f]{12}\.css$"))
    home = page.get_by_role("link", name="Your games")
    assert home.evaluate("(el) => getComputedStyle(el).minHeight") == "44px"
    assert page.locator("header.topbar").is_visible()
    page.context.set_offline(False)
    console.assert_clean()
