"""The round clock on the scoring phones: every table's page shows the time left from the
server's clock, and the first step after zero calls the time at that table, whether or not
anyone is looking at the board."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from pytest_django.asserts import assertContains, assertNotContains

from games import services
from games.access import Access
from games.club import reads
from games.club import services as club
from games.club.models import EventRound, LogEntry
from games.models import Game
from tests.club.test_club_night import new_event, play_out
from tests.web.conftest import HX, bids_data, bids_url, tricks_url

pytestmark = pytest.mark.django_db


def tricks_data(number, first, second):
    """The tricks of each side (seats 1 and 3, seats 2 and 4), as the tricks pad sends them."""
    return {"hand": str(number), "side_0": str(first), "side_1": str(second)}


def clock_runs_out(round_: EventRound) -> None:
    """The round's zero, a second ago (as if the clock had run its minutes)."""
    past = timezone.now() - timedelta(seconds=1)
    EventRound.objects.filter(pk=round_.pk).update(clock_ends_at=past)
    Game.objects.filter(seating__round=round_).update(clock_ends_at=past)


@pytest.fixture
def table_phone(client, owner):
    """A phone that scanned table 1's card in round 1 of a club night, and its game."""
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    game = round_.seatings.get(number=1).game
    client.get(reverse("table_score", args=[game.table.score_token]))
    return client, event, round_, game


def test_every_tables_game_knows_the_clocks_zero_and_its_page_shows_the_time_left(
    table_phone, owner
):
    client, event, round_, game = table_phone
    assertNotContains(client.get(game.get_absolute_url()), "data-clock-ends")
    club.start_clock(owner, event.pk)
    round_.refresh_from_db()
    ends = round_.clock_ends_at
    assert ends is not None
    assert {s.game.clock_ends_at for s in round_.seatings.select_related("game")} == {ends}
    page = client.get(game.get_absolute_url()).content.decode()
    assert f'data-clock-ends="{int(ends.timestamp())}"' in page
    # The server's own time goes with it, so a phone whose clock is wrong counts from it.
    now = int(re.search(r'data-clock-now="(\d+)"', page)[1])
    assert abs(now - timezone.now().timestamp()) < 5
    assert 'data-clock-warning="Two minutes left in the round."' in page
    assert 'src="/static/js/clock.js"' in page or "js/clock." in page


def test_the_first_tricks_after_zero_end_the_game_with_that_hand(table_phone, owner):
    client, event, round_, game = table_phone
    club.start_clock(owner, event.pk)
    assert client.post(bids_url(game), bids_data(1, 3, 3, 3, 3)).status_code == 302
    clock_runs_out(round_)
    # Nobody looked at the board: the tricks of the hand in play are its last.
    response = client.post(tricks_url(game), tricks_data(1, 6, 7), headers=HX)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.time_called == 1
    assert game.finished
    assert game.hand_count == 1


def test_bids_after_zero_between_hands_find_the_game_over(table_phone, owner):
    client, event, round_, game = table_phone
    club.start_clock(owner, event.pk)
    client.post(bids_url(game), bids_data(1, 3, 3, 3, 3))
    client.post(tricks_url(game), tricks_data(1, 6, 7))
    clock_runs_out(round_)
    response = client.post(bids_url(game), bids_data(2, 3, 3, 3, 3), headers=HX)
    # The call stands (its own transaction), the late bids are not recorded.
    assert response.status_code == 409
    assertContains(response, "Game over", status_code=409)
    game.refresh_from_db()
    assert (game.time_called, game.finished, game.hand_count) == (1, True, 1)
    assert not game.hands.filter(number=2).exists()


def test_opening_the_page_after_zero_calls_the_time_once(table_phone, owner):
    client, event, round_, game = table_phone
    club.start_clock(owner, event.pk)
    client.post(bids_url(game), bids_data(1, 3, 3, 3, 3))
    clock_runs_out(round_)
    page = client.get(game.get_absolute_url())
    assertContains(page, "Time called: this hand is the last")
    assertNotContains(page, "data-clock-ends")
    game.refresh_from_db()
    version = game.version
    client.get(game.get_absolute_url())
    game.refresh_from_db()
    assert (game.time_called, game.version) == (1, version)


def test_a_table_that_has_not_started_has_nothing_to_call(table_phone, owner):
    client, event, round_, game = table_phone
    club.start_clock(owner, event.pk)
    clock_runs_out(round_)
    assert client.get(game.get_absolute_url()).status_code == 200
    game.refresh_from_db()
    assert game.time_called is None


def test_the_clocks_call_is_not_taken_back_by_an_undo(table_phone, owner):
    client, event, round_, game = table_phone
    club.start_clock(owner, event.pk)
    client.post(bids_url(game), bids_data(1, 3, 3, 3, 3))
    clock_runs_out(round_)
    client.get(game.get_absolute_url())
    game.refresh_from_db()
    refused = pytest.raises(services.Conflict, match="round's clock called the time")
    with refused, services.locked_game(Access(user=owner), game.pk) as locked:
        services.undo_last(locked, game.version)
    game.refresh_from_db()
    assert game.time_called == 1


