"""What a person does at the table, in Playwright terms: sign in, tap keys, read the standings."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from playwright.sync_api import Locator, Page, expect

SCREENSHOTS = Path(settings.BASE_DIR) / "test-artifacts" / "screenshots"


# A full-page picture is taken with the viewport still phone-sized, so a sticky submit bar
# would sit mid-page over the keys: for the picture it goes back to its place in the form.
# (CSSOM changes are allowed by the CSP; a <style> tag, as screenshot(style=...) adds, is not.)
UNSTICK = """(stick) => document.querySelectorAll(".sticky-submit, .scorebar").forEach((bar) => {
  if (stick) { bar.removeAttribute("style"); } else { bar.style.position = "static"; }
})"""


def screenshot(page: Page, name: str, *, full_page: bool = True) -> None:
    """The whole page, or with full_page=False the screen as the phone shows it."""
    if full_page:
        page.evaluate(UNSTICK, False)
    # caret="initial": Playwright's default hides the caret with an inline style on every
    # input and leaves style="" behind, which htmx then copies in a swap and the CSP blocks.
    page.screenshot(path=SCREENSHOTS / f"{name}.png", full_page=full_page, caret="initial")
    if full_page:
        page.evaluate(UNSTICK, True)


def sign_in(page: Page, base_url: str, username: str, password: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username", exact=True).fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()


def key(page: Page, name: str, value: str):
    """The big key for one choice: the label a finger taps, not the hidden radio in it."""
    return page.locator(f'label.key:has(input[name="{name}"][value="{value}"])')


def tap(page: Page, name: str, value: str) -> None:
    """With app.js a step shows one pad's keys at a time, the others folded to a button that
    says what was tapped on them: a folded pad is opened first, as a finger would."""
    pad = page.locator("fieldset.pad").filter(has=page.locator(f'input[name="{name}"]'))
    folded = pad.locator("button.pick")
    if folded.count() and folded.is_visible():
        folded.click()
    key(page, name, value).click()


def enter_bids(page: Page, number: int, bids: dict[int, str], shot: str = "") -> None:
    """Tap each seat's bid and send them; htmx swaps in the tricks step."""
    expect(page.locator("#entry-title")).to_have_text(f"Hand {number}: bids")
    for seat, bid in bids.items():
        tap(page, f"bid_{seat}", bid)
    if shot:
        screenshot(page, shot)
    page.get_by_role("button", name="Bids are in").click()
    expect(page.locator("#entry-title")).to_have_text(f"Hand {number}: tricks")


def enter_tricks(page: Page, number: int, tricks: dict[str, str], shot: str = "") -> None:
    """Tap the tricks for each group named; a group left out keeps the remainder offered."""
    expect(page.locator("#entry-title")).to_have_text(f"Hand {number}: tricks")
    for group, took in tricks.items():
        tap(page, group, took)
    if shot:
        screenshot(page, shot)
    page.get_by_role("button", name=f"Record hand {number}").click()
    expect(page.locator("#entry-title")).not_to_have_text(f"Hand {number}: tricks")


def expect_scores(page: Page, *scores: int) -> None:
    for index, score in enumerate(scores):
        expect(page.locator(f".standings .side.s{index} .score")).to_have_text(str(score))


def expect_offered(page: Page, name: str, value: str) -> None:
    """app.js has offered the tricks left over: that key is chosen and marked as a suggestion."""
    expect(key(page, name, value)).to_have_class("key offered")
    expect(page.locator(f'input[name="{name}"][value="{value}"]')).to_be_checked()


def assert_in_view(page: Page, locator: Locator, what: str) -> None:
    """The whole of it on the screen, not under the top of the screen or past its bottom."""
    box = locator.bounding_box()
    assert box is not None, f"{what} is not drawn"
    height = page.viewport_size["height"]
    assert box["y"] >= 0, f"{what} starts {-box['y']:.0f}px above the top of the screen"
    assert box["y"] + box["height"] <= height, (
        f"{what} ends {box['y'] + box['height'] - height:.0f}px below the screen"
    )


# A link among words ("No account yet? Create one."): its block holds other words than links'.
# Such a link keeps the sentence's line height; any other link is a 44 px target (WCAG 2.5.8).
IN_SENTENCE = """(el) => {
  if (el.tagName !== "A") { return false; }
  let block = el.parentElement;
  while (block && getComputedStyle(block).display.startsWith("inline")) {
    block = block.parentElement;
  }
  let words = block.textContent;
  for (const link of block.querySelectorAll("a")) { words = words.replace(link.textContent, ""); }
  return /[A-Za-z0-9]/.test(words);
}"""


AXE = Axe()


def axe_violations(page: Page) -> list[str]:
    """What axe-core (the accessibility checker) finds wrong on the page as it stands."""
    found = AXE.run(page).response["violations"]
    return [
        f"{rule['id']} ({rule['help']}): {[node['target'] for node in rule['nodes']][:3]}"
        for rule in found
    ]


@contextmanager
def without_connection(
    page: Page, monkeypatch: pytest.MonkeyPatch, steps: str, service: ModuleType
) -> Iterator[None]:
    """The phone has no connection while the block runs: the browser is offline, its posts
    to `steps` (a URL pattern) are aborted, and the server, here in the test's process,
    records no step (`service.record_step` refuses), as a lost connection would have lost it.
    (Chromium's offline emulation alone has let a post out while the page was told it failed,
    and Playwright does not route a post that passes through the service worker.) Then the
    connection comes back."""
    page.context.route(steps, lambda route: route.abort("internetdisconnected"))

    def connection_lost(*args, **kwargs):
        raise ConnectionAbortedError("the phone is offline")

    monkeypatch.setattr(service, "record_step", connection_lost)
    page.context.set_offline(True)
    yield
    monkeypatch.undo()
    page.context.unroute(steps)
    page.context.set_offline(False)
