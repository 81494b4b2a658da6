"""The room's figures (tests/tools/room/figures.py): when a follower's board showed a step,
from its polls' times and answers or from the pushed updates that reached it, and the
percentiles the load test prints."""

from tests.tools.room.figures import (
    Arrival,
    Request,
    Step,
    board_delays,
    percentile,
    pushed_delays,
    summary,
)


def step(sent, answered, status=200):
    return Step(sent, answered, status, event=0)


def test_the_first_poll_sent_after_the_step_carries_it():
    polls = [Request(0.0, 0.1, 304), Request(0.5, 0.6, 304), Request(1.0, 1.05, 200)]
    seen = board_delays([step(0.4, 0.55)], polls)
    # The poll sent at 0.5 went out before the step's answer came back: it may not have it.
    assert seen.delays == [1.05 - 0.4]
    assert (seen.stale, seen.unseen) == (0, 0)


def test_a_304_after_a_poll_that_already_drew_the_step_is_not_stale():
    polls = [Request(0.45, 0.5, 200), Request(0.6, 0.65, 304)]
    seen = board_delays([step(0.4, 0.55)], polls)
    assert seen.delays == [0.5 - 0.4]
    assert seen.stale == 0


def test_a_304_when_the_board_was_last_drawn_before_the_step_is_stale():
    polls = [Request(0.0, 0.1, 200), Request(0.6, 0.65, 304)]
    seen = board_delays([step(0.4, 0.55)], polls)
    assert seen.delays == []
    assert seen.stale == 1


def test_a_step_after_the_last_poll_is_unseen_and_a_refused_step_is_not_counted():
    polls = [Request(0.0, 0.1, 200)]
    seen = board_delays([step(0.4, 0.55), step(0.0, 0.05, 409)], polls)
    assert (seen.delays, seen.unseen) == ([], 1)


def pushed(sent, answered, game, version, status=200):
    return Step(sent, answered, status, event=0, game=game, version=version)


def test_a_pushed_step_is_shown_by_the_first_update_carrying_its_game_at_its_version():
    arrivals = [
        Arrival(0.30, {7: 4}),  # the game's previous step
        Arrival(0.45, {8: 9}),  # another table
        Arrival(0.52, {7: 5, 8: 9}),  # the whole part, with this step
        Arrival(0.60, {7: 5}),
    ]
    seen = pushed_delays([pushed(0.4, 0.5, game=7, version=5)], arrivals)
    assert seen.delays == [0.52 - 0.4]
    assert seen.unseen == 0


def test_an_update_before_the_step_or_of_an_older_version_does_not_show_it():
    arrivals = [Arrival(0.1, {7: 5}), Arrival(0.5, {7: 4})]  # out of order, then stale
    seen = pushed_delays([pushed(0.4, 0.45, game=7, version=5)], arrivals)
    assert (seen.delays, seen.unseen) == ([], 1)


def test_a_refused_step_or_one_without_its_version_is_not_counted():
    steps = [pushed(0.4, 0.45, 7, 5, status=409), pushed(0.4, 0.45, 7, None)]
    assert pushed_delays(steps, [Arrival(0.5, {7: 6})]).delays == []


def test_percentiles_take_the_nearest_rank():
    values = list(range(1, 101))
    assert percentile(values, 0.95) == 95
    assert percentile(values, 0.99) == 99
    assert percentile([7.0], 0.5) == 7.0
    assert percentile([], 0.5) is None


def test_a_summary_counts_failures_apart_from_the_latencies():
    requests = [Request(0, 0.010, 200), Request(0, 0.020, 304), Request(0, 5.0, "ClientOSError")]
    figures = summary(requests)
    assert figures["count"] == 3
    assert figures["failed"] == 1
    assert figures["statuses"] == {"200": 1, "304": 1, "ClientOSError": 1}
    assert figures["max_ms"] == 20.0