def test_a_table_phone_cannot_call_the_time_at_an_event(table_phone, owner):
    client, event, _, game = table_phone
    club.start_clock(owner, event.pk)
    client.post(bids_url(game), bids_data(1, 3, 3, 3, 3))
    page = client.get(game.get_absolute_url())
    assertNotContains(page, ">Time called</button>")
    game.refresh_from_db()
    refused = client.post(
        reverse("call_time", args=[game.pk]), {"version": game.version}, headers=HX
    )
    assertContains(refused, "called by the round&#x27;s clock or by the director", status_code=409)
    game.refresh_from_db()
    assert game.time_called is None


def test_the_directors_time_call_before_the_clock_can_still_be_undone(table_phone, owner):
    client, event, _, game = table_phone
    club.start_clock(owner, event.pk)
    client.post(bids_url(game), bids_data(1, 3, 3, 3, 3))
    assert club.call_time(owner, event.pk, 1) == ["1"]
    game.refresh_from_db()
    assert game.time_called == 1
    assert LogEntry.objects.filter(
        event=event, what="Round 1: time called by the director at table 1"
    ).exists()
    with services.locked_game(Access(user=owner), game.pk) as locked:
        services.undo_last(locked, game.version)
    game.refresh_from_db()
    assert game.time_called is None


def test_a_table_re_paired_while_the_clock_runs_keeps_the_clock(owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    club.start_clock(owner, event.pk)
    round_.refresh_from_db()
    first, second = round_.seatings.all()[:2]
    club.swap_teams(owner, event.pk, first.teams[0], second.teams[0])
    games = Game.objects.filter(seating__round=round_)
    assert {game.clock_ends_at for game in games} == {round_.clock_ends_at}


def test_a_game_without_a_clock_never_calls_the_time_by_itself(owner_client, make_game):
    game = make_game([{"bids": [3, 3, 3, 3]}], target_score=1000)
    assertNotContains(owner_client.get(game.get_absolute_url()), "data-clock-ends")
    game.refresh_from_db()
    assert game.time_called is None
    assert not game.clock_due()


def test_the_boards_call_and_a_phones_call_are_one_call(table_phone, owner):
    client, event, round_, game = table_phone
    club.start_clock(owner, event.pk)
    client.post(bids_url(game), bids_data(1, 3, 3, 3, 3))
    clock_runs_out(round_)
    client.get(game.get_absolute_url())  # the phone's look calls it at table 1
    client.get(reverse("club:board_live", args=[event.board_token]))  # the board's, the rest
    game.refresh_from_db()
    assert game.time_called == 1
    round_.refresh_from_db()
    assert round_.time_called
    # Once the tables are played out, the next round is paired as usual.
    for seating in round_.seatings.select_related("game"):
        if not seating.game.finished and seating.game.hand_count:
            with services.locked_game(Access(user=owner), seating.game.pk, clock=True) as locked:
                services.record_step(locked, services.step_for(locked, "tricks", 1), [3, 3, 3, 4])
        elif not seating.game.finished:
            play_out(seating.game, owner)
    assert club.start_round(owner, event.pk).number == 2


def test_the_desk_counts_down_from_the_servers_time_until_the_time_is_called(owner_client, owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    club.start_clock(owner, event.pk)
    desk = owner_client.get(reverse("club:event", args=[event.pk]))
    assertContains(desk, 'data-clock-now="')
    assertContains(desk, "Round clock:")
    clock_runs_out(round_)
    desk = owner_client.get(reverse("club:event", args=[event.pk]))
    assertContains(desk, "Time was called for this round.")
    assertNotContains(desk, "data-clock-ends")


def test_a_tables_page_opened_before_the_clock_starts_counts_once_it_does(table_phone, owner):
    client, event, _, game = table_phone
    page = client.get(game.get_absolute_url())
    assertContains(page, "js/clock.")  # the table's page is ready for the round's clock
    assertNotContains(page, "data-clock-ends")
    club.start_clock(owner, event.pk)
    # The next step's answer brings the clock into the entry step.
    answer = client.post(bids_url(game), bids_data(1, 3, 3, 3, 3), headers=HX)
    assertContains(answer, "data-clock-ends")


def test_a_game_at_no_club_table_loads_no_clock(owner_client, make_game):
    game = make_game([{"bids": [3, 3, 3, 3]}], target_score=1000)
    assertNotContains(owner_client.get(game.get_absolute_url()), "js/clock.")


def test_a_board_poll_that_crosses_an_undone_round_answers_without_an_error(client, owner):
    event = new_event(owner)
    round_ = club.start_round(owner, event.pk)
    club.start_clock(owner, event.pk)
    clock_runs_out(round_)
    # The poll read the round (its clock past zero), then the director undid it before the
    # poll called the time: nothing to call, and the board answers as the event now stands.
    polled = reads.board_event(event.board_token)
    assert polled is not None
    assert polled.latest_round is not None
    club.undo_round(owner, event.pk)
    assert club.call_time_when_due(polled.event, polled.latest_round) is False
    board = client.get(reverse("club:board_live", args=[event.board_token]))
    assert board.status_code == 200
