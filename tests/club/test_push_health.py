"""The push server after a Redis outage: its /healthz says it can't push while Redis is away
(503, "not listening"), and once Redis is back it listens again by itself, so a step reaches
a board's stream held through the outage and a new one, without a restart. Before, its
listener ended with the first failed read and the server pushed nothing until restarted."""

import json
import time

import pytest

from games.club import services as club
from tests.club.push_servers import BIDS, TRICKS, ScoringPhone, pushing_deployment
from tests.club.test_board_push_served import Stream
from tests.club.test_club_night import new_event
from tests.tools import server

pytestmark = [pytest.mark.serving, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def deployment(django_db_setup, tmp_path_factory):
    """(Redis, pages, pushes): one instance as `make run` and `make push` serve it."""
    with pushing_deployment(tmp_path_factory.mktemp("push-health")) as found:
        yield found


def health(port: int) -> tuple[int, dict]:
    status, _, body = server.get(port, "/healthz")
    return status, json.loads(body)


def until(condition, what: str, within: float = 20.0):
    """Ask again until `condition()` gives something true: a state waited for, bounded."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"not within {within} s: {what}")


def test_after_a_redis_outage_the_push_server_says_so_then_pushes_again(deployment, owner):
    cache, pages, pushes = deployment
    event = new_event(owner)
    game = club.start_round(owner, event.pk).seatings.get(number=1).game
    address = f"/e/{event.board_token}/push/"
    assert health(pushes.port)[0] == 200

    held = Stream(pushes.port, address)
    try:
        held.next("stream-open")
        cache.stop()
        _status, said = until(
            lambda: (found := health(pushes.port))[0] == 503 and found,
            "the push server's /healthz says it can't push",
        )
        assert said["status"] == "down"
        assert said["push"] == "not listening"
        # The pages' server still serves, from the database (a degraded cache only).
        assert health(pages.port) == (
            200,
            {"status": "degraded", "database": "writable", "cache": "unreachable"},
        )

        cache.start()
        until(lambda: health(pushes.port)[0] == 200, "the push server listens again")
        until(lambda: health(pages.port)[1]["cache"] == "reachable", "the pages see Redis")

        ScoringPhone(pages, game).record("bids", BIDS)
        whole = held.next("live")  # through the outage, on the stream held all along
        assert 'id="board-live"' in whole
        fresh = Stream(pushes.port, address)
        try:
            fresh.next("stream-open")
            ScoringPhone(pages, game).record("tricks", TRICKS)
            assert fresh.next(f"game-{game.pk}").startswith(f'<tr id="board-game-{game.pk}"')
        finally:
            fresh.close()
    finally:
        held.close()
