"""The room board on a 1080p screen: it shows a table's new score within a couple of seconds
of a recorded step, answers its polls 304 while nothing changes, and its round clock counts
down without being reset by them. A round of 24 teams fits the screen without scrolling: each
list shows a page at a time, turning by itself and kept on its page by the polls; a finished
event names its winner. On a phone, and without JavaScript, the board lists everything."""

import re
import time

import pytest
from playwright.sync_api import Page, expect

from games import scoring, services
from games.access import Access
from games.club import services as club
from tests.browser.helpers import axe_violations, screenshot
from tests.club.test_club_night import bare_event, play_out

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = [("Aces", "Ann", "Art"), ("Books", "Ben", "Bea"), ("Clubs", "Cat", "Cal")]
SCREEN = {"width": 1920, "height": 1080}
# 24 teams, names short and long, as a club night's are.
ROOM = [
    "Aces",
    "Books",
    "Clubs",
    "Deuces",
    "Eights",
    "Fours",
    "Jacks",
    "Kings",
    "Lucky Sevens",
    "Midnight Spades",
    "Blind Nil Wonders",
    "Overtrick Outlaws",
    "Queens of Hearts",
    "Reneges Anonymous",
    "Sandbaggers",
    "Trump Tight",
    "Underbid United",
    "Void Hunters",
    "Wild Cards",
    "Extra Tricks",
    "Yard Sale",
    "Zero Bags",
    "Big Joker & Little Joker",
    "The Thursday Regulars from the Station Bar",
]


def new_event(owner, teams, **settings):
    event = bare_event(owner, **settings)
    for number, name in enumerate(teams):
        club.add_team(owner, event.pk, name, [f"Player {number}a", f"Player {number}b"])
    return event


def record(owner, game, form, values, number=1):
    with services.locked_game(Access(user=owner), game.pk) as locked:
        services.record_step(locked, services.step_for(locked, form, number), values)


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

    board: Page = new_page(viewport=SCREEN)
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
        record(owner, game, form, values)
    recorded = time.monotonic()
    expect(board.locator(".board-tables")).to_contain_text("120 to -20", timeout=3_000)
    assert time.monotonic() - recorded < 3
    expect(board.locator(".clock")).to_contain_text("left")
    screenshot(board, "room-board-1080p")
    console.assert_clean()


SHOWN = """(list) => [...list.querySelectorAll("[data-page-body] > tr")].filter((row) => {
    const box = row.getBoundingClientRect();
    const room = list.getBoundingClientRect();
    return !row.hidden && box.height > 0 && box.top >= room.top && box.bottom <= room.bottom + 0.5
        && box.bottom <= innerHeight && box.right <= innerWidth;
}).map((row) => row.cells[KEY].textContent.trim())"""
# Which cell names a line: a table's number, a seat's team, a standing's team.
LISTS = {"tables": 0, "seats": 0, "standings": 1}


def shown(board: Page, name: str) -> tuple[list[str], int, int]:
    """The lines of a list that show whole on the screen, its page and its count of pages."""
    found = board.locator(f'[data-pages="{name}"]')
    lines = found.evaluate(SHOWN.replace("KEY", str(LISTS[name])))
    label = found.locator("[data-page-label]").text_content() or ""
    match = re.fullmatch(r"page (\d+) of (\d+)", label)
    page, pages = (int(match[1]), int(match[2])) if match else (1, 1)
    return lines, page, pages


def fits(board: Page) -> bool:
    return board.evaluate(
        "() => document.scrollingElement.scrollHeight <= innerHeight"
        " && document.scrollingElement.scrollWidth <= innerWidth"
    )


def test_a_round_of_24_teams_fits_the_screen_a_page_at_a_time(
    new_page, live_server, owner, console
):
    event = new_event(owner, ROOM)
    round_ = club.start_round(owner, event.pk)
    club.start_clock(owner, event.pk)
    seatings = list(round_.seatings.select_related("game"))
    assert len(seatings) == 12
    for seating in seatings[:3]:
        play_out(seating.game, owner)
    loser = seatings[0].teams[1]  # play_out's winner sits first
    club.confirm_result(Access(user=owner), seatings[0].game_id, f"Player {loser}a")
    record(owner, seatings[5].game, "bids", [3, 3, 4, 3])

    board: Page = new_page(viewport=SCREEN)
    board.goto(f"{live_server.url}/e/{event.board_token}/")
    expect(board.locator(".board")).to_have_class("board paged")
    expect(board.locator(".board-done")).to_have_text("3 of 12 tables done")
    assert fits(board), "the board scrolls"
    clock = board.locator(".board-clock .clock")
    expect(clock).to_contain_text("left")
    size = float(clock.evaluate("(el) => getComputedStyle(el).fontSize").removesuffix("px"))
    assert size >= 100, f"the clock's font is {size}px"
    assert board.locator("details").count() == 0  # nothing to open on a projector
    assert axe_violations(board) == []
    screenshot(board, "room-board-24-teams", full_page=False)

    # The standings don't fit: they show a page at a time, "page 1 of N" beside them.
    label = board.locator('[data-pages="standings"] [data-page-label]')
    expect(label).to_have_text(re.compile(r"page 1 of \d"))
    seen: dict[str, set[str]] = {name: set() for name in LISTS}
    pages_seen: dict[str, set[int]] = {name: set() for name in LISTS}
    counts: dict[str, int] = {}

    def look() -> None:
        assert fits(board), "the board scrolls"
        for name in LISTS:
            lines, page, pages = shown(board, name)
            assert lines, f"no line of {name} shows"
            seen[name] |= set(lines)
            pages_seen[name].add(page)
            counts[name] = pages

    look()
    assert counts["standings"] >= 2
    # The pages turn by themselves; a step polled in meanwhile draws the board anew, each list
    # staying on its page.
    expect(label).to_have_text(f"page 2 of {counts['standings']}", timeout=15_000)
    record(owner, seatings[6].game, "bids", [3, 3, 4, 3])
    expect(board.locator(f"#board-game-{seatings[6].game_id} .hand")).to_have_text("1")
    expect(label).to_have_text(f"page 2 of {counts['standings']}")
    look()
    screenshot(board, "room-board-24-teams-page-2", full_page=False)
    for _ in range(6):
        if all(len(pages_seen[name]) == counts[name] for name in LISTS):
            break
        turned = label.text_content() or ""
        expect(label).not_to_have_text(turned, timeout=15_000)
        look()
    # Every table, every team's seat and every team's standing came on the screen.
    assert seen["tables"] == {str(number) for number in range(1, 13)}
    assert seen["seats"] == set(ROOM)
    assert seen["standings"] == set(ROOM)
    console.assert_clean()


