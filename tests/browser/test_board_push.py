"""The room board in a browser when its updates are pushed: a step recorded at a table shows
with no polling meanwhile; without the async server the board polls on its beat; and of two
parts of the board, the one drawn later stays, whichever arrives last."""

import time
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from games.club import services as club
from tests.club.push_servers import BIDS, TRICKS, ScoringPhone, pushing_servers
from tests.club.test_club_night import new_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BOARD_JS = Path(settings.BASE_DIR) / "static" / "js" / "board.js"


@pytest.fixture(scope="module")
def servers(django_db_setup, tmp_path_factory):
    with pushing_servers(tmp_path_factory.mktemp("board-push-browser")) as found:
        yield found


def open_board(new_page, port: int, token: str) -> tuple[Page, list[float]]:
    board: Page = new_page(viewport={"width": 1920, "height": 1080})
    polls: list[float] = []
    board.on("request", lambda r: polls.append(time.monotonic()) if "/live/" in r.url else None)
    board.goto(f"http://127.0.0.1:{port}/e/{token}/")
    return board, polls


def test_a_pushed_step_shows_while_the_board_holds_back_its_polls(
    servers, new_page, owner, console
):
    pages, pushes = servers
    event = new_event(owner)
    game = club.start_round(owner, event.pk).seatings.select_related("game__table").get(number=1)
    game = game.game
    # As deployed, a proxy sends the board's /push/ address to the async server; here the async
    # server serves the board's page too, so its stream is on the page's own origin.
    board, polls = open_board(new_page, pushes.port, event.board_token)
    row = board.locator(f"#board-game-{game.pk}")
    expect(row).to_contain_text("0 to 0")
    board.wait_for_timeout(1500)  # the stream opens; one poll catches up with what came before
    settled = len(polls)

    # How soon is `make room`'s to measure; here, that the steps come with the polls held back.
    phone = ScoringPhone(pages, game)
    phone.record("bids", BIDS)
    expect(row.locator(".hand")).to_have_text("1")
    phone.record("tricks", TRICKS)
    expect(row).to_contain_text("61 to 60")
    board.wait_for_timeout(2000)
    # While the stream is open the board polls once in 10 s at most (it would poll twice a
    # second without it).
    assert len(polls) - settled <= 1, polls
    console.assert_clean()


def test_without_the_async_server_the_board_polls_on_its_beat(servers, new_page, owner, console):
    pages, _ = servers
    event = new_event(owner)
    game = club.start_round(owner, event.pk).seatings.select_related("game__table").get(number=1)
    game = game.game
    # The threaded server refuses the stream (503): the board polls twice a second.
    board, polls = open_board(new_page, pages.port, event.board_token)
    board.wait_for_timeout(2000)
    assert len(polls) >= 3, polls
    ScoringPhone(pages, game).record("bids", BIDS)
    expect(board.locator(f"#board-game-{game.pk} .hand")).to_have_text("1")
    # The refused stream shows in the console as a failed request, not as a script error.
    assert console.errors == []


ORDER_PAGE = """<!doctype html><body>
<div id="board-live" data-seq="200"><table><tbody>
<tr id="board-game-1" data-seq="300" data-version="8"><td class="score">shown, newer</td></tr>
<tr id="board-game-2" data-seq="200" data-version="5"><td class="score">shown, older</td></tr>
</tbody></table></div></body>"""


def board_script(new_page) -> Page:
    """board.js on its own: htmx is stood in for, its extension and events called directly."""
    page = new_page()
    page.set_content(ORDER_PAGE)
    page.evaluate(
        "window.htmx = {defineExtension: (name, extension) => { window.ordering = extension; }}"
    )
    page.add_script_tag(content=BOARD_JS.read_text())
    return page


def test_a_part_drawn_earlier_never_replaces_one_drawn_later(new_page):
    page = board_script(new_page)

    def transform(html: str) -> str:
        return page.evaluate("html => window.ordering.transformResponse(html)", html)

    # A line drawn before the one shown is dropped: the shown one is swapped in again.
    older_line = '<tr id="board-game-1" data-seq="250"><td class="score">older</td></tr>'
    assert "shown, newer" in transform(older_line)
    newer_line = '<tr id="board-game-2" data-seq="250"><td class="score">newer</td></tr>'
    assert ">newer<" in transform(newer_line)
    # A whole part drawn after the part shown comes in, except for a line shown newer still.
    whole = (
        '<div id="board-live" data-seq="260"><table><tbody>'
        '<tr id="board-game-1" data-seq="260"><td class="score">whole 1</td></tr>'
        '<tr id="board-game-2" data-seq="260"><td class="score">whole 2</td></tr>'
        "</tbody></table></div>"
    )
    merged = transform(whole)
    assert "shown, newer" in merged
    assert "whole 2" in merged
    assert "whole 1" not in merged
    # A whole part drawn before the one shown is dropped.
    stale = whole.replace('data-seq="260"', 'data-seq="150"')
    assert transform(stale).startswith('<div id="board-live" data-seq="200"')
    # A part without a drawing time (an error page, say) is left to htmx as it came.
    assert transform("<p>Not found</p>") == "<p>Not found</p>"


POLL_ALLOWED = """() => {
    const poll = new CustomEvent("htmx:beforeRequest", {
        cancelable: true, detail: {elt: document.getElementById("board-live")},
    });
    document.dispatchEvent(poll);
    return !poll.defaultPrevented;
}"""


def test_a_poll_that_finds_a_line_the_stream_missed_brings_back_polling(new_page):
    page = board_script(new_page)
    page.evaluate("document.dispatchEvent(new CustomEvent('htmx:sseOpen'))")
    assert page.evaluate(POLL_ALLOWED)  # the poll that catches up as the stream opens
    assert not page.evaluate(POLL_ALLOWED)  # then the stream keeps the board up to date
    # A poll brings table 2 at a version the stream never brought: its server no longer hears
    # the updates, so the board polls on its beat.
    polled = (
        '<div id="board-live" data-seq="400"><table><tbody>'
        '<tr id="board-game-2" data-seq="400" data-version="6"><td>6</td></tr>'
        "</tbody></table></div>"
    )
    page.evaluate(
        "html => window.ordering.transformResponse(html, null, "
        "document.getElementById('board-live'))",
        polled,
    )
    assert page.evaluate(POLL_ALLOWED)
    assert page.evaluate(POLL_ALLOWED)
    # The stream speaks again: back to polling seldom.
    page.evaluate("document.dispatchEvent(new CustomEvent('htmx:sseBeforeMessage'))")
    assert not page.evaluate(POLL_ALLOWED)
