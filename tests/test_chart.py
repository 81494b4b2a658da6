"""The score chart: coordinates that match the running scores, the target and floor, a text twin."""

import pytest

from games import chart, scoring
from tests.conftest import BIG_HAND, NIL_FAILS, QUIET_HAND

pytestmark = pytest.mark.django_db


def score(hands, **rules):
    return scoring.score_game(
        scoring.Rules.from_dict({"preset": "standard", **rules}),
        [scoring.Hand(tuple(h["bids"]), tuple(h["tricks"])) for h in hands],
        players=("Ann", "Ben", "Cat", "Dan"),
    )


def test_each_line_passes_through_the_running_scores():
    result = score([NIL_FAILS, QUIET_HAND, QUIET_HAND])
    drawn = chart.build(result)
    assert [line.scores for line in drawn.lines] == [(0, -148, -78, -8), (0, -80, -20, 40)]
    for line in drawn.lines:
        assert len(line.points) == 4
        for (_x, y), running in zip(line.points, line.scores, strict=True):
            assert drawn.score_at(y) == pytest.approx(running, abs=3)
        xs = [x for x, _ in line.points]
        assert xs == sorted(xs)
        assert xs[0] == drawn.left
        assert xs[-1] == drawn.right
        assert line.path == "M" + " L".join(f"{x:g},{y:g}" for x, y in line.points)


def test_target_and_losing_floor_are_levels_on_the_chart():
    drawn = chart.build(score([QUIET_HAND]))
    assert drawn.target.value == 500
    assert drawn.score_at(drawn.target.at) == pytest.approx(500, abs=3)
    assert drawn.floor.value == -200
    assert drawn.score_at(drawn.floor.at) == pytest.approx(-200, abs=3)
    assert drawn.top <= drawn.target.at < drawn.zero.at < drawn.floor.at <= drawn.bottom


def test_no_floor_line_without_a_losing_score():
    drawn = chart.build(score([QUIET_HAND], losing_score=None))
    assert drawn.floor is None
    assert drawn.score_at(drawn.zero.at) == pytest.approx(0, abs=3)


def test_scores_beyond_the_target_stay_inside_the_chart():
    drawn = chart.build(score([BIG_HAND] * 5))
    for line in drawn.lines:
        for _, y in line.points:
            assert drawn.top <= y <= drawn.bottom


def test_no_chart_before_the_first_hand():
    assert chart.build(score([])) is None


def test_the_summary_says_the_scores_and_the_winner():
    drawn = chart.build(score([BIG_HAND] * 5))
    assert "Ann + Cat 600" in drawn.summary
    assert "Ann + Cat won" in drawn.summary
    assert drawn.rows[-1] == (5, (600, -100))


def test_many_hands_get_at_most_eight_hand_labels():
    drawn = chart.build(score([QUIET_HAND] * 7, target_score=10_000))
    assert [mark.label for mark in drawn.hands] == [str(n) for n in range(1, 8)]
    drawn = chart.build(score([QUIET_HAND] * 40, target_score=10_000))
    assert len(drawn.hands) <= 8
    assert drawn.hands[-1].label == "40"


def test_the_game_page_draws_the_chart_with_its_text_alternative(owner_client, make_game):
    game = make_game([NIL_FAILS, QUIET_HAND])
    body = owner_client.get(game.get_absolute_url()).content.decode()
    assert '<svg class="chart" viewBox="0 0 320 180" width="100%" role="img"' in body
    assert '<title id="chart-title">Score after each hand</title>' in body
    assert "Running score over 2 hands: Ann + Cat -78, Ben + Dan -20." in body
    assert 'class="chart-target"' in body
    assert 'class="chart-floor"' in body
    assert 'class="chart-line s0"' in body
    assert 'class="chart-line s1"' in body
    assert "style=" not in body
    assert "<caption>Score after each hand</caption>" in body
    assert "<td>-78</td>" in body


def test_the_game_page_before_any_hand_says_the_chart_comes_later(owner_client, make_game):
    body = owner_client.get(make_game().get_absolute_url()).content.decode()
    assert '<svg class="chart"' not in body  # the page has other pictures (an icon)
    assert "The score chart starts after the first hand." in body


def test_the_htmx_live_part_carries_the_chart(owner_client, make_game):
    game = make_game([QUIET_HAND])
    body = owner_client.get(game.get_absolute_url(), headers={"HX-Request": "true"}).content
    assert b'class="chart-line s0"' in body
