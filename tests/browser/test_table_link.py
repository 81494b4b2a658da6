"""The table link on phones: its QR code on the owner's screen decodes to the link, the copy
button copies it, and the same link, left open on another phone, moves on to the rematch."""

import struct
import zlib

import pytest
import zxingcpp
from playwright.sync_api import expect

from games.models import Hand
from tests.browser.helpers import enter_bids, enter_tricks, screenshot, sign_in, tap
from tests.browser.test_long_names import PHONE_360, fits, short_controls
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Ann + Cat bid 12 and take 12 (+120 a hand), Ben + Dan 2 and take 1: five of them win.
BIG_HAND = {"bids": [6, 1, 6, 1], "tricks": [6, 0, 6, 1]}
FIVE_SECONDS_MS = 5_000


def png_to_grey(png: bytes) -> memoryview:
    """A screenshot's pixels as one grey byte each (8-bit RGB or RGBA, not interlaced, as
    Chromium writes them), shaped (height, width) for zxing-cpp."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    position, idat = 8, b""
    width = height = channels = 0
    while position < len(png):
        (length,) = struct.unpack(">I", png[position : position + 4])
        kind = png[position + 4 : position + 8]
        body = png[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert (depth, interlace) == (8, 0)
            channels = {2: 3, 6: 4}[colour]
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    grey = bytearray()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                near = min(
                    (abs(guess - left), 0, left),
                    (abs(guess - up), 1, up),
                    (abs(guess - corner), 2, corner),
                )[2]
                line[i] = (line[i] + near) & 0xFF
        grey.extend(line[i] for i in range(0, stride, channels))  # the red channel will do
        previous = line
    return memoryview(bytes(grey)).cast("B", (height, width))


def test_the_table_link_follows_a_rematch_and_its_qr_code_decodes_to_it(
    new_page, live_server, make_game, console
):
    game = make_game([BIG_HAND] * 5)  # over: Ann + Cat win
    owner = new_page(permissions=["clipboard-read", "clipboard-write"])
    sign_in(owner, live_server.url, "owner", PASSWORD)
    owner.goto(f"{live_server.url}{game.get_absolute_url()}")
    owner.get_by_role("link", name="Table link").click()

    link = owner.get_by_label("Table link").input_value()
    assert link == f"{live_server.url}/t/{game.table.watch_token}/"
    # Opened at localhost, the page says the other phones can't reach it, and how to fix it.
    expect(owner.locator("#loopback-warning")).to_contain_text("make run HOST=0.0.0.0")

    # The QR code as the screen shows it reads back as the link.
    qr = owner.locator("figure.qr svg").first
    qr.scroll_into_view_if_needed()
    box = qr.bounding_box()
    assert box is not None
    assert box["width"] >= 150  # big enough to scan from across the table
    # The page cut to the code's box (an SVG element's own screenshot came out shifted).
    shot = owner.screenshot(clip=box, caret="initial")
    decoded = [code.text for code in zxingcpp.read_barcodes(png_to_grey(shot))]
    assert decoded == [link]

    # The copy button puts the link on the clipboard and says so.
    owner.get_by_role("button", name="Copy the link").click()
    expect(owner.locator(".copy-note").first).to_have_text("Copied.")
    assert owner.evaluate("navigator.clipboard.readText()") == link
    screenshot(owner, "40-share-page-table-link")

    # Another phone opens the link the QR code gave: the finished game.
    watcher = new_page()
    watcher.goto(decoded[0])
    expect(watcher.locator(".winner-banner")).to_have_text("Ann + Cat win with 600 points.")
    watcher.evaluate("window.__marker = 1")

    # The owner starts the rematch and bids its first hand.
    owner.goto(f"{live_server.url}{game.get_absolute_url()}")
    owner.get_by_role("button", name="Rematch: same players and rules").click()
    expect(owner.locator("#entry-title")).to_have_text("Hand 1: bids")
    enter_bids(owner, 1, {1: "3", 2: "4", 3: "2", 0: "3"})

    # The same page, never reloaded, now follows the rematch; so does the link opened afresh.
    expect(watcher.locator("#now-title")).to_have_text(
        "Hand 1 is being played", timeout=FIVE_SECONDS_MS
    )
    expect(watcher.locator(".winner-banner")).to_have_count(0)
    assert watcher.evaluate("window.__marker") == 1, "the watch page reloaded instead of swapping"
    fresh = new_page()
    fresh.goto(link)
    expect(fresh.locator("#now-title")).to_have_text("Hand 1 is being played")
    screenshot(watcher, "41-table-link-follows-the-rematch")
    # No sideways scroll at a phone's width, on the share page or the table link.
    for shown in (owner, watcher):
        assert shown.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    console.assert_clean()


def test_without_javascript_the_link_is_a_field_to_copy_by_hand(
    new_page, live_server, make_game, console
):
    game = make_game()
    owner = new_page(java_script_enabled=False)
    sign_in(owner, live_server.url, "owner", PASSWORD)
    owner.goto(f"{live_server.url}/games/{game.pk}/share/")
    field = owner.get_by_label("Table link")
    expect(field).to_have_attribute("readonly", "")
    expect(field).to_have_value(f"{live_server.url}/t/{game.table.watch_token}/")
    expect(owner.get_by_role("button", name="Copy the link")).to_be_hidden()
    console.assert_clean()


# The WCAG contrast of each element's text against the first opaque background behind it.
LOW_CONTRAST = """(selector) => {
  const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const light = ([r, g, b]) => [r, g, b].map((c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const ground = (el) => {
    for (; el; el = el.parentElement) {
      const colour = rgb(getComputedStyle(el).backgroundColor);
      if (colour.length === 3 || colour[3] > 0.5) return colour;
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll(selector)]
    .filter((el) => el.getClientRects().length && el.textContent.trim() + (el.value || ""))
    .map((el) => {
      const [a, b] = [light(rgb(getComputedStyle(el).color)), light(ground(el))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      return [`<${el.tagName.toLowerCase()} class="${el.className}">`, ratio];
    })
    .filter(([, ratio]) => ratio < 4.5)
    .map(([el, ratio]) => `${el} ${ratio.toFixed(2)}`);
}"""
UNLABELLED = """() => [...document.querySelectorAll("input:not([type=hidden]), select, textarea")]
  .filter((el) => !el.labels.length && !el.getAttribute("aria-label"))
  .map((el) => el.id || el.name)"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_share_page_on_a_360px_phone(new_page, live_server, make_game, console, scheme):
    """Both links on: no sideways scroll, 44 px targets, every field labelled, readable text,
    and both QR codes still read back in dark mode (they keep their white ground)."""
    game = make_game()
    game.table.set_scoring_link(enabled=True)
    game.table.refresh_from_db()
    page = new_page(viewport=PHONE_360, color_scheme=scheme)
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}/games/{game.pk}/share/")
    expect(page.get_by_label("Table link")).to_be_visible()
    expect(page.get_by_label("Scoring link")).to_have_value(
        f"{live_server.url}/t/score/{game.table.score_token}/"
    )
    expect(page.get_by_role("button", name="Copy the scoring link")).to_be_visible()
    fits(page, f"share-{scheme}")
    assert short_controls(page, "share") == []
    assert page.evaluate(UNLABELLED) == []
    dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    assert dark == (scheme == "dark")
    text = "h1, h2, p, label, .help, figcaption, button, input, code, a"
    assert page.evaluate(LOW_CONTRAST, text) == []
    expected = [
        f"{live_server.url}/t/{game.table.watch_token}/",
        f"{live_server.url}/t/score/{game.table.score_token}/",
    ]
    decoded = []
    for code in page.locator("figure.qr svg").all():
        code.scroll_into_view_if_needed()
        box = code.bounding_box()
        assert box is not None
        assert box["width"] >= 150
        assert box["x"] + box["width"] <= PHONE_360["width"]
        shot = page.screenshot(clip=box, caret="initial")
        decoded += [found.text for found in zxingcpp.read_barcodes(png_to_grey(shot))]
    assert decoded == expected
    screenshot(page, f"42-share-page-360-{scheme}")
    console.assert_clean()


def test_a_second_phone_scores_through_the_scoring_link_until_it_is_turned_off(
    new_page, live_server, make_game, console
):
    game = make_game()
    owner = new_page()
    sign_in(owner, live_server.url, "owner", PASSWORD)
    owner.goto(f"{live_server.url}/games/{game.pk}/share/")
    owner.get_by_role("button", name="Make a scoring link").click()
    link = owner.get_by_label("Scoring link").input_value()

    # The other phone, no account, opens the link and scores a whole hand.
    phone = new_page()
    phone.goto(link)
    expect(phone).to_have_url(f"{live_server.url}{game.get_absolute_url()}")
    expect(phone.get_by_text("This phone can score this table now.")).to_be_visible()
    expect(phone.get_by_text("scoring for the table")).to_be_visible()
    enter_bids(phone, 1, {1: "3", 2: "4", 3: "2", 0: "3"})
    enter_tricks(phone, 1, {"side_0": "7"})
    expect(phone.locator("#entry-title")).to_have_text("Hand 2: bids")
    assert list(Hand.objects.filter(game=game).values_list("tricks", flat=True)) == [
        [7, 6, None, None]
    ]
    screenshot(phone, "43-scoring-phone")

    # The owner turns it off: the phone's next tap says so and saves nothing.
    owner.get_by_role("button", name="Turn scoring by others off").click()
    expect(owner.get_by_role("button", name="Make a scoring link")).to_be_visible()
    for seat, bid in {1: "3", 2: "4", 3: "2", 0: "3"}.items():
        tap(phone, f"bid_{seat}", bid)
    phone.get_by_role("button", name="Bids are in").click()
    alert = phone.locator("#app-alert [role=alert]")
    expect(alert).to_contain_text("This phone can't score this table any more")
    expect(alert.get_by_role("link", name="Home")).to_be_visible()
    assert Hand.objects.filter(game=game).count() == 1
    console.assert_clean()