def test_a_finished_event_names_its_winner_on_the_whole_screen(
    new_page, live_server, owner, console
):
    # A knockout of four: two semi-finals, then the final.
    event = new_event(owner, ROOM[:4], pairing="single_elimination", rounds=None)
    for _ in range(2):
        round_ = club.start_round(owner, event.pk)
        for seating in round_.seatings.select_related("game"):
            play_out(seating.game, owner)
            winner = ROOM[seating.teams[0]]  # play_out's winner sits first

    for scheme in ("light", "dark"):
        board: Page = new_page(viewport=SCREEN, color_scheme=scheme)
        board.goto(f"{live_server.url}/e/{event.board_token}/")
        expect(board.get_by_role("heading", name="The event is over")).to_be_visible()
        banner = board.locator(".board-winner")
        expect(banner).to_have_text(f"Winner: {winner}")
        size = float(banner.evaluate("(el) => getComputedStyle(el).fontSize").removesuffix("px"))
        assert size >= 70, f"the winner's name is {size}px"
        places = board.locator('[data-pages="places"] tbody tr')
        expect(places).to_have_count(4)
        expect(places.first).to_have_text(re.compile(rf"1\s*{winner}"))
        # No half of the screen left blank: the places beside the standings, across it.
        places_box = board.locator('[data-pages="places"]').bounding_box()
        standings_box = board.locator('[data-pages="standings"]').bounding_box()
        assert places_box
        assert standings_box
        assert places_box["x"] < 50
        assert standings_box["x"] + standings_box["width"] > SCREEN["width"] - 50
        assert fits(board)
        assert axe_violations(board) == [], scheme
        screenshot(board, f"room-board-finished-{scheme}", full_page=False)
    console.assert_clean()


@pytest.mark.parametrize("javascript", [True, False], ids=["phone", "phone-no-js"])
def test_on_a_phone_the_board_lists_everything_in_one_column(
    new_page, live_server, owner, console, javascript
):
    event = new_event(owner, ROOM)
    round_ = club.start_round(owner, event.pk)
    club.start_clock(owner, event.pk)
    play_out(round_.seatings.select_related("game").first().game, owner)

    phone: Page = new_page(java_script_enabled=javascript)  # 390 x 844
    phone.goto(f"{live_server.url}/e/{event.board_token}/")
    expect(phone.locator(".board-standings")).to_contain_text(ROOM[-1])
    # Nothing paged: every line shows, the page scrolls down, never sideways.
    for rows in (".board-tables tbody tr", ".board-seats tbody tr", ".board-standings tbody tr"):
        lines = phone.locator(rows)
        assert lines.count() in (12, 24)
        assert lines.evaluate_all("(rows) => rows.every((row) => !row.hidden)")
    assert phone.locator("[data-page-label]:not(:empty)").count() == 0
    assert phone.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth")
    # One column: each list below the one before it.
    boxes = [phone.locator(f'[data-pages="{name}"]').bounding_box() for name in LISTS]
    assert all(box and box["width"] > 300 for box in boxes)
    assert [box["y"] for box in boxes] == sorted(box["y"] for box in boxes)
    if javascript:
        expect(phone.locator(".board-clock .clock")).to_contain_text("left")
        assert axe_violations(phone) == []
        screenshot(phone, "room-board-phone")
        console.assert_clean()
    else:
        # Wide without JavaScript: every line listed too, the page scrolling.
        phone.set_viewport_size(SCREEN)
        assert phone.locator(".board-standings tbody tr:visible").count() == 24
        assert phone.locator(".board-tables tbody tr:visible").count() == 12
        screenshot(phone, "room-board-1080p-no-js")
