"""The room board on a 1080p screen: it shows a table's new score within a couple of seconds
of a recorded step, answers its polls 304 while nothing changes, and its round clock counts
down without being reset by them."""

import time

import pytest
from playwright.sync_api import Page, expect

from games import scoring, services
from games.club import services as club
from games.models import Access
from tests.browser.helpers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = [("Aces", "Ann", "Art"), ("Books", "Ben", "Bea"), ("Clubs", "Cat", "Cal")]


def test_the_board_follows_a_recorded_step_and_keeps_its_clock(
    new_page, live_server, owner, console
):
    event = club.create_event(
        owner,
        name="Friday club night",
        rules=scoring.get_preset("tournament_10").rules,
        preset="tournament_10",
        pairing="swiss",
        rounds=3,
        round_minutes=30,
        points={"win": 2, "draw": 1, "loss": 0, "bye": 2},
        ranking=["match_points"],
    )
    for name, first, second in TEAMS:
        club.add_team(owner, event.pk, name, [first, second])
    round_ = club.start_round(owner, event.pk)
    club.start_clock(owner, event.pk)
    game = round_.seatings.get(number=1).game

    board: Page = new_page(viewport={"width": 1920, "height": 1080})
    polls: list[int] = []
    board.on("response", lambda r: polls.append(r.status) if "/live/" in r.url else None)
    board.goto(f"{live_server.url}/e/{event.board_token}/")
    expect(board.locator(".board-tables")).to_contain_text("Aces v Books")
    expect(board.locator(".clock")).to_contain_text(":")
    expect(board.locator(".clock")).to_contain_text("left")
    deadline = time.monotonic() + 5
    while 304 not in polls and time.monotonic() < deadline:
        board.wait_for_timeout(200)
    assert 304 in polls, f"no 304 among the polls: {polls}"

    for form, values in (("bids", [6, 1, 6, 1]), ("tricks", [6, 0, 6, 1])):
        with services.locked_game(Access(user=owner), game.pk) as locked:
            services.record_step(locked, services.step_for(locked, form, 1), values)
    recorded = time.monotonic()
    expect(board.locator(".board-tables")).to_contain_text("120 to -20", timeout=3_000)
    assert time.monotonic() - recorded < 3
    expect(board.locator(".clock")).to_contain_text("left")
    screenshot(board, "room-board-1080p")
    console.assert_clean()
