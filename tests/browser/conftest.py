"""Playwright driving Debian's Chromium against pytest-django's live server.

The browser is launched once for this package; each test gets a fresh context (cookies,
viewport, colour scheme, JavaScript on or off) at a phone's size. Screenshots go to
test-artifacts/screenshots/, which is emptied when the package starts.
"""

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from tests.browser.helpers import SCREENSHOTS

# Playwright's sync API keeps an event loop in the main thread; Django would take every ORM
# call in a test body for one made from async code.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
TIMEOUT_MS = 10_000


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        problem = f"Debian's Chromium is not installed at {CHROMIUM}."
        if os.environ.get("CI"):
            pytest.fail(
                f"{problem} CI must run the browser tests: .ci/run installs the chromium package.",
                pytrace=False,
            )
        pytest.skip(f"{problem} Install it with: apt-get install chromium")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SCREENSHOTS.glob("*.png"):
        old.unlink()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


class Console:
    """What the browser reported: console messages and uncaught page errors."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self.errors: list[str] = []

    def watch(self, page: Page) -> None:
        page.on(
            "console",
            lambda message: self.messages.append(
                f"{message.type} on {page.url} at {message.location}: {message.text}"
            ),
        )
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def assert_clean(self) -> None:
        """No Content Security Policy violation and no uncaught JavaScript error."""
        blocked = [
            text
            for text in self.messages + self.errors
            if re.search(r"Content Security Policy|Refused", text, re.IGNORECASE)
        ]
        assert blocked == [], f"CSP violations: {blocked}"
        assert self.errors == [], f"JavaScript errors: {self.errors}"


@pytest.fixture
def console() -> Console:
    return Console()


@pytest.fixture
def new_page(browser: Browser, console: Console) -> Iterator[Callable[..., Page]]:
    """Open a page in a fresh context; keyword arguments go to browser.new_context."""
    contexts: list[BrowserContext] = []

    def open_page(**options) -> Page:
        options.setdefault("viewport", PHONE)
        context = browser.new_context(is_mobile=True, has_touch=True, **options)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        console.watch(page)
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page) -> Page:
    """A phone-sized page (390 x 844) with JavaScript on."""
    return new_page()
