"""The room board's pushed updates as deployed: a step recorded through gunicorn's threaded
server reaches a phone holding the board's stream on the async server (`make push`), through
Redis, as the table's new line; a change to the event, as the whole live part. The threaded
server refuses the stream (the board then polls). How soon is `make room`'s to measure."""

import http.client
import time

import pytest
from django.conf import settings
from django.test import Client

from games.club import services as club
from tests.club.push_servers import BIDS, TRICKS, ScoringPhone, pushing_servers
from tests.club.test_club_night import new_event
from tests.tools import server

pytestmark = [pytest.mark.serving, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def servers(django_db_setup, tmp_path_factory):
    with pushing_servers(tmp_path_factory.mktemp("board-push")) as found:
        yield found


class Stream:
    """A phone holding a board's stream: its events one at a time, as (type, data)."""

    def __init__(self, port: int, path: str):
        self.connection = http.client.HTTPConnection(server.HOST, port, timeout=10)
        self.connection.request("GET", path, headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()

    def next(self, wanted: str, within: float = 10) -> str:
        """The data of the next event of type `wanted`, skipping others."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            kind, data = self.event()
            if kind == wanted:
                return data
        raise AssertionError(f"no {wanted} event within {within} s")

    def event(self) -> tuple[str, str]:
        kind, data = "", []
        while True:
            line = self.response.readline().decode()
            if not line:
                raise AssertionError("the stream ended")
            line = line.rstrip("\n")
            if line.startswith("event: "):
                kind = line.removeprefix("event: ")
            elif line.startswith("data: "):
                data.append(line.removeprefix("data: "))
            elif line == "" and kind:
                return kind, "\n".join(data)

    def close(self) -> None:
        self.connection.close()


def cookies(**values: str) -> dict:
    return {"Cookie": "; ".join(f"{name}={value}" for name, value in values.items())}


def test_a_step_reaches_the_boards_stream_and_the_threaded_server_refuses_it(servers, owner):
    pages, pushes = servers
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    seating = round_.seatings.select_related("game__table").get(number=1)
    game = seating.game
    address = f"/e/{event.board_token}/push/"

    status, headers, _ = server.get(pages.port, address)
    assert (status, headers["Retry-After"]) == (503, "60")
    board = server.get(pages.port, f"/e/{event.board_token}/")[2].decode()
    assert f'sse-connect="{address}"' in board

    stream = Stream(pushes.port, address)
    try:
        assert stream.response.status == 200
        assert stream.response.getheader("Content-Type").startswith("text/event-stream")
        stream.next("stream-open")

        phone = ScoringPhone(pages, game)
        phone.record("bids", BIDS)
        # The board's first push since the round was paired (here, without pushes) is whole.
        whole = stream.next("live")
        game.refresh_from_db()
        assert f'data-version="{game.version}"' in whole

        phone.record("tricks", TRICKS)
        line = stream.next(f"game-{game.pk}")
        game.refresh_from_db()
        assert line.startswith(f'<tr id="board-game-{game.pk}"')
        assert f'data-version="{game.version}"' in line
        assert '61 <span class="muted">to</span> 60' in line  # 6 bid, 7 taken; 6 bid, 6

        # The director starts the round's clock: the whole live part, with the clock.
        director = Client()
        director.force_login(owner)
        desk = cookies(
            **{
                settings.SESSION_COOKIE_NAME: director.cookies[settings.SESSION_COOKIE_NAME].value,
                settings.CSRF_COOKIE_NAME: phone.csrf,
            }
        )
        started = server.post(
            pages.port, f"/events/{event.pk}/clock/", {"csrfmiddlewaretoken": phone.csrf}, desk
        )
        assert started[0] == 302
        whole = stream.next("live")
        assert whole.startswith('<div id="board-live"')
        assert 'class="clock"' in whole
    finally:
        stream.close()


def test_the_stream_takes_no_parameters_and_no_unknown_board(servers, owner):
    _, pushes = servers
    event = new_event(owner)
    address = f"/e/{event.board_token}/push/"
    assert server.get(pushes.port, f"{address}?es-meta=forged")[0] == 400
    assert server.get(pushes.port, "/e/no-such-board/push/")[0] == 404
