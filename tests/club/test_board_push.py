"""The room board's pushed updates, in the process: which part a change sends and on which
channel, the board page that follows them, and the push address outside the async server.
The served path (gunicorn, the async server and Redis) is tests/club/test_board_push_served.py;
the board following it in a browser, tests/browser/test_board_push.py."""

import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games import services
from games.access import Access
from games.club import push
from games.club import services as club
from tests.club.test_club_night import WINNING_HAND, new_event, play_out

pytestmark = pytest.mark.django_db


class Sent:
    """What `send_event` was given, in order."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str, str]] = []

    def __call__(self, channel, event_type, data, json_encode=True):
        assert json_encode is False  # HTML goes out as it is drawn
        self.events.append((channel, event_type, data))


class Inline:
    """The push thread's jobs, run in the test's own thread and transaction (`push._run`,
    which gives the thread its connection, is tested on its own)."""

    def submit(self, run, job, pk):
        assert run is push._run
        job(pk)


@pytest.fixture
def sent(monkeypatch, settings):
    settings.BOARD_PUSH = True
    cache.clear()  # which results were pushed whole, as another test's database left them
    found = Sent()
    monkeypatch.setattr(push, "send_event", found)
    monkeypatch.setattr(push, "_sender", Inline())
    return found


def record(owner, game, form, values, number=1):
    with services.locked_game(Access(user=owner), game.pk) as locked:
        services.record_step(locked, services.step_for(locked, form, number), values)


def seq(html: str) -> int:
    return int(re.search(r'data-seq="(\d+)"', html)[1])


def test_a_step_at_a_table_pushes_that_tables_line_after_its_commit(
    sent, owner, django_capture_on_commit_callbacks
):
    event = new_event(owner)
    with django_capture_on_commit_callbacks(execute=True):
        game = club.start_round(owner, event.pk).seatings.get(number=2).game
    # The round paired moved the event: its whole live part went out last, on the event's
    # channel (after the lines of its new games, which it draws again).
    assert {channel for channel, _, _ in sent.events} == {f"board-{event.pk}"}
    assert sent.events[-1][1] == "live"
    whole = sent.events[-1][2]
    assert whole.startswith('<div id="board-live"')
    assert 'sse-swap="game-' in whole

    sent.events.clear()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        record(owner, game, "bids", [3, 3, 4, 3])
        assert sent.events == []  # nothing goes out before the commit
    assert len(callbacks) == 1
    channel, kind, line = sent.events[-1]
    game.refresh_from_db()
    assert (channel, kind) == (f"board-{event.pk}", f"game-{game.pk}")
    assert line.startswith(f'<tr id="board-game-{game.pk}"')
    assert f'data-version="{game.version}"' in line
    assert '<td class="hand">1</td>' in line
    assert seq(line) > seq(whole)

    with django_capture_on_commit_callbacks(execute=True):
        record(owner, game, "tricks", [3, 3, 4, 3])
    line = sent.events[-1][2]
    assert '70 <span class="muted">to</span> 60' in line
    assert seq(line) > seq(sent.events[-2][2])


def test_a_game_that_ends_pushes_the_whole_part_with_the_new_standings(
    sent, owner, django_capture_on_commit_callbacks
):
    event = new_event(owner)
    game = club.start_round(owner, event.pk).seatings.get(number=1).game
    with django_capture_on_commit_callbacks(execute=True):
        record(owner, game, "bids", WINNING_HAND[0])  # the first since the round was paired
    for number in range(1, 6):
        for form, values in (("bids", WINNING_HAND[0]), ("tricks", WINNING_HAND[1])):
            if (number, form) != (1, "bids"):
                with django_capture_on_commit_callbacks(execute=True):  # each its own commit
                    record(owner, game, form, values, number)
    game.refresh_from_db()
    assert game.finished
    kinds = [kind for _, kind, _ in sent.events]
    assert kinds[-1] == "live"  # the last step ended the game: the standings moved
    assert set(kinds[1:-1]) == {f"game-{game.pk}"}  # every step before it, its line only
    winner = event.teams.get(position=0).name
    standings = sent.events[-1][2].split('id="board-standings"')[1]
    assert re.search(rf"<td>1</td><td>{winner}<", standings)


def test_the_event_moving_on_pushes_the_whole_part(sent, owner, django_capture_on_commit_callbacks):
    event = new_event(owner)
    club.start_round(owner, event.pk)
    sent.events.clear()
    with django_capture_on_commit_callbacks(execute=True):
        club.start_clock(owner, event.pk)
    assert [kind for _, kind, _ in sent.events] == ["live"]
    assert 'class="clock"' in sent.events[0][2]


def test_a_game_outside_any_event_pushes_nothing(
    sent, owner, make_game, django_capture_on_commit_callbacks
):
    game = make_game()
    with django_capture_on_commit_callbacks(execute=True):
        record(owner, game, "bids", [3, 3, 4, 3])
    assert sent.events == []


def test_a_change_to_a_finished_game_pushes_the_whole_part(
    sent, owner, django_capture_on_commit_callbacks
):
    event = new_event(owner)
    first = club.start_round(owner, event.pk)
    for seating in first.seatings.select_related("game"):
        play_out(seating.game, owner)
    club.start_round(owner, event.pk)
    old = first.seatings.get(number=1).game
    sent.events.clear()
    # Round 1's result moves with the director's correction of its game (the standings are
    # worked out again), though the board shows round 2's tables.
    with (
        django_capture_on_commit_callbacks(execute=True),
        services.locked_game(Access(user=owner), old.pk) as locked,
    ):
        services.correct_hand(locked, 1, [6, 1, 6, 1], [6, 1, 6, 0], locked.game.version)
    assert [kind for _, kind, _ in sent.events] == ["live"]


def test_nothing_is_queued_while_push_is_off_or_redis_unreachable(
    sent, owner, settings, monkeypatch, django_capture_on_commit_callbacks
):
    event = new_event(owner)
    game = club.start_round(owner, event.pk).seatings.get(number=1).game
    sent.events.clear()
    settings.BOARD_PUSH = False
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        record(owner, game, "bids", [3, 3, 4, 3])
    assert (callbacks, sent.events) == ([], [])

    settings.BOARD_PUSH = True

    class Resting:
        def resting(self):
            return True

    monkeypatch.setattr(push, "cache", Resting())
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        record(owner, game, "tricks", [3, 3, 4, 3])
    assert len(callbacks) == 1
    assert sent.events == []


def test_a_failed_push_is_logged_and_never_reaches_the_step(sent, owner, monkeypatch, caplog):
    event = new_event(owner)
    game = club.start_round(owner, event.pk).seatings.get(number=1).game

    def broken(*args, **kwargs):
        raise ConnectionError("Redis went away")

    monkeypatch.setattr(push, "send_event", broken)
    # The thread's own connection is the thread's business; here it is the test's.
    monkeypatch.setattr(push, "close_old_connections", lambda: None)
    push._run(push._push_game, game.pk)
    assert "The board's update was not pushed" in caplog.text


def test_the_board_follows_pushes_only_where_they_are_served(client, owner, settings):
    event = new_event(owner)
    club.start_round(owner, event.pk)
    board = reverse("club:board", args=[event.board_token])
    address = reverse("club:board_push", args=[event.board_token])

    page = client.get(board)
    assertNotContains(page, "sse-connect")
    assertNotContains(page, "sse.min.js")
    assert client.get(address).status_code == 404

    settings.BOARD_PUSH = True
    page = client.get(board)
    assertContains(page, f'sse-connect="{address}"')
    assertContains(page, "vendor/htmx/sse.min.js")
    assertContains(page, "js/board.js")
    assertContains(page, 'sse-swap="game-')
    # The desk (its own page, which polls) follows no pushes.
    client.force_login(owner)
    desk = client.get(reverse("club:event", args=[event.pk]))
    assertContains(desk, "Round 1")
    assertNotContains(desk, "sse-connect")
    assertNotContains(desk, "sse-swap")

    # Gunicorn's threads don't hold streams: the push address is the async server's.
    served = client.get(address)
    assert served.status_code == 503
    assert served["Retry-After"] == "60"
    assert client.get(f"{address}?es-meta=forged").status_code == 400
    assert client.get(reverse("club:board_push", args=["no-such-board"])).status_code == 404
