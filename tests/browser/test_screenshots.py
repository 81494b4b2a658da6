"""The pictures in the README, taken by the browser so they stay true: the scoring screen and a
finished game's page on a phone (390 x 844), Oh Hell's bids under the hook on a phone, the room
board on a 1080p screen. Each test checks
what the page shows before it takes the picture. Every run takes them (into test-artifacts/, so
a run leaves the work tree as it found it); `SCREENSHOTS=docs` writes them over docs/images/,
to be committed when the pages change."""

import os
import re
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from games import services
from games.access import Access
from games.cards import services as card_services
from games.club import services as club
from games.scoring import card_games
from games.scoring.card_games.table import Recorded
from tests.browser.helpers import expect_scores, key, sign_in, tap
from tests.club.test_club_night import bare_event, play_out
from tests.conftest import FLIPPING_GAME, PASSWORD, QUIET_HAND

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

IMAGES = Path(settings.BASE_DIR) / (
    "docs/images" if os.environ.get("SCREENSHOTS") == "docs" else "test-artifacts/screenshots"
)
PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1920, "height": 1080}
# Ann bids nil and makes it; Cat bids 4 and takes 5; Ben + Dan bid 7 and take 8.
NIL_MADE = {"bids": ["nil", 3, 4, 4], "tricks": [0, 4, 5, 4]}
TEAMS = [
    ("Aces", "Ann", "Art"),
    ("Books", "Ben", "Bea"),
    ("Clubs", "Cat", "Cal"),
    ("Deuces", "Dan", "Dee"),
    ("Eights", "Eve", "Eli"),
    ("Fours", "Fay", "Fin"),
    ("Jacks", "Jo", "Jim"),
    ("Kings", "Kim", "Kai"),
]


def picture(page: Page, name: str) -> None:
    """The screen as it shows, no more: a picture of a few tens of KB."""
    IMAGES.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=IMAGES / f"{name}.png", caret="initial")


def record(owner, game, form, values, number):
    with services.locked_game(Access(user=owner), game.pk) as locked:
        services.record_step(locked, services.step_for(locked, form, number), values)


def test_the_scoring_screen_on_a_phone(new_page, live_server, make_game, console):
    # Hand 1: Ann + Cat bid 7 and take 7 (+70), Ben + Dan bid 6 and take 6 (+60); hand 2: Ann's
    # nil +100 and Cat's 4 made with a bag (+41), Ben + Dan 7 with a bag (+71).
    game = make_game([QUIET_HAND, NIL_MADE])
    page = new_page(viewport=PHONE, color_scheme="light")
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")

    expect_scores(page, 211, 131)
    expect(page.locator("#entry-title")).to_have_text("Hand 3: bids")
    # Cat deals hand 3: Dan bids first. Two bids tapped, the third seat's pad open.
    tap(page, "bid_3", "4")
    tap(page, "bid_0", "nil")
    # Dan's and Ann's bids show on their folded pads, Cat's is still to come; Ben's keys are open.
    expect(page.locator("#entry fieldset.pad button.pick:visible")).to_have_text(
        [re.compile(r"Dan\s*4"), re.compile(r"Ann\s*Nil"), re.compile(r"Cat")]
    )
    expect(key(page, "bid_1", "3")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    picture(page, "scoring-phone")
    console.assert_clean()


def test_a_finished_game_on_a_phone(new_page, live_server, make_game, console):
    # To 200: Ben + Dan win 220 to 202 after hand 6 (tests/conftest.py works it out).
    game = make_game(FLIPPING_GAME, target_score=200, losing_score=None)
    page = new_page(viewport=PHONE, color_scheme="light")
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")

    expect_scores(page, 202, 220)
    expect(page.locator(".standings .side.s1")).to_have_class("side s1 winner")
    first = page.locator("details.history-hand").filter(
        has=page.locator("summary .num", has_text="#1")
    )
    first.locator("summary").click()
    expect(first).to_contain_text("Ann's nil failed")
    first.scroll_into_view_if_needed()
    page.evaluate("(el) => el.scrollIntoView({block: 'center'})", first.element_handle())
    picture(page, "finished-game-phone")
    console.assert_clean()


def test_the_room_board_on_a_1080p_screen(new_page, live_server, owner, console, settings):
    # Where the room's phones reach the app, so the board draws its QR code rather than the
    # word that a code for localhost only opens on this computer.
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    event = bare_event(owner, rounds=3)
    for name, first, second in TEAMS:
        club.add_team(owner, event.pk, name, [first, second])
    round_ = club.start_round(owner, event.pk)
    club.start_clock(owner, event.pk)
    seatings = list(round_.seatings.select_related("game").order_by("number"))
    assert len(seatings) == 4
    # Table 1 has finished (its first team won 600 to -100), table 2 has played a hand of
    # 120 to -20, table 3 has bid its first hand.
    play_out(seatings[0].game, owner)
    record(owner, seatings[1].game, "bids", [6, 1, 6, 1], 1)
    record(owner, seatings[1].game, "tricks", [6, 0, 6, 1], 1)
    record(owner, seatings[2].game, "bids", [3, 4, 3, 3], 1)

    board = new_page(viewport=SCREEN, color_scheme="light")
    board.goto(f"{live_server.url}/e/{event.board_token}/")
    tables = board.locator(".board-tables")
    for name, _, _ in TEAMS:
        expect(tables).to_contain_text(name)
    expect(tables).to_contain_text("120 to -20")
    expect(board.locator("body")).to_contain_text("1 of 4 tables done")
    expect(board.locator(".board-qr figcaption")).to_have_text("Scan to follow on a phone")
    expect(board.locator(".clock")).to_contain_text("left")
    assert board.evaluate("() => document.scrollingElement.scrollHeight <= innerHeight")
    picture(board, "room-board")
    console.assert_clean()


def test_oh_hell_under_the_hook_on_a_phone(new_page, live_server, owner, console):
    # Five players, at most 4 cards: hand 1 dealt 4 (Ann dealt), hand 2 deals 3 and Ben deals.
    # Cat, Dan, Eve and Ann bid 1, 0, 1, 0: under the hook Ben may not bid 1.
    game = card_services.create_game(
        owner,
        kind=card_games.GAMES["oh_hell"],
        players=["Ann", "Ben", "Cat", "Dan", "Eve"],
        rules={"preset": "oh_hell", "max_cards": 4},
        hands=[Recorded(4, (0, 1, 0, 2, 0), (0, 1, 1, 2, 0))],
    )
    page = new_page(viewport=PHONE, color_scheme="light")
    sign_in(page, live_server.url, "owner", PASSWORD)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")

    expect(page.locator("#entry-title")).to_have_text("Hand 2 of 7: bids")
    for seat, bid in ((2, "1"), (3, "0"), (4, "1"), (0, "0")):
        tap(page, f"bid_{seat}", bid)
    reason = page.locator("[data-hook-reason]")
    expect(reason).to_contain_text("Ben may not bid 1")
    expect(page.locator('input[name="bid_1"][value="1"]')).to_be_disabled()
    page.evaluate("window.scrollTo(0, 0)")
    picture(page, "oh-hell-phone")
    console.assert_clean()
